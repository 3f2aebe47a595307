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
    /// How geometry items are built where the engine needs one structure at every time.
    var pathOptions = LottiePathOptions()

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
        /// (``finish(_:_:keepsCollapsed:)``): built where it is met and completed in place, never copied.
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

        /// Stores a paint met in the walk, its shape moved in (a copy would retain every
        /// reference it holds).
        mutating func add(_ shape: consuming LottieFrame.Shape, _ paint: Paint) {
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
    /// repeater's count moves — so that a paint can be followed. A paint whose group is scaled
    /// to nothing at this time keeps the paths of its own group, in that group's space: the
    /// engine plays the group's scale on a layer of its own and needs the path it scales (a
    /// pop-in from scale 0 is the commonest entrance designers key).
    func paints(_ items: [LottieShape]) -> [LottieFrame.Shape?] {
        var state = State()
        walk(items, toLayer: .identity, opacity: 1, depth: 0, state: &state)
        return state.shapes.indices.map { finish($0, &state, keepsCollapsed: true) ? state.shapes[$0] : nil }
    }

    /// Completes paint `k`'s shape: its paths gathered into its group's space. Returns whether
    /// it paints anything. A group scaled to nothing (a transform with no inverse) paints
    /// nothing; with `keepsCollapsed`, its paint still gathers the paths of its own group
    /// (already in its space), and only paths of groups nested in it, which cannot be brought
    /// back through the collapsed transform, make it paint nothing.
    private func finish(_ k: Int, _ state: inout State, keepsCollapsed: Bool = false) -> Bool {
        let paint = state.paints[k]
        let inverse = paint.toLayer.inverted
        if inverse == nil && !keepsCollapsed { return false }
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
                guard let inverse else { return false }
                let toPaint = state.paths[i].toLayer.concatenating(inverse)
                geometry.subpaths += state.paths[i].geometry.applying(toPaint).subpaths
            }
        }
        guard !geometry.isEmpty else { return false }
        Self.complete(&state.shapes[k], geometry: geometry, paint: paint)
        return true
    }

    /// Fills in a paint's shape where it is stored (one access, so the shape is not copied out
    /// and back): its paths, its group's transform and opacity, and a gradient's colour.
    private static func complete(_ shape: inout LottieFrame.Shape, geometry: consuming LottieGeometry, paint: Paint) {
        if let first = shape.gradient?.stops.first {
            shape.rgb = SIMD3(first[1], first[2], first[3])
        }
        shape.geometry = geometry
        shape.toLayer = paint.toLayer
        shape.opacity *= paint.opacity
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
                for copy in repeater.copies(at: time, count: makesMostCopies ? repeater.mostCopies : nil) {
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
            case let .geometry(rule):
                state.paths.append(
                    StoredPath(geometry: rule.geometry(at: time, options: pathOptions), toLayer: toLayer))
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
            case let .roundCorners(rounding):
                modify(Array(state.indices(mine, end: state.paths.count)), &state, measuring: false) { paths, _ in
                    rounding.round(&paths, at: time, options: pathOptions)
                }
            case let .trim(trim):
                guard appliesTrims else { continue }
                modify(Array(state.indices(mine, end: state.paths.count)), &state, measuring: true) { paths, measured in
                    trim.cut(&paths, measured: measured, at: time)
                }
            }
        }
    }

    /// Applies a modifier to the stored paths at `indices`: `change` is given their geometries
    /// and, when `measuring`, their measured paths (a fixed item's measured when the file was
    /// read, each measured once); the paths are no longer fixed after.
    private func modify(
        _ indices: [Int], _ state: inout State, measuring: Bool,
        _ change: (inout [LottieGeometry], [Path?]) -> Void
    ) {
        let measured = measuring ? indices.map { state.paths[$0].fixed?.measured ?? state.paths[$0].geometry.path } : []
        // The geometries moved out and back (swapped, not copied: no reference counting).
        var geometries = [LottieGeometry](repeating: LottieGeometry(), count: indices.count)
        for (k, i) in indices.enumerated() { swap(&geometries[k], &state.paths[i].geometry) }
        change(&geometries, measured)
        for (k, i) in indices.enumerated() {
            swap(&state.paths[i].geometry, &geometries[k])
            state.paths[i].fixed = nil
        }
    }

    // MARK: Geometry

    /// The path of a geometry item at this time (`nil` for any other item).
    func geometry(_ item: LottieShape) -> LottieGeometry? {
        switch item {
        case let .fixed(fixed): return fixed.geometry
        case let .geometry(rule): return rule.geometry(at: time, options: pathOptions)
        default: return nil
        }
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
