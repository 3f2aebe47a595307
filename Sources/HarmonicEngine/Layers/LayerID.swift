import Harmonic

/// A handle to a layer of an ``AnimationEngine``: stable for the engine's lifetime.
///
/// Layers are created with ``AnimationEngine/makeLayer(named:kind:parent:values:custom:)`` and found by
/// name with ``AnimationEngine/layer(named:)``.
public struct LayerID: Hashable, Sendable, Comparable {
    /// The layer's position in creation order (0 for the first layer).
    public let index: Int

    package init(_ index: Int) { self.index = index }

    /// Creation order.
    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.index < rhs.index }
}
