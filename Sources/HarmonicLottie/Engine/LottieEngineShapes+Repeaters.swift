import HarmonicPlatform
import Harmonic
import HarmonicEngine

/// Repeaters: each copy the engine plays as layers — placed by keyframes where its transform is
/// affine in the file's values, by a motion of its whole transform otherwise — shown while a
/// moving count reaches it, and faded from the start opacity to the end one.
extension LottieEngineShapes {
    /// A repeater's copies, walked as ``LottieShapeEvaluator`` walks them (top first, so that
    /// paints are numbered alike): the nodes of the copies the engine plays — a fixed count or a
    /// moving one (the most copies it ever has, overshoots included, each shown while it lasts);
    /// each copy's transform keyframed where it is affine in the file's values (any anchor, a
    /// fixed scale, a moving offset that slides the copies along a fixed position and rotation
    /// step: the place `a + (k + o)·p` and turn `(k + o)·r`), a motion otherwise
    /// (``transformMoves(_:)``) within the scene's motion budget, the repeater listed past it —
    /// and, either way, each copy's paths added to the group's for the paints after it.
    func walkCopies(
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
        let fixed = changes != nil && (!Self.transformMoves(repeater) || builder.budget.charge(work: 0, motions: n))
        let o = slides ? 0 : repeater.offset?.scalar(at: 0) ?? 0
        // The copies in the order direct evaluation numbers their paints.
        var nodes: [Node] = []
        for k in repeater.paintOrder(count: n) {
            let first = paths.count
            let inner = walk(children, path: repeater.path, paints: &paints, paths: &paths)
            var moved = Drivers()
            moved.add(repeater.position)
            // T(−a)·M·T(a + e·p) moves a point x to x·M + a − a·M + e·p: affine in the anchor.
            moved.add(repeater.anchor)
            moved.bend(repeater.rotation, .repeaterRotationUnderPaint)
            moved.bend(repeater.scale, .repeaterRotationUnderPaint)
            // A moving count adds and removes the copies' paths.
            moved.bend(repeater.copies, .animatedRepeater)
            // A moving offset moves the copies' paths affinely when it only slides them along a
            // fixed step.
            if slides, repeater.rotation.map({ !$0.isAnimated && $0.scalar(at: 0) == 0 }) ?? true, unscaled,
                repeater.position?.isAnimated != true
            {
                moved.add(repeater.offset)
            } else {
                moved.bend(repeater.offset, .repeaterRotationUnderPaint)
            }
            for p in [repeater.position, repeater.anchor] where p?.timeline.isSpatial == true {
                moved.bend(p, .spatialGroupMotion)
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
        if !fixed { builder.skip(repeater.path, .animatedRepeater) }
        return nodes
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
    func playTransform(of r: LottieRepeater, copy k: Double, on layer: LayerID) throws(HarmonicError) {
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
        try builder.addMotion(
            keyPath: "transform", on: layer, clock: clock, from: low, to: high, key: "lottie copy transform",
            value: value)
    }

    /// Places one repeater copy: an outer layer at `anchor + steps·position`, turned by
    /// `steps·rotation` and scaled by `scale^steps`, an inner one at `−anchor` (After Effects'
    /// repeater, the step's parts multiplied out), each part keyframed where it is an affine map
    /// of the file's values — or, where the copy's transform is none (``transformMoves(_:)``),
    /// one layer whose whole transform plays as a motion. Returns the outer layer and the one
    /// the copy's content goes in.
    func placeCopy(_ r: LottieRepeater, steps e: Double, in parent: LayerID) throws(HarmonicError) -> (
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
    func makeCopy(
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
    func playCount(
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
                builder.skip(r.path, .repeaterOpacity)
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
}
