import Harmonic
import HarmonicTestSupport
import Testing

/// The per-frame iteration cache returns exactly the state of the full rules: every field,
/// bit for bit, along clocks that step forward through iteration boundaries, turnarounds,
/// the end of the active interval and fills.
@Suite struct MediaTimingIterationCacheTests {
    /// Random timings stepped forward by random frame lengths, and by steps that land exactly
    /// on multiples of the iteration's parent duration (where an iteration boundary falls on
    /// a frame).
    @Test func cachedStatesEqualTheFullRules() throws {
        var fastPathFrames = 0
        var leanFrames = 0
        try PropertyCases.check(seed: 0x5EED_0403) { (random: inout Lehmer, index: Int) throws in
            let timing = try MediaTiming(
                beginTime: random.element([0, random.uniform(-2, 2)]),
                duration: random.element([1, 0.5, random.logUniform(0.01, 5)]),
                speed: random.element([1, 2, 0.5, -1, 0, random.uniform(-3, 3)]),
                timeOffset: random.element([0, random.uniform(-3, 3)]),
                repeatCount: random.element([0, 1, 2.5, 4, Double.infinity]), autoreverses: random.next() < 0.5,
                fillMode: random.element([.removed, .forwards, .backwards, .both]))
            var cache = MediaTimingIterationCache()
            let exactStep = timing.speed == 0 ? 0.25 : timing.duration / abs(timing.speed)
            var t = random.uniform(-3, 1)
            for frame in 0..<40 {
                // The lean form, read before the cache moves on: only inside the remembered
                // iteration, and then the same numbers as the full rules.
                let lean = timing.iterationProgress(atParentTime: t, cache: cache)
                let cached = timing.state(atParentTime: t, cache: &cache)
                let full = timing.state(atParentTime: t)
                #expect(cached == full, "case \(index), frame \(frame): \(timing) at \(t)")
                if let lean {
                    leanFrames += 1
                    #expect(full.phase == .active && full.directedProgress == lean.directed)
                    #expect(full.currentIteration == lean.iteration && full.isForwards == lean.isForwards)
                    #expect(full.activeTime == lean.elapsed && full.overallProgress == lean.overall)
                    #expect(full.progressRate == timing.progressRate(lean) && !full.beforeFlag)
                }
                if cached.phase == .active, timing.speed > 0 { fastPathFrames += 1 }
                t += random.next() < 0.3 ? exactStep * Double(random.integer(1...2)) : random.logUniform(1e-4, 0.3)
            }
        }
        #expect(fastPathFrames >= PropertyCases.count * 5, "only \(fastPathFrames) active frames")
        #expect(leanFrames >= PropertyCases.count * 3, "only \(leanFrames) frames inside a remembered iteration")
    }

    /// Worked example: an autoreversing half-second timing read at every 1/8 s, where frames
    /// fall exactly on the turnarounds (progress 1, then back down), and after its end.
    @Test func turnaroundsOnFrameBoundaries() throws {
        let timing = try MediaTiming(duration: 0.5, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        var cache = MediaTimingIterationCache()
        let expected: [Double] = [0, 0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.25, 0, 0]
        for (k, p) in expected.enumerated() {
            let s = timing.state(atParentTime: Double(k) / 8, cache: &cache)
            #expect(s.directedProgress == p, "t = \(Double(k) / 8)")
            #expect(s == timing.state(atParentTime: Double(k) / 8))
        }
    }
}
