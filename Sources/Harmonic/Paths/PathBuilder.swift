import HarmonicPlatform

/// Builds a ``Path`` in Core Graphics' vocabulary (`CGMutablePath`), with arcs kept exact.
///
/// ```swift
/// var builder = PathBuilder()
/// builder.move(to: [0, 0])
/// builder.addLine(to: [100, 0])
/// builder.addArc(center: [100, 50], radius: 50, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: false)
/// builder.closeSubpath()
/// let path = try builder.build()
/// ```
///
/// **Angles and directions.** Angles are in radians from the positive x axis towards the
/// positive y axis. `clockwise` has Core Graphics' meaning: `true` turns towards *decreasing*
/// angles, which is clockwise when y points up and counter-clockwise on a y-down screen
/// (UIKit, Core Animation), exactly as with `CGPath` (Apple, `CGContextAddArc`: "in a flipped
/// coordinate system … specifying a clockwise arc results in a counterclockwise arc"). A
/// relative arc's positive `delta` turns towards increasing angles.
///
/// **Joining.** As in Core Graphics, an arc added while a subpath is open starts with a
/// straight line from the current point to the arc's start (none when they coincide); an arc
/// added to an empty path starts a subpath at its start. Rectangles, rounded rectangles and
/// ellipses are closed subpaths of their own.
///
/// **Differences from Core Graphics.** Core Graphics stores an arc as up to four cubic
/// Béziers; Harmonic stores one ``EllipticalArc`` (an ellipse, four quarter arcs), so a path
/// animation in `linear` mode has one keyframe per arc where Core Animation may have several.
/// Paced modes are unaffected. Misuse that Core Graphics answers with an assertion or a
/// silently empty path (a line with no current point, corner sizes larger than half the
/// rectangle, non-finite numbers) is reported by ``build()`` as an error naming the call.
public struct PathBuilder: Sendable {
    /// The elements added so far.
    public private(set) var elements: [PathElement] = []
    /// The point the next segment starts from: `nil` before the first `move`; after a subpath
    /// is closed (also by a rectangle or an ellipse), that subpath's start.
    public private(set) var currentPoint: SIMD2<Double>?
    private var subpathStart: SIMD2<Double>?
    /// The first misuse, reported by ``build()``.
    private var problem: HarmonicError?

    /// An empty builder.
    public init() {}

    /// Starts a new subpath at `point` (`move(to:)`).
    public mutating func move(to point: SIMD2<Double>) {
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// A straight line from the current point (`addLine(to:)`).
    public mutating func addLine(to point: SIMD2<Double>) {
        guard requireCurrentPoint("addLine(to:)") else { return }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Straight lines through `points`: a move to the first, then lines (`addLines(between:)`).
    public mutating func addLines(between points: [SIMD2<Double>]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A quadratic Bézier from the current point (`addQuadCurve(to:control:)`).
    public mutating func addQuadCurve(to point: SIMD2<Double>, control: SIMD2<Double>) {
        guard requireCurrentPoint("addQuadCurve(to:control:)") else { return }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// A cubic Bézier from the current point (`addCurve(to:control1:control2:)`).
    public mutating func addCurve(to point: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>) {
        guard requireCurrentPoint("addCurve(to:control1:control2:)") else { return }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the subpath with a line back to its start (`closeSubpath()`); nothing when no
    /// subpath is open.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath)
        currentPoint = subpathStart
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle`, in Core Graphics'
    /// sense of `clockwise` (`CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)`).
    ///
    /// Angles run from +x towards +y. `clockwise: true` turns towards *decreasing* angles:
    /// clockwise in a y-up space (Core Graphics' default), counter-clockwise on a y-down screen.
    /// For UIKit's sense — `UIBezierPath`, y-down, where `clockwise: true` turns clockwise on
    /// screen — use ``addArc(withCenter:radius:startAngle:endAngle:clockwise:)``.
    ///
    /// The arc turns in the given direction from `startAngle` to the first angle equivalent to
    /// `endAngle` modulo 2π: at most one turn, a whole turn when the angles differ by a
    /// non-zero multiple of 2π (0 to 2π draws a circle), nothing but the joining line when they
    /// are equal.
    public mutating func addArc(
        center: SIMD2<Double>, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, decreasing: clockwise,
            call: "addArc(center:radius:startAngle:endAngle:clockwise:)")
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle`, in UIKit's sense of
    /// `clockwise` (`UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`).
    ///
    /// UIKit draws with y pointing down, so angles running from +x towards +y turn clockwise on
    /// screen: `clockwise: true` turns towards *increasing* angles — clockwise as the user sees
    /// it. This is the opposite of ``addArc(center:radius:startAngle:endAngle:clockwise:)``
    /// with the same arguments; the two draw the same arc when `clockwise` is negated. The
    /// turn, the joining line and the whole-circle rule are the same.
    public mutating func addArc(
        withCenter center: SIMD2<Double>, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        addArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, decreasing: !clockwise,
            call: "addArc(withCenter:radius:startAngle:endAngle:clockwise:)")
    }

    /// The arc of both senses: towards decreasing angles or increasing ones.
    private mutating func addArc(
        center: SIMD2<Double>, radius: Double, startAngle: Double, endAngle: Double, decreasing: Bool, call: String
    ) {
        guard requireFinite(call, [radius, startAngle, endAngle, center.x, center.y]) else { return }
        let turn = 2 * Double.pi
        let difference = decreasing ? startAngle - endAngle : endAngle - startAngle
        var sweep = difference - turn * (difference / turn).rounded(.down)
        if sweep == 0, difference != 0 { sweep = turn }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: decreasing ? -sweep : sweep)
    }

    /// An arc of the circle about `center` from `startAngle` through `delta` radians
    /// (`addRelativeArc(center:radius:startAngle:delta:)`): positive towards increasing angles,
    /// any magnitude.
    public mutating func addRelativeArc(center: SIMD2<Double>, radius: Double, startAngle: Double, delta: Double) {
        let call = "addRelativeArc(center:radius:startAngle:delta:)"
        guard requireFinite(call, [radius, startAngle, delta, center.x, center.y]) else { return }
        let r = abs(radius)
        addArc(EllipticalArc(center: center, radii: SIMD2(r, r), startAngle: startAngle, sweep: delta))
    }

    /// An elliptical arc, joined to the current point by a line as a circular arc is.
    ///
    /// A start within rounding of the current point (`1e-12` of the larger of the radius and
    /// the point's distance from the origin: `cos π` is not exactly −1) is the current point,
    /// and no line of rounding-error length is added.
    public mutating func addArc(_ arc: EllipticalArc<SIMD2<Double>>) {
        var arc = arc
        if let current = currentPoint {
            let scale = Swift.max(arc.radii.max(), (current * current).sum().squareRoot())
            let gap = arc.start - current
            if (gap * gap).sum().squareRoot() <= 1e-12 * scale {
                arc = arc.starting(at: current)
            } else {
                elements.append(.line(to: arc.start))
            }
        } else {
            move(to: arc.start)
        }
        if arc.sweep != 0 { elements.append(.arc(arc)) }
        currentPoint = arc.end
    }

    /// The arc of radius `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from `tangent1End` to `tangent2End`
    /// (`addArc(tangent1End:tangent2End:radius:)`, PostScript's `arct`, canvas `arcTo`).
    ///
    /// A line runs from the current point to the first tangent point, then the arc — less than
    /// half a turn — to the second. With `d₁`, `d₂` the unit directions from `tangent1End` to
    /// the current point and to `tangent2End`, the tangent points lie at distance
    /// `t = r·(1 + d₁·d₂)/|d₁ × d₂|` (that is `r/tan(α/2)` for the angle `α` between the
    /// lines) from `tangent1End`, and the centre at `√(r² + t²)` along the bisector. When the
    /// three points are collinear or the radius is 0 there is no such circle: a line to
    /// `tangent1End`, as in Core Graphics.
    public mutating func addArc(tangent1End: SIMD2<Double>, tangent2End: SIMD2<Double>, radius: Double) {
        let call = "addArc(tangent1End:tangent2End:radius:)"
        guard requireCurrentPoint(call), let p0 = currentPoint else { return }
        guard requireFinite(call, [radius, tangent1End.x, tangent1End.y, tangent2End.x, tangent2End.y]) else {
            return
        }
        let r = abs(radius)
        let toStart = p0 - tangent1End, toEnd = tangent2End - tangent1End
        let a = (toStart * toStart).sum().squareRoot(), b = (toEnd * toEnd).sum().squareRoot()
        guard r > 0, a > 0, b > 0 else { return addLine(to: tangent1End) }
        let d1 = toStart / a, d2 = toEnd / b
        let cross = d1.x * d2.y - d1.y * d2.x
        let cosine = (d1 * d2).sum()
        guard abs(cross) > 1e-12 else { return addLine(to: tangent1End) }
        let t = r * (1 + cosine) / abs(cross)
        let first = tangent1End + t * d1, second = tangent1End + t * d2
        let bisector = (d1 + d2) / ((d1 + d2) * (d1 + d2)).sum().squareRoot()
        let center = tangent1End + hypot(r, t) * bisector
        let startAngle = atan2(first.y - center.y, first.x - center.x)
        // The path turns left (towards increasing angles) when d₁ × d₂ < 0: travelling along −d₁
        // then d₂.
        let sweep = (Double.pi - acos(Swift.min(Swift.max(cosine, -1), 1))) * (cross < 0 ? 1 : -1)
        let arc = EllipticalArc(
            center: center, firstAxis: SIMD2(r, 0), secondAxis: SIMD2(0, r), startAngle: startAngle, sweep: sweep)
        addArc(arc.withEnd(second).starting(at: first))
    }

    /// A closed rectangle (`addRect(_:)`): from `(minX, minY)` along the edge to `(maxX, minY)`,
    /// then `(maxX, maxY)` and `(minX, maxY)`, closed — towards increasing angles, as Core
    /// Graphics orders it ("counter-clockwise" with y up).
    public mutating func addRect(_ rect: Rect) {
        guard requireFinite("addRect(_:)", [rect.origin.x, rect.origin.y, rect.size.x, rect.size.y]) else { return }
        move(to: SIMD2(rect.minX, rect.minY))
        addLine(to: SIMD2(rect.maxX, rect.minY))
        addLine(to: SIMD2(rect.maxX, rect.maxY))
        addLine(to: SIMD2(rect.minX, rect.maxY))
        closeSubpath()
    }

    /// A closed ellipse inscribed in `rect` (`addEllipse(in:)`): four quarter arcs from
    /// `(maxX, midY)` towards increasing angles — clockwise on a y-down screen, which is how a
    /// `CAShapeLayer`'s `strokeEnd` grows along an oval path from its rightmost point.
    public mutating func addEllipse(in rect: Rect) {
        guard requireFinite("addEllipse(in:)", [rect.origin.x, rect.origin.y, rect.size.x, rect.size.y]) else {
            return
        }
        let center = SIMD2(rect.midX, rect.midY), radii = SIMD2(rect.width, rect.height) / 2
        move(to: SIMD2(rect.maxX, rect.midY))
        let corners = [SIMD2(rect.midX, rect.maxY), SIMD2(rect.minX, rect.midY), SIMD2(rect.midX, rect.minY)]
        for quarter in 0..<4 {
            let arc = EllipticalArc(
                center: center, radii: radii, startAngle: Double(quarter) * Double.pi / 2, sweep: Double.pi / 2)
            // The quadrant points are the rectangle's own edge midpoints, exactly.
            elements.append(.arc(arc.withEnd(quarter < 3 ? corners[quarter] : SIMD2(rect.maxX, rect.midY))))
        }
        closeSubpath()
    }

    /// A closed rectangle with corners that are quarter ellipses of radii `cornerWidth` and
    /// `cornerHeight` (`addRoundedRect(in:cornerWidth:cornerHeight:)`), travelled in the same
    /// direction as ``addRect(_:)``. It starts where the bottom edge (y = minY) leaves the
    /// first corner, `(minX + cornerWidth, minY)` (Apple does not document its start point).
    /// A corner of width or height 0 is sharp.
    ///
    /// Core Graphics requires `0 ≤ cornerWidth ≤ width/2` and `0 ≤ cornerHeight ≤ height/2`;
    /// other sizes make ``build()`` throw.
    public mutating func addRoundedRect(in rect: Rect, cornerWidth: Double, cornerHeight: Double) {
        let call = "addRoundedRect(in:cornerWidth:cornerHeight:)"
        guard requireFinite(call, [rect.origin.x, rect.origin.y, rect.size.x, rect.size.y, cornerWidth, cornerHeight])
        else { return }
        guard cornerWidth >= 0, cornerHeight >= 0, 2 * cornerWidth <= rect.width, 2 * cornerHeight <= rect.height
        else {
            report(
                .invalidParameter(
                    name: "\(call) corner size", value: "(\(cornerWidth), \(cornerHeight))",
                    allowed: "at least 0 and at most half the rectangle's (\(rect.width), \(rect.height))"))
            return
        }
        // A corner of zero width or height is no curve at all: both sizes 0, a sharp corner.
        let (w, h) = cornerWidth == 0 || cornerHeight == 0 ? (0.0, 0.0) : (cornerWidth, cornerHeight)
        let (x0, x1, y0, y1) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
        // Each side's end, then the corner that follows it (centre, start angle, end point).
        let sides: [(SIMD2<Double>, SIMD2<Double>, Double, SIMD2<Double>)] = [
            (SIMD2(x1 - w, y0), SIMD2(x1 - w, y0 + h), -Double.pi / 2, SIMD2(x1, y0 + h)),
            (SIMD2(x1, y1 - h), SIMD2(x1 - w, y1 - h), 0, SIMD2(x1 - w, y1)),
            (SIMD2(x0 + w, y1), SIMD2(x0 + w, y1 - h), Double.pi / 2, SIMD2(x0, y1 - h)),
            (SIMD2(x0, y0 + h), SIMD2(x0 + w, y0 + h), Double.pi, SIMD2(x0 + w, y0)),
        ]
        move(to: SIMD2(x0 + w, y0))
        for (sideEnd, center, start, cornerEnd) in sides {
            if currentPoint != sideEnd { addLine(to: sideEnd) }
            if w > 0, h > 0 {
                let arc = EllipticalArc(center: center, radii: SIMD2(w, h), startAngle: start, sweep: Double.pi / 2)
                elements.append(.arc(arc.withEnd(cornerEnd).starting(at: sideEnd)))
                currentPoint = cornerEnd
            }
        }
        closeSubpath()
    }

    /// The path, or the first misuse as an error naming the call.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a misuse recorded
    ///   while building, or what ``Path/init(elements:)`` throws.
    public func build() throws(HarmonicError) -> Path {
        if let problem { throw problem }
        return try Path(elements: elements)
    }

    // MARK: Misuse

    private mutating func report(_ error: HarmonicError) {
        if problem == nil { problem = error }
    }

    private mutating func requireCurrentPoint(_ call: String) -> Bool {
        guard currentPoint == nil else { return true }
        report(
            .invalidParameter(name: call, value: "no current point", allowed: "a move(to:) or an open subpath first"))
        return false
    }

    private mutating func requireFinite(_ call: String, _ numbers: [Double]) -> Bool {
        guard let bad = numbers.first(where: { !$0.isFinite }) else { return true }
        report(.invalidParameter(name: call, value: "\(bad)", allowed: "finite numbers"))
        return false
    }
}

extension EllipticalArc {
    /// The same arc ending exactly at `point` (its end up to rounding), so that the next
    /// segment starts where a construction says it should.
    func withEnd(_ point: Value) -> EllipticalArc {
        EllipticalArc(
            center: center, firstAxis: firstAxis, secondAxis: secondAxis, startAngle: startAngle, sweep: sweep,
            start: start, end: point)
    }
}
