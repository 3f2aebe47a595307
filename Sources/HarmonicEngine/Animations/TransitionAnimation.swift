import Harmonic

/// A transition between a layer tree's old rendering and its new one (`CATransition`).
///
/// Add it to the layer whose subtree changes, then make the changes it covers (in the same
/// transaction, or the same turn of the implicit one):
///
/// ```swift
/// try engine.add(TransitionAnimation(try Transition(type: .push, subtype: .fromRight)),
///                forKey: "transition", to: card)
/// try engine.setValue(1, forKeyPath: "hidden", of: front)
/// ```
///
/// When it is committed the engine keeps the presentation values of the layer and of every
/// layer under it — the *outgoing* rendering, read with
/// ``AnimationEngine/outgoingValue(forKeyPath:of:)`` — while the model changes at once and the
/// layers show their new values as the *incoming* rendering. Each frame,
/// ``AnimationEngine/transition(of:)`` says how to composite the two: the progress
/// `startProgress + (endProgress − startProgress)·f`, with `f` the timing function of the
/// fraction of the active time, and each rendering's opacity and offset
/// (``/Harmonic/Transition/composite(atProgress:size:)``; the offsets are one bounds width or
/// height of the layer as it was when the transition was added).
///
/// Timing is an animation's: it begins at its commit and lasts the transaction's duration
/// (0.25 s) unless `timing` says otherwise; it reports didStart and didStop like any animation
/// and leaves the layer when it completes unless `isRemovedOnCompletion` is false (then, with a
/// forwards fill, it keeps compositing at its end progress). A transition is a top-level
/// animation: it cannot be a group's child.
public struct TransitionAnimation: Sendable, LayerAnimationConvertible {
    /// The effect: type, side, start and end progress.
    public var transition: Transition
    /// The timing; `nil` for Core Animation's defaults (begin when committed, the transaction's
    /// duration). `duration` 0 means the transaction's duration.
    public var timing: MediaTiming?
    /// Maps the fraction of the active time to the fraction of the effect; `nil` (the
    /// default) is linear, as `CAAnimation.timingFunction`'s `nil` is.
    public var timingFunction: (any TimingFunction)?
    /// See ``PropertyAnimationOptions/isRemovedOnCompletion``.
    public var isRemovedOnCompletion: Bool
    /// See ``PropertyAnimationOptions/userInfo``.
    public var userInfo: [String: String] = [:]

    /// A transition animation of `transition`.
    public init(
        _ transition: Transition, timing: MediaTiming? = nil, timingFunction: (any TimingFunction)? = nil,
        isRemovedOnCompletion: Bool = true
    ) {
        self.transition = transition
        self.timing = timing
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    public var layerAnimation: LayerAnimation { .transition(self) }
}
