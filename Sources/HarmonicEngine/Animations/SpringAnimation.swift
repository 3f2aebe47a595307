import Harmonic

/// A basic animation that moves along a damped spring (`CASpringAnimation`).
///
/// Start and end values resolve exactly as for ``BasicAnimation`` (from/to/by and *current*).
/// The value at spring time `τ` is the spring's closed form from `start` toward `end`:
///
///     value(τ) = end + Φxx(τ)·(start − end) + Φxv(τ)·v0,
///
/// with `v0 = initialVelocity·(end − start)` (Core Animation's normalised velocity, progress
/// units per second, positive toward the target) or, when ``initialValueVelocity`` is set,
/// that velocity in value units per second — the form a retargeted spring uses, because a
/// velocity that is not parallel to `end − start` cannot be normalised. For the unit curve this
/// is `start + (end − start)·p(τ)` with `p` CASpringAnimation's progress
/// (``/Harmonic/Spring/progress(at:initialVelocity:)``).
///
/// Spring time is the iteration time: `τ = timingFunction(directed progress)·duration` (the
/// timing function defaults to linear, so `τ` is seconds into the current repeat). The spring
/// never changes the timing: the animation is cut off at `duration` wherever the spring is
/// then (Apple, `CASpringAnimation`: `duration` does not change the motion). With `timing` `nil` the
/// duration is ``settlingDuration`` so that the motion is seen to rest.
public struct SpringAnimation: Sendable, LayerAnimationConvertible {
    /// The animated key path.
    public var keyPath: String
    /// `fromValue`, as in ``BasicAnimation``.
    public var fromValue: AnimatableVector?
    /// `toValue`, as in ``BasicAnimation``.
    public var toValue: AnimatableVector?
    /// `byValue`, as in ``BasicAnimation``.
    public var byValue: AnimatableVector?
    /// Mass, stiffness and damping (`CASpringAnimation` defaults 1, 100, 10).
    public var spring: Spring
    /// The initial velocity in progress units per second (`CASpringAnimation.initialVelocity`):
    /// 1 means moving at the whole start-to-end distance per second toward the end.
    public var initialVelocity: Double
    /// The initial velocity in value units per second; when set it replaces ``initialVelocity``
    /// (a retargeted spring carries the velocity it had, whatever its direction). Must have the
    /// key path's number of components.
    public var initialValueVelocity: AnimatableVector?
    /// The media timing; `nil` for a duration of ``settlingDuration`` beginning when committed.
    /// Otherwise as in ``BasicAnimation/timing`` (`beginTime` 0 is "when committed", `duration`
    /// 0 is the transaction's duration).
    public var timing: MediaTiming?
    /// Maps directed progress to spring time (as a fraction of `duration`); `nil` (the
    /// default) is linear.
    public var timingFunction: (any TimingFunction)?
    /// See ``BasicAnimation/isAdditive``.
    public var isAdditive: Bool
    /// See ``BasicAnimation/isCumulative``; each repeat is shifted by the value the spring
    /// reached at `duration` minus its start.
    public var isCumulative: Bool
    /// See ``BasicAnimation/isRemovedOnCompletion``.
    public var isRemovedOnCompletion: Bool
    /// Build the transform from a few interpolated numbers (`CAPropertyAnimation.valueFunction`):
    /// on a whole `transform` or `sublayerTransform`, the values are the function's input (an
    /// angle for ``/Harmonic/ValueFunction/rotateZ``, factors for ``/Harmonic/ValueFunction/scale``,
    /// …) and each frame's transform is the function of the interpolated input, so 0 → 2π with
    /// `rotateZ` turns once. Both ends must be given (from and to, or one of them with by).
    public var valueFunction: ValueFunction?

    /// Creates a spring animation; values are validated when it is added to a layer.
    public init(
        keyPath: String, fromValue: AnimatableVector? = nil, toValue: AnimatableVector? = nil,
        byValue: AnimatableVector? = nil, spring: Spring = .default, initialVelocity: Double = 0,
        initialValueVelocity: AnimatableVector? = nil, timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false,
        isCumulative: Bool = false, isRemovedOnCompletion: Bool = true,
        valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.initialValueVelocity = initialValueVelocity
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.valueFunction = valueFunction
    }

    /// A scalar spring animation: the same with one-number values.
    @_disfavoredOverload
    public init(
        keyPath: String, from: Double? = nil, to: Double? = nil, by: Double? = nil, spring: Spring = .default,
        initialVelocity: Double = 0, timing: MediaTiming? = nil, isAdditive: Bool = false,
        isRemovedOnCompletion: Bool = true
    ) {
        self.init(
            keyPath: keyPath, fromValue: from.map { AnimatableVector([$0]) },
            toValue: to.map { AnimatableVector([$0]) },
            byValue: by.map { AnimatableVector([$0]) }, spring: spring, initialVelocity: initialVelocity,
            timing: timing, isAdditive: isAdditive, isRemovedOnCompletion: isRemovedOnCompletion)
    }

    /// `CASpringAnimation.settlingDuration` for ``spring`` and ``initialVelocity`` (seconds;
    /// `+∞` for an undamped spring). See ``/Harmonic/Spring/settlingDuration(initialVelocity:)``.
    public var settlingDuration: Double { spring.settlingDuration(initialVelocity: initialVelocity) }

    public var layerAnimation: LayerAnimation { .spring(self) }
}
