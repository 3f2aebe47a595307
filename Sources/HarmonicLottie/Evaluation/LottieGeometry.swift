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

    /// SVG path data: `M x y` per subpath, `C x1 y1 x2 y2 x y` per segment, `Z` closing,
    /// numbers as ``/HarmonicRender/SVGMarkup/number(_:)`` writes them, separated by spaces.
    var svgPathData: String {
        let segments = subpaths.reduce(0) { $0 + $1.segments.count }
        // Each number at most `maximumLength` bytes and a separator; a subpath's "M", its closing
        // " Z" and the space before it, and a segment's " C" fit in four bytes each.
        let capacity =
            (2 * subpaths.count + 6 * segments) * (NumberText.maximumLength + 1)
            + 4 * (subpaths.count + segments)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            var n = 0
            func byte(_ b: UInt8) {
                out[n] = b
                n += 1
            }
            func point(_ p: SIMD2<Double>) {
                n += SVGMarkup.write(p.x, to: out + n)
                byte(0x20)
                n += SVGMarkup.write(p.y, to: out + n)
            }
            for s in subpaths {
                if n > 0 { byte(0x20) }
                byte(UInt8(ascii: "M"))
                point(s.start)
                for (c1, c2, p) in s.segments {
                    byte(0x20)
                    byte(UInt8(ascii: "C"))
                    point(c1)
                    byte(0x20)
                    point(c2)
                    byte(0x20)
                    point(p)
                }
                if s.closed {
                    byte(0x20)
                    byte(UInt8(ascii: "Z"))
                }
            }
            return n
        }
    }
}

extension LottieGeometry {
    /// The geometry with its sharp corners rounded (After Effects' Round Corners, the Lottie
    /// shape `rd`): a vertex whose in and out tangents are both zero — but not the two ends of an
    /// open subpath — becomes two vertices, moved from the corner towards its neighbours by
    /// `min(radius, d/2)` along each side (`d` that side's length, so that two roundings never
    /// overlap), joined by a cubic whose controls lie `κ = 0.5519` of the way back to the corner
    /// (a quarter circle's constant where the sides are square). Other vertices are kept.
    ///
    /// Source: the Lottie format, "Rounded Corners" (lottie.github.io/lottie-spec), and the
    /// reference player's rule (lottie-web's round-corners modifier, which this follows).
    ///
    /// A radius of 0 or less rounds nothing; with `keepingVertices` it rounds by 0 instead — each
    /// sharp vertex two coincident ones joined by a cubic of no length, the same picture — so
    /// that a radius moving through 0 keeps the path's elements (what the engine's path needs).
    func roundingCorners(radius given: Double, keepingVertices: Bool = false) -> LottieGeometry {
        let radius = keepingVertices ? max(given, 0) : given
        guard radius > 0 || keepingVertices else { return self }
        let kappa = 0.5519
        return LottieGeometry(
            subpaths: subpaths.map { s in
                let vertices = Self.corners(of: s)
                let n = vertices.count
                guard n >= 2 else { return s }
                var rounded: [Corner] = []
                for k in 0..<n {
                    let (v, _, _) = vertices[k]
                    guard Self.isSharp(k, of: vertices, closed: s.closed) else {
                        rounded.append(vertices[k])
                        continue
                    }
                    func toward(_ neighbour: SIMD2<Double>) -> SIMD2<Double> {
                        let d = neighbour - v
                        let length = (d * d).sum().squareRoot()
                        return length > 0 ? v + d * (min(radius, length / 2) / length) : v
                    }
                    let a = toward(vertices[(k + n - 1) % n].v), b = toward(vertices[(k + 1) % n].v)
                    rounded.append((a, a, a + (v - a) * kappa))
                    rounded.append((b, b + (v - b) * kappa, b))
                }
                var out: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)] = []
                let m = rounded.count
                for k in 0..<(s.closed ? m : m - 1) {
                    let next = rounded[(k + 1) % m]
                    out.append((rounded[k].out, next.into, next.v))
                }
                return Subpath(start: rounded[0].v, segments: out, closed: s.closed)
            })
    }

    /// The side lengths ``roundingCorners(radius:)`` measures: for every sharp vertex, its
    /// distance to each neighbouring vertex. Rounding by `r` moves each such vertex by
    /// `min(r, d/2)`, so a rounding is affine in `r` between the levels `d/2`.
    var cornerSides: [Double] {
        subpaths.flatMap { s -> [Double] in
            let vertices = Self.corners(of: s)
            let n = vertices.count
            guard n >= 2 else { return [] }
            return (0..<n).filter { Self.isSharp($0, of: vertices, closed: s.closed) }.flatMap { k in
                [vertices[(k + n - 1) % n].v, vertices[(k + 1) % n].v].map { neighbour in
                    let d = neighbour - vertices[k].v
                    return (d * d).sum().squareRoot()
                }
            }
        }
    }

    /// A vertex with its in and out control points (absolute).
    private typealias Corner = (v: SIMD2<Double>, into: SIMD2<Double>, out: SIMD2<Double>)

    /// A subpath's vertices with their control points; a closed subpath whose last segment does
    /// not come back closes with a line.
    private static func corners(of s: Subpath) -> [Corner] {
        var segments = s.segments
        if s.closed, let last = segments.last?.2, last != s.start { segments.append((last, s.start, s.start)) }
        let n = s.closed ? segments.count : segments.count + 1
        var vertices: [Corner] = []
        for k in 0..<n {
            let v = k == 0 ? s.start : segments[k - 1].2
            let into = k > 0 ? segments[k - 1].1 : s.closed ? segments[segments.count - 1].1 : v
            let out = k < segments.count ? segments[k].0 : v
            vertices.append((v, into, out))
        }
        return vertices
    }

    /// Whether vertex `k` is a corner rounding cuts: both control points on it, and not an end
    /// of an open subpath.
    private static func isSharp(_ k: Int, of vertices: [Corner], closed: Bool) -> Bool {
        let (v, into, out) = vertices[k]
        let isEnd = !closed && (k == 0 || k == vertices.count - 1)
        return into == v && out == v && !isEnd
    }
}

extension LottieGeometry {
    /// The geometry as path coordinates (``/Harmonic/PathCoordinates``: move 1, cubic 4, close 6
    /// with their arguments), the form an engine's path property stores and interpolates.
    var pathCoordinates: [Double] {
        var numbers: [Double] = []
        for s in subpaths {
            numbers += [1, s.start.x, s.start.y]
            for (c1, c2, p) in s.segments { numbers += [4, c1.x, c1.y, c2.x, c2.y, p.x, p.y] }
            if s.closed { numbers.append(6) }
        }
        return numbers
    }
}
