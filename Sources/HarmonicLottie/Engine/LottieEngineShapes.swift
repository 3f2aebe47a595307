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
/// direct evaluation's path at every frame), once per structure the path takes (a shared star's
/// number of points, a cut passing a vertex), a gradient on a square that moves with it; a path
/// past the motion budgets is listed and the paint left out.
///
/// The parts live beside this file: repeaters (`+Repeaters`), counts that step (`+Counts`),
/// motions of the content (`+Motions`), gradients (`+Gradients`), and the instants a path stops
/// being affine in its drivers (`+Kinks`).
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
    struct Drivers {
        var affine: [String: LottieProperty] = [:]
        var nonlinear: LottieEngineReason?
        /// The trims that cut the path, by JSON path.
        var trims: [String: LottieTrim] = [:]
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
        /// How a rounding in the path's own group acts on it, where it can still move the path
        /// exactly (``LottieRoundCorners``); `nil` once a transform lies between, or for a path
        /// that says nothing.
        var corners: Corners?
        /// The modifiers that have cut or rounded this path, in the file's order. A modifier
        /// reaches every paint of the paths above it, also one met before it (a stroke above a
        /// trim) or in a nested group (a trim after the group): the paints met earlier take on
        /// those that come after them when the walk ends (``amended(_:paths:)``).
        var modifiers: [LateModifier] = []

        enum LateModifier {
            case trim(LottieTrim)
            case rounding(LottieProperty)
        }

        /// How a path's vertices take a rounding, as its kind declares it.
        enum Corners {
            /// Smooth vertices, no sharp one to round while `size` stays above 0 in every
            /// component (an ellipse's).
            case smooth(whileAboveZero: LottieProperty?)
            /// Sharp corners between sides of `size` (a rectangle's width and height): rounding
            /// cuts each by `min(r, w/2)` along the width and `min(r, h/2)` along the height.
            case sharp(sides: LottieProperty?)
            /// A path that never changes: rounding cuts each sharp vertex by `min(r, d/2)` along
            /// each side, `d` fixed (``LottieGeometry/cornerSides``).
            case fixed(LottieGeometry)
        }

        /// These drivers as seen from the group around the path's own: flattened, and no longer
        /// a bare outline for a modifier there (a transform lies between).
        func leavingGroup() -> Drivers {
            var d = flattened()
            d.corners = nil
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
            if p.position?.timeline.isSpatial == true { d.bend(p.position, .spatialShape) }
            d.bend(p.rotation, .animatedPolystar)
            d.bend(p.points, .animatedPolystar)
            return d
        }

        mutating func add(_ p: LottieProperty?) {
            if let p, p.isAnimated { affine[p.path] = p }
        }

        mutating func bend(_ p: LottieProperty?, _ reason: LottieEngineReason) {
            if let p, p.isAnimated, nonlinear == nil { nonlinear = reason }
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
    indirect enum Node {
        case group(LottieTransform, path: String, [Node])
        /// Paint number `index` in ``LottieShapeEvaluator/paints(_:)``'s order. `seen`: the
        /// paths it paints, each with the number of its modifiers met before the paint.
        case paint(LottieShape, path: String, index: Int, drivers: Drivers, seen: [(path: Int, modifiers: Int)])
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
        try make(Self.amended(nodes, paths: paths), in: parent, fade: Fade())
    }

    /// `nodes` with each paint's drivers taking on the modifiers met after the paint that cut or
    /// round its paths: a trim as the paint's own (played as `strokeStart`/`strokeEnd` where it
    /// can be), a moving rounding or one of a moving path as a motion of the content (direct
    /// evaluation's path every frame). A fixed path's fixed rounding needs nothing: the path
    /// the paint is given is direct evaluation's, rounded.
    static func amended(_ nodes: [Node], paths: [Drivers]) -> [Node] {
        nodes.map { node in
            switch node {
            case let .group(transform, path, children):
                return .group(transform, path: path, amended(children, paths: paths))
            case let .copy(repeater, index, steps, fraction, changes, children):
                return .copy(
                    repeater, index: index, steps: steps, fraction: fraction, changes: changes,
                    amended(children, paths: paths))
            case .paint(let shape, let path, let index, var drivers, let seen):
                for (k, count) in seen {
                    for modifier in paths[k].modifiers.dropFirst(count) {
                        switch modifier {
                        case let .trim(trim): drivers.trims[trim.path] = trim
                        case let .rounding(radius)
                        where radius.isAnimated || !drivers.affine.isEmpty || drivers.nonlinear != nil:
                            // A fixed rounding of a fixed path is in the path the paint is given
                            // (direct evaluation rounds it); a moving one is not affine in it.
                            drivers.nonlinear = drivers.nonlinear ?? .roundedCorners
                        case .rounding: break
                        }
                    }
                }
                return .paint(shape, path: path, index: index, drivers: drivers, seen: seen)
            }
        }
    }

    /// Mirrors ``LottieShapeEvaluator``'s walk: numbers the paints and gathers what drives the
    /// paths each one paints. `paths` are the drivers of every path met so far; the returned
    /// nodes are this group's.
    func walk(_ items: [LottieShape], path: String, paints: inout Int, paths: inout [Drivers]) -> [Node] {
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
                    moved.bend(p, .spatialGroupMotion)
                }
                moved.bend(transform.rotation, .groupRotationUnderPaint)
                moved.bend(transform.scale, .groupScaleUnderPaint)
                moved.bend(transform.skew, .skew)
                for k in first..<paths.count {
                    paths[k] = paths[k].leavingGroup()
                    paths[k].merge(moved)
                    mine.append(k)
                }
            case let .geometry(rule):
                paths.append(rule.drivers)
                mine.append(paths.count - 1)
            case let .fixed(fixed):
                paths.append(fixed.drivers)
                mine.append(paths.count - 1)
            case .fill, .stroke:
                var d = Drivers()
                // A lone path keeps its placement; several drive their paint's path together.
                if mine.count == 1 { d = paths[mine[0]] } else { for k in mine { d.merge(paths[k].flattened()) } }
                nodes.append(
                    .paint(
                        item, path: itemPath, index: paints, drivers: d,
                        seen: mine.map { ($0, paths[$0].modifiers.count) }))
                paints += 1
            case let .trim(trim):
                trim.drive(&paths, reaching: mine)
            case let .roundCorners(rounding):
                rounding.drive(&paths, reaching: mine)
            case let .repeated(children, repeater):
                nodes += walkCopies(children, repeater, path: path, paints: &paints, paths: &paths, mine: &mine)
            }
        }
        return nodes
    }

    /// Makes a group's nodes, bottom first, each paint faded by `fade` (the groups' and copies'
    /// opacities around it).
    func make(_ nodes: [Node], in parent: LayerID, fade: Fade) throws(HarmonicError) {
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
            case let .paint(shape, path, index, drivers, _):
                try makePaint(shape, path: path, index: index, drivers: drivers, in: parent, fade: fade)
            case let .copy(repeater, index, steps, fraction, changes, children):
                try makeCopy(
                    repeater, index: index, steps: steps, fraction: fraction, changes: changes, children, in: parent,
                    fade: fade)
            }
        }
    }

    static func paintCount(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { n, node in
            switch node {
            case let .group(_, _, children), let .copy(_, _, _, _, _, children): return n + paintCount(children)
            case .paint: return n + 1
            }
        }
    }

    /// How a paint plays (``PaintPlan``): worked out from its drivers and the content alone,
    /// before any layer is made.
    func planPaint(
        _ shape: LottieShape, path: String, index: Int, drivers given: Drivers, points: Double? = nil
    ) throws(HarmonicError) -> PaintPlan {
        // A lone shape whose position (or star rotation) cannot drive its path with the rest
        // moves as a layer instead: the path is then the shape at rest, placed by the layer.
        var drivers = given.flattened()
        var placement: Drivers.Placement?
        if let p = given.placement, !Self.drivesPath(drivers), !Self.isGradient(shape) {
            var lone = given
            lone.placement = nil
            if Self.drivesPath(lone), points == nil, let counting = p.points, counting.isAnimated {
                return .counted(counting)
            }
            if Self.drivesPath(lone) {
                drivers = lone
                placement = p
            }
        }
        // An animated trim, or any trim of a moving path (a cut at a fixed fraction of a length
        // that changes moves along no keyframe of the cut paths): the stroke's
        // `strokeStart`/`strokeEnd` on the uncut path.
        var trim: LottieTrim?
        let moves = !drivers.affine.isEmpty || drivers.nonlinear != nil
        if let cut = drivers.trims.values.first(where: { $0.isAnimated || (moves && !$0.isWhole) }) {
            guard case .stroke = shape, drivers.trims.count == 1 else {
                // The trimmed path itself, while the cuts keep its elements.
                return .motion(cut.isAnimated ? .animatedTrim : .trimmedMovingPath, trim: nil)
            }
            trim = cut
        }
        // A path no keyframes carry exactly: the content evaluated at every frame.
        if let reason = drivers.nonlinear {
            return .motion(reason, trim: trim)
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
            return .motion(.pathEasingPerComponent, trim: trim)
        }
        var sets: [[LottiePathDriver]] = []
        if !all.isEmpty {
            guard let found = Self.inStep(all),
                found.count == 1
                    || (drivers.clampedRectangles.isEmpty && drivers.roundingLevels.isEmpty && drivers.folds.isEmpty)
            else {
                return .motion(.severalPathDrivers, trim: trim)
            }
            sets = found
        }
        // In engine seconds: the path's parts, the first its value and the rest offsets.
        var parts: [KeyframeTimeline] = []
        if sets.isEmpty {
            guard
                let numbers = Self.coordinates(
                    items, paint: index, time: 0, trims: trim == nil, points: points, rest: Self.rest(placement, at: 0))
            else { return .nothing }
            parts = [try clock.timeline(KeyframeTimeline([.init(time: 0, value: AnimatableVector(numbers))]))]
        }
        // The frame the other sets are held at, and the path with every driver held there.
        let held = all.first?.timeline.keyframes.first?.time ?? 0
        var rest: [Double] = []
        for (j, set) in sets.enumerated() {
            guard let driver = Self.schedule(set.map(\.timeline)) else { return .nothing }
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
                        return .motion(.emptyPath, trim: trim)
                    }
                    rest = numbers
                }
            }
            // The path at the set's keyframes, and where a clamping corner radius changes which
            // bound holds it (one set only: the bound moves with every driver).
            let levels = drivers.roundingLevels.map { Self.levelTimes($0, driver: driver) }
            guard !levels.contains(where: { $0 == nil }) else {
                return .motion(.roundedCorners, trim: trim)
            }
            let kinks =
                drivers.clampedRectangles.flatMap { Self.kinkTimes($0, driver: driver) }
                + levels.flatMap { $0 ?? [] } + drivers.folds.flatMap { Self.foldTimes($0, driver: driver) }
            // The kinks are finite wherever the drivers are; a driver too large to cut
            // (a crossing overflowing) is still drawn, by direct evaluation.
            guard let cut = try? driver.splitting(at: kinks) else {
                return .motion(.roundedRectangleResize, trim: trim)
            }
            var keyframes: [KeyframeTimeline.Keyframe] = []
            for k in cut.keyframes {
                guard
                    var numbers = Self.coordinates(
                        content, paint: index, time: k.time, trims: trim == nil, points: points,
                        rest: Self.rest(placement, at: k.time))
                else {
                    return .motion(.emptyPath, trim: trim)
                }
                if j > 0 {
                    guard let offsets = Self.offsets(from: rest, to: numbers) else {
                        return .motion(.pathStructureChanges, trim: trim)
                    }
                    numbers = offsets
                }
                keyframes.append(
                    .init(
                        time: k.time, value: AnimatableVector(numbers), holds: k.holds,
                        easing: Array(k.easing.prefix(1))))
            }
            // A path whose elements differ between keyframes (a cut that passes a vertex, a size
            // through 0) has no keyframes to morph between: the content at every frame.
            guard keyframes.allSatisfy({ $0.value.count == keyframes[0].value.count }) else {
                return .motion(.pathStructureChanges, trim: trim)
            }
            parts.append(try clock.timeline(KeyframeTimeline(keyframes)))
        }
        let codes = parts[0].keyframes[0].value.components.count
        guard parts.allSatisfy({ $0.keyframes.allSatisfy { $0.value.count == codes } }) else {
            return .motion(.pathStructureChanges, trim: trim)
        }
        let timeline = parts[0]
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
                    return .motion(.pathStructureChanges, trim: trim)
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
        return .keyframes(KeyframedPaint(parts: parts, pieces: pieces, placement: placement, trim: trim))
    }

    /// Plays a paint: its plan (``planPaint(_:path:index:drivers:points:)``) carried out in
    /// `container`, the one place a paint's strategy becomes layers.
    func makePaint(
        _ shape: LottieShape, path: String, index: Int, drivers: Drivers, in container: LayerID, fade: Fade,
        points: Double? = nil
    ) throws(HarmonicError) {
        switch try planPaint(shape, path: path, index: index, drivers: drivers, points: points) {
        case .nothing:
            return
        case let .counted(counting):
            try makeCounted(
                shape, path: path, index: index, drivers: drivers, points: counting, in: container, fade: fade)
        case let .motion(reason, trim):
            try playMotion(
                shape, path: path, index: index, reason: reason, trim: trim, points: points, in: container, fade: fade)
        case let .keyframes(plan):
            try makeKeyframed(shape, path: path, plan, in: container, fade: fade)
        }
    }

    /// A paint whose path keyframes carry: its layers, each path part an animation, placed by a
    /// layer of its own where the shape moves rigidly, styled, trimmed.
    func makeKeyframed(
        _ shape: LottieShape, path: String, _ plan: KeyframedPaint, in container: LayerID, fade: Fade
    ) throws(HarmonicError) {
        var parent = container
        if let p = plan.placement {
            parent = try builder.layer("placement", parent: container, values: ["anchorPoint": [0, 0]])
            try builder.play(p.position, keyPath: "position", on: parent, clock: clock, values: .point)
            try builder.play(p.rotation, keyPath: "transform.rotation.z", on: parent, clock: clock, values: .degrees)
        }
        let (parts, pieces, trim) = (plan.parts, plan.pieces, plan.trim)
        var copies = [0.0]
        if let trim {
            guard let found = trimCopies(trim) else { return }
            copies = found
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

    /// A path's parts on a shape layer: the first its path (its model value, animated when it
    /// moves), each further one offsets added by an additive animation of its own.
    func playPath(_ parts: [KeyframeTimeline], on layer: LayerID) throws(HarmonicError) {
        try builder.engine.setPath(
            try PathCoordinates(numbers: parts[0].keyframes[0].value.components).path(), of: layer)
        if !parts[0].isStatic { try builder.add(parts[0], keyPath: "path", to: layer) }
        for (j, offsets) in parts.enumerated().dropFirst() where !offsets.isStatic {
            try builder.add(offsets, keyPath: "path", to: layer, additive: true, key: "lottie path offsets \(j)")
        }
    }

    /// Drivers in sets, each moved by one easing (``schedule(_:)``), the first driver's set
    /// first: `nil` past ``maximumPathParts`` sets or 64 drivers.
    static func inStep(_ drivers: [LottiePathDriver]) -> [[LottiePathDriver]]? {
        guard drivers.count <= 64 else { return nil }
        var sets: [[LottiePathDriver]] = []
        for p in drivers {
            if let j = sets.firstIndex(where: { schedule(($0 + [p]).map(\.timeline)) != nil }) {
                sets[j].append(p)
            } else {
                guard sets.count < LottieEngineBudget.maximumPathParts, schedule([p.timeline]) != nil else {
                    return nil
                }
                sets.append([p])
            }
        }
        return sets
    }

    /// The offsets from one path's coordinates to another's
    /// (``/Harmonic/PathCoordinates/offsets(to:)``), `nil` where their elements differ.
    static func offsets(from a: [Double], to b: [Double]) -> [Double]? {
        guard let from = try? PathCoordinates(numbers: a), let to = try? PathCoordinates(numbers: b) else { return nil }
        return (try? from.offsets(to: to))?.numbers
    }

    /// Whether these drivers can drive a path as keyframes: nothing moves it nonlinearly, no
    /// driver eases its components apart, and one easing moves them all (``schedule(_:)``).
    static func drivesPath(_ d: Drivers) -> Bool {
        guard d.nonlinear == nil else { return false }
        let affine = Array(d.affine.values)
        guard !affine.contains(where: { p in p.timeline.keyframes.contains { Set($0.easing).count > 1 } }) else {
            return false
        }
        return affine.isEmpty || schedule(affine.map(\.timeline)) != nil
    }

    /// The transform taking a placed shape back to rest, `x ↦ R(−θ)·(x − p)` (its position `p`
    /// and rotation `θ` at `time`): the path a placement layer at `p` turned by `θ` draws where
    /// the shape is. `nil` without a placement.
    static func rest(_ placement: Drivers.Placement?, at time: Double) -> Transform2D? {
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

    /// How many subpaths path coordinates hold (their move-tos).
    static func subpathCount(_ numbers: [Double]) -> Int {
        PathCoordinates.codeIndices(of: numbers).filter { numbers[$0] == 1 }.count
    }

    /// The whole turns `k` for which a copy of the stroke draws `[s + o − k, e + o − k]` (each
    /// copy clamped to `[0, 1]` by `strokeStart`/`strokeEnd`), so that together they draw the
    /// trim wrapped past the path's end, `s` and `e` the ends in order and clamped to `[0, 1]`
    /// (``LottieTrimEnds``); `nil` (and listed) where the trim is not that: ends whose
    /// crossings are not found, or an offset turning more than 64 times.
    func trimCopies(_ trim: LottieTrim) -> [Double]? {
        guard let ends = LottieTrimEnds.ordered(start: trim.start, end: trim.end) else {
            builder.skip(trim.path, .trimCrossing)
            return nil
        }
        // Every value the ends and the offset take, overshoots included.
        let s = ends.start.valueRange(component: 0), e = ends.end.valueRange(component: 0)
        let o = trim.offset.map { $0.timeline.valueRange(component: 0) } ?? 0...0
        let low = (s.lowerBound + o.lowerBound / 360).rounded(.down)
        let high = (e.upperBound + o.upperBound / 360).rounded(.down)
        // An offset turning n times needs n + 1 copies; more than a few is no stroke to copy.
        guard high - low < 64 else {
            builder.skip(trim.path, .trimOffsetRange)
            return nil
        }
        // Int: fewer than 64 whole turns between `low` and `high`, by the guard above.
        return Array(stride(from: low, through: high, by: 1))
    }

    /// `strokeStart = s + o − shift` and `strokeEnd = e + o − shift` (fractions; the offset in
    /// turns; `s` and `e` the ends in order, ``LottieTrimEnds``): the ends as the value, an
    /// animated offset added on top (an additive animation).
    func playTrim(_ trim: LottieTrim, shift: Double, on layer: LayerID) throws(HarmonicError) {
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

    func style(_ shape: LottieShape, path: String, layer: LayerID, fade: Fade) throws(HarmonicError) {
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
    func playOpacity(_ own: LottieProperty?, fade: Fade, on layer: LayerID, path: String)
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
    func fadeHolder(_ fade: Fade, in parent: LayerID) throws(HarmonicError) -> LayerID {
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
    func strokeGeometry(_ stroke: LottieStroke, path: String, on layer: LayerID) throws(HarmonicError) {
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
            // Lengths that are all 0 dash nothing: the stroke is solid, as SVG draws an all-zero
            // `stroke-dasharray` and direct evaluation writes none (the engine refuses such a
            // pattern rather than guess).
            let still = lengths.map { max($0.scalar(at: 0), 0) }
            if moving.isEmpty {
                if still.contains(where: { $0 > 0 }) {
                    try engine.setAttribute(.numbers(still), forKey: "lineDashPattern", of: layer)
                }
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
                builder.skip(path, .animatedDashes)
                if still.contains(where: { $0 > 0 }) {
                    try engine.setAttribute(.numbers(still), forKey: "lineDashPattern", of: layer)
                }
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
        evaluator.pathOptions.polystarPoints = points
        evaluator.appliesTrims = trims
        evaluator.makesMostCopies = true
        evaluator.pathOptions.keepsRoundedVertices = true
        let paints = evaluator.paints(items)
        guard index < paints.count, var geometry = paints[index]?.geometry else { return nil }
        if let rest { geometry = geometry.applying(rest) }
        let numbers = geometry.pathCoordinates
        return numbers.isEmpty ? nil : numbers
    }
}
