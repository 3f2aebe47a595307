import Harmonic

/// Several animations on one clock (`CAAnimationGroup`).
///
/// The children run concurrently: each child's parent time is the group's iteration time
/// (``/Harmonic/MediaTiming/childTime(atParentTime:)``), so a child with `beginTime` 0.5 starts half a
/// second into every repeat of the group. The group cuts its children off at its own
/// duration and does not rescale them (Apple, `CAAnimationGroup`): a 2 s child in a 1 s group
/// shows only its first second. At the group's end — its forwards fill, or the turnaround of
/// an autoreversing group — the children show their state just before it, so a child that
/// runs to the group's end holds its end value there
/// (``/Harmonic/MediaTiming/state(atParentTime:inGroupOfDuration:)``). Outside its active
/// interval the group has the effect its own fill mode
/// gives; the children's `isRemovedOnCompletion` is ignored and they send no events (as in
/// Core Animation, only the group reports didStart/didStop).
///
/// Children are applied in order, after the animations added to the layer before the group
/// and before those added after it. A child without a `timing`, or whose timing has
/// `duration` 0, spans the group: it begins at 0 and lasts the group's duration (the
/// transaction's duration when the group is endless). `beginTime` in a child's timing is in
/// the group's time (0 is the group's start).
public struct AnimationGroup: Sendable, LayerAnimationConvertible {
    /// The children.
    public var animations: [LayerAnimation]
    /// The group's timing; `nil` for Core Animation's defaults (begin when committed, the
    /// transaction's duration). `duration` 0 means the transaction's duration.
    public var timing: MediaTiming?
    /// Maps the group's directed progress to the fraction of its duration its children see;
    /// `nil` (the default) is linear, as `CAAnimation.timingFunction`'s `nil` is.
    public var timingFunction: (any TimingFunction)?
    /// See ``PropertyAnimationOptions/isRemovedOnCompletion``.
    public var isRemovedOnCompletion: Bool
    /// See ``PropertyAnimationOptions/userInfo``.
    public var userInfo: [String: String] = [:]

    /// A group of `animations` (any mix of basic, spring, keyframe and group animations);
    /// validated when it is added to a layer.
    public init(
        animations: [any LayerAnimationConvertible], timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isRemovedOnCompletion: Bool = true
    ) {
        self.animations = animations.map(\.layerAnimation)
        self.timing = timing
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    public var layerAnimation: LayerAnimation { .group(self) }
}
