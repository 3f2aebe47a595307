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
        do {
            let reparsed = try Path(svgPathData: written)
            let hasArcs = path.elements.contains { if case .arc = $0 { true } else { false } }
            if hasArcs {
                // Rounding in a reconstructed centre moves points by about ε times the
                // coordinates' size (an arc's radius can exceed its length by far). An ellipse
                // whose axes differ by more than 1e6 is ill-conditioned in SVG's endpoint form
                // (a rounded end point moves it by more than its minor radius times 1e-9), so
                // only its end point is compared.
                let scale = path.elements.flatMap(\.coordinateMagnitudes).max() ?? 0
                let tolerance = 1e-9 * Swift.max(path.length, scale)
                let eccentric = path.elements.contains {
                    guard case let .arc(a) = $0 else { return false }
                    return !(a.radii.min() * 1e6 >= a.radii.max())
                }
                ContractCheck.require(
                    eccentric || abs(reparsed.length - path.length) <= tolerance,
                    "\(text) → \(written) has length \(reparsed.length), not \(path.length)")
                ContractCheck.require(
                    reparsed.keyframePoints.last == path.keyframePoints.last, "\(text) → \(written) ends elsewhere")
            } else {
                ContractCheck.require(reparsed.elements == path.elements, "\(text) → \(written) parses to other elements")
            }
        } catch {
            ContractCheck.require(false, "\(text) → \(written), which does not parse: \(error)")
        }
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
