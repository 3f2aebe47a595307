import Harmonic
import HarmonicTestSupport
import Testing

/// Properties of the media-timing model and of the piecewise-linear fit over random inputs.
@Suite("timing model and fit properties")
struct TimingModelProperties {
    /// Directed progress stays in [0, 1]; iteration time is progress times duration; and
    /// inside an iteration, progress moves at the reported rate (a forward difference over a
    /// microsecond matches `progressRate` to the rounding of the two progresses).
    @Test func mediaTimingProgressMovesAtItsRate() throws {
        var rateChecks = 0
        defer { #expect(rateChecks >= PropertyCases.count / 10, "only \(rateChecks) rates checked") }
        try PropertyCases.check(seed: 0x5EED_0401) { (random: inout Lehmer, index: Int) throws in
            let repeats = random.element([0, 1, 2.5, 4, Double.infinity])
            let timing = try MediaTiming(
                beginTime: random.uniform(-2, 2), duration: random.logUniform(0.05, 5),
                speed: random.element([1, 2, 0.5, -1, random.uniform(-3, 3)]), timeOffset: random.uniform(-1, 1),
                repeatCount: repeats, autoreverses: random.next() < 0.5, fillMode: .both)
            let t = random.uniform(-5, 20)
            let state = timing.state(atParentTime: t)
            let progress = try #require(state.directedProgress, "case \(index): \(timing) at \(t)")
            #expect(progress >= 0 && progress <= 1, "case \(index): \(timing) at \(t): \(progress)")
            #expect(state.progressRate.isFinite)
            let iteration = try #require(state.iterationTime)
            #expect(abs(iteration - progress * timing.duration) <= 1e-12 * timing.duration, "case \(index)")
            guard state.phase == .active else { return }
            let h = 1e-6
            let later = timing.state(atParentTime: t + h)
            // Only within one iteration of the same direction: a boundary makes progress jump.
            guard later.phase == .active, later.currentIteration == state.currentIteration,
                let next = later.directedProgress
            else { return }
            rateChecks += 1
            let slope = (next - progress) / h
            // Progress is linear in time within an iteration, so the difference is exact but
            // for rounding: each progress carries a few ulps of the times it was computed
            // from, (|t| + |begin| + |offset| + 1)·max(1, |speed|), divided by the duration.
            let magnitude = (abs(t) + abs(timing.beginTime) + abs(timing.timeOffset) + 1) * max(1, abs(timing.speed))
            let tolerance = 2 * (4 * Double.ulpOfOne * magnitude / timing.duration) / h
            #expect(
                abs(slope - state.progressRate) <= tolerance,
                "case \(index): \(timing) at \(t): \(slope) vs \(state.progressRate)")
        }
    }

    /// The fit's promise, checked where the fit never looked: its measured error is within
    /// the tolerance, and so is the error at random inputs of a random cubic Bézier (the
    /// curves `convert --to css` exports).
    @Test func linearFitStaysWithinItsTolerance() throws {
        var random = Lehmer(state: 0x5EED_0402)
        for index in 0..<PropertyCases.count {
            let curve = try CubicBezier(random.next(), random.uniform(-2, 3), random.next(), random.uniform(-2, 3))
            let tolerance = random.element([0.01, 0.003, 0.001])
            let fit = try PiecewiseLinearApproximation.fit({ curve.value(at: $0) }, over: 0, 1, tolerance: tolerance)
            #expect(fit.maximumError <= tolerance, "case \(index): \(curve) at \(tolerance)")
            for _ in 0..<16 {
                let x = random.next()
                #expect(abs(fit.value(at: x) - curve.value(at: x)) <= tolerance, "case \(index): \(curve) at \(x)")
            }
        }
    }
}
