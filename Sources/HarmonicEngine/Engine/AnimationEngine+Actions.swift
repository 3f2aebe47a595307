import Harmonic

/// Per-layer actions (Apple, `CALayer.actions`, `style`, `action(forKey:)`,
/// `CALayerDelegate.action(for:forKey:)`) and UIKit's rule for view-backed layers.
extension AnimationEngine {
    /// The layer's actions dictionary: key path or property name → action.
    public func actions(of layer: LayerID) throws(HarmonicError) -> [String: LayerAction] {
        _ = try store(layer)
        return actionTables.actions[layer.index] ?? [:]
    }

    /// Replaces the layer's actions dictionary (`CALayer.actions`).
    public func setActions(_ actions: [String: LayerAction], of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        actionTables.actions[layer.index] = actions
    }

    /// The actions of the layer's style dictionary (`CALayer.style["actions"]`), searched after
    /// the actions dictionary.
    public func styleActions(of layer: LayerID) throws(HarmonicError) -> [String: LayerAction] {
        _ = try store(layer)
        return actionTables.style[layer.index] ?? [:]
    }

    /// Replaces the layer's style actions.
    public func setStyleActions(_ actions: [String: LayerAction], of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        actionTables.style[layer.index] = actions
    }

    /// Marks a layer as backing a view (UIKit's rule): outside an animation block (an
    /// explicit transaction, or an animator's `addAnimations`) its changes have no action, so
    /// they do not animate implicitly; inside one they do.
    public func setViewBacked(_ viewBacked: Bool, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        if viewBacked {
            actionTables.viewBacked.insert(layer.index)
        } else {
            actionTables.viewBacked.remove(layer.index)
        }
    }

    /// Whether the layer backs a view (``setViewBacked(_:of:)``).
    public func isViewBacked(_ layer: LayerID) throws(HarmonicError) -> Bool {
        _ = try store(layer)
        return actionTables.viewBacked.contains(layer.index)
    }

    /// The action for a change of `keyPath` on `layer` by the search order of ``LayerAction``,
    /// or `nil` for the default implicit animation.
    func lookUpAction(keyPath: String, layer: Int) -> LayerAction? {
        let keys = keyPath.contains(".") ? [keyPath, String(keyPath.prefix { $0 != "." })] : [keyPath]
        if let delegate = actionDelegate {
            for key in keys { if let action = delegate(LayerID(layer), key) { return action } }
        }
        for table in [actionTables.actions[layer], actionTables.style[layer]] {
            guard let table else { continue }
            for key in keys { if let action = table[key] { return action } }
        }
        return nil
    }

    /// A custom action's animation for a change from `from`: values and timing filled as
    /// ``LayerAction/animation(_:)`` says, the key path set to the one changed.
    static func filled(_ animation: LayerAnimation, keyPath: String, from: AnimatableVector) -> LayerAnimation {
        switch animation {
        case var .basic(a):
            a.keyPath = keyPath
            if a.fromValue == nil, a.toValue == nil, a.byValue == nil { a.fromValue = from }
            return .basic(a)
        case var .spring(a):
            a.keyPath = keyPath
            if a.fromValue == nil, a.toValue == nil, a.byValue == nil { a.fromValue = from }
            return .spring(a)
        case .keyframe, .group, .decay, .transition:
            return animation
        }
    }
}

/// The engine's action tables, by layer index.
struct ActionTables {
    var actions: [Int: [String: LayerAction]] = [:]
    var style: [Int: [String: LayerAction]] = [:]
    var viewBacked: Set<Int> = []
}
