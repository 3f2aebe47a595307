extension Path {
    /// The path as SVG path data: one absolute command per element (`M`, `L`, `Q`, `C`, `A`,
    /// `Z`), numbers in their shortest round-trip decimal form (`0.1`, `-2`, `1e-07`).
    ///
    /// Without arcs, parsing the text with ``init(svgPathData:)`` gives back a path with equal
    /// ``elements``: relative commands, `H`/`V` and the reflected controls of `S`/`T` were
    /// resolved to absolute points when the path was built, and every coordinate is written
    /// exactly. Elements that share a command letter are not merged, so the text is longer
    /// than a hand-written one but reads element by element.
    ///
    /// An arc is written in SVG's endpoint form, which cannot hold the centre exactly: it reads
    /// back as the same ellipse to rounding (about `1e-15` of its size, for axes in a ratio
    /// below about 1e6), with the same end points, but not bit for bit (see
    /// ``PathElement/description``).
    public var svgPathData: String {
        elements.map(\.description).joined(separator: " ")
    }
}

extension PathElement: CustomStringConvertible {
    /// The element as one absolute SVG path command: `M 10,20`, `L 1.5,2`, `Q 2.5,3 3.5,2`,
    /// `C 0,1 1,1 2,0` (control points first, as SVG orders them), `Z`. Numbers are the
    /// shortest decimals that read back as the same doubles; a non-finite coordinate (which a
    /// ``Path`` refuses) reads `nan` or `inf`, so an error message can show it.
    ///
    /// An arc is `A rx,ry φ large-arc sweep x,y` (φ in degrees). One command cannot draw a full
    /// turn (its end points would coincide), and near half a turn SVG's centre is
    /// ill-conditioned (it moves by `√ε` of the radius); an arc within 0.2π of either is
    /// written as equal pieces of at most 0.8π, each one `A` command ending on the ellipse.
    /// The pieces' inner end points are rounded to doubles: on an ellipse so eccentric that
    /// those roundings exceed its minor radius (axes in a ratio beyond about 1e15), the pieces
    /// read back as a visibly different ellipse, or, with radii scaled past
    /// ``Path/maximumCoordinateMagnitude``, not at all.
    public var description: String {
        switch self {
        case let .move(to): return "M " + Self.coordinates(to)
        case let .line(to): return "L " + Self.coordinates(to)
        case let .quadCurve(to, control): return "Q " + Self.coordinates(control) + " " + Self.coordinates(to)
        case let .curve(to, control1, control2):
            return "C " + Self.coordinates(control1) + " " + Self.coordinates(control2) + " " + Self.coordinates(to)
        case .closeSubpath: return "Z"
        case let .arc(arc): return Self.svgArcCommands(arc)
        }
    }

    /// `A` commands for an arc. SVG's endpoint form fixes the centre well when the arc's sweep
    /// `Δ` is away from half a turn and a whole turn (the half-chord on the unit circle,
    /// `sin(Δ/2)`, is then away from 1 and from 0); there one command keeps the exact end
    /// points. Other arcs are cut into the fewest equal pieces of at most 0.8π.
    private static func svgArcCommands(_ arc: EllipticalArc<SIMD2<Double>>) -> String {
        let sweep = abs(arc.sweep)
        let wellConditioned = sweep <= 0.8 * Double.pi || (sweep >= 1.2 * Double.pi && sweep <= 1.8 * Double.pi)
        let count = wellConditioned ? 1 : (sweep / (0.8 * Double.pi)).rounded(.up)
        guard count <= Double(Path.maximumArcTurns * 3) else {
            // Only for an error message: a ``Path`` refuses such an arc.
            return "A sweep " + number(arc.sweep) + " about " + coordinates(arc.center)
        }
        // Int: 1 ≤ count ≤ 3·maximumArcTurns by the guard above (NaN fails it).
        let pieces = Swift.max(1, Int(count))
        let radii = arc.radii
        let degrees = arc.rotation * (180 / Double.pi)
        let large = sweep / Double(pieces) > Double.pi ? "1" : "0"
        let sweepFlag = arc.sweep > 0 ? "1" : "0"
        return (1...pieces).map { k in
            let end = k == pieces ? arc.end : arc.point(at: Double(k) / Double(pieces))
            return "A " + coordinates(radii) + " " + number(degrees) + " " + large + " " + sweepFlag + " "
                + coordinates(end)
        }.joined(separator: " ")
    }

    /// `x,y` in shortest round-trip decimals; integers without a fractional part.
    private static func coordinates(_ point: SIMD2<Double>) -> String {
        number(point.x) + "," + number(point.y)
    }

    private static func number(_ value: Double) -> String {
        // Swift's description is the shortest decimal that reads back as the same double;
        // the SVG number grammar accepts its exponent form (`1e-07`).
        // Int: a whole number below 1e15 in magnitude (NaN fails the first test).
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
