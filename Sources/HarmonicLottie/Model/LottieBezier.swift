import Harmonic
import HarmonicJSON

/// A Lottie Bézier shape (`{"v", "i", "o", "c"}`): vertices, each with an in tangent and an out
/// tangent relative to it, open or closed. Segment `k` runs from `vₖ` through `vₖ + oₖ` and
/// `vₖ₊₁ + iₖ₊₁` to `vₖ₊₁`; a closed shape adds the segment from the last vertex to the first.
///
/// Animated shapes interpolate vertex by vertex, so a shape is animated as the flat vector
/// `[v₀x, v₀y, i₀x, i₀y, o₀x, o₀y, v₁x, …]` (``flattened``); keyframes with different vertex
/// counts are refused.
///
/// Source: the Lottie format, "Bezier" (lottie.github.io/lottie-spec).
struct LottieBezier: Sendable, Hashable {
    var vertices: [SIMD2<Double>]
    var inTangents: [SIMD2<Double>]
    var outTangents: [SIMD2<Double>]
    var closed: Bool

    /// Upper bound on the vertices of one shape.
    static let maximumVertices = 100_000

    var flattened: AnimatableVector {
        var out: [Double] = []
        out.reserveCapacity(vertices.count * 6)
        for k in vertices.indices {
            out += [vertices[k].x, vertices[k].y, inTangents[k].x, inTangents[k].y, outTangents[k].x, outTangents[k].y]
        }
        return AnimatableVector(out)
    }

    init(vertices: [SIMD2<Double>], inTangents: [SIMD2<Double>], outTangents: [SIMD2<Double>], closed: Bool) {
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
        self.closed = closed
    }

    init(flattened v: AnimatableVector, closed: Bool) {
        let n = v.count / 6
        vertices = (0..<n).map { SIMD2(v[6 * $0], v[6 * $0 + 1]) }
        inTangents = (0..<n).map { SIMD2(v[6 * $0 + 2], v[6 * $0 + 3]) }
        outTangents = (0..<n).map { SIMD2(v[6 * $0 + 4], v[6 * $0 + 5]) }
        self.closed = closed
    }

    /// Reads one shape value; keyframed shapes often wrap it in a one-element array.
    init(_ json: JSONValue, path: String) throws(HarmonicError) {
        var json = json
        if case let .array(items) = json, items.count == 1, case .object = items[0] { json = items[0] }
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a Bézier shape {v, i, o, c}")
        }
        func points(_ key: String) throws(HarmonicError) -> [SIMD2<Double>] {
            guard case let .array(items)? = m[key] else {
                throw .invalidParameter(
                    name: "\(path).\(key)", value: m[key]?.summary ?? "missing", allowed: "a list of points")
            }
            guard items.count <= Self.maximumVertices else {
                throw .invalidParameter(
                    name: "\(path).\(key)", value: "\(items.count) points", allowed: "at most \(Self.maximumVertices)")
            }
            var out: [SIMD2<Double>] = []
            out.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                let v = try LottieProperty.numbers(item, "\(path).\(key)[\(k)]")
                guard v.count >= 2 else {
                    throw .invalidParameter(
                        name: "\(path).\(key)[\(k)]", value: item.summary, allowed: "a point [x, y]")
                }
                out.append(SIMD2(v[0], v[1]))
            }
            return out
        }
        vertices = try points("v")
        inTangents = try points("i")
        outTangents = try points("o")
        guard inTangents.count == vertices.count, outTangents.count == vertices.count else {
            throw .invalidParameter(
                name: path,
                value: "\(vertices.count) vertices, \(inTangents.count) in and \(outTangents.count) out tangents",
                allowed: "one in and one out tangent per vertex")
        }
        if case let .bool(c)? = m["c"] { closed = c } else { closed = false }
    }

    /// The shape's segments as path elements under `transform` (affine maps carry Béziers to
    /// Béziers exactly).
    func elements(_ transform: Transform2D = .identity) -> [PathElement] {
        guard let first = vertices.first else { return [] }
        let map = { (p: SIMD2<Double>) in transform.apply(to: p) }
        var out: [PathElement] = [.move(to: map(first))]
        let n = vertices.count
        let segments = closed ? n : n - 1
        for k in 0..<max(segments, 0) {
            let next = (k + 1) % n
            out.append(
                .curve(
                    to: map(vertices[next]), control1: map(vertices[k] + outTangents[k]),
                    control2: map(vertices[next] + inTangents[next])))
        }
        if closed { out.append(.closeSubpath) }
        return out
    }
}
