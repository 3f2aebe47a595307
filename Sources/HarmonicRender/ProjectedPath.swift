import Harmonic

/// A path of a layer's own space as SVG path data in the picture's space, through the
/// layer's transform to the root space (a ``/Harmonic/Transform3D``, row vectors).
///
/// A point `(x, y)` of the layer's plane `z = 0` goes to `(x, y, 0, 1)·M`, then the
/// homogeneous divide. When `m14 = m24 = 0` the divisor is the constant `m44` and the map of
/// the plane is affine: the path's own data is written with an SVG `matrix(a b c d e f)`
/// transform, exactly (lines, Béziers and arcs stay what they are under affine maps). Otherwise
/// (perspective) it is projective: straight lines stay straight, so line segments map to
/// their projected end points exactly, but curves do not stay curves of their kind, so each
/// curve is cut into chords, halving parameter intervals until the projected midpoint of
/// every interval is within `tolerance` of its chord's midpoint (at most 2¹² chords a
/// segment). A point at or behind the eye (`w ≤ 0`) cannot be drawn: the path is refused
/// rather than drawn wrong.
struct ProjectedPath {
    /// The SVG path data, in the layer's space when ``matrix`` is set, else in the picture's.
    var data: String
    /// `matrix(a b c d e f)` for an affine map, `nil` when the points were projected.
    var matrix: String?
    /// How much the map scales lengths (the square root of the absolute determinant of its
    /// linear part at the layer's origin), for stroke widths of projected paths.
    var scale: Double

    /// Whether a transform maps the layer's plane affinely (no perspective divide varies
    /// across it).
    static func isAffine(_ m: Transform3D) -> Bool { m[0, 3] == 0 && m[1, 3] == 0 && m[3, 3] != 0 }

    /// `matrix(a b c d e f)` of an affine `m`, or `nil` when it has perspective or is
    /// singular on the plane.
    static func affineMatrix(_ m: Transform3D) -> String? {
        guard isAffine(m), affineDeterminant(m) != 0, affineDeterminant(m).isFinite else { return nil }
        let w = m[3, 3]
        let entries = [m[0, 0], m[0, 1], m[1, 0], m[1, 1], m[3, 0], m[3, 1]].map { $0 / w }
        return "matrix(" + entries.map(SVGMarkup.number).joined(separator: " ") + ")"
    }

    /// The determinant of an affine map's linear part on the plane, `(m11·m22 − m12·m21)/m44²`:
    /// how it scales areas.
    static func affineDeterminant(_ m: Transform3D) -> Double {
        (m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]) / (m[3, 3] * m[3, 3])
    }

    /// The path through `m`; `nil` when the plane is seen edge-on (a singular map) or part of
    /// the path is behind the eye.
    init?(_ path: Path, through m: Transform3D, tolerance: Double) {
        if Self.isAffine(m) {
            guard let affine = Self.affineMatrix(m) else { return nil }
            data = path.svgPathData
            matrix = affine
            scale = abs(Self.affineDeterminant(m)).squareRoot()
            return
        }
        var out: [String] = []
        var current = SIMD2<Double>.zero
        var start = SIMD2<Double>.zero
        func project(_ p: SIMD2<Double>) -> SIMD2<Double>? {
            let x = p.x * m[0, 0] + p.y * m[1, 0] + m[3, 0]
            let y = p.x * m[0, 1] + p.y * m[1, 1] + m[3, 1]
            let w = p.x * m[0, 3] + p.y * m[1, 3] + m[3, 3]
            guard w > 0 else { return nil }
            return SIMD2(x / w, y / w)
        }
        func point(_ p: SIMD2<Double>) -> String { SVGMarkup.number(p.x) + "," + SVGMarkup.number(p.y) }
        func chords(_ segment: CurveSegment<SIMD2<Double>>) -> Bool {
            guard let a = project(segment.start), let b = project(segment.end) else { return false }
            var pending = [(0.0, 1.0, a, b, 0)]
            var ends: [SIMD2<Double>] = []
            while let (t0, t1, p0, p1, depth) = pending.popLast() {
                let tm = (t0 + t1) / 2
                guard let pm = project(segment.point(at: tm)) else { return false }
                let gap = pm - (p0 + p1) / 2
                if depth >= 12 || (gap * gap).sum() <= tolerance * tolerance {
                    ends.append(p1)
                } else {
                    // Last in, first out: the second half waits under the first.
                    pending.append((tm, t1, pm, p1, depth + 1))
                    pending.append((t0, tm, p0, pm, depth + 1))
                }
            }
            out += ends.map { "L " + point($0) }
            return true
        }
        for element in path.elements {
            switch element {
            case let .move(to):
                guard let p = project(to) else { return nil }
                out.append("M " + point(p))
                current = to
                start = to
            case let .line(to):
                guard let p = project(to) else { return nil }
                out.append("L " + point(p))
                current = to
            case let .quadCurve(to, control):
                guard chords(.quadratic(current, control, to)) else { return nil }
                current = to
            case let .curve(to, control1, control2):
                guard chords(.cubic(current, control1, control2, to)) else { return nil }
                current = to
            case let .arc(arc):
                guard chords(.arc(arc)) else { return nil }
                current = arc.end
            case .closeSubpath:
                out.append("Z")
                current = start
            }
        }
        data = out.joined(separator: " ")
        matrix = nil
        // The local scale at the layer's origin: the Jacobian of the projection there.
        let w = m[3, 3], x = m[3, 0], y = m[3, 1]
        let j00 = (m[0, 0] * w - x * m[0, 3]) / (w * w), j01 = (m[0, 1] * w - y * m[0, 3]) / (w * w)
        let j10 = (m[1, 0] * w - x * m[1, 3]) / (w * w), j11 = (m[1, 1] * w - y * m[1, 3]) / (w * w)
        scale = abs(j00 * j11 - j01 * j10).squareRoot()
    }

    /// The `d` and `transform` attributes of an element drawing this path.
    var attributes: [(String, String)] {
        var pairs = [("d", data)]
        if let matrix { pairs.append(("transform", matrix)) }
        return pairs
    }
}
