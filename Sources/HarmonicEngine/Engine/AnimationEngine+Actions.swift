import Harmonic

/// Per-layer actions (Apple, `CALayer.actions`, `style`, `action(forKey:)`,
/// `CALayerDelegate.action(for:forKey:)`) and UIKit's rule for view-backed layers.
extension AnimationEngine {
    /// The layer's actions dictionary: key path or property name → action.
    public func actions(of layer: LayerID) throws(HarmonicError) -> [String: LayerAction] {
        _ = try store(layer)
        return actionResolver.actions[layer.index] ?? [:]
    }

    /// Replaces the layer's actions dictionary (`CALayer.actions`).
    public func setActions(_ actions: [String: LayerAction], of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        actionResolver.actions[layer.index] = actions
    }

    /// The actions of the layer's style dictionary (`CALayer.style["actions"]`), searched after
    /// the actions dictionary.
    public func styleActions(of layer: LayerID) throws(HarmonicError) -> [String: LayerAction] {
        _ = try store(layer)
        return actionResolver.style[layer.index] ?? [:]
    }

    /// Replaces the layer's style actions.
    public func setStyleActions(_ actions: [String: LayerAction], of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        actionResolver.style[layer.index] = actions
    }

    /// Marks a layer as backing a view (UIKit's rule): outside an animation block (an
    /// explicit transaction, or an animator's `addAnimations`) its changes have no action, so
    /// they do not animate implicitly; inside one they do.
    public func setViewBacked(_ viewBacked: Bool, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        if viewBacked {
            actionResolver.viewBacked.insert(layer.index)
        } else {
            actionResolver.viewBacked.remove(layer.index)
        }
    }

    /// Whether the layer backs a view (``setViewBacked(_:of:)``).
    public func isViewBacked(_ layer: LayerID) throws(HarmonicError) -> Bool {
        _ = try store(layer)
        return actionResolver.viewBacked.contains(layer.index)
    }
}
