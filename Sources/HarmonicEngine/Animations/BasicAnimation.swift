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
/// With ``isAdditive`` the value is combined with *current* (added; transform pieces as
/// ``/Harmonic/TransformComponent`` describes; whole transforms concatenated `CATransform3DConcat(value,
/// current)`); with ``isCumulative`` repeat `n` (0-based) is shifted by `n·(end − start)`.
public struct BasicAnimation: Sendable, LayerAnimationConvertible {
    /// The animated key path (`opacity`, `position.x`, `transform.rotation.z`, a custom name).
    public var keyPath: String
    /// `CABasicAnimation.fromValue`.
    public var fromValue: AnimatableVector?
    /// `CABasicAnimation.toValue`.
    public var toValue: AnimatableVector?
    /// `CABasicAnimation.byValue`.
    public var byValue: AnimatableVector?
    /// The media timing, or `nil` for Core Animation's defaults: begin when committed, the
    /// transaction's duration (0.25 s unless changed), no repeats, fill mode `removed`. In a
    /// given timing, `beginTime` 0 means "when committed" and `duration` 0 means the
    /// transaction's duration, as in Core Animation; any other `beginTime` is in the layer's
    /// local time.
    public var timing: MediaTiming?
    /// Maps the timing's directed progress to interpolation progress; `nil` (Core
    /// Animation's default) is linear.
    public var timingFunction: (any TimingFunction)?
    /// Combine with the value underneath instead of replacing it (`CAPropertyAnimation.isAdditive`).
    public var isAdditive: Bool
    /// Each repeat continues from the previous repeat's end (`CAPropertyAnimation.isCumulative`).
    public var isCumulative: Bool
    /// Leave the layer when the active duration ends (`CAAnimation.isRemovedOnCompletion`,
    /// default true). A completed animation that stays has the effect its fill mode gives.
    public var isRemovedOnCompletion: Bool
    /// Build the transform from a few interpolated numbers (`CAPropertyAnimation.valueFunction`):
    /// on a whole `transform` or `sublayerTransform`, the values are the function's input (an
    /// angle for ``/Harmonic/ValueFunction/rotateZ``, factors for ``/Harmonic/ValueFunction/scale``,
    /// …) and each frame's transform is the function of the interpolated input, so 0 → 2π with
    /// `rotateZ` turns once. Both ends must be given (from and to, or one of them with by).
    public var valueFunction: ValueFunction?

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
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.valueFunction = valueFunction
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
