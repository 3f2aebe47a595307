import Testing

@testable import Harmonic

/// `MediaTiming.curveTime`: the time a spring or a decay has run under a timing, against the
/// closed forms τ = f(p)·d and dτ/dt = f′(p)·(dp/dt)·d, and the cumulative-repeat rules.
@Suite struct MediaTimingCurveTimeTests {
    @Test func plainTimingRunsTheCurveOnItsIterationTime() throws {
        let timing = try MediaTiming(beginTime: 1, duration: 2, speed: 2, fillMode: .both)
        // Parent 1.25 s: local 0.5 s (speed 2), progress 0.25.
        let t = try #require(timing.curveTime(atParentTime: 1.25))
        #expect(t.time == 0.5)
        #expect(t.rate == 2)
        // Filling forwards after the end: the end of the iteration, not moving.
        let after = try #require(timing.curveTime(atParentTime: 10))
        #expect(after.time == 2)
        #expect(after.rate == 0)
    }

    @Test func autoreversingPlaysTheCurveBackwards() throws {
        let timing = try MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        let back = try #require(timing.curveTime(atParentTime: 1.25))
        #expect(back.time == 0.75)
        #expect(back.rate == -1)
    }

    @Test func aTimingFunctionEasesTheCurveTime() throws {
        let timing = try MediaTiming(duration: 4)
        let ease = CubicBezier.easeInEaseOut
        let t = try #require(timing.curveTime(atParentTime: 1, applying: ease))
        #expect(t.time == ease.value(at: 0.25) * 4)
        #expect(t.rate == ease.slope(at: 0.25) * 0.25 * 4)
    }

    @Test func noEffectOutsideTheActiveIntervalWithoutFill() throws {
        let timing = try MediaTiming(beginTime: 1, duration: 1)
        #expect(timing.curveTime(atParentTime: 0.5) == nil)
        #expect(timing.curveTime(atParentTime: 3) == nil)
    }

    @Test func anEndlessTimingPassesItsLocalTimeThrough() throws {
        let layer = try MediaTiming(duration: .infinity, speed: 3)
        let t = layer.curveTime(
            easedProgress: 0, easingSlope: 1, progressRate: 0, iterationTime: 7.5, isActive: true, clockRate: 2)
        #expect(t.time == 7.5)
        #expect(t.rate == 6)
    }

    @Test func overflowIsReportedAsZero() throws {
        let timing = try MediaTiming(duration: 1e300)
        let t = timing.curveTime(
            easedProgress: 1e10, easingSlope: 1e10, progressRate: 1, iterationTime: 0, isActive: true, clockRate: 1)
        #expect(t.time == 0)
        #expect(t.rate == 0)
    }

    @Test func cumulativeCyclesCountWholeCycles() throws {
        let plain = try MediaTiming(duration: 1, repeatCount: 5)
        let reversing = try MediaTiming(duration: 1, repeatCount: 5, autoreverses: true)
        #expect([0.0, 1, 2, 3].map(plain.cumulativeCycles(atIteration:)) == [0, 1, 2, 3])
        // A forward and a backward half make one cycle.
        #expect([0.0, 1, 2, 3, 4].map(reversing.cumulativeCycles(atIteration:)) == [0, 0, 1, 1, 2])
        #expect(plain.cumulativeCycles(atIteration: .infinity) == 0)
        #expect(MediaTiming.accumulated(3, cycles: 2, changePerCycle: 10) == 23)
        #expect(
            MediaTiming.accumulated(SIMD2(1.0, 2), cycles: 3, changePerCycle: SIMD2(0.5, -1)) == SIMD2(2.5, -1))
    }
}
