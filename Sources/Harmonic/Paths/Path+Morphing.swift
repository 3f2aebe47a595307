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

    /// The path a fraction `f` of the way to `target`, element by element (through
    /// ``PathCoordinates``): every point and control point moves on a straight line,
    /// `p + f·(q − p)`. An arc morphs as SVG's `A` command does under SMIL path animation: its
    /// end point and radii change linearly, its rotation turns the shorter way, and the arc is
    /// rebuilt from the current point by SVG 1.1 F.6, with the large-arc and sweep flags of the
    /// nearer path (the first below `f = 0.5`); an arc that passes through zero radius is a
    /// line for that moment, and one whose ends meet is a point.
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
        try PathCoordinates(self).interpolated(to: PathCoordinates(target), fraction: f).path()
    }
}
