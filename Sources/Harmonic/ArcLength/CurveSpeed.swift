/// The speed `|B′(t)|` of one segment of a parametric curve, for `t` in `[0, 1]`: everything
/// ``ArcLength`` needs to measure and invert the segment's length.
///
/// ``SpeedPolynomial`` is the conformance for Bézier segments of any dimension and
/// ``EllipseSpeed`` for elliptical arcs (``SegmentSpeed`` is either); conform your own type to
/// measure other curves (a circular arc in a rational parameterisation, a spiral).
///
/// Conformers must be total on `[0, 1]`: `speed(at:)` finite and ≥ 0 there. The quadrature is
/// exact to rounding for smooth speeds, and ``splitParameters`` tell it where the speed is
/// not smooth or nearly so.
public protocol CurveSpeed: Sendable {
    /// `|B′(t)|` in value units per unit of `t`, finite and ≥ 0 for `t` in `[0, 1]`.
    func speed(at t: Double) -> Double

    /// Parameters strictly inside `(0, 1)`, ascending, where the quadrature must split the
    /// segment: at least every local minimum of the speed (a cusp, where the speed is 0 and
    /// not differentiable, is one). Splitting at maxima as well is harmless and makes the
    /// speed monotone between split points, which ``ArcLength``'s table mode relies on for its
    /// accuracy.
    var splitParameters: [Double] { get }

    /// `lim speed(t₀ ± h)/h` for `h → 0⁺` at a parameter `t₀` where the speed is 0 (a cusp),
    /// on the side given by `direction` (+1 after `t₀`, −1 before). Only called where
    /// `speed(at: t₀)` is (nearly) 0.
    ///
    /// The default is a one-sided difference quotient with `h = 1e-7`, accurate to about
    /// `1e-7` relative for a simple zero; ``SpeedPolynomial`` returns the exact limit.
    func speedGrowth(at t: Double, direction: Double) -> Double

    /// The speed when it is the same for every `t` (a line, a circular arc), else `nil`. A
    /// constant speed makes the length a product and its inversion a division, exact to
    /// rounding. The default is `nil`.
    var constantSpeed: Double? { get }
}

extension CurveSpeed {
    public var constantSpeed: Double? { nil }

    public func speedGrowth(at t: Double, direction: Double) -> Double {
        let h = 1e-7
        let probe = Swift.min(Swift.max(t + (direction < 0 ? -h : h), 0), 1)
        let step = abs(probe - t)
        return step > 0 ? speed(at: probe) / step : 0
    }
}
