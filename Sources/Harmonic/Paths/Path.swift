/// A planar path of lines, quadratic and cubic Béziers and elliptical arcs, possibly in several
/// subpaths: the equivalent of the `CGPath` given to a `CAKeyframeAnimation`, built from
/// ``PathElement``s, from SVG path data (``init(svgPathData:)``) or with a ``PathBuilder``.
///
/// Geometry: every drawing element (`line`, `quadCurve`, `curve`, `arc`, `closeSubpath`) becomes
/// one ``CurveSegment`` from the current point; `move` starts a new subpath without a segment, so
/// consecutive segments may not join (the motion jumps). Keyframes follow Core Animation's
/// rule for `path`: the start point and the end point of every segment are keyframes, move-to
/// points are not (``keyframePoints``).
///
/// The path's arc length is measured once, when the path is built (``arcLength``, with its
/// table), so ``point(atLength:method:)`` is a lookup. Building costs roughly a few
/// microseconds per line and tens of microseconds per curve segment.
public struct Path: Hashable, Sendable {
    /// The elements the path was built from, in order.
    public let elements: [PathElement]

    /// The drawing segments, in order.
    public let segments: [CurveSegment<SIMD2<Double>>]

    /// The arc length of the segments, with its lookup table.
    public let arcLength: ArcLength<SegmentSpeed>

    /// The largest coordinate magnitude a path accepts, `1e150`.
    ///
    /// Arc length integrates `|B'(t)|`, whose square sums products of coordinate differences:
    /// with coordinates near the top of the double range (`±1e300`) those products overflow
    /// and the length would be infinite or NaN. Below `1e150` every product stays finite,
    /// while any drawing's coordinates (points, pixels, metres) are far inside the bound.
    public static let maximumCoordinateMagnitude = 1e150

    /// The most turns one arc may sweep, `10_000`: an arc that winds round many times is a
    /// fine animation path (a dot circling ten times), but past this the angle `θ₀ + t·Δθ`
    /// would lose more than `1e-12` radians to rounding.
    public static let maximumArcTurns = 10_000

    /// Builds a path from its elements.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` when the elements are
    ///   empty, when a drawing element comes before the first `move`, or when a coordinate is
    ///   not finite or exceeds ``maximumCoordinateMagnitude`` in magnitude (the name is
    ///   `elements[i]`), or when an arc does not start at the current point (to within `1e-9`
    ///   of the larger of its radius and the point's distance from the origin) or sweeps more than
    ///   ``maximumArcTurns``.
    public init(elements: [PathElement]) throws(HarmonicError) {
        try self.init(elements: elements, tableRippleTolerance: 1e-6)
    }

    /// Builds a path whose arc length keeps a lookup table of the given ripple tolerance, or
    /// none (`nil`): a path made for one frame and cut or measured a few times there (a trim
    /// recomputed every frame) costs its quadrature only, and its table lookups fall back to
    /// exact inversion. ``init(elements:)`` uses `1e-6`.
    ///
    /// - Throws: As ``init(elements:)``.
    public init(elements: [PathElement], tableRippleTolerance: Double?) throws(HarmonicError) {
        guard case .move? = elements.first else {
            throw .invalidParameter(
                name: "elements[0]", value: elements.first.map { "\($0)" } ?? "missing",
                allowed: "a move(to:) that starts the path")
        }
        var segments: [CurveSegment<SIMD2<Double>>] = []
        var current = SIMD2<Double>.zero
        var subpathStart = SIMD2<Double>.zero
        for (i, element) in elements.enumerated() {
            let limit = Self.maximumCoordinateMagnitude
            for point in element.points where !(abs(point.x) <= limit && abs(point.y) <= limit) {
                throw .invalidParameter(
                    name: "elements[\(i)]", value: "\(element)",
                    allowed: "finite coordinates of magnitude at most 1e150")
            }
            switch element {
            case let .move(to):
                current = to
                subpathStart = to
            case let .line(to):
                segments.append(.line(current, to))
                current = to
            case let .quadCurve(to, control):
                segments.append(.quadratic(current, control, to))
                current = to
            case let .curve(to, c1, c2):
                segments.append(.cubic(current, c1, c2, to))
                current = to
            case .closeSubpath:
                segments.append(.line(current, subpathStart))
                current = subpathStart
            case let .arc(arc):
                let turns = Double(Self.maximumArcTurns)
                guard arc.startAngle.isFinite, abs(arc.sweep) <= 2 * Double.pi * turns else {
                    throw .invalidParameter(
                        name: "elements[\(i)]", value: "\(element)",
                        allowed: "a finite start angle and a sweep of at most \(Self.maximumArcTurns) turns")
                }
                let scale = Swift.max(arc.radii.max(), current.magnitude)
                guard (arc.start - current).magnitude <= 1e-9 * scale else {
                    throw .invalidParameter(
                        name: "elements[\(i)]", value: "an arc starting at (\(arc.start.x), \(arc.start.y))",
                        allowed: "an arc that starts at the current point (\(current.x), \(current.y))")
                }
                // Rounding in the arc's own start point must not open a gap in the path.
                segments.append(.arc(arc.starting(at: current)))
                current = arc.end
            }
        }
        self.elements = elements
        self.segments = segments
        self.arcLength = ArcLength(segments: segments.map(\.speed), tableRippleTolerance: tableRippleTolerance)
    }

    /// The keyframe values of the path: the start of the first segment, then the end of every
    /// segment (`segments.count + 1` points). A path without segments has one keyframe, its
    /// last move-to point.
    public var keyframePoints: [SIMD2<Double>] {
        guard let first = segments.first else {
            if case let .move(to)? = elements.last(where: { if case .move = $0 { true } else { false } }) {
                return [to]
            }
            return []
        }
        return [first.start] + segments.map(\.end)
    }

    /// The total length of the segments (jumps between subpaths do not count).
    public var length: Double { arcLength.length }

    /// The point at `location` (segment index clamped, parameter not).
    public func point(at location: CurveLocation) -> SIMD2<Double> {
        guard !segments.isEmpty else { return keyframePoints.first ?? .zero }
        let i = Swift.min(Swift.max(location.segment, 0), segments.count - 1)
        return segments[i].point(at: location.parameter)
    }

    /// The direction of travel at `location` (see ``CurveSegment/tangent(at:)``); zero for a
    /// path without segments.
    public func tangent(at location: CurveLocation) -> SIMD2<Double> {
        guard !segments.isEmpty else { return .zero }
        let i = Swift.min(Swift.max(location.segment, 0), segments.count - 1)
        return segments[i].tangent(at: location.parameter)
    }

    /// The location at arc length `s` from the start (clamped to `[0, length]`).
    public func location(atLength s: Double, method: ArcLengthMethod = .exact) -> CurveLocation {
        arcLength.location(atLength: s, method: method)
    }

    /// The point at arc length `s` from the start (clamped to `[0, length]`): constant-speed
    /// travel along the path.
    public func point(atLength s: Double, method: ArcLengthMethod = .exact) -> SIMD2<Double> {
        point(at: location(atLength: s, method: method))
    }

    public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }

    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension PathElement {
    /// The points the element carries.
    var points: [SIMD2<Double>] {
        switch self {
        case let .move(to), let .line(to): return [to]
        case let .quadCurve(to, control): return [control, to]
        case let .curve(to, c1, c2): return [c1, c2, to]
        case .closeSubpath: return []
        case let .arc(arc): return [arc.start, arc.end, arc.center, arc.firstAxis, arc.secondAxis]
        }
    }
}
