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
