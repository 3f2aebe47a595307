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
/// The parts live beside this file: what drives a path and the fades around a paint
/// (`+Drivers`), the plan of each paint (`+PaintPlan`), its colour, opacity, stroke and trim
/// (`+Style`), repeaters (`+Repeaters`), counts that step (`+Counts`), motions of the content
/// (`+Motions`), gradients (`+Gradients`), and the instants a path stops being affine in its
/// drivers (`+Kinks`).
struct LottieEngineShapes {
    let builder: LottieEngineBuilder
    let items: [LottieShape]
    let layerPath: String
    let clock: LottieEngineBuilder.Clock
    /// The time maps of the time-remapped precompositions the layer lies in, outermost first
    /// (masks hang from them: ``LottieEngineBuilder/attachMask(_:to:remaps:)``).
    let remaps: [KeyframeTimeline]
    /// The content's paint paths at the frames checked so far, shared by every paint.
    let samples = LottieContentSamples()

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
        guard paints == Self.listedPaints(items) else {
            builder.skip("\(layerPath).shapes", .paintNumbering)
            return
        }
        try make(Self.amended(nodes, paths: paths), in: parent, fade: Fade())
    }

    /// How many paints direct evaluation lists for `items` (``LottieShapeEvaluator/paints(_:)``,
    /// each repeater making its most copies): the same at every frame, so frame 0 tells, and
    /// trims, which cut paths but add or remove no paint, are not applied.
    static func listedPaints(_ items: [LottieShape]) -> Int {
        var evaluator = LottieShapeEvaluator(time: 0)
        evaluator.makesMostCopies = true
        evaluator.appliesTrims = false
        return evaluator.paints(items).count
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

}
