import Testing

@testable import Harmonic

/// Locating a progress among non-numeric keyframes is total: any finite progress, however far
/// outside [0, 1], lands in an end segment (extrapolated) instead of trapping in a conversion
/// of an enormous index to `Int`.
@Suite struct KeyframeSegmentsExtremeTests {
    @Test(arguments: [CalculationMode.linear, .discrete])
    func farProgressLandsInAnEndSegment(mode: CalculationMode) throws {
        let segments = try KeyframeSegments(
            count: 4, keyTimes: nil, calculationMode: mode, timingFunctions: [], timingFunction: nil, of: "paths")
        for p in [1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e20] {
            let location = segments.location(at: p)
            #expect((0...2).contains(location.segment), "p = \(p)")
            #expect(location.fraction.isFinite || mode == .discrete, "p = \(p)")
        }
        // Inside, the segments are the index track's: p = 0.5 is halfway, in segment 1.
        if mode == .linear {
            let middle = segments.location(at: 0.5)
            #expect(middle.segment == 1 && abs(middle.fraction - 0.5) < 1e-15)
        }
    }
}
