import Harmonic
import HarmonicJSON
import HarmonicEngine

extension SceneAction {
    /// `addNetwork`: one spring network whose node `i` drives `keyPath` on `layers[i]`.
    ///
    /// ```json
    /// { "time": 0, "addNetwork": { "layers": ["a", "b", "c"], "key": "follow", "keyPath": "position",
    ///   "springNetwork": { …a spring network… }, "timing": { "duration": 3 }, "additive": false,
    ///   "removedOnCompletion": false } }
    /// ```
    ///
    /// `layers` has one entry a node (`null` for a node that drives nothing, such as a pinned
    /// leader); each layer gets a ``/HarmonicEngine/MotionAnimation`` under `key`, all sharing
    /// one solution of the network. Without a `timing` duration the animations last until every
    /// node is within 0.001 of rest. The network's positions are the key path's values: give
    /// the nodes the layers' positions to start where they are, or make it `additive` to move
    /// them by the nodes' change from their start.
    static func network(_ r: inout JSONObjectReader) throws(HarmonicError) -> Kind {
        guard case let .array(items)? = r.value("layers") else {
            throw .invalidParameter(
                name: r.name("layers"), value: "missing", allowed: "an array of layer names (null for none)")
        }
        var layers: [String?] = []
        for (i, item) in items.enumerated() {
            switch item {
            case let .string(name): layers.append(name)
            case .null: layers.append(nil)
            default:
                throw .invalidParameter(
                    name: r.name("layers[\(i)]"), value: item.summary, allowed: "a layer name or null")
            }
        }
        guard let key = try r.string("key") else {
            throw .invalidParameter(name: r.name("key"), value: "missing", allowed: "the animations' key")
        }
        guard let keyPath = try r.string("keyPath") else {
            throw .invalidParameter(
                name: r.name("keyPath"), value: "missing", allowed: "a key path such as \"position\"")
        }
        guard let value = r.value("springNetwork") else {
            throw .invalidParameter(name: r.name("springNetwork"), value: "missing", allowed: "a spring network object")
        }
        let object = try SpringNetworkObject.parse(value, name: r.name("springNetwork"))
        guard layers.count == object.network.count else {
            throw .invalidParameter(
                name: r.name("layers"), value: "\(layers.count) entries",
                allowed: "one a node (\(object.network.count)), null for a node that drives no layer")
        }
        let timing: MediaTiming?
        do {
            timing = try MediaTimingSpec.read(&r, defaultDuration: 0)?.timing
        } catch {
            throw error.prefixingParameter(with: r.path)
        }
        let additive = try r.bool("additive") ?? false
        let removed = try r.bool("removedOnCompletion") ?? true
        try r.finish(known: ["layers", "key", "keyPath", "springNetwork", "timing", "additive", "removedOnCompletion"])
        let frames = SpringNetworkFrames(object)
        let animations = layers.indices.map { node in
            LayerAnimation.motion(
                MotionAnimation(
                    keyPath: keyPath, motion: SpringNetworkNodeMotion(frames: frames, node: node), timing: timing,
                    isAdditive: additive, isRemovedOnCompletion: removed))
        }
        return .addNetwork(layers: layers, key: key, animations: animations)
    }
}
