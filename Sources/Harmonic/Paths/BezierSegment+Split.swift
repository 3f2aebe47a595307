/// Parts of a segment: the same curve between two parameters, as a segment of the same degree.
extension BezierSegment {
    /// The part of the segment between parameters `a` and `b` (`0 ≤ a ≤ b ≤ 1`), re-parameterised
    /// to `[0, 1]`: `part(u) = B(a + (b − a)·u)`.
    ///
    /// Computed by de Casteljau's algorithm (split at `b`, then split the left part at `a/b`),
    /// so the part's end points are `B(a)` and `B(b)` as ``point(at:)`` computes them at the
    /// ends, and its control points are exact up to one rounding per lerp. A part of zero
    /// length (`a = b`) is the constant segment at `B(a)`.
    public func part(from a: Double, to b: Double) -> BezierSegment {
        let lower = Swift.min(Swift.max(a, 0), 1), upper = Swift.min(Swift.max(b, lower), 1)
        let left = upper == 1 ? self : split(at: upper).left
        guard lower > 0 else { return left }
        guard upper > 0 else { return .constant(point(at: 0), like: self) }
        return left.split(at: lower / upper).right
    }

    /// The two halves of the segment at parameter `t` (de Casteljau's construction).
    public func split(at t: Double) -> (left: BezierSegment, right: BezierSegment) {
        func lerp(_ p: Value, _ q: Value) -> Value { Value.combine(1 - t, p, t, q) }
        switch self {
        case let .line(p0, p1):
            let m = lerp(p0, p1)
            return (.line(p0, m), .line(m, p1))
        case let .quadratic(p0, c, p1):
            let a = lerp(p0, c), b = lerp(c, p1), m = lerp(a, b)
            return (.quadratic(p0, a, m), .quadratic(m, b, p1))
        case let .cubic(p0, c1, c2, p1):
            let a = lerp(p0, c1), b = lerp(c1, c2), c = lerp(c2, p1)
            let d = lerp(a, b), e = lerp(b, c), m = lerp(d, e)
            return (.cubic(p0, a, d, m), .cubic(m, e, c, p1))
        }
    }

    /// A segment of the same degree that stays at `point`.
    static func constant(_ point: Value, like segment: BezierSegment) -> BezierSegment {
        switch segment {
        case .line: return .line(point, point)
        case .quadratic: return .quadratic(point, point, point)
        case .cubic: return .cubic(point, point, point, point)
        }
    }
}
