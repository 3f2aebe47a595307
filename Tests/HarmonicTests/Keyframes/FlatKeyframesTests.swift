import Testing
@testable import Harmonic

/// The flat layout of a scalar track evaluates to the track's own value, bit for bit, in every
/// eligible mode, including outside `[0, 1]`, at key times and across zero-length segments.
@Suite("Flat keyframe layout")
struct FlatKeyframesTests {
    static let inputs: [Double] = [-0.5, 0, 1e-12, 0.1, 0.25, 0.3333, 0.5, 0.5 + 1e-15, 0.7, 0.999999, 1, 1.25, .nan]

    func expectSameValues(_ track: KeyframeTrack<Double>) throws {
        let layout = try #require(track.flatLayout)
        layout.withUnsafeBufferPointer { buffer in
            let flat = FlatKeyframes(buffer.baseAddress!)
            for p in Self.inputs {
                #expect(flat.value(at: p).bitPattern == track.value(at: p).bitPattern, "p = \(p)")
            }
            #expect(flat.cycleEndValue(endsAtStart: false) == track.values.last!)
            #expect(flat.cycleEndValue(endsAtStart: true) == track.values.first!)
        }
    }

    @Test(arguments: [CalculationMode.linear, .cubic, .discrete])
    func evenKeyTimes(mode: CalculationMode) throws {
        try expectSameValues(try KeyframeTrack(values: [0, 10, -4, 30], calculationMode: mode))
    }

    @Test(arguments: [CalculationMode.linear, .cubic])
    func unevenAndRepeatedKeyTimes(mode: CalculationMode) throws {
        try expectSameValues(
            try KeyframeTrack(values: [0, 10, 20, 5, 7], keyTimes: [0, 0.2, 0.5, 0.5, 1], calculationMode: mode))
    }

    @Test func discreteWithItsExtraKeyTime() throws {
        try expectSameValues(
            try KeyframeTrack(values: [1, 2, 3], keyTimes: [0, 0.1, 0.9, 1], calculationMode: .discrete))
    }

    @Test func cubicWithTensionContinuityBias() throws {
        try expectSameValues(
            try KeyframeTrack(
                values: [0, 4, 1, 9], calculationMode: .cubic, tensionValues: [0.5, -0.3, 0, 1],
                continuityValues: [0, 0.4, -0.2, 0], biasValues: [0.1, 0, 0.5, -1]))
    }

    @Test func singleKeyframe() throws {
        try expectSameValues(try KeyframeTrack(values: [42], calculationMode: .linear))
    }

    /// Timing functions and paced modes need the track itself.
    @Test func ineligibleTracksHaveNoLayout() throws {
        #expect(try KeyframeTrack(values: [0, 1, 3], calculationMode: .paced).flatLayout == nil)
        #expect(
            try KeyframeTrack(values: [0, 1, 3], calculationMode: .linear, timingFunctions: [CubicBezier.easeIn])
                .flatLayout == nil)
        #expect(
            try KeyframeTrack(values: [0, 1, 3], calculationMode: .linear, timingFunction: CubicBezier.easeOut)
                .flatLayout == nil)
    }
}
