import Harmonic
import HarmonicEngine

/// Builds a ``LottieEngineScene``: walks the composition and makes its engine layers, their
/// model values and their timeline animations (see ``LottieEngineScene`` for the mapping).
///
/// Every animation is added at engine time 0 with identity layer timings, so that a begin
/// time of 0 means local time 0 everywhere; time maps are set last (a begin time of 0 would
/// otherwise read the mapped clock).
final class LottieEngineBuilder {
    let animation: LottieAnimation
    let engine: AnimationEngine
    private(set) var notPlayed: [LottieAnimation.UnsupportedFeature] = []
    private var timeMaps: [(KeyframeTimeline, LayerID)] = []
    private var count = 0

    /// Layer-local frames → engine seconds of the layer's clock: `seconds = scale·frame + offset`.
    struct Clock {
        var scale: Double
        var offset: Double

        func seconds(_ frame: Double) -> Double { scale * frame + offset }

        /// The clock of a layer with start time `st` and stretch `sr` in a list on this clock:
        /// its frame `t` is the list's frame `t·sr + st`.
        func layer(start st: Double, stretch sr: Double) -> Clock { Clock(scale: scale * sr, offset: seconds(st)) }

        /// `local` (keyframes at the layer's frames) in engine seconds, each time `t` at
        /// `seconds(t)`.
        ///
        /// A negative scale (a layer whose time stretch `sr` is negative plays backwards) runs
        /// the timeline backwards (``KeyframeTimeline/reversed()``). Where the layer's value
        /// jumps (a hold's end, keyframes sharing a frame), Lottie's value at the jump's frame
        /// is already the next one, so played backwards the old one is shown up to and
        /// including that instant: the keyframes after each jump move ``jumpDelay`` later
        /// (never past half the way to the next keyframe), which no frame ever falls between.
        func timeline(_ local: KeyframeTimeline) throws(HarmonicError) -> KeyframeTimeline {
            guard scale < 0 else {
                return try KeyframeTimeline(
                    local.keyframes.map { k in
                        var k = k
                        k.time = seconds(k.time)
                        return k
                    })
            }
            // Reversed times are −t, so seconds(t) = (−scale)·(−t) + offset.
            var keys = local.reversed().keyframes.map { k in
                var k = k
                k.time = -scale * k.time + offset
                return k
            }
            var i = 0
            while i < keys.count {
                var end = i + 1
                while end < keys.count, keys[end].time == keys[i].time { end += 1 }
                if end - i > 1 {
                    let at = keys[i].time
                    var delay = Self.jumpDelay * max(1, abs(at))
                    if end < keys.count { delay = min(delay, (keys[end].time - at) / 2) }
                    for j in i + 1..<end { keys[j].time = at + delay }
                }
                i = end
            }
            return try KeyframeTimeline(keys)
        }

        /// How a motion plays the layer frames `low…high` (`low < high`, ``LottieFrameMotion``):
        /// its timing in engine seconds (holding its ends before and after), the frame at motion
        /// time 0 — the earliest, or for a layer played backwards the latest — and the frames per
        /// motion second (negative backwards).
        func motion(from low: Double, to high: Double) throws(HarmonicError) -> (
            timing: MediaTiming, first: Double, framesPerSecond: Double
        ) {
            let begin = min(seconds(low), seconds(high))
            let timing = try MediaTiming(
                beginTime: begin, duration: abs(seconds(high) - seconds(low)), fillMode: .both)
            return (timing, scale > 0 ? low : high, 1 / scale)
        }

        /// How much later than a jump's instant, in seconds (relative above 1 s), a reversed
        /// layer's value changes: far above the rounding of a frame's time, far below a frame.
        static let jumpDelay = 1e-9
    }

    /// How a Lottie value becomes an engine value: component `i` is
    /// `scale·value[sources[i]] + offset`, or `constants[i]` where the source is `nil`.
    struct ValueMap {
        var sources: [Int?]
        var scale = 1.0
        var constants: [Double] = []
        var offset = 0.0
        /// Per component, added to the values taken from the source (after `offset`).
        var shifts: [Double] = []
        /// Per component, multiplying the values taken from the source (besides `scale`).
        var scales: [Double] = []

        /// The same map with `offset` added to the values taken from the source.
        func offset(by amount: Double) -> ValueMap {
            var map = self
            map.offset += amount
            return map
        }

        static let scalar = ValueMap(sources: [0])
        static let point = ValueMap(sources: [0, 1])
        static let percent = ValueMap(sources: [0], scale: 0.01)
        static let degrees = ValueMap(sources: [0], scale: .pi / 180)
        static let negatedPoint = ValueMap(sources: [0, 1], scale: -1)
        static let color = ValueMap(sources: [0, 1, 2, nil], constants: [0, 0, 0, 1])
        static func component(_ c: Int, scale: Double = 1) -> ValueMap { ValueMap(sources: [c], scale: scale) }

        func apply(_ v: AnimatableVector) -> AnimatableVector {
            AnimatableVector(
                sources.indices.map { i in
                    guard let s = sources[i] else { return constants[i] }
                    let factor = i < scales.count ? scale * scales[i] : scale
                    return (s < v.count ? factor * v[s] : 0) + offset + (i < shifts.count ? shifts[i] : 0)
                })
        }
    }

    init(_ animation: LottieAnimation) throws(HarmonicError) {
        self.animation = animation
        engine = try AnimationEngine()
    }

    /// Makes every layer and animation; returns the composition's root layer.
    func build() throws(HarmonicError) -> LayerID {
        let root = try layer(
            "composition", parent: nil,
            values: [
                "anchorPoint": [0, 0], "bounds": [0, 0, animation.width, animation.height], "masksToBounds": [1],
            ])
        try engine.begin(TransactionSettings(disableActions: true))
        try buildList(
            animation.layers, in: root, clock: Clock(scale: 1 / animation.frameRate, offset: 0), depth: 0)
        try engine.commit()
        for (map, layer) in timeMaps { try engine.setTimeMap(map, of: layer) }
        return root
    }

    /// Reports the part at `path` as not played, for `reason` (`detail` naming what, where the
    /// reason covers several: a blend mode's name).
    func skip(_ path: String, _ reason: LottieEngineReason, detail: String? = nil) {
        notPlayed.append(.init(path: path, feature: reason.feature + (detail.map { ".\($0)" } ?? "")))
    }

    /// The scene's limits and the account its motions are charged to.
    let budget = LottieEngineBudget()

    /// Makes `holder` (a layer outside the tree) the mask of `target`, on `target`'s clock: a
    /// mask lies outside the layer tree, on the root's clock, so inside time-remapped
    /// precompositions it hangs from a chain of layers outside the tree, each with one
    /// precomposition's time map, outermost first — their clocks compose as the precompositions'
    /// do.
    func attachMask(_ holder: LayerID, to target: LayerID, remaps: [KeyframeTimeline]) throws(HarmonicError) {
        guard !remaps.isEmpty else {
            try engine.setMask(holder, of: target)
            return
        }
        var chain: [LayerID] = []
        for map in remaps {
            let link = try layer("mask clock", parent: chain.last, values: ["anchorPoint": [0, 0]])
            timeMaps.append((map, link))
            chain.append(link)
        }
        try engine.addSublayer(holder, to: chain[chain.count - 1])
        try engine.setMask(chain[0], of: target)
    }

    func layer(_ hint: String, parent: LayerID?, values: [String: AnimatableVector] = [:]) throws(HarmonicError)
        -> LayerID
    {
        try engine.makeLayer(named: nextName(hint), parent: parent, values: values)
    }

    /// A layer name no other layer has: a running number and a hint of what it is.
    func nextName(_ hint: String) -> String {
        count += 1
        return "\(count) \(hint)"
    }

    // MARK: Layers

    /// A composition's layer list on `clock`: bottom first, so that the engine draws them in
    /// Lottie's order (the list is topmost first).
    /// `remaps`: the time maps of the time-remapped precompositions the list lies in, outermost
    /// first (its clock is their composition).
    private func buildList(
        _ list: [LottieLayer], in parent: LayerID, clock: Clock, depth: Int, remaps: [KeyframeTimeline] = []
    ) throws(HarmonicError) {
        for layer in list.reversed() {
            try buildLayer(layer, in: list, parent: parent, clock: clock, depth: depth, remaps: remaps)
        }
    }

    /// A layer and, when it has a matte, its matte: the layer inside a layer of the
    /// composition's space whose mask (`CALayer.mask`) is the matte source drawn the same way,
    /// read by the matte's kind (the engine's `maskMode`: alpha, luminance, or one minus either).
    /// A matte source is drawn only as its user's matte.
    private func buildLayer(
        _ layer: LottieLayer, in list: [LottieLayer], parent: LayerID, clock: Clock, depth: Int,
        remaps: [KeyframeTimeline], asMatte: Bool = false
    ) throws(HarmonicError) {
        if layer.isMatteSource, !asMatte { return }
        guard let matte = layer.matte, let slot = layer.matteSlot else {
            try buildContent(layer, in: list, parent: parent, clock: clock, depth: depth, remaps: remaps)
            return
        }
        let matted = try self.layer("matted \(layer.name)", parent: parent, values: ["anchorPoint": [0, 0]])
        let modes: [LottieMatte: String] = [
            .alpha: "alpha", .alphaInverted: "alphaInverted", .luma: "luminance", .lumaInverted: "luminanceInverted",
        ]
        try engine.setAttribute(.name(modes[matte] ?? "alpha"), forKey: "maskMode", of: matted)
        try buildContent(layer, in: list, parent: matted, clock: clock, depth: depth, remaps: remaps)
        let holder = try self.layer("matte \(list[slot].name)", parent: nil, values: ["anchorPoint": [0, 0]])
        try buildLayer(
            list[slot], in: list, parent: holder, clock: clock, depth: depth, remaps: remaps, asMatte: true)
        try attachMask(holder, to: matted, remaps: remaps)
    }

    private func buildContent(
        _ layer: LottieLayer, in list: [LottieLayer], parent: LayerID, clock: Clock, depth: Int,
        remaps: [KeyframeTimeline]
    ) throws(HarmonicError) {
        // Parents pass on their transform only: copies of their transforms, root-most outside.
        var chain: [LottieLayer] = []
        var next = layer.parentSlot
        while let p = next {
            chain.append(list[p])
            next = list[p].parentSlot
        }
        var container = parent
        for p in chain.reversed() {
            container = try transformPair(
                p.transform, hint: "parent \(p.name)", path: "\(p.path).ks", parent: container, clock: clock,
                withOpacity: false)
        }
        // A layer's own keyframes are in its list's frames; its start time and stretch move only
        // a precomposition's content (``LottieLayer``).
        let own = clock
        let (outer, inner) = try transformLayers(
            layer.transform, hint: layer.name, path: "\(layer.path).ks", parent: container, clock: own,
            withOpacity: true)
        try playVisibility(layer, on: outer, clock: clock)
        if let mode = layer.blendMode {
            // The blend mode's Core Animation name (`multiplyBlendMode` for CSS's `multiply`).
            if let filter = LayerAttribute.blendModes.first(where: { $0.value == mode })?.key {
                try engine.setAttribute(.name(filter), forKey: "compositingFilter", of: outer)
            } else {
                skip("\(layer.path).bm", .blendMode, detail: mode)
            }
        }
        if !layer.masks.isEmpty { try playMasks(layer, on: inner, clock: own, remaps: remaps) }
        switch layer.kind {
        case let .precomp(id, w, h, remap):
            let clip = try self.layer(
                "precomp \(id)", parent: inner,
                values: ["anchorPoint": [0, 0], "bounds": [0, 0, w, h], "masksToBounds": [1]])
            var content = clip
            var inside = clock.layer(start: layer.startTime, stretch: layer.timeStretch)
            var maps = remaps
            if let remap {
                content = try self.layer("time remap", parent: clip, values: ["anchorPoint": [0, 0]])
                // The remap's keyframes at the layer's frames → seconds; its values are seconds.
                let map = try mapped(remap.timeline, clock: own, values: .scalar)
                timeMaps.append((map, content))
                maps.append(map)
                inside = Clock(scale: 1 / animation.frameRate, offset: 0)
            }
            try buildList(animation.precomps[id] ?? [], in: content, clock: inside, depth: depth + 1, remaps: maps)
        case let .solid(color, w, h):
            _ = try self.layer(
                "solid", parent: inner,
                values: [
                    "anchorPoint": [0, 0], "bounds": [0, 0, w, h],
                    "backgroundColor": AnimatableVector(LottieAnimation.color(hex: color) + [1]),
                ])
        case let .image(id):
            // The image stretched over its size, as the layer's `contents` (a data URI).
            guard let image = animation.images[id] else { break }
            let picture = try self.layer(
                "image \(id)", parent: inner,
                values: ["anchorPoint": [0, 0], "bounds": [0, 0, image.width, image.height]])
            try engine.setAttribute(.text(image.dataURI), forKey: "contents", of: picture)
        case .null:
            break
        case let .shape(items):
            try LottieEngineShapes(builder: self, items: items, layerPath: layer.path, clock: own, remaps: remaps)
                .build(in: inner)
        case let .text(text):
            try playText(text, layer: layer, in: inner, clock: own, remaps: remaps)
        case .unsupported:
            break
        }
    }

    /// A text layer's documents, each as the shape layers of its items: one document plays in
    /// `parent` itself; several each play in a layer of their own, shown by held `hidden`
    /// keyframes from the document's frame up to the next one's (the first from the start, the
    /// last to the end), as the file's holds switch them.
    private func playText(
        _ text: LottieText, layer: LottieLayer, in parent: LayerID, clock: Clock, remaps: [KeyframeTimeline]
    ) throws(HarmonicError) {
        let documents = text.documents
        for (k, document) in documents.enumerated() {
            var holder = parent
            if documents.count > 1 {
                holder = try self.layer("document \(k)", parent: parent, values: ["anchorPoint": [0, 0]])
                var keys: [KeyframeTimeline.Keyframe] = []
                if k > 0 { keys.append(.init(time: document.frame - 1, value: [1], holds: true)) }
                keys.append(.init(time: document.frame, value: [0], holds: true))
                if k + 1 < documents.count {
                    keys.append(.init(time: documents[k + 1].frame, value: [1], holds: true))
                }
                let shown = try clock.timeline(KeyframeTimeline(keys))
                try engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: holder)
                try add(shown, keyPath: "hidden", to: holder)
            }
            try LottieEngineShapes(
                builder: self, items: document.shapes, layerPath: layer.path, clock: clock, remaps: remaps
            )
            .build(in: holder)
        }
    }

    /// `hidden` from `hd`, `ip` and `op` (composition frames of the list's clock): shown from
    /// `ip` up to, not including, `op`.
    private func playVisibility(_ layer: LottieLayer, on target: LayerID, clock: Clock) throws(HarmonicError) {
        if layer.hidden || layer.inPoint >= layer.outPoint {
            try engine.setValue(1, forKeyPath: "hidden", of: target)
            return
        }
        let timeline = try clock.timeline(
            KeyframeTimeline([
                .init(time: layer.inPoint - 1, value: [1], holds: true),
                .init(time: layer.inPoint, value: [0], holds: true),
                .init(time: layer.outPoint, value: [1], holds: true),
            ]))
        try engine.setValue(1, forKeyPath: "hidden", of: target)
        try add(timeline, keyPath: "hidden", to: target)
    }

    // MARK: Transforms

    /// The two layers of a transform (see ``LottieEngineScene``); returns the inner one, in
    /// whose space the content lies.
    func transformPair(
        _ t: LottieTransform, hint: String, path: String, parent: LayerID, clock: Clock, withOpacity: Bool
    ) throws(HarmonicError) -> LayerID {
        try transformLayers(t, hint: hint, path: path, parent: parent, clock: clock, withOpacity: withOpacity).inner
    }

    func transformLayers(
        _ t: LottieTransform, hint: String, path: String, parent: LayerID, clock: Clock, withOpacity: Bool
    ) throws(HarmonicError) -> (outer: LayerID, inner: LayerID) {
        let outer = try layer(hint, parent: parent, values: ["anchorPoint": [0, 0]])
        // A 3-D layer's rotations: one layer per axis, each turning about its own axis
        // (`transform.rotation.x/y/z`), nested so that points meet them in After Effects' order
        // — the orientation's z, y and x, then the rotation's z, y and x (the innermost layer
        // turns first). The engine composes them in space and the frame is projected
        // orthographically, as direct evaluation projects the plane.
        var rotated = outer
        let byMotion = Self.orientsByMotion(t, clock: clock)
        if byMotion && !t.rotates3D {
            // The direction of travel turns a layer of its own inside the rotation's: rotations
            // about z compose as their angles add.
            rotated = try layer("\(hint) orient", parent: outer, values: ["anchorPoint": [0, 0]])
            try playOrientation(t, on: rotated, clock: clock, path: "\(path).p")
        }
        if t.rotates3D {
            let o = t.orientation3D
            let turns: [(LottieProperty?, String, ValueMap)] = [
                (t.rotationX, "x", .degrees), (t.rotationY, "y", .degrees), (t.rotation, "z", .degrees),
                (o, "x", .component(0, scale: .pi / 180)), (o, "y", .component(1, scale: .pi / 180)),
                (o, "z", .component(2, scale: .pi / 180)),
            ]
            for (i, (property, axis, values)) in turns.enumerated() {
                if let property {
                    // A still angle of 0 (or none given) turns nothing: no layer for it.
                    let c = values.sources[0] ?? 0
                    let still = property.dimension > c ? property.timeline.keyframes[0].value[c] : 0
                    if property.isAnimated || still != 0 {
                        rotated = try layer(
                            "\(hint) rotation \(axis)", parent: rotated, values: ["anchorPoint": [0, 0]])
                        try play(
                            property, keyPath: "transform.rotation.\(axis)", on: rotated, clock: clock, values: values)
                    }
                }
                if i == 2, byMotion {
                    rotated = try layer("\(hint) orient", parent: rotated, values: ["anchorPoint": [0, 0]])
                    try playOrientation(t, on: rotated, clock: clock, path: "\(path).p")
                } else if i == 2, t.autoOrients, let p = t.position {
                    // Auto-orient adds the direction of travel to the rotation about z, which
                    // lies here in the chain: a layer moving along the position's path and turning
                    // with it (`rotationMode` auto) inside one moved back by the same path, the
                    // two together turning only.
                    let back = try layer("\(hint) orient back", parent: rotated, values: ["anchorPoint": [0, 0]])
                    try play(p, keyPath: "position", on: back, clock: clock, values: .negatedPoint)
                    rotated = try layer("\(hint) orient", parent: back, values: ["anchorPoint": [0, 0]])
                    try play(p, keyPath: "position", on: rotated, clock: clock, values: .point, rotationMode: .auto)
                }
            }
        }
        // A skew lies between the rotation and the scale: a layer of its own whose transform
        // is the skew's matrix, the scale on one inside it. A moving skew `rotate(sa)·shear(−sk)
        // ·rotate(−sa)` is three layers, outermost last in that product: turned by −sa, sheared
        // by the value function skewX of −sk (the shear's factor is tan(−sk)), turned by sa.
        var scaled = rotated
        if t.skew?.isAnimated == true || t.skewAxis?.isAnimated == true {
            let back = try layer("\(hint) skew axis", parent: rotated, values: ["anchorPoint": [0, 0]])
            try play(
                t.skewAxis, keyPath: "transform.rotation.z", on: back, clock: clock,
                values: .init(sources: [0], scale: -.pi / 180))
            let shear = try layer("\(hint) skew", parent: back, values: ["anchorPoint": [0, 0]])
            try play(
                t.skew, keyPath: "transform", on: shear, clock: clock, values: .init(sources: [0], scale: -.pi / 180),
                valueFunction: .skewX)
            let axis = try layer("\(hint) skew turn", parent: shear, values: ["anchorPoint": [0, 0]])
            try play(t.skewAxis, keyPath: "transform.rotation.z", on: axis, clock: clock, values: .degrees)
            scaled = try layer("\(hint) scale", parent: axis, values: ["anchorPoint": [0, 0]])
        } else if let k = t.skewMatrix(at: 0) {
            let skewed = try layer(
                "\(hint) skew", parent: rotated,
                values: ["anchorPoint": [0, 0], "transform": AnimatableVector(k.transform3D.components)])
            scaled = try layer("\(hint) scale", parent: skewed, values: ["anchorPoint": [0, 0]])
        }
        // A mirror (a scale factor below 0 at some time) does not survive the scale's key paths:
        // a decomposed transform holds a mirror as all three factors negated and a half turn
        // (``/Harmonic/TransformComponents/scale``), so setting `transform.scale.y` after
        // `transform.scale.x` = −1 turns the layer by π instead of mirroring it. Such a scale is
        // the whole transform of a layer of its own, through the `scale` value function, which
        // interpolates the factors themselves, as After Effects does.
        let mirrors =
            t.scale.map { s in
                (0..<min(2, s.dimension)).contains { s.timeline.valueRange(component: $0).lowerBound < 0 }
            }
            ?? false
        if (scaled == rotated && rotated != outer) || (mirrors && scaled == outer) {
            // The scale's key paths recompose the whole transform: not on the rotation's layer.
            scaled = try layer("\(hint) scale", parent: rotated, values: ["anchorPoint": [0, 0]])
        }
        let inner = try layer("\(hint) anchor", parent: scaled, values: ["anchorPoint": [0, 0]])
        // The rotation first: auto-orient adds the direction of travel to it.
        if !t.rotates3D {
            try play(t.rotation, keyPath: "transform.rotation.z", on: outer, clock: clock, values: .degrees)
        }
        if let p = t.position {
            // A 3-D layer's direction of travel is turned by its rotation chain (above).
            let orient: RotationMode? = t.autoOrients && !t.rotates3D && !byMotion ? .auto : nil
            try play(p, keyPath: "position", on: outer, clock: clock, values: .point, rotationMode: orient)
        } else {
            try play(t.positionX, keyPath: "position.x", on: outer, clock: clock, values: .scalar)
            try play(t.positionY, keyPath: "position.y", on: outer, clock: clock, values: .scalar)
        }
        if mirrors {
            try play(
                t.scale, keyPath: "transform", on: scaled, clock: clock,
                values: ValueMap(sources: [0, 1, nil], scale: 0.01, constants: [0, 0, 1]), valueFunction: .scale)
        } else {
            try play(
                t.scale, keyPath: "transform.scale.x", on: scaled, clock: clock, values: .component(0, scale: 0.01))
            try play(
                t.scale, keyPath: "transform.scale.y", on: scaled, clock: clock, values: .component(1, scale: 0.01))
        }
        if withOpacity { try play(t.opacity, keyPath: "opacity", on: outer, clock: clock, values: .percent) }
        try play(t.anchor, keyPath: "position", on: inner, clock: clock, values: .negatedPoint)
        return (outer, inner)
    }

    /// Whether a position's motion pauses between two keyframes: a hold, or two keyframes of
    /// one value without tangents.
    static func pauses(_ position: LottieProperty) -> Bool {
        let keys = position.timeline.keyframes
        return zip(keys, keys.dropFirst()).contains { a, b in
            a.holds
                || (a.value == b.value && (a.outTangent ?? []).allSatisfy { $0 == 0 }
                    && (a.inTangent ?? []).allSatisfy { $0 == 0 })
        }
    }

    /// Whether a transform's auto-orient plays as a motion of its angle (``playOrientation(_:on:clock:path:)``)
    /// rather than as its position's `rotationMode`: the position is split in two timelines, or
    /// the layer plays backwards and its motion pauses (it faces +x there, which the reversed
    /// orientation would turn half a turn).
    static func orientsByMotion(_ t: LottieTransform, clock: Clock) -> Bool {
        guard t.autoOrients else { return false }
        guard let p = t.position else { return true }
        return clock.scale < 0 && pauses(p)
    }

    /// The direction of travel (``LottieTransform/orientation(at:)``, 0 where the layer does not
    /// move) as a motion of `transform.rotation.z` on `layer`, over the frames the position is
    /// keyed between and one either side (where a split position's difference still sees it
    /// move); listed (at `path`) past the scene's motion budget.
    func playOrientation(_ t: LottieTransform, on layer: LayerID, clock: Clock, path: String)
        throws(HarmonicError)
    {
        let frames = [t.position, t.positionX, t.positionY].compactMap { $0 }
            .flatMap { $0.timeline.keyframes.map(\.time) }
        guard let first = frames.min(), let last = frames.max(), clock.scale != 0 else { return }
        guard budget.charge(work: 0) else {
            skip(path, .autoOrient)
            return
        }
        let value: @Sendable (Double) -> [Double]? = { frame in [(t.orientation(at: frame) ?? 0) * .pi / 180] }
        let motion = try addMotion(
            keyPath: "transform.rotation.z", on: layer, clock: clock, from: first - 1, to: last + 1,
            key: "lottie orientation motion", value: value)
        let initial = motion.flatMap { value($0.first) } ?? [0]
        try engine.setValue(AnimatableVector(initial), forKeyPath: "transform.rotation.z", of: layer)
    }

    /// Plays `value` — direct evaluation's value at a layer frame, for what no keyframes carry
    /// exactly — on `keyPath` of `layer` as a ``/HarmonicEngine/MotionAnimation`` over the
    /// frames `low…high` of `clock` (held outside them): the one place the engine's per-frame
    /// fall-back is made (``LottieFrameMotion``). `dimension` and `fallback` as the motion's;
    /// the caller sets the model value. Returns the motion (its first frame and size), or —
    /// `requiringFirstValue`, where the value has none of the motion's size at its first frame
    /// nor a fallback — `nil`, nothing added.
    @discardableResult
    func addMotion(
        keyPath: String, on layer: LayerID, clock: Clock, from low: Double, to high: Double, dimension: Int? = nil,
        fallback: [Double]? = nil, requiringFirstValue: Bool = false, key: String,
        value: @escaping @Sendable (Double) -> [Double]?
    ) throws(HarmonicError) -> LottieFrameMotion? {
        let played = try clock.motion(from: low, to: high)
        var motion = LottieFrameMotion(
            first: played.first, framesPerSecond: played.framesPerSecond, duration: played.timing.duration,
            dimension: dimension, value: value)
        motion.fallback = fallback
        if requiringFirstValue, LottieFrameMotion.sized(motion.dimension, value, at: motion.first) ?? fallback == nil {
            return nil
        }
        try engine.add(
            MotionAnimation(keyPath: keyPath, motion: motion, timing: played.timing, isRemovedOnCompletion: false),
            forKey: key, to: layer)
        return motion
    }

    // MARK: Properties

    /// Plays `property` on `keyPath`: its value when static, else a timeline animation.
    /// With `additive`, the animation adds to the value underneath (and a static value adds
    /// nothing: fold it into that value instead).
    /// With a value function the values are its input, the model value the transform it builds.
    func play(
        _ property: LottieProperty?, keyPath: String, on target: LayerID, clock: Clock, values: ValueMap,
        rotationMode: RotationMode? = nil, additive: Bool = false, valueFunction: ValueFunction? = nil
    ) throws(HarmonicError) {
        guard let property else { return }
        var rotationMode = rotationMode
        if let mode = rotationMode, clock.scale < 0 {
            // Played backwards the layer travels the other way; it still faces the way the
            // file's own time moves it. Where that motion pauses it faces +x, which reversed
            // orientation would turn half a turn.
            rotationMode = mode == .auto ? .autoReverse : .auto
            if Self.pauses(property) { skip(property.path, .autoOrientBackwards) }
        }
        let timeline = try mapped(property.timeline, clock: clock, values: values)
        if !additive {
            var first = timeline.keyframes[0].value
            if let valueFunction { first = AnimatableVector(try valueFunction.transform(first.components).components) }
            try engine.setValue(first, forKeyPath: keyPath, of: target)
        }
        guard !timeline.isStatic else { return }
        try add(
            timeline, keyPath: keyPath, to: target, rotationMode: rotationMode, additive: additive,
            valueFunction: valueFunction)
    }

    /// Adds a timeline animation that plays `timeline` (in engine seconds) in the layer's
    /// time, holding its first value before and its last after; `key` names it where a layer
    /// has several on one key path (each key holds one animation).
    func add(
        _ timeline: KeyframeTimeline, keyPath: String, to target: LayerID, rotationMode: RotationMode? = nil,
        additive: Bool = false, valueFunction: ValueFunction? = nil, key: String? = nil
    ) throws(HarmonicError) {
        let range = timeline.timeRange
        guard range.upperBound > range.lowerBound else {
            guard !additive else { return }
            // Keyframes all at one time: the last one's value from then on.
            var last = timeline.value(at: range.upperBound)
            if let valueFunction { last = AnimatableVector(try valueFunction.transform(last.components).components) }
            try engine.setValue(last, forKeyPath: keyPath, of: target)
            return
        }
        let timing = try MediaTiming(
            beginTime: range.lowerBound, duration: range.upperBound - range.lowerBound, fillMode: .both)
        try engine.add(
            KeyframeAnimation(
                keyPath: keyPath, timeline: timeline, rotationMode: rotationMode, timing: timing, isAdditive: additive,
                isRemovedOnCompletion: false, valueFunction: valueFunction),
            forKey: key ?? "lottie \(keyPath)\(additive ? " added" : "")", to: target)
    }

    /// `timeline` with its times on `clock` (seconds) and its values, easings and tangents
    /// mapped by `values`.
    func mapped(_ timeline: KeyframeTimeline, clock: Clock, values: ValueMap) throws(HarmonicError)
        -> KeyframeTimeline
    {
        try clock.timeline(
            KeyframeTimeline(
                timeline.keyframes.map { k in
                    var easing = k.easing
                    if easing.count > 1 { easing = values.sources.map { easing[min($0 ?? 0, easing.count - 1)] } }
                    func tangent(_ v: AnimatableVector?) -> AnimatableVector? {
                        guard let v else { return nil }
                        var map = values
                        map.constants = map.constants.map { _ in 0 }
                        map.offset = 0
                        map.shifts = []
                        return map.apply(v)
                    }
                    return KeyframeTimeline.Keyframe(
                        time: k.time, value: values.apply(k.value), holds: k.holds, easing: easing,
                        outTangent: tangent(k.outTangent), inTangent: tangent(k.inTangent))
                }))
    }
}
