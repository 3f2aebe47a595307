/// The resistance of a scroll view dragged past its edge: the content follows the finger less
/// and less, never moving more than one dimension past the edge.
///
/// For a drag `x` past the edge (value units), a dimension `d` (the scroll view's width or
/// height along the drag) and a coefficient `c` (0.55, the value that matches UIScrollView):
///
///     b(x) = (1 − 1/(x·c/d + 1))·d  =  x·c·d/(x·c + d)      x ≥ 0
///     x(b) = b·d/(c·(d − b))                                 0 ≤ b < d   (the inverse)
///     b'(x) = c·d²/(x·c + d)²                                (c at the edge)
///
/// and odd in `x` (a drag past the other edge mirrors it). `b` approaches `d` as the drag
/// grows. The formula is the one used in the open-source UIScrollView reimplementations
/// and discussed in Apple's "Designing Fluid Interfaces" (WWDC 2018). On release, the content
/// goes back to the edge with a spring that starts with the release velocity
/// (``releaseMotion(from:velocity:spring:beginTime:)``).
public struct RubberBand: Hashable, Sendable {
    /// `d`, value units, finite and > 0.
    public let dimension: Double
    /// `c`, finite and > 0 (default 0.55).
    public let coefficient: Double

    /// The coefficient that matches UIScrollView, 0.55.
    public static let defaultCoefficient = 0.55

    /// Creates the curve.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming `dimension` or
    ///   `coefficient` when it is not finite and > 0.
    public init(dimension: Double, coefficient: Double = RubberBand.defaultCoefficient) throws(HarmonicError) {
        try HarmonicError.require(dimension, named: "dimension", "> 0") { $0 > 0 }
        try HarmonicError.require(coefficient, named: "coefficient", "> 0") { $0 > 0 && ($0 / dimension).isFinite }
        self.dimension = dimension
        self.coefficient = coefficient
    }

    /// The banded offset `b(x)` for a drag `x` past the edge; odd in `x`, in `(−d, d)`.
    @inlinable
    public func offset(forDrag x: Double) -> Double {
        let a = Swift.abs(x)
        guard a.isFinite else { return x.isNaN ? x : (x < 0 ? -dimension : dimension) }
        // x·c·d/(x·c + d), divided through by d so that large drags do not overflow.
        let scaled = a * (coefficient / dimension)
        // A drag so large that x·c/d overflows is at the limit.
        let b = scaled.isFinite ? scaled / (scaled + 1) * dimension : dimension
        return x < 0 ? -b : b
    }

    /// The drag `x(b)` that gives a banded offset `b`, `|b| < d`; `±∞` at `|b| ≥ d`.
    @inlinable
    public func drag(forOffset b: Double) -> Double {
        let a = Swift.abs(b)
        guard a < dimension else { return a.isNaN ? b : (b < 0 ? -.infinity : .infinity) }
        let x = a / (coefficient * (1 - a / dimension))
        return b < 0 ? -x : x
    }

    /// `b'(x) = c/(x·c/d + 1)²`: how far the content moves per unit of drag.
    @inlinable
    public func slope(atDrag x: Double) -> Double {
        let scaled = Swift.abs(x) * (coefficient / dimension) + 1
        return coefficient / (scaled * scaled)
    }

    /// The motion back to the edge (offset 0) after a release at banded offset `from`, with
    /// the release velocity: a spring from there to 0.
    public func releaseMotion(
        from offset: Double, velocity: Double, spring: Spring, beginTime: Double = 0
    ) throws(HarmonicError) -> SpringMotion<Double> {
        try SpringMotion(spring: spring, from: offset, to: 0, initialVelocity: velocity, beginTime: beginTime)
    }
}
