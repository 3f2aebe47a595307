import Harmonic

/// Attributes (``LayerAttribute``): the enumerations and number lists of a layer, which
/// change at once and are not animated.
extension AnimationEngine {
    /// Sets an attribute of `layer` (at once: Core Animation does not interpolate these).
    ///
    /// A change of `contents` runs the layer's action for `contents`, found as for any change
    /// (the ``actionDelegate``, the layer's actions, its style); with none, Core Animation's
    /// default for `contents`: a fade transition (``TransitionAnimation``) over the
    /// transaction's duration, added under `"transition"` — unless the transaction disables
    /// actions, or the layer backs a view and no animation block is open.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer, key or value
    ///   (``LayerAttribute/validated(_:forKey:)``).
    public func setAttribute(_ value: LayerAttribute, forKey key: String, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        let checked = try LayerAttribute.validated(value, forKey: key)
        guard key == "contents", try attribute(forKey: key, of: layer) != checked else {
            attributes[layer.index, default: [:]][key] = checked
            return
        }
        let settings = transactions.effectiveSettings
        let quiet =
            settings.disableActions || (transactions.depth == 0 && actionResolver.viewBacked.contains(layer.index))
        var action: LayerAction? = quiet ? LayerAction.none : nil
        if !quiet { action = actionResolver.action(forKeyPath: key, layer: layer.index, delegate: actionDelegate) }
        switch action {
        case .none?:
            attributes[layer.index, default: [:]][key] = checked
        case let .animation(animation)?:
            // The transition keeps the rendering from before the change: add it first.
            try add(animation, forKey: key, to: layer)
            attributes[layer.index, default: [:]][key] = checked
        case nil:
            try add(TransitionAnimation(Transition()), forKey: Self.transitionKey, to: layer)
            attributes[layer.index, default: [:]][key] = checked
        }
    }

    /// An attribute of `layer`: the value set, or the key's default.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key.
    public func attribute(forKey key: String, of layer: LayerID) throws(HarmonicError) -> LayerAttribute {
        _ = try store(layer)
        if let value = attributes[layer.index]?[key] { return value }
        guard let entry = LayerAttribute.known[key] else {
            throw .invalidParameter(
                name: "attribute", value: "\"\(key)\"",
                allowed: "one of " + LayerAttribute.known.keys.sorted().joined(separator: ", "))
        }
        return entry.default
    }

    /// The class of `layer`.
    public func kind(of layer: LayerID) throws(HarmonicError) -> LayerKind { try store(layer).kind }

    /// Whether `layer` has a property named `name` now: a standard one (they always exist),
    /// `path` or `shadowPath` once given, or a custom one.
    public func hasProperty(_ name: String, of layer: LayerID) throws(HarmonicError) -> Bool {
        let s = try store(layer)
        return s.slotIndex[name] != nil || StandardLayerProperty.standard(name, kind: s.kind) != nil
    }
}
