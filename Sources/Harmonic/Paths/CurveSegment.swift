/// One segment of a path or keyframe track: a polynomial Bézier or an exact elliptical arc,
/// both parameterised by `t ∈ [0, 1]` and both over any ``VectorArithmetic`` value.
///
/// Paths mix the two (SVG `L`, `Q`, `C` and `A`; a ``PathBuilder``'s lines, curves and arcs),
/// and everything that follows a path — arc length and pacing (``speed``), tangents and
/// rotation, trimming (``part(from:to:)``) — asks the segment, which answers with its own
/// exact geometry. Keyframe tracks built from values hold Béziers only.
public enum CurveSegment<Value: VectorArithmetic>: Sendable {
    /// A line or a quadratic or cubic Bézier.
    case bezier(BezierSegment<Value>)
    /// An arc of an ellipse.
    case arc(EllipticalArc<Value>)

    /// A straight segment (``BezierSegment/line(_:_:)``).
    @inlinable
    public static func line(_ start: Value, _ end: Value) -> Self { .bezier(.line(start, end)) }

    /// A quadratic Bézier (``BezierSegment/quadratic(_:_:_:)``).
    @inlinable
    public static func quadratic(_ start: Value, _ control: Value, _ end: Value) -> Self {
        .bezier(.quadratic(start, control, end))
    }

    /// A cubic Bézier (``BezierSegment/cubic(_:_:_:_:)``).
    @inlinable
    public static func cubic(_ start: Value, _ control1: Value, _ control2: Value, _ end: Value) -> Self {
        .bezier(.cubic(start, control1, control2, end))
    }

    /// The point at `t = 0`.
    @inlinable
    public var start: Value {
        switch self {
        case let .bezier(b): return b.start
        case let .arc(a): return a.start
        }
    }

    /// The point at `t = 1`.
    @inlinable
    public var end: Value {
        switch self {
        case let .bezier(b): return b.end
        case let .arc(a): return a.end
        }
    }

    /// The point at `t`; exactly ``start`` and ``end`` at 0 and 1.
    @inlinable
    public func point(at t: Double) -> Value {
        switch self {
        case let .bezier(b): return b.point(at: t)
        case let .arc(a): return a.point(at: t)
        }
    }

    /// The derivative with respect to `t`.
    @inlinable
    public func derivative(at t: Double) -> Value {
        switch self {
        case let .bezier(b): return b.derivative(at: t)
        case let .arc(a): return a.derivative(at: t)
        }
    }

    /// The second derivative with respect to `t`.
    @inlinable
    public func secondDerivative(at t: Double) -> Value {
        switch self {
        case let .bezier(b): return b.secondDerivative(at: t)
        case let .arc(a): return a.secondDerivative(at: t)
        }
    }

    /// The direction of travel at `t` (``BezierSegment/tangent(at:)``,
    /// ``EllipticalArc/tangent(at:)``).
    @inlinable
    public func tangent(at t: Double) -> Value {
        switch self {
        case let .bezier(b): return b.tangent(at: t)
        case let .arc(a): return a.tangent(at: t)
        }
    }

    /// The speed `|dP/dt|`, ready for ``ArcLength``.
    public var speed: SegmentSpeed {
        switch self {
        case let .bezier(b): return .polynomial(b.speed)
        case let .arc(a): return .ellipse(a.speed)
        }
    }

    /// The part between parameters `a` and `b` (`0 ≤ a ≤ b ≤ 1`), re-parameterised to
    /// `[0, 1]`, as a segment of the same kind: de Casteljau for a Bézier
    /// (``BezierSegment/part(from:to:)``), the same ellipse over the smaller sweep for an arc.
    public func part(from a: Double, to b: Double) -> CurveSegment {
        switch self {
        case let .bezier(bezier): return .bezier(bezier.part(from: a, to: b))
        case let .arc(arc): return .arc(arc.part(from: a, to: b))
        }
    }

    /// The Bézier, or `nil` for an arc.
    @inlinable
    public var bezier: BezierSegment<Value>? {
        if case let .bezier(b) = self { return b }
        return nil
    }

    /// The elliptical arc, or `nil` for a Bézier.
    @inlinable
    public var arc: EllipticalArc<Value>? {
        if case let .arc(a) = self { return a }
        return nil
    }
}

extension CurveSegment: Equatable where Value: Equatable {}
extension CurveSegment: Hashable where Value: Hashable {}
