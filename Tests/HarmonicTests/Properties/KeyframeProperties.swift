import Harmonic
import HarmonicTestSupport
import Testing

/// Properties of keyframe tracks and sample grids over random inputs.
@Suite("keyframe and grid properties")
struct KeyframeProperties {
    /// Linear and cubic tracks pass through every keyframe at its key time, and are finite
    /// everywhere in [0, 1].
    @Test func tracksPassThroughTheirKeyframes() throws {
        try PropertyCases.check(seed: 0x5EED_0301) { (random: inout Lehmer, index: Int) throws in
            let n = random.integer(2...10)
            let values = (0..<n).map { _ in random.uniform(-1_000, 1_000) }
            var times = (1..<(n - 1)).map { _ in random.next() }.sorted()
            times = [0] + times + [1]
            let mode = random.element([CalculationMode.linear, .cubic])
            let track = try KeyframeTrack(values: values, keyTimes: times, calculationMode: mode)
            for k in 0..<n where k == 0 || times[k] > times[k - 1] {
                let v = track.value(at: times[k])
                // A zero-length segment before k jumps, so the key time shows the later value.
                #expect(abs(v - values[k]) <= 1e-9 * 1_000, "case \(index): \(mode) \(values) at \(times)[\(k)] = \(v)")
            }
            let p = random.next()
            #expect(track.value(at: p).isFinite, "case \(index): \(mode) at \(p)")
        }
    }

    /// An evenly spaced grid starts at its start, ends at its end and never goes back.
    @Test func gridsRunFromStartToEnd() throws {
        try PropertyCases.check(seed: 0x5EED_0302) { (random: inout Lehmer, index: Int) throws in
            let start = random.uniform(-1e6, 1e6)
            let end = start + random.logUniform(1e-9, 1e6)
            let count = random.integer(2...100_000)
            let grid = try SampleGrid(start: start, end: end, count: count)
            #expect(grid.time(at: 0) == start, "case \(index)")
            #expect(grid.time(at: count - 1) == end, "case \(index)")
            let i = random.integer(0...(count - 2))
            #expect(grid.time(at: i) <= grid.time(at: i + 1), "case \(index): [\(start), \(end)] × \(count) at \(i)")
        }
    }
}
