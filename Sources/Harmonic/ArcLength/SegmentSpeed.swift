/// The speed of one ``CurveSegment``: a Bézier's ``SpeedPolynomial`` or an elliptical arc's
/// ``EllipseSpeed``, so that one ``ArcLength`` measures and inverts a path that mixes both.
///
/// Every requirement forwards to the case's own conformance; the switch is the only cost.
public enum SegmentSpeed: CurveSpeed, Hashable {
    /// A line or a quadratic or cubic Bézier.
    case polynomial(SpeedPolynomial)
    /// An elliptical arc.
    case ellipse(EllipseSpeed)

    @inlinable
    public func speed(at t: Double) -> Double {
        switch self {
        case let .polynomial(p): return p.speed(at: t)
        case let .ellipse(e): return e.speed(at: t)
        }
    }

    public var splitParameters: [Double] {
        switch self {
        case let .polynomial(p): return p.splitParameters
        case let .ellipse(e): return e.splitParameters
        }
    }

    public func speedGrowth(at t: Double, direction: Double) -> Double {
        switch self {
        case let .polynomial(p): return p.speedGrowth(at: t, direction: direction)
        case let .ellipse(e): return e.speedGrowth(at: t, direction: direction)
        }
    }

    public var constantSpeed: Double? {
        switch self {
        case let .polynomial(p): return p.constantSpeed
        case let .ellipse(e): return e.constantSpeed
        }
    }
}
