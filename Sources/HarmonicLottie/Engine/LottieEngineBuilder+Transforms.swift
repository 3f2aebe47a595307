import Harmonic
import HarmonicEngine

/// A Lottie transform as engine layers: a pair of layers (position and rotation outside, the
/// anchor inside) with a layer per 3-D axis, skew, mirroring scale or orientation along the
/// motion path between, in After Effects' order.
extension LottieEngineBuilder {
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
        // A scale factor that reaches 0 or passes below it does not survive the scale's key
        // paths, which decompose the layer's transform and compose it again. At 0 the matrix
        // has no rotation left to decompose, so a layer turned 15° and scaled up from 0 (a pop-in)
        // comes back unturned. A mirror is held as all three factors negated and a half turn
        // (``/Harmonic/TransformComponents/scale``), so setting `transform.scale.y` after
        // `transform.scale.x` = −1 turns the layer by π instead of mirroring it. Such a scale is
        // the whole transform of a layer of its own, through the `scale` value function, which
        // interpolates the factors themselves, as After Effects does.
        let leavesKeyPaths =
            t.scale.map { s in
                (0..<min(2, s.dimension)).contains { s.timeline.valueRange(component: $0).lowerBound <= 0 }
            }
            ?? false
        if (scaled == rotated && rotated != outer) || (leavesKeyPaths && scaled == outer) {
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
        if leavesKeyPaths {
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
}
