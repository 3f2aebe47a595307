import Testing

@testable import Harmonic

/// CSS Easing Functions Level 1, "step easing functions": the algorithm's worked cases.
@Suite struct StepsTests {
    func outputs(_ f: Steps, _ xs: [Double]) -> [Double] { xs.map { f.value(at: $0) } }

    @Test func positionsPlaceTheJumps() throws {
        // steps(4, jump-end): 0, 0.25, 0.5, 0.75 on the four quarters, 1 at the end.
        let end = try Steps(4)
        let endExpected: [Double] = [0, 0, 0.25, 0.25, 0.5, 0.75, 1]
        #expect(outputs(end, [0, 0.1, 0.25, 0.49, 0.5, 0.99, 1]) == endExpected)
        // steps(4, jump-start): the first jump at 0.
        let start = try Steps(4, position: .jumpStart)
        let startExpected: [Double] = [0.25, 0.25, 0.5, 1, 1]
        #expect(outputs(start, [0, 0.1, 0.25, 0.99, 1]) == startExpected)
        // steps(2, jump-none): one jump, in the middle.
        let none = try Steps(2, position: .jumpNone)
        let noneExpected: [Double] = [0, 0, 1, 1]
        #expect(outputs(none, [0, 0.49, 0.5, 1]) == noneExpected)
        // steps(2, jump-both): three jumps of 1/3.
        let both = try Steps(2, position: .jumpBoth)
        let bothExpected: [Double] = [1.0 / 3, 1.0 / 3, 2.0 / 3, 1]
        #expect(outputs(both, [0, 0.49, 0.5, 1]) == bothExpected)
        // start and end are the Level 1 aliases.
        for x in stride(from: -0.5, through: 1.5, by: 0.05) {
            #expect(try Steps(3, position: .start).value(at: x) == Steps(3, position: .jumpStart).value(at: x))
            #expect(try Steps(3, position: .end).value(at: x) == Steps(3, position: .jumpEnd).value(at: x))
        }
    }

    @Test func beforeFlagHoldsTheValueBeforeAJumpAtTheBoundary() throws {
        // step-start in the before phase (a backwards fill) shows 0, not 1.
        let stepStart = try Steps(1, position: .jumpStart)
        #expect(stepStart.value(at: 0, beforeFlag: false) == 1)
        #expect(stepStart.value(at: 0, beforeFlag: true) == 0)
        // jump-both: 1/3 without the flag, 0 with it, at 0.
        let both = try Steps(2, position: .jumpBoth)
        #expect(both.value(at: 0, beforeFlag: true) == 0)
        // Off a step boundary the flag changes nothing.
        #expect(stepStart.value(at: 0.5, beforeFlag: true) == 1)
        // jump-end with the flag at an interior boundary drops back one step.
        #expect(try Steps(4).value(at: 0.5, beforeFlag: true) == 0.25)
    }

    @Test func inputsOutsideTheUnitIntervalAreNotClamped() throws {
        let end = try Steps(4)
        #expect(end.value(at: -0.1) == -0.25)
        #expect(end.value(at: 1.25) == 1.25)
        #expect(end.value(at: 1e300).isFinite)
        #expect(end.value(at: -1e308).isFinite)
        #expect(end.value(at: 1e9) == 1e9)
        #expect(end.slope(at: 0.3) == 0)
    }

    @Test func rejectsInvalidCounts() {
        #expect(throws: HarmonicError.invalidParameter(name: "steps", value: "0", allowed: "an integer ≥ 1")) {
            try Steps(0)
        }
        #expect(
            throws: HarmonicError.invalidParameter(name: "steps", value: "1", allowed: "an integer ≥ 2 with jump-none")
        ) {
            try Steps(1, position: .jumpNone)
        }
    }
}
