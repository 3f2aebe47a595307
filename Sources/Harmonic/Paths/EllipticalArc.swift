import HarmonicPlatform

/// An arc of an ellipse, kept exact: `P(t) = C + cos θ·U + sin θ·V` with
/// `θ = θ₀ + t·Δθ` for `t ∈ [0, 1]`, over any ``VectorArithmetic`` value.
///
/// `C` is the ``center`` and `U`, `V` are two conjugate semi-diameters (``firstAxis``,
/// ``secondAxis``): the points at angles 0 and π/2, relative to the centre. For the arcs of a
/// drawing they are the principal axes, `U = r_x·(cos φ, sin φ)` and `V = r_y·(−sin φ, cos φ)`
/// for radii `r_x`, `r_y` and x-axis rotation `φ` (``init(center:radii:rotation:startAngle:sweep:)``);
/// a circle has `r_x = r_y`. A positive ``sweep`` turns from `U` towards `V` — on a y-down
/// screen with principal axes, clockwise, which is SVG's `sweep-flag = 1`.
///
/// Where renderers approximate arcs by cubic Béziers (`CGPath.addArc` does, to about `1e-4` of
/// the radius), Harmonic keeps the ellipse: points are exact to rounding, the length is the
/// elliptic integral (``EllipseSpeed``) to about `1e-14` relative, and paced motion along an arc
/// is as exact as along a Bézier. The end points are stored, so `P(0)` and `P(1)` are the
/// points the arc was built between — bit for bit, as a path's next segment needs.
///
/// The parameter is proportional to the angle `θ`, not to arc length: on a circle the two
/// agree, on an ellipse the point moves faster near the ends of the major axis. Parameters
/// outside `[0, 1]` continue around the ellipse.
public struct EllipticalArc<Value: VectorArithmetic>: Sendable {
    /// `C`, the centre of the ellipse.
    public let center: Value
    /// `U`, the semi-diameter to the point at angle 0.
    public let firstAxis: Value
    /// `V`, the semi-diameter to the point at angle π/2.
    public let secondAxis: Value
    /// `θ₀`, the angle at `t = 0`, in radians.
    public let startAngle: Double
    /// `Δθ`, the signed angle swept from `t = 0` to `t = 1`, in radians; any magnitude (more
    /// than 2π goes round more than once).
    public let sweep: Double
    /// `P(0)`.
    public let start: Value
    /// `P(1)`.
    public let end: Value

    /// The arc of `C + cos θ·U + sin θ·V` from `θ₀ = startAngle` through `sweep` radians; its
    /// end points are computed from the formula.
    public init(center: Value, firstAxis: Value, secondAxis: Value, startAngle: Double, sweep: Double) {
        func at(_ theta: Double) -> Value {
            let (s, c) = LaneSineCosine.sinCos(theta)
            return center + Value.combine(c, firstAxis, s, secondAxis)
        }
        self.init(
            center: center, firstAxis: firstAxis, secondAxis: secondAxis, startAngle: startAngle, sweep: sweep,
            start: at(startAngle), end: at(startAngle + sweep))
    }

    /// The arc with the given end points, which must be the formula's `P(0)` and `P(1)` up to
    /// rounding: used where the end points are the data (SVG's endpoint parameterisation)
    /// and the centre is derived from them.
    init(
        center: Value, firstAxis: Value, secondAxis: Value, startAngle: Double, sweep: Double, start: Value,
        end: Value
    ) {
        self.center = center
        self.firstAxis = firstAxis
        self.secondAxis = secondAxis
        self.startAngle = startAngle
        self.sweep = sweep
        self.start = start
        self.end = end
    }

    /// The same arc starting exactly at `point` (a path's current point, equal to ``start``
    /// up to rounding).
    func starting(at point: Value) -> EllipticalArc {
        EllipticalArc(
            center: center, firstAxis: firstAxis, secondAxis: secondAxis, startAngle: startAngle, sweep: sweep,
            start: point, end: end)
    }

    /// `θ(t) = θ₀ + t·Δθ`.
    @inlinable
    public func angle(at t: Double) -> Double { startAngle + t * sweep }

    /// `P(t)`; exactly ``start`` at `t = 0` and ``end`` at `t = 1`.
    @inlinable
    public func point(at t: Double) -> Value {
        if t == 0 { return start }
        if t == 1 { return end }
        let (s, c) = LaneSineCosine.sinCos(angle(at: t))
        return center + Value.combine(c, firstAxis, s, secondAxis)
    }

    /// `P′(t) = Δθ·(−sin θ·U + cos θ·V)`.
    @inlinable
    public func derivative(at t: Double) -> Value {
        let (s, c) = LaneSineCosine.sinCos(angle(at: t))
        return Value.combine(-sweep * s, firstAxis, sweep * c, secondAxis)
    }

    /// `P″(t) = −Δθ²·(cos θ·U + sin θ·V)`: towards the centre.
    @inlinable
    public func secondDerivative(at t: Double) -> Value {
        let (s, c) = LaneSineCosine.sinCos(angle(at: t))
        let k = -sweep * sweep
        return Value.combine(k * c, firstAxis, k * s, secondAxis)
    }

    /// The direction of travel at `t`: `P′(t)`, or for an arc of zero sweep the direction it
    /// would take (`−sin θ·U + cos θ·V`); zero only when the ellipse is a point.
    @inlinable
    public func tangent(at t: Double) -> Value {
        let (s, c) = LaneSineCosine.sinCos(angle(at: t))
        let direction = Value.combine(-s, firstAxis, c, secondAxis)
        return sweep < 0 ? direction.scaled(by: -1) : direction
    }

    /// `|P′(t)|`, ready for ``ArcLength``.
    public var speed: EllipseSpeed {
        EllipseSpeed(
            uu: firstAxis.magnitudeSquared, vv: secondAxis.magnitudeSquared,
            uv: InnerProduct.dot(firstAxis, secondAxis), startAngle: startAngle, sweep: sweep)
    }

    /// The part of the arc between parameters `a` and `b` (clamped to `0 ≤ a ≤ b ≤ 1`),
    /// re-parameterised to `[0, 1]`: the same ellipse from `θ(a)` through `(b − a)·Δθ`, so it
    /// is exact, with end points `P(a)` and `P(b)`.
    public func part(from a: Double, to b: Double) -> EllipticalArc {
        let lower = Swift.min(Swift.max(a, 0), 1), upper = Swift.min(Swift.max(b, lower), 1)
        return EllipticalArc(
            center: center, firstAxis: firstAxis, secondAxis: secondAxis, startAngle: angle(at: lower),
            sweep: (upper - lower) * sweep, start: point(at: lower), end: point(at: upper))
    }
}

extension EllipticalArc: Equatable where Value: Equatable {}
extension EllipticalArc: Hashable where Value: Hashable {}

extension EllipticalArc where Value == SIMD2<Double> {
    /// The arc of the ellipse with radii `(r_x, r_y)` whose x-axis is rotated by `rotation`
    /// radians, centred at `center`, from angle `startAngle` through `sweep` radians (angles in
    /// the ellipse's own frame, as SVG's `θ₁` and `Δθ`).
    public init(
        center: SIMD2<Double>, radii: SIMD2<Double>, rotation: Double = 0, startAngle: Double, sweep: Double
    ) {
        let c = cos(rotation), s = sin(rotation)
        self.init(
            center: center, firstAxis: radii.x * SIMD2(c, s), secondAxis: radii.y * SIMD2(-s, c),
            startAngle: startAngle, sweep: sweep)
    }

    /// The lengths of the two semi-diameters: the radii `(r_x, r_y)` when they are
    /// perpendicular, as for every arc built from SVG data or a ``PathBuilder``.
    public var radii: SIMD2<Double> { SIMD2(firstAxis.magnitude, secondAxis.magnitude) }

    /// The angle of ``firstAxis`` from the x axis, in radians: SVG's `x-axis-rotation`.
    public var rotation: Double { atan2(firstAxis.y, firstAxis.x) }

    /// Whether the arc sweeps more than half a turn: SVG's `large-arc-flag`.
    public var isLargeArc: Bool { abs(sweep) > Double.pi }
}
