import Harmonic

/// An animation of one key path between two values (`CABasicAnimation`).
///
/// The start and end values come from `fromValue`, `toValue` and `byValue` by Core Animation's
/// table, where *current* is the key path's value underneath this animation at each frame (the
/// model value with the animations added before this one applied):
///
/// | given | animates |
/// |---|---|
/// | from + to | from → to |
/// | from + by | from → from + by |
/// | to + by | to − by → to |
/// | from | from → current |
/// | to | current → to |
/// | by | current → current + by |
/// | none | the presentation value when the animation was added → current |
///
/// (Apple, `CAPropertyAnimation` / `CABasicAnimation` "Setting Interpolation
/// Values".) Giving all three is an error. For a whole `transform`, `+` is concatenation:
/// `from + by` is `CATransform3DConcat(by, from)`, and `to − by` concatenates the inverse of
/// `by`.
///
/// At progress `p` (the timing function's output) the value is `start + (end − start)·p`
/// (transforms interpolate by decomposition, see ``/Harmonic/Transform3D/interpolated(to:fraction:)``).
/// With ``PropertyAnimationOptions/isAdditive`` the value is combined with *current* (added; transform pieces as
/// ``/Harmonic/TransformComponent`` describes; whole transforms concatenated `CATransform3DConcat(value,
/// current)`); with ``PropertyAnimationOptions/isCumulative`` repeat `n` (0-based) is shifted by `n·(end − start)`.
@dynamicMemberLookup
public struct BasicAnimation: Sendable, LayerAnimationConvertible {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, a custom name).
    public var keyPath: String
    /// `CABasicAnimation.fromValue`.
    public var fromValue: AnimatableVector?
    /// `CABasicAnimation.toValue`.
    public var toValue: AnimatableVector?
    /// `CABasicAnimation.byValue`.
    public var byValue: AnimatableVector?
    /// The options every key-path animation shares (timing, timing function, additive,
    /// cumulative, removal, value function).
    public var options: PropertyAnimationOptions

    /// Reads and writes ``options``' fields as this animation's own (`animation.timing`,
    /// `animation.isAdditive`).
    public subscript<T>(dynamicMember field: WritableKeyPath<PropertyAnimationOptions, T>) -> T {
        get { options[keyPath: field] }
        set { options[keyPath: field] = newValue }
    }

    /// Creates a basic animation; values are validated when it is added to a layer.
    public init(
        keyPath: String, fromValue: AnimatableVector? = nil, toValue: AnimatableVector? = nil,
        byValue: AnimatableVector? = nil, timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false,
        isCumulative: Bool = false, isRemovedOnCompletion: Bool = true,
        valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.options = PropertyAnimationOptions(
            timing: timing, timingFunction: timingFunction, isAdditive: isAdditive, isCumulative: isCumulative,
            isRemovedOnCompletion: isRemovedOnCompletion, valueFunction: valueFunction)
    }

    /// A scalar animation: the same with one-number values.
    @_disfavoredOverload
    public init(
        keyPath: String, from: Double? = nil, to: Double? = nil, by: Double? = nil,
        timing: MediaTiming? = nil, timingFunction: (any TimingFunction)? = nil,
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true
    ) {
        self.init(
            keyPath: keyPath, fromValue: from.map { AnimatableVector([$0]) },
            toValue: to.map { AnimatableVector([$0]) },
            byValue: by.map { AnimatableVector([$0]) }, timing: timing, timingFunction: timingFunction,
            isAdditive: isAdditive, isCumulative: isCumulative, isRemovedOnCompletion: isRemovedOnCompletion)
    }

    public var layerAnimation: LayerAnimation { .basic(self) }
}
