import Harmonic

/// What every animation of one key path shares (`CAPropertyAnimation` and its `CAAnimation`
/// and `CAMediaTiming` parts): its timing, its timing function, how it combines with the value
/// underneath, and whether it stays when it ends.
///
/// ``BasicAnimation``, ``SpringAnimation`` and ``KeyframeAnimation`` each hold one as
/// `options` and read and write its fields as their own (`animation.isAdditive = true`), so
/// each rule is stated here once.
public struct PropertyAnimationOptions: Sendable {
    /// The media timing, or `nil` for Core Animation's defaults: begin when committed, the
    /// transaction's duration (``/Harmonic/MediaTiming/defaultDuration`` unless changed; a
    /// spring's own settling duration for ``SpringAnimation``), no repeats, fill mode
    /// `removed`. In a given timing, `beginTime` 0 means "when committed" and `duration` 0
    /// means the transaction's duration, as in Core Animation; any other `beginTime` is in the
    /// layer's local time.
    public var timing: MediaTiming?
    /// Maps the timing's directed progress to the animation's progress: interpolation
    /// progress for a basic animation, progress through the keyframes for a keyframe
    /// animation, spring time (as a fraction of `duration`) for a spring. `nil` (Core
    /// Animation's default) is linear.
    public var timingFunction: (any TimingFunction)?
    /// Combine with the value underneath instead of replacing it
    /// (`CAPropertyAnimation.isAdditive`): numbers add, transform pieces combine as
    /// ``/Harmonic/TransformComponent`` describes, whole transforms concatenate
    /// (`CATransform3DConcat(value, current)`).
    public var isAdditive: Bool
    /// Each repeat adds to where the previous one ended (`CAPropertyAnimation.isCumulative`:
    /// "the value at the end of the previous repeat cycle, plus the value of the current
    /// repeat cycle"): repeat `n` (0-based) is the animation's own value plus `n` times the
    /// value one repeat ends at — `to` for a basic animation, the last keyframe, the value a
    /// spring reached at `duration`. `position` from (100, 60) to (100, 200) repeated three
    /// times starts its second repeat at (200, 260) and its third at (300, 460).
    ///
    /// With autoreversing a forward and a backward half count as one repeat, which ends where
    /// it started, so each completed repeat adds the start value (nothing when it is 0). Whole
    /// transforms accumulate piece by piece; their scale factors add less one, so a repeat that
    /// ends at the identity adds nothing.
    public var isCumulative: Bool
    /// Leave the layer when the active duration ends (`CAAnimation.isRemovedOnCompletion`,
    /// default true). A completed animation that stays has the effect its fill mode gives.
    public var isRemovedOnCompletion: Bool
    /// Values the caller tags the animation with, returned with its events
    /// (``AnimationEvent/userInfo``): what Core Animation code keeps with key-value coding on
    /// the animation (`animation.setValue("fadeOut", forKey: "name")`) to tell animations
    /// apart in its delegate.
    public var userInfo: [String: String] = [:]
    /// Build the transform from a few interpolated numbers (`CAPropertyAnimation.valueFunction`):
    /// on a whole `transform` or `sublayerTransform`, the values are the function's input (an
    /// angle for ``/Harmonic/ValueFunction/rotateZ``, factors for ``/Harmonic/ValueFunction/scale``,
    /// …) and each frame's transform is the function of the interpolated input, so 0 → 2π with
    /// `rotateZ` turns once. A basic or spring animation needs both ends (from and to, or one of
    /// them with by).
    public var valueFunction: ValueFunction?

    /// Options with Core Animation's defaults unless given.
    public init(
        timing: MediaTiming? = nil, timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false,
        isCumulative: Bool = false, isRemovedOnCompletion: Bool = true, valueFunction: ValueFunction? = nil
    ) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.valueFunction = valueFunction
    }
}
