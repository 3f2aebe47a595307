/// A spring used as a timing function: input progress `x` is time `x·duration` on the spring's
/// own clock, and the output is `CASpringAnimation`'s unit progress at that time.
///
/// This is how a spring drives a fixed-duration animation (a CSS `linear()` approximation of a
/// spring, a keyframe segment, a `CAAnimationGroup` child cut off at `duration`). The output
/// starts at 0 and tends to 1; at `x = 1` it is `progress(duration)`, within the settling
/// threshold of 1 when `duration` is the settling duration (the default), not exactly 1.
///
/// - Below 0 the output continues along the start tangent (`initialVelocity·duration·x`),
///   because the spring's closed form grows exponentially backwards in time; above 1 the spring
///   keeps moving (it has a closed form for all later times and settles to 1).
/// - `slope(at:)` is `progressVelocity·duration`.
public struct SpringTimingFunction: TimingFunction, Hashable {
    /// The spring.
    public let spring: Spring
    /// Seconds of spring time that input progress 0…1 spans; finite and > 0.
    public let duration: Double
    /// The initial velocity in progress units per second (Core Animation's normalised velocity).
    public let initialVelocity: Double

    /// - Parameters:
    ///   - spring: The spring.
    ///   - duration: The spring time spanned by input 0…1; by default the spring's
    ///     `settlingDuration(initialVelocity:)` (Core Animation's estimate), or five periods for
    ///     an undamped spring.
    ///   - initialVelocity: Progress units per second.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a non-finite or
    ///   non-positive `duration` or a non-finite `initialVelocity`.
    public init(spring: Spring, duration: Double? = nil, initialVelocity: Double = 0) throws(HarmonicError) {
        try HarmonicError.require(initialVelocity, named: "initialVelocity")
        let settle = spring.settlingDuration(initialVelocity: initialVelocity)
        let span = duration ?? (settle.isFinite && settle > 0 ? settle : 5 * spring.duration)
        try HarmonicError.require(span, named: "duration", "> 0") { $0 > 0 }
        self.spring = spring
        self.duration = span
        self.initialVelocity = initialVelocity
    }

    public func value(at x: Double) -> Double {
        if x.isNaN { return 0 }
        if x < 0 { return CubicBezier.saturate(initialVelocity * duration * x) }
        return spring.progress(at: Swift.min(x * duration, .greatestFiniteMagnitude), initialVelocity: initialVelocity)
    }

    public func slope(at x: Double) -> Double {
        if x.isNaN { return 0 }
        if x < 0 { return CubicBezier.saturate(initialVelocity * duration) }
        return CubicBezier.saturate(
            spring.progressVelocity(
                at: Swift.min(x * duration, .greatestFiniteMagnitude), initialVelocity: initialVelocity) * duration)
    }
}
