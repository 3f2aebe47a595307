#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Harmonic

/// Evaluates a shape list at one layer time: builds each geometry item's path, applies trims to
/// the paths before them (nested groups' included), and collects every fill and stroke with
/// the paths it paints, in the file's order (topmost first).
///
/// Paths live in their own group's coordinates with a transform to the layer's; a paint is
/// drawn in the coordinates of the group that holds it (so a stroke's width scales with that
/// group), the paths of nested groups carried into them.
struct LottieShapeEvaluator {
    let time: Double
    /// Whether trims cut the paths (the engine draws an animated trim as a stroke's
    /// `strokeStart` and `strokeEnd` on the uncut path).
    var appliesTrims = true
    /// Whether each repeater makes the most copies it ever has, whatever its count at `time`
    /// (the engine numbers paints the same at every time and shows each copy while it exists);
    /// the copies past the count give the paints after the repeater no path.
    var makesMostCopies = false
    /// Whether a rectangle that is rounded at some time draws its eight vertices at every time,
    /// its corner arcs of no length where the radius is 0 (the same outline as the four
    /// corners), and a moving Round Corners radius likewise rounds by 0 where it reaches 0: the
    /// engine animates one path whose vertices keep their count.
    var keepsRoundedVertices = false
    /// A number of points every star and polygon takes instead of its own (the engine draws a
    /// star whose count moves once per count).
    var polystarPoints: Double? = nil

    /// Bézier circle constant: a quarter circle as one cubic with controls at `κ·r`,
    /// `κ = 4(√2 − 1)/3`, whose radius error is at most 2.7e-4 of `r`.
    static let kappa = 4 * (2.0.squareRoot() - 1) / 3

    private struct StoredPath {
        var geometry: LottieGeometry
        /// Path coordinates → layer coordinates.
        var toLayer: Transform2D
        /// The fixed item whose uncut path this still is (its path measured when the file was
        /// read); `nil` once cut or rounded, or for a path built at this time.
        var fixed: LottieFixedPath? = nil
        /// The depth of the outermost group the path is gathered into: 0 (every group around
        /// it) unless it belongs to a repeater's copy made past the count, which paints and
        /// cuts its own paths but gives none to the groups around the repeater.
        var outermost = 0
    }

    /// A group's paths so far: those stored from `first` on whose ``StoredPath/outermost``
    /// group is no deeper than the group's `depth` — the paths of its own items and of its
    /// nested groups, in the file's order.
    private struct Gathered {
        var first: Int
        var depth: Int
    }

    /// Where a paint applies: its paths, and its group's transform and opacity.
    private struct Paint {
        var paths: Gathered
        /// The end of the stored paths when the paint was met (later ones are not its).
        var end: Int
        var toLayer: Transform2D
        var opacity: Double
    }

    private struct State {
        var paths: [StoredPath] = []
        var paints: [Paint] = []
        /// Each paint's shape, its geometry filled in when every path is final
        /// (``finish(_:_:)``): built where it is met and completed in place, never copied.
        var shapes: [LottieFrame.Shape] = []

        init() {
            // Most shape lists hold a few paths and paints: one allocation each, not a regrowth.
            paths.reserveCapacity(4)
            paints.reserveCapacity(4)
            shapes.reserveCapacity(4)
        }

        /// The indices of `group`'s paths among the first `end` stored.
        func indices(_ group: Gathered, end: Int) -> some Sequence<Int> {
            (group.first..<end).lazy.filter { paths[$0].outermost <= group.depth }
        }

        mutating func add(_ shape: LottieFrame.Shape, _ paint: Paint) {
            shapes.append(shape)
            paints.append(paint)
        }
    }

    /// The painted shapes, topmost first.
    func paint(_ items: [LottieShape]) -> [LottieFrame.Shape] {
        var state = State()
        walk(items, toLayer: .identity, opacity: 1, depth: 0, state: &state)
        // The shapes that paint something, moved down over those that do not.
        var kept = 0
        for k in state.shapes.indices where finish(k, &state) {
            if kept != k { state.shapes.swapAt(kept, k) }
            kept += 1
        }
        state.shapes.removeLast(state.shapes.count - kept)
        return state.shapes
    }

    /// Every fill and stroke in the file's order (topmost first), `nil` where it paints
    /// nothing: the same count and order at every time — with ``makesMostCopies``, where a
    /// repeater's count moves — so that a paint can be followed.
    func paints(_ items: [LottieShape]) -> [LottieFrame.Shape?] {
        var state = State()
        walk(items, toLayer: .identity, opacity: 1, depth: 0, state: &state)
        return state.shapes.indices.map { finish($0, &state) ? state.shapes[$0] : nil }
    }

    /// Completes paint `k`'s shape: its paths gathered into its group's space. Returns whether
    /// it paints anything.
    private func finish(_ k: Int, _ state: inout State) -> Bool {
        let paint = state.paints[k]
        guard let inverse = paint.toLayer.inverted else { return false }  // a group scaled to nothing
        var geometry = LottieGeometry()
        for i in state.indices(paint.paths, end: paint.end) {
            // A path in the paint's own group is already in its space (exactly: no round trip
            // through the inverse); the first one is shared, not copied.
            if state.paths[i].toLayer == paint.toLayer {
                if geometry.isEmpty {
                    geometry = state.paths[i].geometry
                } else {
                    geometry.subpaths += state.paths[i].geometry.subpaths
                }
            } else {
                let toPaint = state.paths[i].toLayer.concatenating(inverse)
                geometry.subpaths += state.paths[i].geometry.applying(toPaint).subpaths
            }
        }
        guard !geometry.isEmpty else { return false }
        if let first = state.shapes[k].gradient?.stops.first {
            state.shapes[k].rgb = SIMD3(first[1], first[2], first[3])
        }
        state.shapes[k].geometry = geometry
        state.shapes[k].toLayer = paint.toLayer
        state.shapes[k].opacity *= paint.opacity
        return true
    }

    /// One group, `depth` groups (and repeater copies) deep: stores its paths (nested groups'
    /// included) and its paints in order.
    private func walk(
        _ items: [LottieShape], toLayer: Transform2D, opacity: Double, depth: Int, state: inout State
    ) {
        let mine = Gathered(first: state.paths.count, depth: depth)
        for item in items {
            switch item {
            case let .group(children, transform):
                let inner = transform.matrix(at: time).concatenating(toLayer)
                walk(
                    children, toLayer: inner, opacity: opacity * transform.opacityValue(at: time), depth: depth + 1,
                    state: &state)
            case let .repeated(children, repeater):
                // Copies walked top first, so that their paints come out in drawing order.
                let count = repeater.count(at: time)
                for copy in repeater.copies(at: time, count: makesMostCopies ? repeater.mostCopies : nil).reversed() {
                    let first = state.paths.count
                    walk(
                        children, toLayer: copy.transform.concatenating(toLayer), opacity: opacity * copy.opacity,
                        depth: depth + 1, state: &state)
                    // A copy made past the count only to number the paints alike gives the
                    // paints after it no path.
                    if Double(copy.index) >= count {
                        for i in first..<state.paths.count {
                            state.paths[i].outermost = max(state.paths[i].outermost, depth + 1)
                        }
                    }
                }
            case let .fixed(fixed):
                state.paths.append(StoredPath(geometry: fixed.geometry, toLayer: toLayer, fixed: fixed))
            case .path, .rectangle, .ellipse, .polystar:
                guard let geometry = geometry(item) else { continue }
                state.paths.append(StoredPath(geometry: geometry, toLayer: toLayer))
            case let .fill(fill):
                var shape = LottieFrame.Shape(
                    geometry: LottieGeometry(), toLayer: .identity, paint: "fill", rgb: Self.rgb(fill.color, time),
                    opacity: Self.fraction(fill.opacity, time), fillRule: fill.evenOdd ? "evenodd" : "nonzero")
                shape.gradient = fill.gradient?.evaluate(at: time)
                state.add(shape, Paint(paths: mine, end: state.paths.count, toLayer: toLayer, opacity: opacity))
            case let .stroke(stroke):
                var shape = LottieFrame.Shape(
                    geometry: LottieGeometry(), toLayer: .identity, paint: "stroke", rgb: Self.rgb(stroke.color, time),
                    opacity: Self.fraction(stroke.opacity, time))
                shape.gradient = stroke.gradient?.evaluate(at: time)
                shape.width = max(stroke.width?.scalar(at: time) ?? 1, 0)
                shape.lineCap = stroke.cap
                shape.lineJoin = stroke.join
                shape.miterLimit = stroke.miterLimit
                if !stroke.dashes.isEmpty {
                    let lengths = stroke.dashes.filter { $0.kind != "o" }.map { max($0.length.scalar(at: time), 0) }
                    if !lengths.isEmpty {
                        shape.dashes = lengths
                        shape.dashOffset = stroke.dashes.first { $0.kind == "o" }?.length.scalar(at: time) ?? 0
                    }
                }
                state.add(shape, Paint(paths: mine, end: state.paths.count, toLayer: toLayer, opacity: opacity))
            case let .roundCorners(radius):
                let r = radius?.scalar(at: time) ?? 0
                // A moving radius keeps its vertices through 0 for the engine, as a rounded
                // rectangle does (``keepsRoundedVertices``).
                let keeps = keepsRoundedVertices && radius?.isAnimated == true
                for i in state.indices(mine, end: state.paths.count) {
                    state.paths[i].geometry = state.paths[i].geometry.roundingCorners(radius: r, keepingVertices: keeps)
                    state.paths[i].fixed = nil
                }
            case let .trim(start, end, offset, individually):
                guard appliesTrims else { continue }
                trim(
                    Array(state.indices(mine, end: state.paths.count)), start: (start?.scalar(at: time) ?? 0) / 100,
                    end: (end?.scalar(at: time) ?? 100) / 100, offset: (offset?.scalar(at: time) ?? 0) / 360,
                    individually: individually, state: &state)
            }
        }
    }

    /// Trim paths: the part from `start` to `end` (fractions of the length, swapped when start
    /// is after end), both moved by `offset` turns and wrapped around the end of the path, of
    /// each path on its own (`simultaneous`) or of the paths taken one after another as one
    /// length (`individually`).
    private func trim(
        _ indices: [Int], start: Double, end: Double, offset: Double, individually: Bool, state: inout State
    ) {
        let pieces = Self.trimRanges(start: start, end: end, offset: offset)
        // Each path measured once: its length, and the cuts made on it.
        let paths = indices.map { state.paths[$0].fixed?.measured ?? state.paths[$0].geometry.path }
        for i in indices { state.paths[i].fixed = nil }
        if !individually {
            for (k, i) in indices.enumerated() {
                state.paths[i].geometry = state.paths[i].geometry.trimmed(pieces, on: paths[k])
            }
            return
        }
        let lengths = paths.map { $0?.length ?? 0 }
        let total = lengths.reduce(0, +)
        var before = 0.0
        for (k, i) in indices.enumerated() {
            let length = lengths[k]
            var ranges: [(Double, Double)] = []
            if length > 0 {
                for (a, b) in pieces {
                    // This path covers [before, before + length] of the whole length.
                    let lower = max((a * total - before) / length, 0), upper = min((b * total - before) / length, 1)
                    if upper > lower { ranges.append((lower, upper)) }
                }
            }
            before += length
            state.paths[i].geometry =
                ranges.isEmpty ? LottieGeometry() : state.paths[i].geometry.trimmed(ranges, on: paths[k])
        }
    }

    /// The trim's kept ranges of `[0, 1]` after the offset: one range, two where it wraps
    /// past the end, the whole when it spans a full turn, none when empty.
    static func trimRanges(start: Double, end: Double, offset: Double) -> [(Double, Double)] {
        var s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        if s > e { swap(&s, &e) }
        guard e > s else { return [] }
        if e - s >= 1 { return [(0, 1)] }
        let shift = offset - offset.rounded(.down)
        s += shift
        e += shift
        if s >= 1 {
            s -= 1
            e -= 1
        }
        return e <= 1 ? [(s, e)] : [(s, 1), (0, e - 1)]
    }

    // MARK: Geometry

    func geometry(_ item: LottieShape) -> LottieGeometry? {
        switch item {
        case let .fixed(fixed):
            return fixed.geometry
        case let .path(property, closed, reversed):
            let bezier = LottieBezier(flattened: property.value(at: time), closed: closed)
            return reversed ? LottieGeometry(bezier).reversed : LottieGeometry(bezier)
        case let .rectangle(position, size, roundness, reversed):
            let p = position?.point(at: time) ?? .zero
            let s = size?.point(at: time) ?? .zero
            let rounded = keepsRoundedVertices && (roundness.map { $0.isAnimated || $0.scalar(at: 0) != 0 } ?? false)
            let g = Self.rectangle(center: p, size: s, roundness: roundness?.scalar(at: time) ?? 0, rounded: rounded)
            return reversed ? g.reversed : g
        case let .ellipse(position, size, reversed):
            let p = position?.point(at: time) ?? .zero
            let s = size?.point(at: time) ?? .zero
            let g = Self.ellipse(center: p, size: s)
            return reversed ? g.reversed : g
        case let .polystar(star):
            let g = polystar(star)
            return star.reversed ? g.reversed : g
        default:
            return nil
        }
    }

    /// A rectangle from its top-right corner clockwise on screen (down the right side), corners
    /// rounded by quarter ellipses of radius `min(r, w/2, h/2)`.
    static func rectangle(
        center p: SIMD2<Double>, size s: SIMD2<Double>, roundness: Double, rounded: Bool = false
    ) -> LottieGeometry {
        let hw = abs(s.x) / 2, hh = abs(s.y) / 2
        let r = max(min(roundness, hw, hh), 0)
        let left = p.x - hw, right = p.x + hw, top = p.y - hh, bottom = p.y + hh
        if r == 0, !rounded {
            let corners = [SIMD2(right, top), SIMD2(right, bottom), SIMD2(left, bottom), SIMD2(left, top)]
            return LottieGeometry(
                LottieBezier(
                    vertices: corners, inTangents: Array(repeating: .zero, count: 4),
                    outTangents: Array(repeating: .zero, count: 4), closed: true))
        }
        let k = r * kappa
        // Eight vertices: each side's two ends; corner arcs use the tangents.
        let v: [SIMD2<Double>] = [
            SIMD2(right, top + r), SIMD2(right, bottom - r), SIMD2(right - r, bottom), SIMD2(left + r, bottom),
            SIMD2(left, bottom - r), SIMD2(left, top + r), SIMD2(left + r, top), SIMD2(right - r, top),
        ]
        let out: [SIMD2<Double>] = [
            .zero, SIMD2(0, k), .zero, SIMD2(-k, 0), .zero, SIMD2(0, -k), .zero, SIMD2(k, 0),
        ]
        let inT: [SIMD2<Double>] = [
            SIMD2(0, -k), .zero, SIMD2(k, 0), .zero, SIMD2(0, k), .zero, SIMD2(-k, 0), .zero,
        ]
        return LottieGeometry(LottieBezier(vertices: v, inTangents: inT, outTangents: out, closed: true))
    }

    /// An ellipse from its top point clockwise on screen, four cubic quarters.
    static func ellipse(center p: SIMD2<Double>, size s: SIMD2<Double>) -> LottieGeometry {
        let rx = abs(s.x) / 2, ry = abs(s.y) / 2
        let kx = rx * kappa, ky = ry * kappa
        let v = [SIMD2(p.x, p.y - ry), SIMD2(p.x + rx, p.y), SIMD2(p.x, p.y + ry), SIMD2(p.x - rx, p.y)]
        let out = [SIMD2(kx, 0), SIMD2(0, ky), SIMD2(-kx, 0), SIMD2(0, -ky)]
        return LottieGeometry(LottieBezier(vertices: v, inTangents: out.map { -$0 }, outTangents: out, closed: true))
    }

    /// Upper bound on a star's or polygon's points.
    static let maximumPolystarPoints = 10_000.0

    /// A star or polygon: vertices on circles around the centre from the top (−90° plus the
    /// rotation) clockwise; roundness gives each vertex tangents perpendicular to its radius,
    /// of length `roundness × 2πr / (4n)` for `n` vertices.
    private func polystar(_ star: LottiePolystar) -> LottieGeometry {
        let given = polystarPoints ?? star.points?.scalar(at: time) ?? 5
        let count = min(max(given.rounded(.down), 0), Self.maximumPolystarPoints)
        guard count >= 1 else { return LottieGeometry() }
        let p = star.position?.point(at: time) ?? .zero
        let outer = star.outerRadius?.scalar(at: time) ?? 0
        let inner = star.innerRadius?.scalar(at: time) ?? 0
        let outerRound = (star.outerRoundness?.scalar(at: time) ?? 0) / 100
        let innerRound = (star.innerRoundness?.scalar(at: time) ?? 0) / 100
        // Int: at most maximumPolystarPoints.
        let vertices = star.isStar ? 2 * Int(count) : Int(count)
        let step = 2 * Double.pi / Double(vertices)
        var angle = -Double.pi / 2 + (star.rotation?.scalar(at: time) ?? 0) * .pi / 180
        var v: [SIMD2<Double>] = [], inT: [SIMD2<Double>] = [], outT: [SIMD2<Double>] = []
        for i in 0..<vertices {
            let isOuter = !star.isStar || i % 2 == 0
            let radius = isOuter ? outer : inner
            let roundness = isOuter ? outerRound : innerRound
            let direction = SIMD2(cos(angle), sin(angle))
            v.append(p + radius * direction)
            // The tangent along the circle (clockwise), scaled by the share of its perimeter.
            let along = SIMD2(-direction.y, direction.x) * (roundness * 2 * .pi * radius / Double(4 * vertices))
            outT.append(along)
            inT.append(-along)
            angle += step
        }
        return LottieGeometry(LottieBezier(vertices: v, inTangents: inT, outTangents: outT, closed: true))
    }

    /// A paint's colour at `time`, red, green and blue clamped to `[0, 1]` (black without one;
    /// a missing channel 0).
    static func rgb(_ color: LottieProperty?, _ time: Double) -> SIMD3<Double> {
        guard let color else { return .zero }
        let c = color.timeline
        func channel(_ k: Int) -> Double { k < color.dimension ? min(max(c.value(at: time, component: k), 0), 1) : 0 }
        return SIMD3(channel(0), channel(1), channel(2))
    }

    static func fraction(_ p: LottieProperty?, _ time: Double) -> Double {
        min(max((p?.scalar(at: time) ?? 100) / 100, 0), 1)
    }
}
