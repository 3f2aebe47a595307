/// One polynomial segment of a curve, given by its Bézier control points, over any
/// ``VectorArithmetic`` value: a line, a quadratic or a cubic Bézier.
///
/// `B(t)` for `t ∈ [0, 1]` in Bernstein form (de Casteljau's algorithm), which reproduces the
/// end points exactly at `t = 0` and `t = 1`:
///
/// - line: `(1 − t)P₀ + tP₁`
/// - quadratic: `(1 − t)²P₀ + 2(1 − t)tC + t²P₁`
/// - cubic: `(1 − t)³P₀ + 3(1 − t)²tC₁ + 3(1 − t)t²C₂ + t³P₁`
///
/// Paths (SVG `L`, `Q`, `C` and their shorthands) and keyframe tracks (linear segments, and
/// cubic segments converted from Hermite form) share this representation, so arc length,
/// pacing and tangents are computed the same way for both. Parameters outside `[0, 1]`
/// extend the polynomial.
public enum BezierSegment<Value: VectorArithmetic>: Sendable {
    /// A straight segment from the first value to the second.
    case line(Value, Value)
    /// A quadratic Bézier: start, control, end.
    case quadratic(Value, Value, Value)
    /// A cubic Bézier: start, first control, second control, end.
    case cubic(Value, Value, Value, Value)

    /// The cubic whose Hermite data are `start`, `end` and the derivatives `startTangent`,
    /// `endTangent` with respect to `t` (control points `P₀ + T₀/3` and `P₁ − T₁/3`).
    public static func hermite(_ start: Value, _ startTangent: Value, _ end: Value, _ endTangent: Value) -> Self {
        .cubic(start, start + startTangent.scaled(by: 1.0 / 3), end - endTangent.scaled(by: 1.0 / 3), end)
    }

    /// `B(0)`.
    public var start: Value {
        switch self {
        case let .line(p0, _), let .quadratic(p0, _, _), let .cubic(p0, _, _, _): return p0
        }
    }

    /// `B(1)`.
    public var end: Value {
        switch self {
        case let .line(_, p1), let .quadratic(_, _, p1), let .cubic(_, _, _, p1): return p1
        }
    }

    /// `B(t)`.
    @inlinable
    public func point(at t: Double) -> Value {
        let s = 1 - t
        switch self {
        case let .line(p0, p1):
            return Value.combine(s, p0, t, p1)
        case let .quadratic(p0, c, p1):
            return p0.scaled(by: s * s) + c.scaled(by: 2 * s * t) + p1.scaled(by: t * t)
        case let .cubic(p0, c1, c2, p1):
            return Value.combine(s * s * s, p0, 3 * s * s * t, c1) + Value.combine(3 * s * t * t, c2, t * t * t, p1)
        }
    }

    /// `B′(t) = dB/dt`.
    @inlinable
    public func derivative(at t: Double) -> Value {
        let s = 1 - t
        switch self {
        case let .line(p0, p1):
            return p1 - p0
        case let .quadratic(p0, c, p1):
            return Value.combine(2 * s, c - p0, 2 * t, p1 - c)
        case let .cubic(p0, c1, c2, p1):
            return Value.combine(3 * s * s, c1 - p0, 6 * s * t, c2 - c1) + (p1 - c2).scaled(by: 3 * t * t)
        }
    }

    /// `B″(t)`.
    @inlinable
    public func secondDerivative(at t: Double) -> Value {
        switch self {
        case .line:
            return .zero
        case let .quadratic(p0, c, p1):
            return (p1 - c - (c - p0)).scaled(by: 2)
        case let .cubic(p0, c1, c2, p1):
            let d0 = c1 - p0, d1 = c2 - c1, d2 = p1 - c2
            return Value.combine(6 * (1 - t), d1 - d0, 6 * t, d2 - d1)
        }
    }

    /// `B‴(t)` (constant; zero below degree 3).
    @inlinable
    public var thirdDerivative: Value {
        switch self {
        case .line, .quadratic:
            return .zero
        case let .cubic(p0, c1, c2, p1):
            // 6(P₁ − 3C₂ + 3C₁ − P₀)
            return ((p1 - p0) + (c1 - c2).scaled(by: 3)).scaled(by: 6)
        }
    }

    /// The coefficients of the hodograph `B′(t) = a t² + b t + c`.
    public var hodograph: (a: Value, b: Value, c: Value) {
        switch self {
        case let .line(p0, p1):
            return (.zero, .zero, p1 - p0)
        case let .quadratic(p0, c, p1):
            return (.zero, (p1 - c - (c - p0)).scaled(by: 2), (c - p0).scaled(by: 2))
        case let .cubic(p0, c1, c2, p1):
            let d0 = c1 - p0, d1 = c2 - c1, d2 = p1 - c2
            return ((d0 - d1 - (d1 - d2)).scaled(by: 3), (d1 - d0).scaled(by: 6), d0.scaled(by: 3))
        }
    }

    /// `|B′(t)|` as a ``SpeedPolynomial``, ready for ``ArcLength``.
    public var speed: SpeedPolynomial {
        let h = hodograph
        return SpeedPolynomial(derivative: h.a, h.b, h.c)
    }

    /// The direction of travel at `t`: `B′(t)`, or where it vanishes (a cusp, or a control
    /// point on its end point) the first non-zero higher derivative, signed as the limit of
    /// `B′` from the side the motion continues to (from the left at `t = 1`, else from the
    /// right). The zero value only for a segment that is a single point.
    @inlinable
    public func tangent(at t: Double) -> Value {
        let d1 = derivative(at: t)
        let scale = Swift.max(chordScale, .leastNormalMagnitude)
        if d1.magnitude > 1e-12 * scale { return d1 }
        // B′(t + h) ≈ B″(t)h + B‴h²/2: the sign of h is that of the side we look at.
        let side: Double = t >= 1 ? -1 : 1
        let d2 = secondDerivative(at: t)
        if d2.magnitude > 1e-12 * scale { return d2.scaled(by: side) }
        let d3 = thirdDerivative
        if d3.magnitude > 1e-12 * scale { return d3 }
        return end - start
    }

    /// The largest distance between consecutive control points: the scale against which a
    /// derivative counts as zero.
    @inlinable
    var chordScale: Double {
        switch self {
        case let .line(p0, p1): return (p1 - p0).magnitude
        case let .quadratic(p0, c, p1): return Swift.max((c - p0).magnitude, (p1 - c).magnitude)
        case let .cubic(p0, c1, c2, p1):
            return Swift.max((c1 - p0).magnitude, (c2 - c1).magnitude, (p1 - c2).magnitude)
        }
    }
}

extension BezierSegment: Equatable where Value: Equatable {}
extension BezierSegment: Hashable where Value: Hashable {}
