import Harmonic
import HarmonicRender

/// Paths as Lottie builds them: subpaths of cubic Bézier segments (lines are cubics with their
/// controls on the ends), open or closed. Affine maps carry them exactly; trimming goes through
/// the library's ``Path`` (exact arc length).
struct LottieGeometry: Sendable, Hashable {
    struct Subpath: Sendable, Hashable {
        var start: SIMD2<Double>
        /// Each segment's first control, second control and end.
        var segments: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)]
        var closed: Bool

        static func == (a: Subpath, b: Subpath) -> Bool {
            a.start == b.start && a.closed == b.closed && a.segments.count == b.segments.count
                && zip(a.segments, b.segments).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(start)
            hasher.combine(segments.count)
        }
    }

    var subpaths: [Subpath] = []

    init(subpaths: [Subpath] = []) { self.subpaths = subpaths }

    init(_ bezier: LottieBezier) {
        guard let first = bezier.vertices.first else { return }
        let n = bezier.vertices.count
        var segments: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)] = []
        for k in 0..<(bezier.closed ? n : n - 1) {
            let next = (k + 1) % n
            segments.append(
                (
                    bezier.vertices[k] + bezier.outTangents[k], bezier.vertices[next] + bezier.inTangents[next],
                    bezier.vertices[next]
                ))
        }
        subpaths = [Subpath(start: first, segments: segments, closed: bezier.closed)]
    }

    func applying(_ t: Transform2D) -> LottieGeometry {
        LottieGeometry(
            subpaths: subpaths.map { s in
                Subpath(
                    start: t.apply(to: s.start),
                    segments: s.segments.map { (t.apply(to: $0.0), t.apply(to: $0.1), t.apply(to: $0.2)) },
                    closed: s.closed)
            })
    }

    /// The same curves traversed backwards (a shape's direction `d` 3).
    var reversed: LottieGeometry {
        LottieGeometry(
            subpaths: subpaths.map { s in
                var points = [s.start] + s.segments.map(\.2)
                var segments: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)] = []
                // Int: segment indices, from the last down to 0.
                for k in stride(from: s.segments.count - 1, through: 0, by: -1) {
                    segments.append((s.segments[k].1, s.segments[k].0, points[k]))
                }
                points.reverse()
                return Subpath(start: points[0], segments: segments, closed: s.closed)
            })
    }

    var isEmpty: Bool { subpaths.allSatisfy { $0.segments.isEmpty } }

    /// The library's path of the same curves (`nil` if its coordinates are beyond what a path
    /// holds).
    var path: Path? {
        var elements: [PathElement] = []
        for s in subpaths {
            elements.append(.move(to: s.start))
            for seg in s.segments { elements.append(.curve(to: seg.2, control1: seg.0, control2: seg.1)) }
            if s.closed { elements.append(.closeSubpath) }
        }
        // Built for one frame and cut at most twice: no lookup table.
        return try? Path(elements: elements, tableRippleTolerance: nil)
    }

    /// The total arc length.
    var length: Double { path?.length ?? 0 }

    /// The parts between arc-length fractions `ranges` (each `0 ≤ from ≤ to ≤ 1`) of `path`,
    /// this geometry's ``path`` built once by the caller, as open subpaths (a trimmed closed path
    /// no longer closes).
    func trimmed(_ ranges: [(Double, Double)], on path: Path?) -> LottieGeometry {
        if ranges.count == 1, ranges[0].0 <= 0, ranges[0].1 >= 1 { return self }
        guard let path, path.length > 0 else { return LottieGeometry() }
        var out = LottieGeometry()
        for (from, to) in ranges where to > from {
            out.subpaths += LottieGeometry(elements: path.trimmedElements(from: from, to: to)).subpaths
        }
        return out
    }

    /// Reads path elements back (moves, lines and cubics; a quadratic is raised to a cubic).
    init(elements: [PathElement]) {
        var current: Subpath? = nil
        var last = SIMD2<Double>.zero
        for e in elements {
            switch e {
            case let .move(p):
                if let current { subpaths.append(current) }
                current = Subpath(start: p, segments: [], closed: false)
                last = p
            case let .line(p):
                current?.segments.append((last, p, p))
                last = p
            case let .quadCurve(p, c):
                current?.segments.append((last + (c - last) * (2.0 / 3), p + (c - p) * (2.0 / 3), p))
                last = p
            case let .curve(p, c1, c2):
                current?.segments.append((c1, c2, p))
                last = p
            case .closeSubpath:
                current?.closed = true
            case .arc:
                // Lottie geometry has no elliptical arcs, and trimming keeps segment kinds.
                break
            }
        }
        if let current { subpaths.append(current) }
    }

    /// SVG path data.
    var svgPathData: String {
        var out = ""
        func point(_ p: SIMD2<Double>) -> String { SVGMarkup.number(p.x) + " " + SVGMarkup.number(p.y) }
        for s in subpaths {
            out += (out.isEmpty ? "" : " ") + "M" + point(s.start)
            for seg in s.segments { out += " C" + point(seg.0) + " " + point(seg.1) + " " + point(seg.2) }
            if s.closed { out += " Z" }
        }
        return out
    }
}
