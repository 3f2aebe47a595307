/// A map from input progress to output progress: the shape of an animation in time.
///
/// Core Animation's `CAMediaTimingFunction`, CSS `<easing-function>`s (`cubic-bezier()`,
/// `steps()`, `linear()`) and a spring used over a fixed duration all have this shape, so
/// keyframe tracks, the media-timing model, the engine adapter and the command-line tool accept
/// any `TimingFunction`.
///
/// Conforming types must be total: for every finite input they return a finite output. Inputs
/// outside `[0, 1]` occur when easings are chained or a timing overshoots; each conformer
/// documents how it extrapolates. Outputs are not clamped (a back-easing overshoots).
public protocol TimingFunction: Sendable {
    /// The output progress at input progress `x`.
    func value(at x: Double) -> Double

    /// The derivative of the output with respect to the input, `dy/dx`, at `x`.
    ///
    /// At a discontinuity (a step) the slope is 0, the derivative of the flat parts on
    /// either side.
    func slope(at x: Double) -> Double

    /// The output at `x` with the CSS "before flag" set or not.
    ///
    /// Only step functions depend on the flag (CSS Easing Level 1, "step easing functions":
    /// a `jump-start` or `jump-both` step does not jump while the animation is still in its
    /// before phase). The default implementation ignores the flag.
    func value(at x: Double, beforeFlag: Bool) -> Double
}

extension TimingFunction {
    @inlinable
    public func value(at x: Double, beforeFlag: Bool) -> Double { value(at: x) }
}
