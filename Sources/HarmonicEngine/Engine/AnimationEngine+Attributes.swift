import Harmonic

/// Attributes (``LayerAttribute``): the enumerations and number lists of a layer, which
/// change at once and are not animated.
extension AnimationEngine {
    /// Sets an attribute of `layer` (at once: Core Animation does not animate these).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer, key or value
    ///   (``LayerAttribute/validated(_:forKey:)``).
    public func setAttribute(_ value: LayerAttribute, forKey key: String, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        attributes[layer.index, default: [:]][key] = try LayerAttribute.validated(value, forKey: key)
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
