import Testing

@testable import Harmonic

/// CSS Easing Functions Level 2, "linear easing functions": stop lists and evaluation.
@Suite struct LinearEasingTests {
    func points(_ css: String) throws -> [[Double]] {
        guard case let .linearFunction(l) = try CSSEasingFunction(parsing: css) else {
            Issue.record("not a linear() function: \(css)")
            return []
        }
        return l.points.map { [$0.input, $0.output] }
    }

    @Test func stopsWithoutInputsAreSpreadEvenly() throws {
        #expect(try points("linear(0, 0.25, 1)") == [[0, 0], [0.5, 0.25], [1, 1]])
        #expect(
            try points("linear(0, 0.7, 0.87, 0.98, 1)") == [
                [0, 0], [0.25, 0.7], [0.5, 0.87], [0.75, 0.98], [1, 1],
            ])
        #expect(try points("linear(0 25%, 0.5, 1)") == [[0.25, 0], [0.625, 0.5], [1, 1]])
    }

    @Test func twoPercentagesMakeAFlatSegment() throws {
        #expect(try points("linear(0, 0.25 25% 75%, 1)") == [[0, 0], [0.25, 0.25], [0.75, 0.25], [1, 1]])
        let f = try CSSEasingFunction(parsing: "linear(0, 0.25 25% 75%, 1)")
        #expect(f.value(at: 0.5) == 0.25)
        #expect(f.value(at: 0.125) == 0.125)
        #expect(f.value(at: 0.875) == 0.625)
    }

    @Test func inputsNeverDecrease() throws {
        // The third stop asks for 20 % but the largest input so far is 50 %.
        #expect(try points("linear(0, 1 50%, 0.5 20%, 1)") == [[0, 0], [0.5, 1], [0.5, 0.5], [1, 1]])
        let f = try CSSEasingFunction(parsing: "linear(0, 1 50%, 0.5 20%, 1)")
        #expect(f.value(at: 0.25) == 0.5)
        // At an input shared by two points the later point's segment applies.
        #expect(f.value(at: 0.5) == 0.5)
        #expect(f.value(at: 0.75) == 0.75)
        // A last stop without input goes to max(1, largest input).
        #expect(try points("linear(0, 0.5 150%, 1)") == [[0, 0], [1.5, 0.5], [1.5, 1]])
    }

    @Test func extrapolatesAlongTheEndSegments() throws {
        let identity = try CSSEasingFunction(parsing: "linear(0, 1)")
        #expect(identity.value(at: -0.5) == -0.5)
        #expect(identity.value(at: 2) == 2)
        let f = try CSSEasingFunction(parsing: "linear(0 25%, 0.5, 1)")
        #expect(abs(f.value(at: 0.0625) - (-0.25)) <= 1e-16)
        // A zero-length last segment is constant beyond it.
        let flatEnd = try CSSEasingFunction(parsing: "linear(0, 0.5 100% 100%)")
        #expect(flatEnd.value(at: 1.5) == 0.5)
        #expect(identity.value(at: 1e308).isFinite)
        #expect(try CSSEasingFunction(parsing: "linear(0, 1e300 1%)").value(at: 1e300).isFinite)
    }

    /// Browsers parse `linear()` with "fewer than two items: failure"; a constant takes two
    /// equal stops (or one stop with two inputs, which makes two points).
    @Test func aSingleStopIsRefusedAndTwoEqualStopsAreAConstant() throws {
        for css in ["linear(0.5)", "linear(0.5 50%)", "linear(0.5 20% 80%)"] {
            #expect(throws: HarmonicError.self, "\(css)") { try CSSEasingFunction(parsing: css) }
        }
        #expect(try CSSEasingFunction(parsing: "linear(0.5, 0.5)").value(at: 0.9) == 0.5)
        #expect(try CSSEasingFunction(parsing: "linear(0.5 50%, 0.5)").value(at: -3) == 0.5)
        #expect(try CSSEasingFunction(parsing: "linear(0.5, 0.5)").slope(at: 0.9) == 0)
    }

    @Test func slopesAreTheSegmentSlopes() throws {
        let f = try LinearEasing(stops: [.init(0), .init(1, at: 0.25), .init(1)])
        #expect(f.slope(at: 0.1) == 4)
        #expect(f.slope(at: 0.25) == 0)  // the segment that starts there
        #expect(f.slope(at: 2) == 0)
    }

    @Test func rejectsEmptyAndMalformedStopLists() {
        #expect(
            throws: HarmonicError.invalidParameter(
                name: "linear()", value: "no stops",
                allowed: "at least two stops, as browsers require (write a constant as two equal stops)")
        ) {
            try LinearEasing(stops: [])
        }
        #expect(throws: HarmonicError.self) { try LinearEasing(stops: [.init(0, at: nil, to: 0.5)]) }
        #expect(throws: HarmonicError.self) { try LinearEasing(stops: [.init(.nan)]) }
    }
}
