import Harmonic

/// What a layer does when one of its properties changes (Apple, `CAAction` and
/// `CALayer.action(forKey:)`): run an animation, or nothing.
///
/// The engine looks a change's action up in Core Animation's order — the
/// ``AnimationEngine/actionDelegate``, the layer's ``AnimationEngine/actions(of:)`` dictionary,
/// its style actions (``AnimationEngine/styleActions(of:)``), then the default implicit
/// animation — and the first answer wins, ``none`` included (`NSNull`: "no action"). Each
/// step is asked for the key path set (`position.x`) and then for its property (`position`).
public enum LayerAction: Sendable {
    /// Run this animation for the change, under the key path as its key. A basic or spring
    /// animation that gives none of from/to/by runs from the presentation value before the
    /// change to the new model value; one without timing lasts the transaction's duration.
    case animation(LayerAnimation)
    /// No animation: the change shows at once.
    case none
}
