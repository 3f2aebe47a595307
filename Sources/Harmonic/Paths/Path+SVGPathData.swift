extension Path {
    /// The path as SVG path data: one absolute command per element (`M`, `L`, `Q`, `C`, `Z`),
    /// numbers in their shortest round-trip decimal form (`0.1`, `-2`, `1e-07`).
    ///
    /// Parsing the text with ``init(svgPathData:)`` gives back a path with equal
    /// ``elements``: relative commands, `H`/`V` and the reflected controls of `S`/`T` were
    /// resolved to absolute points when the path was built, and every coordinate is written
    /// exactly. Elements that share a command letter are not merged, so the text is longer
    /// than a hand-written one but reads element by element.
    public var svgPathData: String {
        elements.map(\.description).joined(separator: " ")
    }
}

extension PathElement: CustomStringConvertible {
    /// The element as one absolute SVG path command: `M 10,20`, `L 1.5,2`, `Q 2.5,3 3.5,2`,
    /// `C 0,1 1,1 2,0` (control points first, as SVG orders them), `Z`. Numbers are the
    /// shortest decimals that read back as the same doubles; a non-finite coordinate (which a
    /// ``Path`` refuses) reads `nan` or `inf`, so an error message can show it.
    public var description: String {
        switch self {
        case let .move(to): return "M " + Self.coordinates(to)
        case let .line(to): return "L " + Self.coordinates(to)
        case let .quadCurve(to, control): return "Q " + Self.coordinates(control) + " " + Self.coordinates(to)
        case let .curve(to, control1, control2):
            return "C " + Self.coordinates(control1) + " " + Self.coordinates(control2) + " " + Self.coordinates(to)
        case .closeSubpath: return "Z"
        }
    }

    /// `x,y` in shortest round-trip decimals; integers without a fractional part.
    private static func coordinates(_ point: SIMD2<Double>) -> String {
        number(point.x) + "," + number(point.y)
    }

    private static func number(_ value: Double) -> String {
        // Swift's description is the shortest decimal that reads back as the same double;
        // the SVG number grammar accepts its exponent form (`1e-07`).
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
