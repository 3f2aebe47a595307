/// Path morphing: `CABasicAnimation` on a `CAShapeLayer`'s `path`.
extension Path {
    /// The element letters of the path, one per element (`"M L C A Z"`): two paths morph into
    /// each other when these agree.
    public var structure: String {
        elements.map { element -> String in
            switch element {
            case .move: return "M"
            case .line: return "L"
            case .quadCurve: return "Q"
            case .curve: return "C"
            case .arc: return "A"
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " ")
    }

    /// The path a fraction `f` of the way to `target`, element by element: every point and
    /// control point moves on a straight line, `p + f·(q − p)`. An arc morphs as SVG's `A`
    /// command does under SMIL path animation: its end point, radii and rotation change
    /// linearly and the arc is rebuilt from the current point by SVG 1.1 F.6, with the
    /// large-arc and sweep flags of the nearer path (the first below `f = 0.5`); an arc that
    /// passes through zero radius is a line for that moment, and one whose ends meet is a
    /// point.
    ///
    /// Core Animation interpolates a `path` this way when both paths have the same elements in
    /// the same order, and its result is undefined otherwise (Apple, `CAShapeLayer.path`: "If
    /// the two paths have a different number of control points or segments, the results are
    /// undefined"). Harmonic refuses that case instead of guessing. `f` outside `[0, 1]`
    /// extrapolates, as the interpolation of other values does.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming both
    ///   structures when they differ, or what ``init(elements:)`` throws for the result.
    public func morphed(to target: Path, fraction f: Double) throws(HarmonicError) -> Path {
        guard structure == target.structure else {
            throw .invalidParameter(
                name: "path", value: "\"\(structure)\" to \"\(target.structure)\"",
                allowed: "two paths with the same elements in the same order")
        }
        func mix(_ p: SIMD2<Double>, _ q: SIMD2<Double>) -> SIMD2<Double> { p + (q - p) * f }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        var elements: [PathElement] = []
        var current = SIMD2<Double>.zero
        var subpathStart = SIMD2<Double>.zero
        for (p, q) in zip(self.elements, target.elements) {
            switch (p, q) {
            case let (.move(a), .move(b)):
                current = mix(a, b)
                subpathStart = current
                elements.append(.move(to: current))
            case let (.line(a), .line(b)):
                current = mix(a, b)
                elements.append(.line(to: current))
            case let (.quadCurve(a, c), .quadCurve(b, d)):
                current = mix(a, b)
                elements.append(.quadCurve(to: current, control: mix(c, d)))
            case let (.curve(a, c1, c2), .curve(b, d1, d2)):
                current = mix(a, b)
                elements.append(.curve(to: current, control1: mix(c1, d1), control2: mix(c2, d2)))
            case let (.arc(a), .arc(b)):
                let arc = Self.morphedArc(a, b, fraction: f, from: current)
                elements.append(arc.element)
                current = arc.end
            default:  // .closeSubpath on both sides: the structures are equal.
                elements.append(.closeSubpath)
                current = subpathStart
            }
        }
        return try Path(elements: elements)
    }

    /// The arc a fraction `f` of the way from `a` to `b`, starting at `from`, by SVG's
    /// endpoint form.
    static func morphedArc(
        _ a: EllipticalArc<SIMD2<Double>>, _ b: EllipticalArc<SIMD2<Double>>, fraction f: Double,
        from: SIMD2<Double>
    ) -> CurveSegment<SIMD2<Double>> {
        let nearer = f < 0.5 ? a : b
        // An ellipse's rotation repeats every π: turn the shorter way.
        var turn = b.rotation - a.rotation
        turn -= Double.pi * (turn / Double.pi).rounded()
        let to = a.end + (b.end - a.end) * f
        let radii = a.radii + (b.radii - a.radii) * f
        return EllipticalArc.svg(
            from: from, to: to, radii: radii, rotation: a.rotation + turn * f, largeArc: nearer.isLargeArc,
            sweep: nearer.sweep > 0)
            ?? .arc(
                EllipticalArc(
                    center: from, firstAxis: .zero, secondAxis: .zero, startAngle: 0, sweep: 0, start: from, end: from))
    }
}
