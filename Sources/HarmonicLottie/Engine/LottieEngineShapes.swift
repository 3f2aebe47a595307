#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Harmonic
import HarmonicEngine

/// A shape layer's content as engine layers: each group a transform pair, each fill and
/// stroke a shape layer in its group, drawn in the file's order (the topmost last).
///
/// A paint's path is what direct evaluation builds for it (``LottieShapeEvaluator``: the paths
/// above it in its group, nested groups' included, trimmed, in the group's space). It is
/// animated exactly when the path's coordinates are affine in the properties that drive it — a
/// path's vertices, a rectangle's or an ellipse's position and size, a nested group's position
/// or anchor: for one property (or several that one easing moves, see `schedule`) the path at
/// its keyframe times, eased the same way, is then the path at every time — piecewise, for a
/// rounded rectangle whose corner radius clamps, cut where the bound changes. Properties no one
/// easing moves play as one such animation per set that moves in step, the first the path and
/// the rest offsets added to it (``LottieShape/replacing(_:)``). Anything else that moves the
/// path (star rotations, rounded corners on a moving path, turning or scaling nested groups,
/// motion along spatial tangents) plays as a motion of the content (``LottieFrameMotion``,
/// direct evaluation's path at every frame) while the path keeps its elements; a path that
/// changes them (a shared star's number of points), a gradient's, or one past the motion
/// budgets is listed and the paint left out.
struct LottieEngineShapes {
    let builder: LottieEngineBuilder
    let items: [LottieShape]
    let layerPath: String
    let clock: LottieEngineBuilder.Clock
    /// The time maps of the time-remapped precompositions the layer lies in, outermost first
    /// (masks hang from them: ``LottieEngineBuilder/attachMask(_:to:remaps:)``).
    let remaps: [KeyframeTimeline]

    /// What moves a path: properties it is affine in (by JSON path), and whether something
    /// moves it nonlinearly (and what).
    private struct Drivers {
        var affine: [String: LottieProperty] = [:]
        var nonlinear: String?
        /// The trims that cut the path, by JSON path.
        var trims: [String: Trim] = [:]
        /// Rounded rectangles whose corner radius `min(r, w/2, h/2)` may clamp: the path is
        /// affine in the drivers only while the same one of the three is smallest, so it is cut
        /// where two of them cross (``kinkTimes(_:driver:)``).
        var clampedRectangles: [(size: LottieProperty?, radius: LottieProperty)] = []
        /// Sizes that fall below 0: a rectangle or ellipse is drawn `|w|` by `|h|`, so the path
        /// is affine in the size only on each side of 0, and is cut where a component crosses it
        /// (``foldTimes(_:driver:)``).
        var folds: [LottieProperty] = []
        /// Fixed paths rounded by a moving radius: affine in it between the levels `d/2` of
        /// their sides, so cut where it reaches one (``levelTimes(_:driver:)``).
        var roundingLevels: [(radius: LottieProperty, levels: [Double])] = []
        /// A lone shape's own position (a rectangle's, an ellipse's, a star's) and a star's
        /// rotation, kept apart from the path: while the shape is the only path of its paint and
        /// lies in the paint's group, they may move it as a layer around the paint (a rigid
        /// motion) where they cannot drive the path itself (``flattened()`` puts them back).
        var placement: Placement?
        /// What the path is, where a round-corners modifier in its own group can still move it
        /// exactly: a rectangle without rounding of its own, or an ellipse.
        var outline: Outline?

        enum Outline {
            /// Its corners sharp: rounding cuts each by `min(r, w/2)` along the width and
            /// `min(r, h/2)` along the height.
            case rectangle(size: LottieProperty?)
            /// Its four vertices smooth: rounding leaves them while its size stays above 0.
            case ellipse(size: LottieProperty?)
            /// A path that never changes: rounding cuts each sharp vertex by `min(r, d/2)` along
            /// each side, `d` fixed (``LottieGeometry/cornerSides``).
            case fixed(LottieGeometry)
        }

        /// These drivers as seen from the group around the path's own: flattened, and no longer
        /// a bare outline for a modifier there (a transform lies between).
        func leavingGroup() -> Drivers {
            var d = flattened()
            d.outline = nil
            return d
        }

        struct Placement {
            var position: LottieProperty?
            var rotation: LottieProperty?
            /// A star's number of points: a moving one changes the path's vertices, so the paint
            /// is drawn once per count, each shown while the count is its own.
            var points: LottieProperty?
        }

        /// These drivers with the placement's properties driving the path itself: the position
        /// affinely (a spatial one bends it), a star's rotation nonlinearly.
        func flattened() -> Drivers {
            guard let p = placement else { return self }
            var d = self
            d.placement = nil
            d.add(p.position)
            if p.position?.timeline.isSpatial == true { d.bend(p.position, "engine.spatialShape") }
            d.bend(p.rotation, "engine.animatedPolystar")
            d.bend(p.points, "engine.animatedPolystar")
            return d
        }

        mutating func add(_ p: LottieProperty?) {
            if let p, p.isAnimated { affine[p.path] = p }
        }

        mutating func bend(_ p: LottieProperty?, _ feature: String) {
            if let p, p.isAnimated, nonlinear == nil { nonlinear = feature }
        }

        mutating func merge(_ other: Drivers) {
            affine.merge(other.affine) { a, _ in a }
            trims.merge(other.trims) { a, _ in a }
            clampedRectangles += other.clampedRectangles
            folds += other.folds
            roundingLevels += other.roundingLevels
            if nonlinear == nil { nonlinear = other.nonlinear }
        }
    }

    /// A trim paths item (`tm`): start and end in percent, offset in degrees.
    private struct Trim {
        var path: String
        var start, end, offset: LottieProperty?
        var individually: Bool

        var isAnimated: Bool { [start, end, offset].contains { $0?.isAnimated == true } }

        /// Whether it keeps every path whole at every time: fixed ends, clamped to [0, 100] %, a
        /// full turn apart (``LottieShapeEvaluator/trimRanges(start:end:offset:)``).
        var isWhole: Bool {
            guard !isAnimated else { return false }
            func clamped(_ p: LottieProperty?, _ fallback: Double) -> Double {
                min(max(p?.scalar(at: 0) ?? fallback, 0), 100)
            }
            return abs(clamped(end, 100) - clamped(start, 0)) >= 100
        }
    }

    /// The opacity a paint takes on from the groups and repeater copies around it: `factor` (the
    /// fixed ones multiplied) times each moving one that fades several paints each on its own —
    /// one layer's opacity would fade them together, so each paint has a layer of its own per
    /// moving fade around it (``fadeHolder(_:in:)``), whose opacities multiply.
    struct Fade {
        var factor = 1.0
        /// Each moving fade's opacity in engine time, with a second one added to it when it is
        /// a sum of two moving properties.
        var moving: [(timeline: KeyframeTimeline, added: KeyframeTimeline?)] = []

        /// This fade times `timeline` (plus `added`).
        func taking(_ timeline: KeyframeTimeline, added: KeyframeTimeline? = nil) -> Fade {
            var fade = self
            fade.moving.append((timeline, added))
            return fade
        }
    }

    /// A node of the content, in the file's order.
    private indirect enum Node {
        case group(LottieTransform, path: String, [Node])
        /// Paint number `index` in ``LottieShapeEvaluator/paints(_:)``'s order.
        case paint(LottieShape, path: String, index: Int, drivers: Drivers)
        /// One copy of a repeater's content: the step taken `steps` times (`k + offset`; `k + o(t)`
        /// when the offset moves, `steps` then `k`), at `fraction` of the way from the start
        /// opacity to the end one.
        /// `changes`: where a moving count changes (``countChanges(_:)``), empty for a fixed one.
        case copy(
            LottieRepeater, index: Int, steps: Double, fraction: Double, changes: [CountChange], [Node])
    }

    func build(in parent: LayerID) throws(HarmonicError) {
        var paints = 0
        var paths: [Drivers] = []
        let nodes = walk(items, path: "\(layerPath).shapes", paints: &paints, paths: &paths)
        try make(nodes, in: parent, fade: Fade())
    }

    /// Mirrors ``LottieShapeEvaluator``'s walk: numbers the paints and gathers what drives the
    /// paths each one paints. `paths` are the drivers of every path met so far; the returned
    /// nodes are this group's.
    private func walk(_ items: [LottieShape], path: String, paints: inout Int, paths: inout [Drivers]) -> [Node] {
        var nodes: [Node] = []
        var mine: [Int] = []
        for (i, item) in items.enumerated() {
            let itemPath = "\(path)[\(i)]"
            switch item {
            case let .group(children, transform):
                let first = paths.count
                let inner = walk(children, path: "\(itemPath).it", paints: &paints, paths: &paths)
                nodes.append(.group(transform, path: itemPath, inner))
                // Paths of a nested group reach this group's paints through its transform.
                var moved = Drivers()
                moved.add(transform.position)
                moved.add(transform.anchor)
                moved.add(transform.positionX)
                moved.add(transform.positionY)
                for p in [transform.position, transform.anchor] where p?.timeline.isSpatial == true {
                    moved.bend(p, "engine.spatialGroupMotion")
                }
                moved.bend(transform.rotation, "engine.groupRotationUnderPaint")
                moved.bend(transform.scale, "engine.groupScaleUnderPaint")
                moved.bend(transform.skew, "engine.skew")
                for k in first..<paths.count {
                    paths[k] = paths[k].leavingGroup()
                    paths[k].merge(moved)
                    mine.append(k)
                }
            case let .path(property, _, _):
                var d = Drivers()
                d.add(property)
                paths.append(d)
                mine.append(paths.count - 1)
            case let .rectangle(position, size, roundness, _):
                var d = Drivers()
                d.placement = .init(position: position)
                d.add(size)
                if size?.timeline.isSpatial == true { d.bend(size, "engine.spatialShape") }
                let sharp = roundness.map({ !$0.isAnimated && $0.scalar(at: 0) <= 0 }) ?? true
                if Self.fallsBelowZero(size) {
                    // Drawn |w| by |h|: affine in the size on each side of 0, so cut where it
                    // crosses (rounded, the radius's bound moves with |w| too: listed).
                    if let size, sharp { d.folds.append(size) } else { d.bend(size, "engine.negativeSize") }
                } else if sharp {
                    d.outline = .rectangle(size: size)
                }
                // Rounded corners of radius min(r, w/2, h/2): affine in the size and the radius
                // together while the radius never clamps, and piecewise so while it does.
                if let roundness, roundness.isAnimated || (roundness.scalar(at: 0) != 0 && size?.isAnimated == true) {
                    if Self.roundingNeverClamps(size: size, radius: roundness) {
                        d.add(roundness)
                    } else if Self.roundingStaysNonNegative(size: size, radius: roundness) {
                        d.add(roundness)
                        d.clampedRectangles.append((size, roundness))
                    } else if d.nonlinear == nil {
                        d.nonlinear =
                            roundness.isAnimated ? "engine.animatedRoundness" : "engine.roundedRectangleResize"
                    }
                }
                paths.append(d)
                mine.append(paths.count - 1)
            case let .ellipse(position, size, _):
                var d = Drivers()
                d.placement = .init(position: position)
                d.add(size)
                if size?.timeline.isSpatial == true { d.bend(size, "engine.spatialShape") }
                if let size, Self.fallsBelowZero(size) { d.folds.append(size) }
                d.outline = .ellipse(size: size)
                paths.append(d)
                mine.append(paths.count - 1)
            case let .fixed(fixed):
                var d = Drivers()
                d.outline = .fixed(fixed.geometry)
                paths.append(d)
                mine.append(paths.count - 1)
            case let .polystar(star):
                // Each vertex is `p + r·u` and its tangents `u⊥·roundness·2πr/(4n)` (u its fixed
                // direction): affine in the position, in a radius and in a roundness, but not in a
                // radius and its roundness both moving (their product), nor in the rotation or
                // the number of points. A polygon has no inner circle.
                var d = Drivers()
                d.placement = .init(position: star.position, rotation: star.rotation, points: star.points)
                let circles =
                    star.isStar
                    ? [(star.outerRadius, star.outerRoundness), (star.innerRadius, star.innerRoundness)]
                    : [(star.outerRadius, star.outerRoundness)]
                for (radius, roundness) in circles {
                    if radius?.isAnimated == true, roundness?.isAnimated == true {
                        d.bend(radius, "engine.animatedPolystar")
                    }
                    d.add(radius)
                    d.add(roundness)
                }
                paths.append(d)
                mine.append(paths.count - 1)
            case .fill, .stroke:
                var d = Drivers()
                // A lone path keeps its placement; several drive their paint's path together.
                if mine.count == 1 { d = paths[mine[0]] } else { for k in mine { d.merge(paths[k].flattened()) } }
                nodes.append(.paint(item, path: itemPath, index: paints, drivers: d))
                paints += 1
            case let .trim(start, end, offset, individually):
                let trim = Trim(path: itemPath, start: start, end: end, offset: offset, individually: individually)
                for k in mine { paths[k].trims[itemPath] = trim }
            case let .roundCorners(radius):
                // Rounding moves a sharp vertex by min(r, d/2) along each side of length d:
                // affine in neither the radius nor the path in general, so a fixed rounding of a
                // fixed path plays (drawn as it is), and so does one of a bare outline: a
                // rectangle's sides are w and h, so its path is affine while the same one of r,
                // w/2, h/2 is smallest and is cut where two cross (as a rounded rectangle's is);
                // an ellipse has no sharp vertex while its size stays above 0. Rigid motion
                // (a placement) changes no side.
                // No radius (or a fixed one of 0) rounds nothing.
                guard let radius, radius.isAnimated || radius.scalar(at: 0) > 0 else { break }
                let staysPositive = radius.timeline.valueRange(component: 0).lowerBound > 0
                for k in mine where radius.isAnimated || !paths[k].affine.isEmpty {
                    switch paths[k].outline {
                    case let .ellipse(size)? where Self.staysAboveZero(size):
                        continue
                    case let .rectangle(size)? where staysPositive:
                        paths[k].add(radius)
                        paths[k].clampedRectangles.append((size, radius))
                        // Rounded, its vertices are no longer sharp corners of sides w and h.
                        paths[k].outline = nil
                    case let .fixed(geometry)?:
                        // Rounded by max(r, 0) (its vertices kept through 0): affine in r on
                        // each side of 0 as well.
                        paths[k].add(radius)
                        paths[k].roundingLevels.append(
                            (radius, geometry.cornerSides.map { $0 / 2 } + (staysPositive ? [] : [0])))
                        paths[k].outline = nil
                    default:
                        paths[k].nonlinear = paths[k].nonlinear ?? "engine.roundedCorners"
                    }
                }
            case let .repeated(children, repeater):
                nodes += walkCopies(children, repeater, path: path, paints: &paints, paths: &paths, mine: &mine)
            }
        }
        return nodes
    }

    /// A repeater's copies, walked as ``LottieShapeEvaluator`` walks them (top first, so that
    /// paints are numbered alike): the nodes of the copies the engine plays — a fixed count or a
    /// moving one (the most copies it ever has, overshoots included, each shown while it lasts);
    /// each copy's transform keyframed where it is affine in the file's values (any anchor, a
    /// fixed scale, a moving offset that slides the copies along a fixed position and rotation
    /// step: the place `a + (k + o)·p` and turn `(k + o)·r`), a motion otherwise
    /// (``transformMoves(_:)``) within the scene's motion budget, the repeater listed past it —
    /// and, either way, each copy's paths added to the group's for the paints after it.
    private func walkCopies(
        _ children: [LottieShape], _ repeater: LottieRepeater, path: String, paints: inout Int,
        paths: inout [Drivers], mine: inout [Int]
    ) -> [Node] {
        let slides = repeater.offset?.isAnimated == true
        let counts = repeater.copies?.isAnimated == true
        let unscaled = repeater.scale.map { !$0.isAnimated && $0.point(at: 0) == SIMD2(100, 100) } ?? true

        // Where the count changes, found once for every copy; `nil` past the budget.
        let changes = counts ? Self.countChanges(repeater) : []
        // A moving count: the most copies it ever has, each shown while the count reaches it.
        let count = counts ? repeater.mostCopies : repeater.count(at: 0)
        // Int: at most maximumCopies (`count(at:)` and `mostCopies` clamp).
        let n = Int(count)
        // A transform no keyframes carry is one motion per copy, within the scene's budget.
        let fixed = changes != nil && (!Self.transformMoves(repeater) || builder.spendMotion(work: 0, count: n))
        let o = slides ? 0 : repeater.offset?.scalar(at: 0) ?? 0
        // The evaluator's copies are bottom first (reversed when they stack below) and walked
        // from the top.
        let order: [Int] = repeater.stacksAbove ? Array((0..<n).reversed()) : Array(0..<n)
        var nodes: [Node] = []
        for k in order {
            let first = paths.count
            let inner = walk(children, path: repeater.path, paints: &paints, paths: &paths)
            var moved = Drivers()
            moved.add(repeater.position)
            // T(−a)·M·T(a + e·p) moves a point x to x·M + a − a·M + e·p: affine in the anchor.
            moved.add(repeater.anchor)
            moved.bend(repeater.rotation, "engine.repeaterRotationUnderPaint")
            moved.bend(repeater.scale, "engine.repeaterRotationUnderPaint")
            // A moving count adds and removes the copies' paths.
            moved.bend(repeater.copies, "engine.animatedRepeater")
            // A moving offset moves the copies' paths affinely when it only slides them along a
            // fixed step.
            if slides, repeater.rotation.map({ !$0.isAnimated && $0.scalar(at: 0) == 0 }) ?? true, unscaled,
                repeater.position?.isAnimated != true
            {
                moved.add(repeater.offset)
            } else {
                moved.bend(repeater.offset, "engine.repeaterRotationUnderPaint")
            }
            for p in [repeater.position, repeater.anchor] where p?.timeline.isSpatial == true {
                moved.bend(p, "engine.spatialGroupMotion")
            }
            for index in first..<paths.count {
                paths[index] = paths[index].leavingGroup()
                paths[index].merge(moved)
                mine.append(index)
            }
            if fixed {
                nodes.append(
                    .copy(
                        repeater, index: k, steps: Double(k) + o, fraction: n > 1 ? Double(k) / Double(n - 1) : 0,
                        changes: changes ?? [], inner))
            }
        }
        if !fixed { builder.skip(repeater.path, "engine.animatedRepeater") }
        return nodes
    }

    /// Whether a repeater's moving count stays between its keyframe values (its easing does not
    /// overshoot), so that its most copies are at a keyframe and it crosses each whole number
    /// at most once between two keyframes.
    /// A frame at which a repeater's moving count, rounded down, changes, and its value from then on.
    struct CountChange {
        var frame: Double
        var count: Double
    }

    /// Most changes of a moving count the engine plays (each copy's visibility and fade is a
    /// held keyframe per change): past it the repeater is listed rather than built.
    static let maximumCountChanges = 4096

    /// Every frame at which a repeater's count `c`, rounded down (as direct evaluation rounds
    /// it), changes, in order, with its value from then on. On a segment from `a` by `Δ` eased
    /// by `E` the count passes a whole number `L` where `E(u) = (L − a)/Δ`: every such input
    /// (``/Harmonic/CubicBezier/inputs(forOutput:)``; an overshooting easing passes a level up to
    /// three times, and reaches levels beyond its keyframes), each change then pinned to
    /// adjacent doubles by bisection around it; at a hold's end the count jumps. `nil` when the
    /// count may change more than ``maximumCountChanges`` times — counted first from the
    /// segments' ranges alone, so the work stays within that budget whatever the values.
    static func countChanges(_ r: LottieRepeater) -> [CountChange]? {
        countChanges(of: r.copies, maximum: LottieRepeater.maximumCopies, count: r.count(at:))
    }

    /// Every frame at which a count that `property` gives changes (``countChanges(_:)``'s rule):
    /// `count` is the property's value at a frame rounded down within `0…maximum`.
    static func countChanges(of property: LottieProperty?, maximum: Double, count: (Double) -> Double)
        -> [CountChange]?
    {
        guard let keys = property?.timeline.keyframes else { return [] }
        /// The segment's start value, change and easing, and the range its value covers.
        func segment(_ a: KeyframeTimeline.Keyframe, _ b: KeyframeTimeline.Keyframe)
            -> (start: Double, change: Double, easing: CubicBezier?, range: ClosedRange<Double>)
        {
            let start = a.value[0], change = a.holds ? 0 : b.value[0] - start
            let easing = a.easing.first
            let outputs = easing?.outputRange ?? 0...1
            let ends = [start + change * outputs.lowerBound, start + change * outputs.upperBound, b.value[0]]
            return (start, change, easing, ends.min()!...ends.max()!)
        }
        var total = 0.0
        for (a, b) in zip(keys, keys.dropFirst()) {
            let range = segment(a, b).range
            // Each level in the range is passed at most three times (a cubic's output).
            total += 3 * (min(range.upperBound, maximum) - max(range.lowerBound, 0) + 1)
            guard total <= Double(maximumCountChanges) * 3 else { return nil }
        }
        var changes: [CountChange] = []
        func record(_ frame: Double) {
            let now = count(frame)
            if let last = changes.last, last.frame >= frame { return }
            if (changes.last?.count ?? count(keys[0].time)) != now {
                changes.append(CountChange(frame: frame, count: now))
            }
        }
        for (a, b) in zip(keys, keys.dropFirst()) {
            let s = segment(a, b)
            guard s.change != 0 else {
                record(b.time)
                continue
            }
            var frames: [Double] = []
            let low = max(s.range.lowerBound.rounded(.down), 0),
                high = min(s.range.upperBound, maximum)
            // Int: levels between the range's ends, within the budget counted above.
            for level in stride(from: low, through: high, by: 1) {
                let target = (level - s.start) / s.change
                let inputs = s.easing?.inputs(forOutput: target) ?? (0...1 ~= target ? [target] : [])
                frames += inputs.map { a.time + $0 * (b.time - a.time) }
            }
            for frame in frames.sorted() where frame > a.time && frame <= b.time {
                // The count on each side of the crossing, a hair away; the first frame with the
                // later count, by bisection to adjacent doubles.
                let hair = (b.time - a.time) * 1e-9
                var before = max(frame - hair, a.time), after = min(frame + hair, b.time)
                let from = count(before), to = count(after)
                guard from != to else { continue }
                while true {
                    let middle = before + (after - before) / 2
                    guard middle > before, middle < after else { break }
                    if count(middle) == from { before = middle } else { after = middle }
                }
                record(after)
            }
            record(b.time)
        }
        return changes.count > maximumCountChanges ? nil : changes
    }

    /// Makes a group's nodes, bottom first, each paint faded by `fade` (the groups' and copies'
    /// opacities around it).
    private func make(_ nodes: [Node], in parent: LayerID, fade: Fade) throws(HarmonicError) {
        for node in nodes.reversed() {
            switch node {
            case let .group(transform, path, children):
                var t = transform
                var inner = fade
                if let o = transform.opacity {
                    if !o.isAnimated {
                        inner.factor *= transform.opacityValue(at: 0)
                        t.opacity = nil
                    } else if Self.paintCount(children) > 1 {
                        // One layer's opacity would fade the paints together, not each on its
                        // own: each paint takes it on instead.
                        inner = fade.taking(try builder.mapped(o.timeline, clock: clock, values: .percent))
                        t.opacity = nil
                    }
                }
                let container = try builder.transformPair(
                    t, hint: "group", path: "\(path).tr", parent: parent, clock: clock, withOpacity: t.opacity != nil)
                try make(children, in: container, fade: inner)
            case let .paint(shape, path, index, drivers):
                try makePaint(shape, path: path, index: index, drivers: drivers, in: parent, fade: fade)
            case let .copy(repeater, index, steps, fraction, changes, children):
                try makeCopy(
                    repeater, index: index, steps: steps, fraction: fraction, changes: changes, children, in: parent,
                    fade: fade)
            }
        }
    }

    private static func paintCount(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { n, node in
            switch node {
            case let .group(_, _, children), let .copy(_, _, _, _, _, children): return n + paintCount(children)
            case .paint: return n + 1
            }
        }
    }

    /// Whether a repeater's copy transform is no affine map of the file's values, so that no
    /// keyframes carry it: its scale moves (`s(t)^e`), or its offset slides the copies while
    /// the step scales them (`s^(k + o(t))`) or its position or rotation step moves too (the
    /// two multiply).
    static func transformMoves(_ r: LottieRepeater) -> Bool {
        guard r.scale?.isAnimated != true else { return true }
        guard r.offset?.isAnimated == true else { return false }
        let unscaled = r.scale.map { $0.point(at: 0) == SIMD2(100, 100) } ?? true
        return !unscaled || [r.position, r.rotation].contains { $0?.isAnimated == true }
    }

    /// Copy `k`'s whole transform, `T(−a)·S(sᵉ)·R(r·e)·T(a + p·e)` with `e = k + o` and every
    /// part read at the frame (``LottieRepeater/Step``), played as a motion over the frames its
    /// parts are keyed between (held outside them).
    private func playTransform(of r: LottieRepeater, copy k: Double, on layer: LayerID) throws(HarmonicError) {
        let value: @Sendable (Double) -> [Double]? = { frame in
            let e = k + (r.offset?.scalar(at: frame) ?? 0)
            return LottieRepeater.Step(r, at: frame).transform(taken: e).transform3D.components
        }
        let frames = [r.anchor, r.position, r.scale, r.rotation, r.offset].compactMap { $0 }
            .flatMap { $0.timeline.keyframes.map(\.time) }
        guard let low = frames.min(), let high = frames.max(), let initial = value(clock.scale < 0 ? high : low)
        else { return }
        try builder.engine.setValue(AnimatableVector(initial), forKeyPath: "transform", of: layer)
        guard high > low, clock.scale != 0 else { return }
        let played = try clock.motion(from: low, to: high)
        let motion = LottieFrameMotion(
            first: played.first, framesPerSecond: played.framesPerSecond, duration: played.timing.duration,
            value: value)
        try builder.engine.add(
            MotionAnimation(keyPath: "transform", motion: motion, timing: played.timing, isRemovedOnCompletion: false),
            forKey: "lottie copy transform", to: layer)
    }

    /// Places one repeater copy: an outer layer at `anchor + steps·position`, turned by
    /// `steps·rotation` and scaled by `scale^steps`, an inner one at `−anchor` (After Effects'
    /// repeater, the step's parts multiplied out), each part keyframed where it is an affine map
    /// of the file's values — or, where the copy's transform is none (``transformMoves(_:)``),
    /// one layer whose whole transform plays as a motion. Returns the outer layer and the one
    /// the copy's content goes in.
    private func placeCopy(_ r: LottieRepeater, steps e: Double, in parent: LayerID) throws(HarmonicError) -> (
        outer: LayerID, inner: LayerID
    ) {
        let engine = builder.engine
        if Self.transformMoves(r) {
            // Its offset read at every frame: `e` counts the copy's place alone.
            let outer = try builder.layer("copy", parent: parent, values: ["anchorPoint": [0, 0]])
            try playTransform(of: r, copy: e, on: outer)
            return (outer, outer)
        }
        let a = r.anchor?.point(at: 0) ?? .zero
        let s = (r.scale?.point(at: 0) ?? SIMD2(100, 100)) / 100
        let outer = try builder.layer(
            "copy", parent: parent,
            values: ["anchorPoint": [0, 0], "position": [a.x, a.y]])
        try engine.setValue(pow(s.x, e), forKeyPath: "transform.scale.x", of: outer)
        try engine.setValue(pow(s.y, e), forKeyPath: "transform.scale.y", of: outer)
        let inner = try builder.layer(
            "copy anchor", parent: outer, values: ["anchorPoint": [0, 0], "position": [-a.x, -a.y]])
        // A moving anchor: the inner layer at −a(t), and a(t) the outer layer's base position
        // animation, what the step adds to it an additive one.
        let anchorMoves = r.anchor?.isAnimated == true
        if anchorMoves {
            try builder.play(r.anchor, keyPath: "position", on: inner, clock: clock, values: .negatedPoint)
        }
        if let offset = r.offset, offset.isAnimated {
            // Sliding: the place a + (k + o)·p and the turn (k + o)·r, affine in the offset.
            let p = r.position?.point(at: 0) ?? .zero
            let turn = (r.rotation?.scalar(at: 0) ?? 0) * .pi / 180
            var along = LottieEngineBuilder.ValueMap(sources: [0, 0])
            along.scales = [p.x, p.y]
            along.shifts = anchorMoves ? [] : [a.x + e * p.x, a.y + e * p.y]
            if anchorMoves {
                var base = LottieEngineBuilder.ValueMap.point
                base.shifts = [e * p.x, e * p.y]
                try builder.play(r.anchor, keyPath: "position", on: outer, clock: clock, values: base)
            }
            try builder.play(offset, keyPath: "position", on: outer, clock: clock, values: along, additive: anchorMoves)
            if turn != 0 {
                try builder.play(
                    offset, keyPath: "transform.rotation.z", on: outer, clock: clock,
                    values: LottieEngineBuilder.ValueMap(sources: [0], scale: turn).offset(by: e * turn))
            }
        } else {
            var along = LottieEngineBuilder.ValueMap.point
            along.scale = e
            if anchorMoves {
                var base = LottieEngineBuilder.ValueMap.point
                let stepMoves = r.position?.isAnimated == true
                let p = r.position?.point(at: 0) ?? .zero
                if !stepMoves { base.shifts = [e * p.x, e * p.y] }
                try builder.play(r.anchor, keyPath: "position", on: outer, clock: clock, values: base)
                if stepMoves {
                    try builder.play(
                        r.position, keyPath: "position", on: outer, clock: clock, values: along, additive: true)
                }
            } else {
                along.shifts = [a.x, a.y]
                try builder.play(r.position, keyPath: "position", on: outer, clock: clock, values: along)
            }
            try builder.play(
                r.rotation, keyPath: "transform.rotation.z", on: outer, clock: clock,
                values: .init(sources: [0], scale: e * .pi / 180))
        }
        return (outer, inner)
    }

    /// One repeater copy, placed (``placeCopy(_:steps:in:)``) and faded by
    /// `start + fraction·(end − start)` — folded into the paints when fixed, the copy's opacity
    /// when it holds one paint, taken on by each paint when only one of the two moves, listed
    /// otherwise.
    private func makeCopy(
        _ r: LottieRepeater, index k: Int, steps e: Double, fraction f: Double, changes: [CountChange],
        _ children: [Node], in parent: LayerID, fade: Fade
    ) throws(HarmonicError) {
        let engine = builder.engine
        let (outer, inner) = try placeCopy(r, steps: e, in: parent)
        if r.copies?.isAnimated == true {
            // A moving count: the copy shows while the count reaches it, and its fade, from the
            // start opacity to the end one across the copies there are, steps when the count does.
            try playCount(r, index: k, changes: changes, children, on: outer, fade: fade, inner: inner)
            return
        }
        // Opacity: start·(1 − f) + end·f, in percent.
        let start = r.startOpacity, end = r.endOpacity
        var inside = fade
        let so = (start?.scalar(at: 0) ?? 100) / 100, eo = (end?.scalar(at: 0) ?? 100) / 100
        let moving = (start?.isAnimated == true, end?.isAnimated == true)
        if moving == (false, false) {
            inside.factor *= min(max(so + (eo - so) * f, 0), 1)
        } else if Self.paintCount(children) > 1 {
            // start·(1 − f) + end·f: one moving part plus the other's fixed share, or a sum.
            typealias Map = LottieEngineBuilder.ValueMap
            let startShare = Map(sources: [0], scale: 0.01 * (1 - f)), endShare = Map(sources: [0], scale: 0.01 * f)
            if let start, start.isAnimated, let end, end.isAnimated {
                inside = fade.taking(
                    try builder.mapped(start.timeline, clock: clock, values: startShare),
                    added: try builder.mapped(end.timeline, clock: clock, values: endShare))
            } else if let start, start.isAnimated {
                inside = fade.taking(
                    try builder.mapped(start.timeline, clock: clock, values: startShare.offset(by: eo * f)))
            } else if let end {
                inside = fade.taking(
                    try builder.mapped(end.timeline, clock: clock, values: endShare.offset(by: so * (1 - f))))
            }
        } else if Self.paintCount(children) == 1 {
            try engine.setValue(so * (1 - f) + eo * f, forKeyPath: "opacity", of: outer)
            if let start, start.isAnimated {
                try builder.play(
                    start, keyPath: "opacity", on: outer, clock: clock,
                    values: LottieEngineBuilder.ValueMap(sources: [0], scale: 0.01 * (1 - f)).offset(by: eo * f))
            }
            if let end, end.isAnimated {
                let base = start?.isAnimated == true ? 0 : so * (1 - f)
                try builder.play(
                    end, keyPath: "opacity", on: outer, clock: clock,
                    values: LottieEngineBuilder.ValueMap(sources: [0], scale: 0.01 * f).offset(by: base),
                    additive: start?.isAnimated == true)
            }
        }
        try make(children, in: inner, fade: inside)
    }

    /// A counted copy's visibility and fade (see ``makeCopy``): `hidden` held while the count
    /// is below `k + 1`; with a fixed start and end opacity that differ, `opacity` held at
    /// `start + (end − start)·k/(n − 1)` for the `n` copies there are; with moving ones,
    /// `start·(1 − f) + end·f` (`f = k/(n − 1)`), each part its end's timeline scaled by a share
    /// that steps with the count (``stepped(_:by:at:)``) — the copy's own opacity when it holds
    /// one paint, a fade layer around each of its paints otherwise.
    private func playCount(
        _ r: LottieRepeater, index k: Int, changes: [CountChange], _ children: [Node], on outer: LayerID,
        fade: Fade, inner: LayerID
    ) throws(HarmonicError) {
        let engine = builder.engine
        let level = Double(k + 1)
        let first = r.copies?.timeline.keyframes.first?.time ?? 0
        let shown = r.count(at: first) >= level
        var hidden: [KeyframeTimeline.Keyframe] = [.init(time: first, value: [shown ? 0 : 1], holds: true)]
        var showing = shown
        for change in changes where (change.count >= level) != showing {
            showing.toggle()
            hidden.append(.init(time: change.frame, value: [showing ? 0 : 1], holds: true))
        }
        let hiding = try clock.timeline(KeyframeTimeline(hidden))
        try engine.setValue(hiding.keyframes[0].value, forKeyPath: "hidden", of: outer)
        try builder.add(hiding, keyPath: "hidden", to: outer)
        let start = r.startOpacity, end = r.endOpacity
        let so = (start?.scalar(at: 0) ?? 100) / 100, eo = (end?.scalar(at: 0) ?? 100) / 100
        var inside = fade
        if start?.isAnimated == true || end?.isAnimated == true {
            // start·(1 − f) + end·f with f = k/(n − 1) stepping as the count n does: each part
            // its end's timeline cut where the count changes, scaled by its share there.
            func share(_ n: Double) -> Double { n > 1 ? Double(k) / (n - 1) : 0 }
            func part(_ p: LottieProperty?, _ fallback: Double, _ weight: @escaping (Double) -> Double)
                -> KeyframeTimeline?
            {
                guard p?.staysWithinPercent ?? true else { return nil }
                let timeline = p?.timeline ?? (try? KeyframeTimeline([.init(time: first, value: [fallback])]))
                guard let timeline else { return nil }
                return Self.stepped(
                    timeline, by: { weight(r.count(at: $0)) / 100 }, at: changes.map(\.frame))
            }
            guard let a = part(start, 100, { 1 - share($0) }), let b = part(end, 100, share) else {
                builder.skip(r.path, "engine.repeaterOpacity")
                try make(children, in: inner, fade: inside)
                return
            }
            let base = try builder.mapped(a, clock: clock, values: .scalar)
            let added = try builder.mapped(b, clock: clock, values: .scalar)
            if Self.paintCount(children) == 1 {
                try engine.setValue(
                    [base.keyframes[0].value[0] + added.keyframes[0].value[0]], forKeyPath: "opacity", of: outer)
                try builder.add(base, keyPath: "opacity", to: outer)
                try builder.add(added, keyPath: "opacity", to: outer, additive: true)
            } else {
                inside = fade.taking(base, added: added)
            }
        } else if so == eo {
            inside.factor *= min(max(so, 0), 1)
        } else {
            // The fade at each change of the number of copies: the copy's own opacity when it
            // holds one paint, a layer around each of its paints otherwise.
            func value(_ n: Double) -> Double {
                min(max(so + (eo - so) * (n > 1 ? Double(k) / (n - 1) : 0), 0), 1)
            }
            let keys = try clock.timeline(
                KeyframeTimeline(
                    [KeyframeTimeline.Keyframe(time: first, value: [value(r.count(at: first))], holds: true)]
                        + changes.map {
                            KeyframeTimeline.Keyframe(time: $0.frame, value: [value($0.count)], holds: true)
                        }
                ))
            if Self.paintCount(children) == 1 {
                try engine.setValue(keys.keyframes[0].value, forKeyPath: "opacity", of: outer)
                try builder.add(keys, keyPath: "opacity", to: outer)
            } else {
                inside = fade.taking(keys)
            }
        }
        try make(children, in: inner, fade: inside)
    }

    /// `timeline` times a weight that steps at `changes` (frames where something the weight
    /// depends on changes): `weight(t)·timeline(t)`, the weight read at each keyframe for the
    /// segment after it. The timeline is cut at the changes (``/Harmonic/KeyframeTimeline/aligned(to:)``,
    /// which keeps its motion), each keyframe scaled by its segment's weight (scaling keeps the
    /// easing), and where the weight steps, the value jumps: the segment before ends at its own
    /// weight, a second keyframe at the same frame starts the next.
    static func stepped(_ timeline: KeyframeTimeline, by weight: (Double) -> Double, at changes: [Double])
        -> KeyframeTimeline?
    {
        guard let cut = try? timeline.aligned(to: changes) else { return nil }
        let keys = cut.keyframes
        var out: [KeyframeTimeline.Keyframe] = []
        for j in keys.indices {
            let k = keys[j], w = weight(k.time)
            if j > 0 {
                let previous = keys[j - 1], before = weight(previous.time)
                if before != w {
                    let left = previous.holds ? previous.value : k.value
                    out.append(.init(time: k.time, value: AnimatableVector(left.map { $0 * before }), holds: true))
                }
            }
            out.append(
                .init(time: k.time, value: AnimatableVector(k.value.map { $0 * w }), holds: k.holds, easing: k.easing))
        }
        return try? KeyframeTimeline(out)
    }

    private func makePaint(
        _ shape: LottieShape, path: String, index: Int, drivers given: Drivers, in container: LayerID, fade: Fade,
        points: Double? = nil
    ) throws(HarmonicError) {
        // A lone shape whose position (or star rotation) cannot drive its path with the rest
        // moves as a layer instead: the path is then the shape at rest, placed by the layer.
        var drivers = given.flattened()
        var parent = container
        var placement: Drivers.Placement?
        if let p = given.placement, !Self.drivesPath(drivers), !Self.isGradient(shape) {
            var lone = given
            lone.placement = nil
            if Self.drivesPath(lone), points == nil, let counting = p.points, counting.isAnimated {
                try makeCounted(
                    shape, path: path, index: index, drivers: given, points: counting, in: container, fade: fade)
                return
            }
            if Self.drivesPath(lone) {
                drivers = lone
                placement = p
                parent = try builder.layer("placement", parent: container, values: ["anchorPoint": [0, 0]])
                try builder.play(p.position, keyPath: "position", on: parent, clock: clock, values: .point)
                try builder.play(
                    p.rotation, keyPath: "transform.rotation.z", on: parent, clock: clock, values: .degrees)
            }
        }
        // An animated trim, or any trim of a moving path (a cut at a fixed fraction of a length
        // that changes moves along no keyframe of the cut paths): the stroke's
        // `strokeStart`/`strokeEnd` on the uncut path.
        var trim: Trim?
        let moves = !drivers.affine.isEmpty || drivers.nonlinear != nil
        if let cut = drivers.trims.values.first(where: { $0.isAnimated || (moves && !$0.isWhole) }) {
            guard case .stroke = shape, drivers.trims.count == 1 else {
                // The trimmed path itself, while the cuts keep its elements.
                try playMotion(
                    shape, path: path, index: index,
                    feature: cut.isAnimated ? "engine.animatedTrim" : "engine.trimmedMovingPath", trim: nil,
                    points: points, in: container, fade: fade)
                return
            }
            trim = cut
        }
        // A path no keyframes carry exactly: the content evaluated at every frame.
        if let feature = drivers.nonlinear {
            try playMotion(
                shape, path: path, index: index, feature: feature, trim: trim, points: points, in: container, fade: fade
            )
            return
        }
        // Several driving properties play as one when one easing moves them all (a designer
        // keying a rectangle's position and size together, or linearly at different times):
        // the path, affine in each, then moves with their common progress. Properties that no
        // one easing moves are split into sets that each move in step (``inStep(_:)``), and the
        // path plays as one part per set: the first the path with the other sets held, each
        // further one the offsets its set makes alone, added on top
        // (``LottieShape/replacing(_:)``).
        let affine = drivers.affine.values.sorted { $0.path < $1.path }
        // A path has one progress: a property easing its components apart drives it as one
        // driver per component.
        guard let all = LottiePathDriver.drivers(affine) else {
            try playMotion(
                shape, path: path, index: index, feature: "engine.pathEasingPerComponent", trim: trim, points: points,
                in: container, fade: fade)
            return
        }
        var sets: [[LottiePathDriver]] = []
        if !all.isEmpty {
            guard let found = Self.inStep(all),
                found.count == 1
                    || (drivers.clampedRectangles.isEmpty && drivers.roundingLevels.isEmpty && drivers.folds.isEmpty)
            else {
                try playMotion(
                    shape, path: path, index: index, feature: "engine.severalPathDrivers", trim: trim, points: points,
                    in: container, fade: fade)
                return
            }
            sets = found
        }
        // In engine seconds: the path's parts, the first its value and the rest offsets.
        var parts: [KeyframeTimeline] = []
        if sets.isEmpty {
            guard
                let numbers = Self.coordinates(
                    items, paint: index, time: 0, trims: trim == nil, points: points, rest: Self.rest(placement, at: 0))
            else { return }
            parts = [try clock.timeline(KeyframeTimeline([.init(time: 0, value: AnimatableVector(numbers))]))]
        }
        // The frame the other sets are held at, and the path with every driver held there.
        let held = all.first?.timeline.keyframes.first?.time ?? 0
        var rest: [Double] = []
        for (j, set) in sets.enumerated() {
            guard let driver = Self.schedule(set.map(\.timeline)) else { return }
            var content = items
            if sets.count > 1 {
                let replacements = LottiePathDriver.replacements(moving: set, of: all, heldAt: held)
                content = items.map { $0.replacing(replacements) }
                if j == 0 {
                    let still = LottiePathDriver.replacements(moving: [], of: all, heldAt: held)
                    guard
                        let numbers = Self.coordinates(
                            items.map { $0.replacing(still) }, paint: index, time: held, trims: trim == nil,
                            points: points)
                    else {
                        try playMotion(
                            shape, path: path, index: index, feature: "engine.emptyPath", trim: trim, points: points,
                            in: container, fade: fade)
                        return
                    }
                    rest = numbers
                }
            }
            // The path at the set's keyframes, and where a clamping corner radius changes which
            // bound holds it (one set only: the bound moves with every driver).
            let levels = drivers.roundingLevels.map { Self.levelTimes($0, driver: driver) }
            guard !levels.contains(where: { $0 == nil }) else {
                try playMotion(
                    shape, path: path, index: index, feature: "engine.roundedCorners", trim: trim, points: points,
                    in: container, fade: fade)
                return
            }
            let kinks =
                drivers.clampedRectangles.flatMap { Self.kinkTimes($0, driver: driver) }
                + levels.flatMap { $0 ?? [] } + drivers.folds.flatMap { Self.foldTimes($0, driver: driver) }
            guard let cut = try? driver.splitting(at: kinks) else {
                builder.skip(path, "engine.roundedRectangleResize")
                return
            }
            var keyframes: [KeyframeTimeline.Keyframe] = []
            for k in cut.keyframes {
                guard
                    var numbers = Self.coordinates(
                        content, paint: index, time: k.time, trims: trim == nil, points: points,
                        rest: Self.rest(placement, at: k.time))
                else {
                    try playMotion(
                        shape, path: path, index: index, feature: "engine.emptyPath", trim: trim, points: points,
                        in: container, fade: fade)
                    return
                }
                if j > 0 {
                    guard let offsets = Self.offsets(from: rest, to: numbers) else {
                        try playMotion(
                            shape, path: path, index: index, feature: "engine.pathStructureChanges", trim: trim,
                            points: points,
                            in: container, fade: fade)
                        return
                    }
                    numbers = offsets
                }
                keyframes.append(
                    .init(
                        time: k.time, value: AnimatableVector(numbers), holds: k.holds,
                        easing: Array(k.easing.prefix(1))))
            }
            parts.append(try clock.timeline(KeyframeTimeline(keyframes)))
        }
        let codes = parts[0].keyframes[0].value.components.count
        guard parts.allSatisfy({ $0.keyframes.allSatisfy { $0.value.count == codes } }) else {
            try playMotion(
                shape, path: path, index: index, feature: "engine.pathStructureChanges", trim: trim, points: points,
                in: container, fade: fade)
            return
        }
        let timeline = parts[0]
        let copies: [Double]
        if let trim {
            guard let found = trimCopies(trim) else {
                return
            }
            copies = found
        } else {
            copies = [0]
        }
        // A simultaneous trim cuts each path on its own, where `strokeStart` measures a layer's
        // subpaths together: a layer per subpath then (each of a paint's paths is one), its
        // parts the subpath's numbers of each part.
        var pieces = [parts]
        if let trim, !trim.individually, Self.subpathCount(timeline.keyframes[0].value.components) > 1 {
            var split: [[KeyframeTimeline]] = []
            for part in parts {
                let cut = part.keyframes.map { Self.subpaths($0.value.components) }
                guard cut.allSatisfy({ $0.count == cut[0].count }), split.isEmpty || cut[0].count == split.count
                else {
                    try playMotion(
                        shape, path: path, index: index, feature: "engine.pathStructureChanges", trim: trim,
                        points: points,
                        in: container, fade: fade)
                    return
                }
                let subpaths = try cut[0].indices.map { (j) throws(HarmonicError) in
                    try KeyframeTimeline(
                        zip(part.keyframes, cut).map { k, pieces in
                            var k = k
                            k.value = AnimatableVector(pieces[j])
                            return k
                        })
                }
                split = split.isEmpty ? subpaths.map { [$0] } : zip(split, subpaths).map { $0 + [$1] }
            }
            pieces = split
        }
        switch shape {
        case let .fill(fill):
            if let gradient = fill.gradient {
                try makeGradient(shape, gradient, fill.opacity, path: path, parts: parts, in: parent, fade: fade)
                return
            }
        case let .stroke(stroke):
            if let gradient = stroke.gradient {
                try makeGradient(
                    shape, gradient, stroke.opacity, path: path, parts: parts,
                    trim: trim.map { ($0, copies, pieces) },
                    in: parent, fade: fade)
                return
            }
        default:
            break
        }
        let holder = try fadeHolder(fade, in: parent)
        for piece in pieces {
            for shift in copies {
                let layer = try builder.layer("paint", parent: holder, values: ["anchorPoint": [0, 0]])
                try playPath(piece, on: layer)
                try style(shape, path: path, layer: layer, fade: fade)
                if let trim { try playTrim(trim, shift: shift, on: layer) }
            }
        }
    }

    /// Most points, summed over the counts a moving star takes, that the engine draws it with.
    static let maximumCountedPoints = 20_000.0

    /// A lone star whose number of points moves: its paint once per count it takes (the count
    /// rounded down, as direct evaluation rounds it), each in a layer shown (held `hidden`)
    /// while the count is its own, from the frames where it changes (``countChanges(of:maximum:count:)``).
    private func makeCounted(
        _ shape: LottieShape, path: String, index: Int, drivers: Drivers, points: LottieProperty, in container: LayerID,
        fade: Fade
    ) throws(HarmonicError) {
        let maximum = LottieShapeEvaluator.maximumPolystarPoints
        func count(_ frame: Double) -> Double { min(max(points.scalar(at: frame).rounded(.down), 0), maximum) }
        guard let changes = Self.countChanges(of: points, maximum: maximum, count: count) else {
            builder.skip(path, "engine.animatedPolystar")
            return
        }
        let first = points.timeline.keyframes[0].time
        let counts = Set([count(first)] + changes.map(\.count)).sorted().filter { $0 >= 1 }
        // Every count is a path of its own: their points together stay within a budget, so that
        // a file cannot make the engine build paths without bound.
        guard counts.reduce(0, +) <= Self.maximumCountedPoints else {
            builder.skip(path, "engine.animatedPolystar")
            return
        }
        for n in counts {
            let holder = try builder.layer("\(n) points", parent: container, values: ["anchorPoint": [0, 0]])
            var hidden: [KeyframeTimeline.Keyframe] = [
                .init(time: first, value: [count(first) == n ? 0 : 1], holds: true)
            ]
            for change in changes {
                hidden.append(.init(time: change.frame, value: [change.count == n ? 0 : 1], holds: true))
            }
            let shown = try clock.timeline(KeyframeTimeline(hidden))
            try builder.engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: holder)
            try builder.add(shown, keyPath: "hidden", to: holder)
            try makePaint(shape, path: path, index: index, drivers: drivers, in: holder, fade: fade, points: n)
        }
    }

    /// Most evaluations of the content made to check that a path played as a motion keeps its
    /// elements (at its keyframes and between them).
    static let maximumMotionChecks = 2_000

    /// A paint whose path no keyframes carry exactly, played by a ``LottieFrameMotion`` (direct
    /// evaluation's path at every frame) on each of its layers. The engine's path keeps one
    /// structure, so a path whose elements change over time (a star's count, a cut that takes
    /// an element off) is drawn once per structure it takes, each in a layer shown (held
    /// `hidden`) while the path has it, from the frames where it changes
    /// (``structureRuns(_:size:structure:)``). A gradient paint's path masks its gradient, which
    /// lies on a square that moves with the path (``MovingSquare``). Listed as `feature` past the
    /// scene's budgets.
    private func playMotion(
        _ shape: LottieShape, path: String, index: Int, feature: String, trim: Trim?, points: Double?,
        in parent: LayerID, fade: Fade
    ) throws(HarmonicError) {
        // The frames the path can change between: every keyframe of the content's geometry.
        let frames = Array(Set(items.flatMap { $0.geometryProperties.flatMap { $0.timeline.keyframes.map(\.time) } }))
            .sorted()
        guard let low = frames.first, let high = frames.last, high > low, clock.scale != 0 else {
            builder.skip(path, feature)
            return
        }
        let trims = trim == nil
        // The structure at every keyframe and at points between, and where it changes.
        var checks = frames
        let between = max(0, min(4, Self.maximumMotionChecks / frames.count - 1))
        for (a, b) in zip(frames, frames.dropFirst()) where between > 0 {
            for k in 1...between { checks.append(a + (b - a) * Double(k) / Double(between + 1)) }
        }
        checks = Array(checks.prefix(Self.maximumMotionChecks)).sorted()
        let size = Self.evaluationSize(items)
        guard builder.spendMotion(work: Double(checks.count) * size) else {
            builder.skip(path, feature)
            return
        }
        let items = self.items
        let runs = structureRuns(checks, size: size) { frame in
            Self.coordinates(items, paint: index, time: frame, trims: trims, points: points).map(Self.structure(of:))
        }
        guard let runs else {
            builder.skip(path, feature)
            return
        }
        // Each structure the path takes, in the order it first does (a run of none paints nothing).
        var structures: [[Double]] = []
        for run in runs { if let s = run.structure, !structures.contains(s) { structures.append(s) } }
        guard !structures.isEmpty else { return }
        guard structures.count <= Self.maximumStructures, builder.spendMotion(work: 0, count: structures.count - 1)
        else {
            builder.skip(path, feature)
            return
        }
        let copies: [Double]
        if let trim {
            guard let found = trimCopies(trim) else { return }
            copies = found
        } else {
            copies = [0]
        }
        let played = try clock.motion(from: low, to: high)
        // A gradient paint: the gradient on a square that moves with the path, masked by the
        // path's layers (painted opaque); any other paint: the path's layers, styled.
        let outer: LayerID
        var gradientTarget: LayerID?
        if let (gradient, own) = Self.gradientPaint(shape) {
            let whole = LottieFrameMotion.path(items, paint: index, trims: trims, points: points, subpath: nil)
            let moving = MovingSquare(frames: low...high, reach: Self.reach(of: shape), gradient: gradient, path: whole)
            guard
                let target = try makeGradient(
                    shape, gradient, own, path: path, parts: [], moving: moving, in: parent, fade: fade)
            else { return }
            gradientTarget = target
            outer = try builder.layer("gradient mask", parent: nil, values: ["anchorPoint": [0, 0]])
        } else {
            outer = try fadeHolder(fade, in: parent)
        }
        for structure in structures {
            // Shown while the path has this structure; one layer when it has no other.
            var holder = outer
            if runs.count > 1 {
                holder = try builder.layer("structure", parent: outer, values: ["anchorPoint": [0, 0]])
                let hidden = runs.map { run in
                    KeyframeTimeline.Keyframe(time: run.frame, value: [run.structure == structure ? 0 : 1], holds: true)
                }
                let shown = try clock.timeline(KeyframeTimeline(hidden))
                try builder.engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: holder)
                try builder.add(shown, keyPath: "hidden", to: holder)
            }
            guard let start = runs.first(where: { $0.structure == structure })?.frame,
                let whole = Self.coordinates(items, paint: index, time: start, trims: trims, points: points)
            else { continue }
            // A simultaneous trim: a layer per subpath, each its own motion.
            var subpaths: [Int?] = [nil]
            if let trim, !trim.individually, Self.subpathCount(whole) > 1 {
                subpaths = Array(0..<Self.subpathCount(whole))
            }
            for subpath in subpaths {
                let value = LottieFrameMotion.path(
                    items, paint: index, trims: trims, points: points, subpath: subpath,
                    structure: runs.count > 1 ? structure : nil)
                guard let initial = value(start), !initial.isEmpty else { continue }
                var motion = LottieFrameMotion(
                    first: played.first, framesPerSecond: played.framesPerSecond, duration: played.timing.duration,
                    dimension: initial.count, value: value)
                motion.fallback = initial
                for shift in copies {
                    let layer = try builder.layer("paint", parent: holder, values: ["anchorPoint": [0, 0]])
                    try builder.engine.setPath(try PathCoordinates(numbers: initial).path(), of: layer)
                    try builder.engine.add(
                        MotionAnimation(
                            keyPath: "path", motion: motion, timing: played.timing, isRemovedOnCompletion: false),
                        forKey: "lottie path motion", to: layer)
                    if gradientTarget == nil {
                        try style(shape, path: path, layer: layer, fade: fade)
                    } else {
                        try maskPaint(shape, path: path, on: layer)
                    }
                    if let trim { try playTrim(trim, shift: shift, on: layer) }
                }
            }
        }
        if let gradientTarget { try builder.attachMask(outer, to: gradientTarget, remaps: remaps) }
    }

    /// Most structures one path played as a motion takes (a layer each), and most changes
    /// between them.
    static let maximumStructures = 16
    static let maximumStructureChanges = 64

    /// Halvings that find where a path's structure changes: from the span between two checks
    /// down to 10⁻⁹ of a frame (relative above 1), far below any frame's time.
    static let structureBisections = 64

    /// A path's structure: its element codes (``/Harmonic/PathCoordinates``), which decide how
    /// many numbers follow each.
    static func structure(of numbers: [Double]) -> [Double] {
        PathCoordinates.codeIndices(of: numbers).map { numbers[$0] }
    }

    /// The runs of one structure a path keeps (`nil`: it draws nothing), each from the frame it
    /// starts: the first at the first check, each next one where two neighbouring checks
    /// differ, found by halving the span between them until it is 10⁻⁹ of a frame and taking
    /// its later end — the first instant seen with the new structure. `nil` past
    /// ``maximumStructureChanges`` or the scene's budget (each halving evaluates the content
    /// once, `size` items).
    private func structureRuns(
        _ checks: [Double], size: Double, structure at: (Double) -> [Double]?
    ) -> [(frame: Double, structure: [Double]?)]? {
        guard let first = checks.first else { return [] }
        var runs: [(frame: Double, structure: [Double]?)] = [(first, at(first))]
        var previous = (frame: first, structure: runs[0].structure)
        for frame in checks.dropFirst() {
            let now = at(frame)
            defer { previous = (frame, now) }
            guard now != previous.structure else { continue }
            guard runs.count <= Self.maximumStructureChanges,
                builder.spendMotion(work: Double(Self.structureBisections) * size, count: 0)
            else { return nil }
            var (a, b) = (previous.frame, frame)
            var found = now
            for _ in 0..<Self.structureBisections where b - a > 1e-9 * max(1, abs(b)) {
                let mid = a + (b - a) / 2
                let s = at(mid)
                if s == previous.structure {
                    a = mid
                } else {
                    b = mid
                    found = s
                }
            }
            if found != runs[runs.count - 1].structure { runs.append((b, found)) }
            if found != now { runs.append((frame, now)) }
        }
        return runs
    }

    /// How many merged stops a gradient has at `frame` — the number just beside it where stops
    /// meet for that instant alone (``LottieFrameMotion/nudge``), as the stops' motion reads
    /// them there.
    static func stopCount(_ gradient: LottieGradient, at frame: Double) -> Int {
        let count = gradient.evaluate(at: frame).stops.count
        let e = LottieFrameMotion.nudge * max(1, abs(frame))
        let after = gradient.evaluate(at: frame + e).stops.count
        return after == gradient.evaluate(at: frame - e).stops.count ? after : count
    }

    /// A gradient layer's key path played as a motion of the file: `value` at every frame,
    /// over the frames the gradient's ends, highlight and stops are keyed between; listed (at
    /// `path`) past the scene's motion budget (``LottieEngineBuilder/spendMotion(work:)``). A
    /// layer shown only while the stops number `fallback.count` gives `fallback` where they
    /// number otherwise.
    private func playMotion(
        of gradient: LottieGradient, keyPath: String, on layer: LayerID, path: String, fallback: [Double]? = nil,
        frames more: [Double] = [], value: @escaping @Sendable (Double) -> [Double]?
    ) throws(HarmonicError) {
        let frames =
            [gradient.start, gradient.end, gradient.highlightLength, gradient.highlightAngle, gradient.colors]
            .compactMap { $0 }.flatMap { $0.timeline.keyframes.map(\.time) } + more
        guard let low = frames.min(), let high = frames.max(), high > low, clock.scale != 0 else { return }
        guard builder.spendMotion(work: 0) else {
            builder.skip(path, "engine.gradient")
            return
        }
        let played = try clock.motion(from: low, to: high)
        var motion = LottieFrameMotion(
            first: played.first, framesPerSecond: played.framesPerSecond, duration: played.timing.duration,
            dimension: fallback?.count, value: value)
        motion.fallback = fallback
        guard let initial = LottieFrameMotion.sized(motion.dimension, value, at: played.first) ?? fallback else {
            return
        }
        try builder.engine.setValue(AnimatableVector(initial), forKeyPath: keyPath, of: layer)
        try builder.engine.add(
            MotionAnimation(keyPath: keyPath, motion: motion, timing: played.timing, isRemovedOnCompletion: false),
            forKey: "lottie \(keyPath) motion", to: layer)
    }

    /// How many shape items one evaluation of the content walks: each item once, a repeater's
    /// content once per copy it can make.
    private static func evaluationSize(_ items: [LottieShape]) -> Double {
        items.reduce(0) { n, item in
            switch item {
            case let .group(children, _): return n + 1 + evaluationSize(children)
            case let .repeated(children, repeater): return n + 1 + repeater.mostCopies * evaluationSize(children)
            default: return n + 1
            }
        }
    }

    /// A path's parts on a shape layer: the first its path (its model value, animated when it
    /// moves), each further one offsets added by an additive animation of its own.
    private func playPath(_ parts: [KeyframeTimeline], on layer: LayerID) throws(HarmonicError) {
        try builder.engine.setPath(
            try PathCoordinates(numbers: parts[0].keyframes[0].value.components).path(), of: layer)
        if !parts[0].isStatic { try builder.add(parts[0], keyPath: "path", to: layer) }
        for (j, offsets) in parts.enumerated().dropFirst() where !offsets.isStatic {
            try builder.add(offsets, keyPath: "path", to: layer, additive: true, key: "lottie path offsets \(j)")
        }
    }

    /// Most sets of driving properties moving apart that a path is split into, each an
    /// animation of every layer drawing it.
    static let maximumPathParts = 16

    /// Drivers in sets, each moved by one easing (``schedule(_:)``), the first driver's set
    /// first: `nil` past ``maximumPathParts`` sets or 64 drivers.
    private static func inStep(_ drivers: [LottiePathDriver]) -> [[LottiePathDriver]]? {
        guard drivers.count <= 64 else { return nil }
        var sets: [[LottiePathDriver]] = []
        for p in drivers {
            if let j = sets.firstIndex(where: { schedule(($0 + [p]).map(\.timeline)) != nil }) {
                sets[j].append(p)
            } else {
                guard sets.count < maximumPathParts, schedule([p.timeline]) != nil else { return nil }
                sets.append([p])
            }
        }
        return sets
    }

    /// The offsets from one path's coordinates to another's
    /// (``/Harmonic/PathCoordinates/offsets(to:)``), `nil` where their elements differ.
    private static func offsets(from a: [Double], to b: [Double]) -> [Double]? {
        guard let from = try? PathCoordinates(numbers: a), let to = try? PathCoordinates(numbers: b) else { return nil }
        return (try? from.offsets(to: to))?.numbers
    }

    /// Whether these drivers can drive a path as keyframes: nothing moves it nonlinearly, no
    /// driver eases its components apart, and one easing moves them all (``schedule(_:)``).
    private static func drivesPath(_ d: Drivers) -> Bool {
        guard d.nonlinear == nil else { return false }
        let affine = Array(d.affine.values)
        guard !affine.contains(where: { p in p.timeline.keyframes.contains { Set($0.easing).count > 1 } }) else {
            return false
        }
        return affine.isEmpty || schedule(affine.map(\.timeline)) != nil
    }

    private static func isGradient(_ shape: LottieShape) -> Bool { gradientPaint(shape) != nil }

    /// A gradient fill's or stroke's gradient and its own opacity; `nil` for another paint.
    private static func gradientPaint(_ shape: LottieShape) -> (gradient: LottieGradient, opacity: LottieProperty?)? {
        switch shape {
        case let .fill(fill): return fill.gradient.map { ($0, fill.opacity) }
        case let .stroke(stroke): return stroke.gradient.map { ($0, stroke.opacity) }
        default: return nil
        }
    }

    /// The transform taking a placed shape back to rest, `x ↦ R(−θ)·(x − p)` (its position `p`
    /// and rotation `θ` at `time`): the path a placement layer at `p` turned by `θ` draws where
    /// the shape is. `nil` without a placement.
    private static func rest(_ placement: Drivers.Placement?, at time: Double) -> Transform2D? {
        guard let placement else { return nil }
        let p = placement.position?.point(at: time) ?? .zero
        let angle = (placement.rotation?.scalar(at: time) ?? 0) * .pi / 180
        return Transform2D.translation(x: -p.x, y: -p.y).concatenating(.rotation(-angle))
    }

    /// Path coordinates cut into their subpaths, each from its move-to.
    static func subpaths(_ numbers: [Double]) -> [[Double]] {
        let moves = PathCoordinates.codeIndices(of: numbers).filter { numbers[$0] == 1 }
        return zip(moves, moves.dropFirst() + [numbers.count]).map { Array(numbers[$0..<$1]) }
    }

    /// A gradient fill as a gradient layer (`CAGradientLayer`) masked by the paint's path, as
    /// lottie-ios draws one: the layer a square over the path and the gradient's ends, its
    /// colours and locations the merged colour and opacity stops, `startPoint`/`endPoint` the
    /// ends in its unit square (a radial gradient's end moved to `start + (d, d)`, so that Core
    /// Animation's ellipse is the circle of Lottie's radius `d`).
    ///
    /// Moving ends of a linear gradient are `startPoint`/`endPoint` animations (the square's
    /// coordinates are affine in the ends); moving stops are `colors`/`locations` animations
    /// when the merged stops are affine in the file's numbers (``stopMaps(_:)``); a trimmed
    /// stroke's mask is trimmed as a plain stroke is (``playTrim(_:shift:on:)``). A radial
    /// gradient's edge leaving a ray (its radius `|e − s|` is no affine map of the ends) and a
    /// highlight whose angle turns play as motions of the file (``LottieFrameMotion``). A
    /// highlight is the layer's `focalOffset` (a Harmonic extension: Core Animation's radial
    /// gradient has no focal point). Stops no affine map carries play as motions of `colors` and
    /// `locations`, a gradient layer per number of merged stops where stops meet and stay
    /// together, all under one layer that holds the mask. With a `moving` square (a path no
    /// keyframes carry) the square's place, size and the gradient's ends in it are motions, and
    /// the caller masks the returned layer with the path's own motions.
    @discardableResult
    private func makeGradient(
        _ paint: LottieShape, _ gradient: LottieGradient, _ own: LottieProperty?, path: String,
        parts: [KeyframeTimeline], trim: (Trim, copies: [Double], pieces: [[KeyframeTimeline]])? = nil,
        moving: MovingSquare? = nil, in parent: LayerID, fade: Fade
    ) throws(HarmonicError) -> LayerID? {
        let endsMove = gradient.start?.isAnimated == true || gradient.end?.isAnimated == true
        let stops = gradient.colors.isAnimated ? Self.stopMaps(gradient) : nil
        let highlight = gradient.highlightLength?.scalar(at: 0) ?? 0
        // A radial gradient's radius |e − s| moves affinely when only its edge point moves, along a
        // ray from the centre without crossing it: the radius is then the edge's distance along
        // the ray, an affine map of the point.
        let ray = gradient.radial && endsMove ? Self.edgeRay(gradient) : nil
        // A highlight is the focal point `h·|e − s|` from the centre at the angle of `e − s`
        // plus `a`: in the square's units of the radius `h·(cos θ, sin θ)`, affine in `h` while
        // the angle stays (a fixed `a`, an edge on a ray).
        // Where neither is affine — an edge leaving a ray (its radius), a highlight whose angle
        // turns — the gradient layer's `endPoint` and `focalOffset` play as motions of the file
        // (``LottieFrameMotion``, direct evaluation's value at every frame).
        let radiusMoves = endsMove && gradient.radial && ray == nil
        let hasHighlight = gradient.highlightLength?.isAnimated == true || highlight != 0
        let highlightTurns =
            gradient.radial && hasHighlight && (gradient.highlightAngle?.isAnimated == true || radiusMoves)
        // Moving stops no affine map gives (opacity stops between colour stops moving apart, a
        // colour overshooting its range): `colors` and `locations` as motions of the merged stops
        // — a gradient layer per number of them (stops that meet and stay together make fewer),
        // each shown while the stops number so, from the instants where the number changes
        // (``structureRuns(_:size:structure:)``).
        let stopsMove = gradient.colors.isAnimated && stops == nil
        var stopRuns: [(frame: Double, structure: [Double]?)] = []
        if stopsMove {
            // The checks evaluate the stops (three times, for instants where stops meet), each
            // as long as the file's stop list; they and the motions count against the budgets.
            let frames = gradient.colors.timeline.keyframes.map(\.time)
            var checks = frames
            for (a, b) in zip(frames, frames.dropFirst()).prefix(Self.maximumMotionChecks / 5) {
                for k in 1...4 { checks.append(a + (b - a) * Double(k) / 5) }
            }
            checks = Array(checks.prefix(Self.maximumMotionChecks)).sorted()
            let size = 3 * Double(gradient.colors.dimension)
            guard builder.spendMotion(work: Double(checks.count) * size),
                let runs = structureRuns(checks, size: size, structure: { [Double(Self.stopCount(gradient, at: $0))] }),
                Set(runs.map(\.structure)).count <= Self.maximumStructures,
                builder.spendMotion(work: 0, count: 2 * Set(runs.map(\.structure)).count - 1)
            else {
                builder.skip(path, "engine.gradient")
                return nil
            }
            stopRuns = runs
        }
        let g = gradient.evaluate(at: 0)
        let s = SIMD2(g.start[0], g.start[1]), e = SIMD2(g.end[0], g.end[1])
        // A square over every point of the path at every keyframe, and the gradient's ends (or,
        // moving, at the first frame).
        var low = SIMD2(Swift.min(s.x, e.x), Swift.min(s.y, e.y)),
            high = SIMD2(Swift.max(s.x, e.x), Swift.max(s.y, e.y))
        // Each number's least and greatest value at the keyframes, summed over the parts (the
        // path and the offsets added to it).
        if let n = parts.first?.keyframes.first?.value.components {
            var least = [Double](repeating: 0, count: n.count), most = least
            for part in parts {
                for i in n.indices {
                    let values = part.keyframes.map { $0.value[i] }
                    least[i] += values.min() ?? 0
                    most[i] += values.max() ?? 0
                }
            }
            if let extent = Self.pointExtent(least: least, most: most) {
                low = SIMD2(Swift.min(low.x, extent.low.x), Swift.min(low.y, extent.low.y))
                high = SIMD2(Swift.max(high.x, extent.high.x), Swift.max(high.y, extent.high.y))
            }
        }
        let reach = Self.reach(of: paint)
        // Moving, the square at its first frame (its motions take it from there).
        let (origin, side) =
            moving.flatMap { $0.square($0.frames.lowerBound) }
            ?? (low - reach, Swift.max(high.x - low.x, high.y - low.y) + 2 * reach)
        let d = ((e - s) * (e - s)).sum().squareRoot()
        let end = gradient.radial ? s + SIMD2(d, d) : e
        let engine = builder.engine
        let counts = stopRuns.map { $0.structure?.first ?? 0 }.reduce(into: [Double]()) { seen, n in
            if !seen.contains(n) { seen.append(n) }
        }
        // One gradient layer, or one per number of stops inside a layer that holds the mask
        // (the target of the mask and the opacity).
        // A moving square's layer moves inside one that holds still, as its mask does.
        let outer = try fadeHolder(fade, in: parent)
        let contained = counts.count > 1 || moving != nil
        var target: LayerID? =
            contained
            ? try builder.layer(
                "gradient stops", parent: outer,
                values: ["anchorPoint": [0, 0], "position": moving == nil ? [origin.x, origin.y] : [0, 0]])
            : nil
        for count in counts.count > 1 ? counts.map(Optional.some) : [nil] {
            // The stops at the first frame this layer shows.
            let first = count.flatMap { n in stopRuns.first { $0.structure?.first == n }?.frame } ?? 0
            let g = count == nil ? g : gradient.evaluate(at: first)
            let colors = g.stops.flatMap { [$0[1], $0[2], $0[3], $0[4]] }
            let place = contained && moving == nil ? [0, 0] : [origin.x, origin.y]
            let layer = try engine.makeLayer(
                named: builder.nextName("gradient"), kind: .gradient, parent: target ?? outer,
                values: [
                    "anchorPoint": [0, 0], "position": AnimatableVector(place), "bounds": [0, 0, side, side],
                    "colors": AnimatableVector(colors), "locations": AnimatableVector(g.stops.map { $0[0] }),
                    "startPoint": [(s.x - origin.x) / side, (s.y - origin.y) / side],
                    "endPoint": [(end.x - origin.x) / side, (end.y - origin.y) / side],
                ])
            if !contained { target = layer }
            if let moving {
                try playSquare(moving, of: gradient, on: layer, path: path)
            }
            if gradient.radial {
                try engine.setAttribute(.name("radial"), forKey: "type", of: layer)
                if highlightTurns {
                    let g = gradient
                    try playMotion(of: gradient, keyPath: "focalOffset", on: layer, path: path) { frame in
                        let offset = g.evaluate(at: frame).focalOffset
                        return [offset.x, offset.y]
                    }
                } else if let h = gradient.highlightLength, h.isAnimated || highlight != 0 {
                    // `focalOffset` (a Harmonic extension of the gradient layer): `h` clamped to
                    // ±99 % as players clamp it, along the highlight's angle.
                    let u = g.highlightDirection
                    let map = LottieEngineBuilder.ValueMap(sources: [0, 0], scale: 0.01, scales: [u.x, u.y])
                    let offset = try builder.mapped(h.timeline.clamped(to: -99...99), clock: clock, values: map)
                    try engine.setValue(offset.keyframes[0].value, forKeyPath: "focalOffset", of: layer)
                    if !offset.isStatic { try builder.add(offset, keyPath: "focalOffset", to: layer) }
                }
            }
            if moving != nil {
                // The ends move with the square (``playSquare(_:of:on:path:)``).
            } else if let ray, let edge = gradient.end {
                // endPoint = s + (d, d) with d = (e − s)·u, in the square's unit coordinates: keyframes
                // at the edge's own, eased alike (one curve for both coordinates: `edgeRay` checked).
                let keys = edge.timeline.keyframes.map { k in
                    let d = (k.value[0] - s.x) * ray.x + (k.value[1] - s.y) * ray.y
                    return KeyframeTimeline.Keyframe(
                        time: k.time, value: [(s.x + d - origin.x) / side, (s.y + d - origin.y) / side],
                        holds: k.holds, easing: Array(k.easing.prefix(1)))
                }
                let timeline = try clock.timeline(KeyframeTimeline(keys))
                try engine.setValue(timeline.keyframes[0].value, forKeyPath: "endPoint", of: layer)
                if !timeline.isStatic { try builder.add(timeline, keyPath: "endPoint", to: layer) }
            } else if endsMove {
                let square = LottieEngineBuilder.ValueMap(
                    sources: [0, 1], scale: 1 / side, shifts: [-origin.x / side, -origin.y / side])
                try builder.play(gradient.start, keyPath: "startPoint", on: layer, clock: clock, values: square)
                if radiusMoves {
                    // endPoint = s + (d, d), d = |e − s|, in the square's unit coordinates.
                    let g = gradient
                    try playMotion(of: gradient, keyPath: "endPoint", on: layer, path: path) { frame in
                        let now = g.evaluate(at: frame)
                        let c = SIMD2(now.start[0], now.start[1]), edge = SIMD2(now.end[0], now.end[1])
                        let d = ((edge - c) * (edge - c)).sum().squareRoot()
                        return [(c.x + d - origin.x) / side, (c.y + d - origin.y) / side]
                    }
                } else {
                    try builder.play(gradient.end, keyPath: "endPoint", on: layer, clock: clock, values: square)
                }
            }
            if let stops {
                try builder.play(gradient.colors, keyPath: "colors", on: layer, clock: clock, values: stops.colors)
                try builder.play(
                    gradient.colors, keyPath: "locations", on: layer, clock: clock, values: stops.locations)
            } else if stopsMove {
                let whole = gradient
                // Only while the stops number this layer's count (its fallback otherwise).
                // Int: a count of merged stops, at most the file's stop list's length.
                let n = count.map { Int($0) }
                @Sendable func merged(_ frame: Double) -> [[Double]]? {
                    let stops = whole.evaluate(at: frame).stops
                    return n.map { stops.count == $0 } ?? true ? stops : nil
                }
                try playMotion(
                    of: gradient, keyPath: "colors", on: layer, path: path, fallback: count.map { _ in colors }
                ) { frame in
                    merged(frame)?.flatMap { [$0[1], $0[2], $0[3], $0[4]] }
                }
                try playMotion(
                    of: gradient, keyPath: "locations", on: layer, path: path,
                    fallback: count.map { _ in g.stops.map { $0[0] } }
                ) { frame in
                    merged(frame)?.map { $0[0] }
                }
            }
            if let count {
                let hidden = stopRuns.map { run in
                    KeyframeTimeline.Keyframe(
                        time: run.frame, value: [run.structure?.first == count ? 0 : 1], holds: true)
                }
                let shown = try clock.timeline(KeyframeTimeline(hidden))
                try engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: layer)
                try builder.add(shown, keyPath: "hidden", to: layer)
            }
        }
        guard let target else { return nil }
        try playOpacity(own, fade: fade, on: target, path: path)
        // A moving square's mask is the caller's: the path's motions, in the target's space.
        guard moving == nil else { return target }
        // The mask, in the gradient layer's space: the path moved by the square's origin, filled
        // or stroked opaque — a trimmed stroke once per whole turn its trim wraps, as a plain
        // stroke is drawn.
        let holder = try builder.layer("gradient mask", parent: nil, values: ["anchorPoint": [0, 0]])
        for piece in trim?.pieces ?? [parts] {
            for shift in trim?.copies ?? [0] {
                let shape = try builder.layer(
                    "gradient path", parent: holder,
                    values: ["anchorPoint": [0, 0], "position": [-origin.x, -origin.y]])
                try playPath(piece, on: shape)
                try maskPaint(paint, path: path, on: shape)
                if let trim { try playTrim(trim.0, shift: shift, on: shape) }
            }
        }
        try builder.attachMask(holder, to: target, remaps: remaps)
        return target
    }

    /// A gradient paint's path as its mask paints it: filled (by the fill's rule) or stroked
    /// (the stroke's geometry) opaque white.
    private func maskPaint(_ paint: LottieShape, path: String, on layer: LayerID) throws(HarmonicError) {
        switch paint {
        case let .fill(fill):
            try builder.engine.setValue([1, 1, 1, 1], forKeyPath: "fillColor", of: layer)
            if fill.evenOdd { try builder.engine.setAttribute(.name("evenOdd"), forKey: "fillRule", of: layer) }
        case let .stroke(stroke):
            try builder.engine.setValue([1, 1, 1, 1], forKeyPath: "strokeColor", of: layer)
            try strokeGeometry(stroke, path: path, on: layer)
        default:
            break
        }
    }

    /// The least and greatest point of path coordinates (``/Harmonic/PathCoordinates``, no
    /// arcs: every argument of a move or curve is a point's coordinate, x then y), each
    /// coordinate taken from `least` for the low corner and from `most` for the high one;
    /// `nil` for no point.
    static func pointExtent(least: [Double], most: [Double]) -> (low: SIMD2<Double>, high: SIMD2<Double>)? {
        var low = SIMD2(Double.infinity, .infinity), high = -low
        let codes = PathCoordinates.codeIndices(of: least)
        for (i, next) in zip(codes, codes.dropFirst() + [least.count]) {
            // Int: the element's arguments in pairs, 0, 2 or 6 numbers after its code.
            for j in stride(from: i + 1, to: next - 1, by: 2) {
                low = SIMD2(Swift.min(low.x, least[j]), Swift.min(low.y, least[j + 1]))
                high = SIMD2(Swift.max(high.x, most[j]), Swift.max(high.y, most[j + 1]))
            }
        }
        return low.x <= high.x ? (low, high) : nil
    }

    /// How far a paint reaches beyond its path: 1, and for a stroke half its widest width at
    /// a keyframe, a miter join its limit times that.
    private static func reach(of paint: LottieShape) -> Double {
        guard case let .stroke(stroke) = paint else { return 1 }
        let widest = stroke.width?.timeline.keyframes.map { abs($0.value[0]) }.max() ?? 1
        return 1 + widest / 2 * Swift.max(stroke.miterLimit, 1)
    }

    /// A gradient's square that moves with a path no keyframes carry: at each frame, over the
    /// path's points (a Bézier lies within its control points) and the gradient's ends, `reach`
    /// beyond them.
    struct MovingSquare: Sendable {
        /// The frames it moves over (held outside them).
        var frames: ClosedRange<Double>
        var square: @Sendable (Double) -> (origin: SIMD2<Double>, side: Double)?

        init(
            frames: ClosedRange<Double>, reach: Double, gradient: LottieGradient,
            path: @escaping @Sendable (Double) -> [Double]?
        ) {
            self.frames = frames
            square = { frame in
                guard let numbers = path(frame),
                    let extent = LottieEngineShapes.pointExtent(least: numbers, most: numbers)
                else { return nil }
                let g = gradient.evaluate(at: frame)
                let s = SIMD2(g.start[0], g.start[1]), e = SIMD2(g.end[0], g.end[1])
                let low = SIMD2(Swift.min(extent.low.x, s.x, e.x), Swift.min(extent.low.y, s.y, e.y))
                let high = SIMD2(Swift.max(extent.high.x, s.x, e.x), Swift.max(extent.high.y, s.y, e.y))
                return (low - reach, Swift.max(high.x - low.x, high.y - low.y) + 2 * reach)
            }
        }
    }

    /// A gradient layer on a moving square: its `position` and `bounds` the square's, its
    /// `startPoint` and `endPoint` the gradient's ends in the square's unit coordinates (a
    /// radial gradient's end at `start + (d, d)`, `d` its radius), each a motion of the file.
    private func playSquare(
        _ moving: MovingSquare, of gradient: LottieGradient, on layer: LayerID, path: String
    ) throws(HarmonicError) {
        let square = moving.square
        let frames = [moving.frames.lowerBound, moving.frames.upperBound]
        @Sendable func ends(_ frame: Double) -> (
            start: SIMD2<Double>, end: SIMD2<Double>, origin: SIMD2<Double>, side: Double
        )? {
            guard let (origin, side) = square(frame), side > 0 else { return nil }
            let g = gradient.evaluate(at: frame)
            let s = SIMD2(g.start[0], g.start[1]), e = SIMD2(g.end[0], g.end[1])
            let d = ((e - s) * (e - s)).sum().squareRoot()
            return (s, gradient.radial ? s + SIMD2(d, d) : e, origin, side)
        }
        try playMotion(of: gradient, keyPath: "position", on: layer, path: path, frames: frames) { frame in
            square(frame).map { [$0.origin.x, $0.origin.y] }
        }
        try playMotion(of: gradient, keyPath: "bounds", on: layer, path: path, frames: frames) { frame in
            square(frame).map { [0, 0, $0.side, $0.side] }
        }
        try playMotion(of: gradient, keyPath: "startPoint", on: layer, path: path, frames: frames) { frame in
            ends(frame).map { [($0.start.x - $0.origin.x) / $0.side, ($0.start.y - $0.origin.y) / $0.side] }
        }
        try playMotion(of: gradient, keyPath: "endPoint", on: layer, path: path, frames: frames) { frame in
            ends(frame).map { [($0.end.x - $0.origin.x) / $0.side, ($0.end.y - $0.origin.y) / $0.side] }
        }
    }

    /// The unit direction `u` of the ray a radial gradient's moving edge point keeps to, when the
    /// centre holds still and every keyframe of the edge lies on that ray (`e = s + λ·u`,
    /// `λ ≥ 0`), eased by one curve for both coordinates that does not overshoot and without
    /// spatial tangents: the radius `λ` then moves as the point does. `nil` otherwise.
    private static func edgeRay(_ g: LottieGradient) -> SIMD2<Double>? {
        guard g.start?.isAnimated != true, let edge = g.end, edge.dimension >= 2, !edge.timeline.isSpatial,
            edge.neverOvershoots,
            edge.timeline.keyframes.allSatisfy({ Set($0.easing).count <= 1 })
        else { return nil }
        let s = g.start?.point(at: 0) ?? .zero
        let offsets = edge.timeline.keyframes.map { SIMD2($0.value[0], $0.value[1]) - s }
        guard let far = offsets.max(by: { ($0 * $0).sum() < ($1 * $1).sum() }) else { return nil }
        let length = (far * far).sum().squareRoot()
        guard length > 0 else { return nil }
        let u = far / length
        // On the ray: no part across it (to a part in a million of the radius) and not behind the
        // centre.
        for v in offsets where abs(v.x * u.y - v.y * u.x) > 1e-6 * length || (v * u).sum() < 0 { return nil }
        return u
    }

    /// The gradient layer's `colors` and `locations` as maps of the file's stop numbers, when
    /// the merged stops (``LottieGradient/stops(_:colorStops:)``) are those maps' values at
    /// every time, not only at the keyframes: at each keyframe the colour offsets are in order
    /// and, with the colours and opacities, within `[0, 1]` (merging sorts and clamps), any
    /// opacity stops sit one on each colour stop (merging adds a stop wherever they differ),
    /// and the easing does not overshoot, with one curve for all numbers when there are opacity
    /// stops (so that the two offsets stay together between keyframes). `nil` otherwise.
    private static func stopMaps(_ g: LottieGradient) -> (
        colors: LottieEngineBuilder.ValueMap, locations: LottieEngineBuilder.ValueMap
    )? {
        let n = g.colorStopCount
        let keyframes = g.colors.timeline.keyframes
        guard n > 0, let count = keyframes.first?.value.count else { return nil }
        let opacities = (count - 4 * n) / 2
        guard opacities == 0 || opacities == n else { return nil }
        let unit = 0.0...1.0
        guard g.colors.neverOvershoots else { return nil }
        for k in keyframes {
            let v = k.value
            guard v.count == count, opacities == 0 || Set(k.easing).count <= 1 else { return nil }
            for i in 0..<n {
                guard (0..<4).allSatisfy({ unit.contains(v[4 * i + $0]) }), i == 0 || v[4 * i] >= v[4 * i - 4] else {
                    return nil
                }
                if opacities > 0, v[4 * n + 2 * i] != v[4 * i] || !unit.contains(v[4 * n + 2 * i + 1]) { return nil }
            }
        }
        var sources: [Int?] = [], constants: [Double] = []
        for i in 0..<n {
            sources += [4 * i + 1, 4 * i + 2, 4 * i + 3, opacities > 0 ? 4 * n + 2 * i + 1 : nil]
            constants += [0, 0, 0, 1]
        }
        return (
            LottieEngineBuilder.ValueMap(sources: sources, constants: constants),
            LottieEngineBuilder.ValueMap(sources: (0..<n).map { 4 * $0 })
        )
    }

    /// Whether a rectangle's corner radius `r` stays within `[0, min(w, h)/2]` and its size
    /// non-negative at every time, so that its corners never clamp and its path keeps its eight
    /// vertices: so at every keyframe of either (evaluated at both's times), with easing that does
    /// not overshoot — between keyframes each value then lies between its ends, and where both
    /// move they move in step or are listed, so `min(w, h)/2 − r` too.
    private static func roundingNeverClamps(size: LottieProperty?, radius: LottieProperty) -> Bool {
        let properties = [size, radius].compactMap { $0 }
        guard properties.allSatisfy(\.neverOvershoots) else { return false }
        let times = properties.flatMap { $0.timeline.keyframes.map(\.time) }
        return times.allSatisfy { t in
            let s = size?.point(at: t) ?? .zero
            let r = radius.scalar(at: t)
            return s.x >= 0 && s.y >= 0 && r >= 0 && r <= min(s.x, s.y) / 2
        }
    }

    /// Whether every component of a size stays above 0 at every time (a missing one is 0).
    private static func staysAboveZero(_ size: LottieProperty?) -> Bool {
        guard let size else { return false }
        return size.timeline.keyframes[0].value.indices.allSatisfy {
            size.timeline.valueRange(component: $0).lowerBound > 0
        }
    }

    /// Whether a moving size falls below 0 at some time (an easing overshooting past 0): the
    /// outline is drawn from `|w|` and `|h|`, folded where the size crosses 0, which path
    /// keyframes interpolated through 0 would instead mirror — the same area, but its start and
    /// direction, which trims and dashes follow, turned around.
    private static func fallsBelowZero(_ size: LottieProperty?) -> Bool {
        guard let size, size.isAnimated else { return false }
        return size.timeline.keyframes[0].value.indices.contains {
            size.timeline.valueRange(component: $0).lowerBound < 0
        }
    }

    /// Whether a rounded rectangle's size and radius never fall below 0
    /// (``/Harmonic/KeyframeTimeline/valueRange(component:)``, overshoots included): its
    /// half-sides and radius are then `w/2`, `h/2`, `r` themselves, no fold of `|w|` nor clamp
    /// at 0, and its path keeps its eight vertices (``LottieShapeEvaluator/keepsRoundedVertices``,
    /// corners of no length where the radius reaches 0) while the radius clamps to a side.
    private static func roundingStaysNonNegative(size: LottieProperty?, radius: LottieProperty) -> Bool {
        [size, radius].compactMap { $0 }.allSatisfy { p in
            p.timeline.keyframes[0].value.indices.allSatisfy { p.timeline.valueRange(component: $0).lowerBound >= 0 }
        }
    }

    /// The times inside the driver's segments where a rounding radius reaches one of `levels`
    /// (half a fixed path's side): on the driver's keyframes, each segment eased by the
    /// driver's easing, as ``/Harmonic/KeyframeTimeline/times(reaching:)`` finds them; `nil`
    /// past ``maximumLevelSearches`` levels times segments (a path of many corners under a
    /// radius of many keyframes), so the work stays bounded.
    private static func levelTimes(
        _ rounding: (radius: LottieProperty, levels: [Double]), driver: KeyframeTimeline
    ) -> [Double]? {
        let levels = Set(rounding.levels)
        guard levels.count * driver.keyframes.count <= maximumLevelSearches else { return nil }
        guard let r = onDriver(driver, { rounding.radius.scalar(at: $0) }) else { return [] }
        return levels.flatMap { r.times(reaching: $0) }
    }

    /// A value of the drivers (`value` at a frame) as a timeline on the driver's keyframes,
    /// each segment moved by the driver's easing: exact while the value is affine in drivers
    /// that move in step.
    private static func onDriver(_ driver: KeyframeTimeline, _ value: (Double) -> Double) -> KeyframeTimeline? {
        try? KeyframeTimeline(
            driver.keyframes.map { k in .init(time: k.time, value: [value(k.time)], holds: k.holds, easing: k.easing) })
    }

    /// The times inside the driver's segments where a component of a size crosses 0 (the size
    /// moves in step with the driver, so each component is a timeline on the driver's keyframes,
    /// ``onDriver(_:_:)``).
    private static func foldTimes(_ size: LottieProperty, driver: KeyframeTimeline) -> [Double] {
        (0..<size.dimension).flatMap { c in
            onDriver(driver, { size.value(at: $0)[c] })?.times(reaching: 0) ?? []
        }
    }

    /// Most levels times driver segments a rounding's cuts are searched over.
    static let maximumLevelSearches = 20_000

    /// The times inside the driver's segments where two of a rounded rectangle's `r`, `w/2` and
    /// `h/2` cross, so that the same one is smallest between them. The drivers move in step, so
    /// on a segment each of the three moves by the segment's easing (a fixed one by 0): each is
    /// a timeline on the driver's keyframes, and two meet where
    /// ``/Harmonic/KeyframeTimeline/crossings(with:)`` says (in closed form, one easing moving
    /// both).
    private static func kinkTimes(
        _ rectangle: (size: LottieProperty?, radius: LottieProperty), driver: KeyframeTimeline
    ) -> [Double] {
        guard let r = onDriver(driver, { rectangle.radius.scalar(at: $0) }),
            let w = onDriver(driver, { (rectangle.size?.point(at: $0)?.x ?? 0) / 2 }),
            let h = onDriver(driver, { (rectangle.size?.point(at: $0)?.y ?? 0) / 2 })
        else { return [] }
        return [(r, w), (r, h), (w, h)].flatMap { a, b in a.crossings(with: b) ?? [] }
    }

    /// When several timelines change a value that is affine in all of them, the keyframes it
    /// changes by — their times, and per segment whether it holds and its easing (the values
    /// are placeholders) — or `nil` when no one easing moves it.
    ///
    /// Timelines keyed at different times are first cut at each other's
    /// (``/Harmonic/KeyframeTimeline/aligned(to:)``, which keeps their motion). Then on each
    /// segment every timeline either stays (the same value at both ends), holds and jumps at
    /// the end, or moves by its easing: the value holds where none moves and jumps where one
    /// does; it moves by the movers' easing where they share one (linear in all counts however
    /// its control points read) and nothing jumps. So linear keyframes — After Effects'
    /// default — keyed apart move in step once cut, and so do timelines keyed together.
    private static func schedule(_ timelines: [KeyframeTimeline]) -> KeyframeTimeline? {
        guard let first = timelines.first else { return nil }
        var all = timelines
        if !timelines.allSatisfy({ $0.keyframes.map(\.time) == first.keyframes.map(\.time) }) {
            let times = Array(Set(timelines.flatMap { $0.keyframes.map(\.time) })).sorted()
            all = []
            for t in timelines {
                guard let a = try? t.aligned(to: times), a.keyframes.map(\.time) == times else { return nil }
                all.append(a)
            }
        }
        let times = all[0].keyframes.map(\.time)
        var keys: [KeyframeTimeline.Keyframe] = []
        for i in times.indices {
            guard i + 1 < times.count else {
                keys.append(.init(time: times[i], value: [0]))
                break
            }
            var movers: [KeyframeTimeline.Keyframe] = []
            var jumps = false
            for t in all {
                let a = t.keyframes[i], b = t.keyframes[i + 1]
                let curved = [a.outTangent, a.inTangent].contains { $0?.contains { $0 != 0 } == true }
                guard a.value != b.value || (curved && !a.holds) else { continue }
                if a.holds { jumps = true } else { movers.append(a) }
            }
            guard !(jumps && !movers.isEmpty) else { return nil }
            guard let lead = movers.first else {
                keys.append(.init(time: times[i], value: [0], holds: true))
                continue
            }
            guard movers.allSatisfy({ sameEasing($0.easing, lead.easing) }) else { return nil }
            keys.append(.init(time: times[i], value: [0], easing: Array(lead.easing.prefix(1))))
        }
        return try? KeyframeTimeline(keys)
    }

    /// Whether two keyframes' easings are one curve for every component and the same one
    /// (both linear counting as the same).
    private static func sameEasing(_ a: [CubicBezier], _ b: [CubicBezier]) -> Bool {
        guard Set(a).count <= 1, Set(b).count <= 1 else { return false }
        let linearA = a.first?.isLinear ?? true, linearB = b.first?.isLinear ?? true
        return (linearA && linearB) || a.first == b.first
    }

    /// How many subpaths path coordinates hold (their move-tos).
    private static func subpathCount(_ numbers: [Double]) -> Int {
        PathCoordinates.codeIndices(of: numbers).filter { numbers[$0] == 1 }.count
    }

    /// The whole turns `k` for which a copy of the stroke draws `[s + o − k, e + o − k]` (each
    /// copy clamped to `[0, 1]` by `strokeStart`/`strokeEnd`), so that together they draw the
    /// trim wrapped past the path's end, `s` and `e` the ends in order and clamped to `[0, 1]`
    /// (``LottieTrimEnds``); `nil` (and listed) where the trim is not that: ends whose
    /// crossings are not found, or an offset turning more than 64 times.
    private func trimCopies(_ trim: Trim) -> [Double]? {
        guard let ends = LottieTrimEnds.ordered(start: trim.start, end: trim.end) else {
            builder.skip(trim.path, "engine.trimCrossing")
            return nil
        }
        // Every value the ends and the offset take, overshoots included.
        let s = ends.start.valueRange(component: 0), e = ends.end.valueRange(component: 0)
        let o = trim.offset.map { $0.timeline.valueRange(component: 0) } ?? 0...0
        let low = (s.lowerBound + o.lowerBound / 360).rounded(.down)
        let high = (e.upperBound + o.upperBound / 360).rounded(.down)
        // An offset turning n times needs n + 1 copies; more than a few is no stroke to copy.
        guard high - low < 64 else {
            builder.skip(trim.path, "engine.trimOffsetRange")
            return nil
        }
        // Int: fewer than 64 whole turns between `low` and `high`, by the guard above.
        return Array(stride(from: low, through: high, by: 1))
    }

    /// `strokeStart = s + o − shift` and `strokeEnd = e + o − shift` (fractions; the offset in
    /// turns; `s` and `e` the ends in order, ``LottieTrimEnds``): the ends as the value, an
    /// animated offset added on top (an additive animation).
    private func playTrim(_ trim: Trim, shift: Double, on layer: LayerID) throws(HarmonicError) {
        // `trimCopies` has found the ordered ends before any layer is trimmed.
        guard let ends = LottieTrimEnds.ordered(start: trim.start, end: trim.end) else { return }
        let engine = builder.engine
        let offsetIsAnimated = trim.offset?.isAnimated == true
        let o = (offsetIsAnimated ? 0 : (trim.offset?.scalar(at: 0) ?? 0) / 360) - shift
        for (end, keyPath) in [(ends.start, "strokeStart"), (ends.end, "strokeEnd")] {
            let timeline = try builder.mapped(
                end, clock: clock, values: LottieEngineBuilder.ValueMap(sources: [0]).offset(by: o))
            try engine.setValue(timeline.keyframes[0].value, forKeyPath: keyPath, of: layer)
            if !timeline.isStatic { try builder.add(timeline, keyPath: keyPath, to: layer) }
            if offsetIsAnimated {
                try builder.play(
                    trim.offset, keyPath: keyPath, on: layer, clock: clock,
                    values: LottieEngineBuilder.ValueMap(sources: [0], scale: 1.0 / 360), additive: true)
            }
        }
    }

    private func style(_ shape: LottieShape, path: String, layer: LayerID, fade: Fade) throws(HarmonicError) {
        let engine = builder.engine
        switch shape {
        case let .fill(fill):
            try builder.play(fill.color, keyPath: "fillColor", on: layer, clock: clock, values: .color)
            try playOpacity(fill.opacity, fade: fade, on: layer, path: path)
            if fill.evenOdd { try engine.setAttribute(.name("evenOdd"), forKey: "fillRule", of: layer) }
        case let .stroke(stroke):
            try engine.setValue([0, 0, 0, 1], forKeyPath: "strokeColor", of: layer)
            try builder.play(stroke.color, keyPath: "strokeColor", on: layer, clock: clock, values: .color)
            try playOpacity(stroke.opacity, fade: fade, on: layer, path: path)
            try strokeGeometry(stroke, path: path, on: layer)
        default:
            break
        }
    }

    /// A paint's opacity: its own (percent) times the fixed part of the fade around it (the
    /// moving parts are the layers ``fadeHolder(_:in:)`` puts around it).
    private func playOpacity(_ own: LottieProperty?, fade: Fade, on layer: LayerID, path: String)
        throws(HarmonicError)
    {
        if let own {
            let percent = LottieEngineBuilder.ValueMap(sources: [0], scale: 0.01 * fade.factor)
            try builder.play(own, keyPath: "opacity", on: layer, clock: clock, values: percent)
        } else {
            try builder.engine.setValue(fade.factor, forKeyPath: "opacity", of: layer)
        }
    }

    /// The layer a paint's layers go in: `parent`, inside one layer per animated fade around the
    /// paint, each with that fade as its opacity animation (nested, their opacities multiply;
    /// each holds one paint, so it fades it on its own).
    private func fadeHolder(_ fade: Fade, in parent: LayerID) throws(HarmonicError) -> LayerID {
        var holder = parent
        for m in fade.moving {
            holder = try builder.layer("fade", parent: holder, values: ["anchorPoint": [0, 0]])
            var first = m.timeline.keyframes[0].value
            if let added = m.added { first = AnimatableVector([first[0] + added.keyframes[0].value[0]]) }
            try builder.engine.setValue(first, forKeyPath: "opacity", of: holder)
            if !m.timeline.isStatic { try builder.add(m.timeline, keyPath: "opacity", to: holder) }
            if let added = m.added, !added.isStatic {
                try builder.add(added, keyPath: "opacity", to: holder, additive: true)
            }
        }
        return holder
    }

    /// A stroke's width, caps, joins, miter limit and dashes on `layer`, with no fill.
    private func strokeGeometry(_ stroke: LottieStroke, path: String, on layer: LayerID) throws(HarmonicError) {
        let engine = builder.engine
        try engine.setValue([0, 0, 0, 0], forKeyPath: "fillColor", of: layer)
        if let width = stroke.width {
            try builder.play(width, keyPath: "lineWidth", on: layer, clock: clock, values: .scalar)
        }
        try engine.setAttribute(.name(stroke.cap), forKey: "lineCap", of: layer)
        try engine.setAttribute(.name(stroke.join), forKey: "lineJoin", of: layer)
        try engine.setValue(stroke.miterLimit, forKeyPath: "miterLimit", of: layer)
        let lengths = stroke.dashes.filter { $0.kind != "o" }.map(\.length)
        if !lengths.isEmpty {
            let moving = lengths.filter(\.isAnimated)
            if moving.isEmpty {
                try engine.setAttribute(
                    .numbers(lengths.map { max($0.scalar(at: 0), 0) }), forKey: "lineDashPattern", of: layer)
            } else if let pattern = try? KeyframeTimeline(combining: lengths.map(\.timeline)) {
                // Moving lengths: the pattern as a list value, each length eased by its own
                // keyframes (cut at the others'; ``/Harmonic/KeyframeTimeline/init(combining:)``),
                // which the frame renderer clamps at 0 as direct evaluation does.
                let keys = try clock.timeline(pattern)
                try engine.setValue(
                    AnimatableVector(keys.keyframes[0].value.map { max($0, 0) }),
                    forKeyPath: StandardLayerProperty.dashPattern, of: layer)
                try builder.add(keys, keyPath: StandardLayerProperty.dashPattern, to: layer)
            } else {
                builder.skip(path, "engine.animatedDashes")
                try engine.setAttribute(
                    .numbers(lengths.map { max($0.scalar(at: 0), 0) }), forKey: "lineDashPattern", of: layer)
            }
            let offset = stroke.dashes.first { $0.kind == "o" }?.length
            try builder.play(offset, keyPath: "lineDashPhase", on: layer, clock: clock, values: .scalar)
        }
    }

    /// Paint `index`'s path at layer time `time` as path coordinates, `nil` when it paints
    /// nothing then.
    static func coordinates(
        _ items: [LottieShape], paint index: Int, time: Double, trims: Bool, points: Double? = nil,
        rest: Transform2D? = nil
    ) -> [Double]? {
        var evaluator = LottieShapeEvaluator(time: time)
        evaluator.polystarPoints = points
        evaluator.appliesTrims = trims
        evaluator.makesMostCopies = true
        evaluator.keepsRoundedVertices = true
        let paints = evaluator.paints(items)
        guard index < paints.count, var geometry = paints[index]?.geometry else { return nil }
        if let rest { geometry = geometry.applying(rest) }
        let numbers = geometry.pathCoordinates
        return numbers.isEmpty ? nil : numbers
    }
}
