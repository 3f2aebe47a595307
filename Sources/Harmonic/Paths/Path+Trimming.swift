/// `CAShapeLayer`'s `strokeStart` and `strokeEnd`: the part of a path between two fractions of
/// its arc length.
extension Path {
    /// The sub-path between arc-length fractions `start` and `end` (Apple,
    /// `CAShapeLayer.strokeStart`/`strokeEnd`: 0 is the path's start, 1 its end).
    ///
    /// The cut points are found by the exact arc-length inversion
    /// (``ArcLength/location(atLength:method:)``, to about 1e-15 of the length) and the
    /// segments they fall in are cut where they are (``CurveSegment/part(from:to:)``: de
    /// Casteljau's algorithm for a Bézier, a smaller sweep of the same ellipse for an arc), so
    /// the result is the same curve, not an
    /// approximation: its length is `(end − start)·length` and its points are the original
    /// path's points. Segments wholly inside are kept as they are, and a move-to starts each
    /// further subpath the range reaches.
    ///
    /// - Parameters:
    ///   - start: Fraction of the length, clamped to `[0, 1]`.
    ///   - end: Fraction of the length, clamped to `[0, 1]`.
    /// - Returns: The sub-path; when `end ≤ start`, nothing is stroked and the result is a lone
    ///   move-to at the start point (Core Animation draws nothing then either). It keeps this
    ///   path's lookup-table setting (``init(elements:tableRippleTolerance:)``).
    /// - Complexity: O(log n) to locate the cuts (``trimLocations(from:to:method:)``), plus
    ///   building a path of the segments in between.
    public func trimmed(from start: Double, to end: Double) throws(HarmonicError) -> Path {
        guard !segments.isEmpty else { return self }
        return try Path(elements: trimmedElements(from: start, to: end), tableRippleTolerance: tableTolerance)
    }

    /// The elements of ``trimmed(from:to:)`` without building the path they make: for a
    /// renderer that draws the cut once and measures it no further.
    ///
    /// - Complexity: As ``trimmed(from:to:)``, less the cut path's own measurement.
    public func trimmedElements(from start: Double, to end: Double) -> [PathElement] {
        guard !segments.isEmpty else { return elements }
        guard let (a, b) = trimLocations(from: start, to: end) else {
            let lower = Swift.min(Swift.max(start.isNaN ? 0 : start, 0), 1)
            return [.move(to: point(at: location(atLength: lower * length)))]
        }
        let starts = subpathStarts
        var elements: [PathElement] = []
        for i in a.segment...b.segment {
            let from = i == a.segment ? a.parameter : 0
            let to = i == b.segment ? b.parameter : 1
            let piece = from == 0 && to == 1 ? segments[i] : segments[i].part(from: from, to: to)
            if elements.isEmpty || starts.contains(i) { elements.append(.move(to: piece.start)) }
            elements.append(piece.element)
        }
        return elements
    }

    /// The table setting of this path, passed on to the paths cut from it.
    private var tableTolerance: Double? { arcLength.tableRippleTolerance > 0 ? arcLength.tableRippleTolerance : nil }

    /// Where the cuts of ``trimmed(from:to:)`` fall: the locations at arc-length fractions
    /// `start` and `end` (each clamped to `[0, 1]`), or `nil` when nothing is stroked
    /// (`end ≤ start`, or a path of length 0).
    ///
    /// A renderer animating `strokeEnd` every frame needs no new path: it draws the segments
    /// strictly between the two locations whole and ``CurveSegment/part(from:to:)`` of the two
    /// it cuts.
    ///
    /// - Complexity: O(log n) in the number of segments and quadrature panels — two binary
    ///   searches and two inversions of one panel each.
    public func trimLocations(
        from start: Double, to end: Double, method: ArcLengthMethod = .exact
    ) -> (start: CurveLocation, end: CurveLocation)? {
        let lower = Swift.min(Swift.max(start.isNaN ? 0 : start, 0), 1)
        let upper = Swift.min(Swift.max(end.isNaN ? 0 : end, 0), 1)
        guard upper > lower, length > 0, !segments.isEmpty else { return nil }
        return (location(atLength: lower * length, method: method), location(atLength: upper * length, method: method))
    }

    /// The indices of the segments that begin a subpath after the first (those that follow a
    /// move-to).
    var subpathStarts: Set<Int> {
        var starts: Set<Int> = []
        var segment = 0
        var pendingMove = false
        for element in elements {
            switch element {
            case .move: pendingMove = segment > 0
            default:
                if pendingMove { starts.insert(segment) }
                pendingMove = false
                segment += 1
            }
        }
        return starts
    }
}

extension CurveSegment where Value == SIMD2<Double> {
    /// The path element that draws this segment from its start.
    var element: PathElement {
        switch self {
        case let .bezier(.line(_, p1)): return .line(to: p1)
        case let .bezier(.quadratic(_, c, p1)): return .quadCurve(to: p1, control: c)
        case let .bezier(.cubic(_, c1, c2, p1)): return .curve(to: p1, control1: c1, control2: c2)
        case let .arc(arc): return .arc(arc)
        }
    }
}
