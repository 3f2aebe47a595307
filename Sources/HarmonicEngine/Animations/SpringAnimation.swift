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
@dynamicMemberLookup
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
    /// The options every key-path animation shares (timing, timing function, additive,
    /// cumulative, removal, value function).
    public var options: PropertyAnimationOptions

    /// Reads and writes ``options``' fields as this animation's own (`animation.timing`,
    /// `animation.isAdditive`).
    public subscript<T>(dynamicMember field: WritableKeyPath<PropertyAnimationOptions, T>) -> T {
        get { options[keyPath: field] }
        set { options[keyPath: field] = newValue }
    }

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
        self.options = PropertyAnimationOptions(
            timing: timing, timingFunction: timingFunction, isAdditive: isAdditive, isCumulative: isCumulative,
            isRemovedOnCompletion: isRemovedOnCompletion, valueFunction: valueFunction)
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
