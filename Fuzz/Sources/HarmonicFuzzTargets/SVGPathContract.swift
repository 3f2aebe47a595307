import Harmonic

/// SVG path data: parses or throws a one-line error; lengths, points and tangents are finite;
/// ``Harmonic/Path/svgPathData`` parses back to equal elements — or, for a path with arcs
/// (whose centre SVG's endpoint form cannot hold exactly), to a path of the same length and
/// end point.
enum SVGPathContract {
    static func check(_ text: String) {
        let path: Path
        do {
            path = try Path(svgPathData: text)
        } catch {
            ContractCheck.requireOneLine(error, context: "svg path")
            return
        }
        ContractCheck.require(path.length.isFinite && path.length >= 0, "length \(path.length)")
        for fraction in [0, 0.25, 0.5, 0.75, 1] {
            let s = path.length * fraction
            for method in [ArcLengthMethod.exact, .table] {
                let location = path.location(atLength: s, method: method)
                ContractCheck.requireFinite(Array(path.point(at: location)), "point at length \(s)")
                ContractCheck.requireFinite(Array(path.tangent(at: location)), "tangent at length \(s)")
            }
        }
        let written = path.svgPathData
        // An ellipse whose axes differ by more than 1e6 is ill-conditioned in SVG's endpoint
        // form: rounding a written end point moves the ellipse read back by more than 1e-9 of
        // its minor radius, and past a ratio of about 1e15 by more than the whole minor radius,
        // so that the text may not even parse (radii scaled past the coordinate limit). For
        // such paths only a path that parses is checked, and only for its end point.
        let eccentric = path.elements.contains {
            guard case let .arc(a) = $0 else { return false }
            return !(a.radii.min() * 1e6 >= a.radii.max())
        }
        let reparsed: Path
        do {
            reparsed = try Path(svgPathData: written)
        } catch {
            ContractCheck.require(eccentric, "\(text) → \(written), which does not parse: \(error)")
            return
        }
        let hasArcs = path.elements.contains { if case .arc = $0 { true } else { false } }
        guard hasArcs else {
            ContractCheck.require(reparsed.elements == path.elements, "\(text) → \(written) parses to other elements")
            return
        }
        // Rounding in a reconstructed centre moves points by about ε times the coordinates'
        // size (an arc's radius can exceed its length by far).
        let scale = path.elements.flatMap(\.coordinateMagnitudes).max() ?? 0
        let tolerance = 1e-9 * Swift.max(path.length, scale)
        ContractCheck.require(
            eccentric || abs(reparsed.length - path.length) <= tolerance,
            "\(text) → \(written) has length \(reparsed.length), not \(path.length)")
        ContractCheck.require(
            reparsed.keyframePoints.last == path.keyframePoints.last, "\(text) → \(written) ends elsewhere")
    }
}

extension PathElement {
    /// The magnitudes of the element's coordinates and radii.
    fileprivate var coordinateMagnitudes: [Double] {
        switch self {
        case let .move(p), let .line(p): return [p.x, p.y].map(abs)
        case let .quadCurve(p, c): return [p.x, p.y, c.x, c.y].map(abs)
        case let .curve(p, c1, c2): return [p.x, p.y, c1.x, c1.y, c2.x, c2.y].map(abs)
        case .closeSubpath: return []
        case let .arc(a): return [a.center.x, a.center.y, a.radii.x, a.radii.y].map(abs)
        }
    }
}

extension Array where Element == Double {
    fileprivate init(_ point: SIMD2<Double>) { self = [point.x, point.y] }
}
