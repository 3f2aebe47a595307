import Testing
@testable import Harmonic

/// Apple's keyTimes rules: used when valid for the mode, otherwise ignored for even spacing
/// (never an error).
@Suite("Keyframe key times")
struct KeyTimesTests {
    func track(_ keyTimes: [Double]?, _ mode: CalculationMode, values: [Double] = [0, 10, 30]) throws -> KeyframeTrack<
        Double
    > {
        try KeyframeTrack(values: values, keyTimes: keyTimes, calculationMode: mode)
    }

    @Test(arguments: [CalculationMode.linear, .cubic])
    func validKeyTimesAreUsed(mode: CalculationMode) throws {
        let t = try track([0, 0.25, 1], mode)
        #expect(t.usesGivenKeyTimes)
        #expect(t.keyTimes == [0, 0.25, 1])
        #expect(t.value(at: 0.25) == 10)
    }

    /// Wrong count, first ≠ 0, last ≠ 1, decreasing, NaN, infinite, out of range, empty: all
    /// fall back to i/(n − 1).
    @Test(
        arguments: [
            [0, 1], [0, 0.5, 0.7, 1], [0.1, 0.5, 1], [0, 0.5, 0.9], [0, 0.6, 0.4],
            [0, .nan, 1], [0, .infinity, 1], [0, 1.5, 1], [0, -0.5, 1], [],
        ] as [[Double]])
    func invalidKeyTimesFallBackToEvenSpacing(keyTimes: [Double]) throws {
        let t = try track(keyTimes, .linear)
        #expect(!t.usesGivenKeyTimes)
        #expect(t.keyTimes == [0, 0.5, 1])
        #expect(t.value(at: 0.5) == 10)
        #expect(t.value(at: 0.75) == 20)
    }

    @Test func decreasingKeyTimesAreInvalid() throws {
        let t = try track([0, 0.6, 0.4, 1], .linear, values: [0, 1, 2, 3])
        #expect(!t.usesGivenKeyTimes)
        #expect(t.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
    }

    /// Equal consecutive key times are allowed (non-decreasing) and make a jump.
    @Test func equalKeyTimesMakeAJump() throws {
        let t = try track([0, 0.5, 0.5, 1], .linear, values: [0, 10, 20, 30])
        #expect(t.usesGivenKeyTimes)
        #expect(t.value(at: 0.4999999) < 10)
        #expect(t.value(at: 0.5) == 20)
        #expect(t.value(at: 0.75) == 25)
    }

    /// discrete: one more key time than values; each value holds from its key time.
    @Test func discreteNeedsOneMore() throws {
        let given = try track([0, 0.1, 0.5, 1], .discrete)
        #expect(given.usesGivenKeyTimes)
        #expect(given.value(at: 0.05) == 0)
        #expect(given.value(at: 0.1) == 10)
        #expect(given.value(at: 0.49) == 10)
        #expect(given.value(at: 0.5) == 30)
        #expect(given.value(at: 1) == 30)
        // As many key times as values is a mismatch for discrete: even thirds.
        let mismatched = try track([0, 0.1, 1], .discrete)
        #expect(!mismatched.usesGivenKeyTimes)
        #expect(mismatched.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(mismatched.value(at: 0.3) == 0)
        #expect(mismatched.value(at: 0.34) == 10)
        #expect(mismatched.value(at: 0.7) == 30)
    }

    /// paced and cubicPaced ignore key times and generate them from distances.
    @Test(arguments: [CalculationMode.paced, .cubicPaced])
    func pacedIgnoresKeyTimes(mode: CalculationMode) throws {
        let t = try track([0, 0.9, 1], mode, values: [0, 10, 40])
        #expect(!t.usesGivenKeyTimes)
        if mode == .paced { #expect(t.keyTimes == [0, 0.25, 1]) }
        #expect(t.keyTimes.first == 0 && t.keyTimes.last == 1)
    }

    @Test func singleKeyframe() throws {
        let t = try track(nil, .linear, values: [7])
        #expect(t.keyTimes == [0])
        #expect(t.value(at: 0.5) == 7)
        #expect(t.velocity(at: 0.5) == 0)
        let d = try track(nil, .discrete, values: [7])
        #expect(d.keyTimes == [0, 1])
    }
}
