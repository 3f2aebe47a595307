import Harmonic

/// SVG path data: parses or throws a one-line error; lengths, points and tangents are finite;
/// ``Harmonic/Path/svgPathData`` parses back to equal elements.
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
            ContractCheck.require(reparsed.elements == path.elements, "\(text) → \(written) parses to other elements")
        } catch {
            ContractCheck.require(false, "\(text) → \(written), which does not parse: \(error)")
        }
    }
}

extension Array where Element == Double {
    fileprivate init(_ point: SIMD2<Double>) { self = [point.x, point.y] }
}
