import Harmonic

/// Finds what a layer does when one of its properties changes (Apple, `CALayer.action(forKey:)`,
/// `CALayer.actions`, `CALayer.style`, `CALayerDelegate.action(for:forKey:)`), and fills a
/// custom action's animation for the change.
///
/// Search order, first answer wins (``LayerAction/none`` included, Core Animation's `NSNull`):
/// the delegate, the layer's actions dictionary, its style's actions; each is asked for the
/// key path set (`position.x`) and then for its property (`position`). No answer means the
/// default implicit animation. It also keeps UIKit's view-backed flags, which turn actions off
/// outside an animation block.
struct ActionResolver {
    /// The actions dictionary of each layer, by index.
    var actions: [Int: [String: LayerAction]] = [:]
    /// The style actions of each layer, by index.
    var style: [Int: [String: LayerAction]] = [:]
    /// The layers that back a view.
    var viewBacked: Set<Int> = []

    /// The action for a change of `keyPath` on layer `layer`, or `nil` for the default
    /// implicit animation.
    ///
    /// - Parameter delegate: Asked first, with the layer and each key (``AnimationEngine/actionDelegate``).
    func action(
        forKeyPath keyPath: String, layer: Int, delegate: ((LayerID, String) -> LayerAction?)?
    ) -> LayerAction? {
        let keys = keyPath.contains(".") ? [keyPath, String(keyPath.prefix { $0 != "." })] : [keyPath]
        if let delegate {
            for key in keys { if let action = delegate(LayerID(layer), key) { return action } }
        }
        for table in [actions[layer], style[layer]] {
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
        case .keyframe, .group, .decay, .transition, .motion:
            return animation
        }
    }
}
