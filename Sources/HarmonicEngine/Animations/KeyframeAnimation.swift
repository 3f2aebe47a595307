import Harmonic

/// An animation of one key path through a list of values or along a path
/// (`CAKeyframeAnimation`).
///
/// The value at progress `p = timingFunction(directed progress)` is the ``/Harmonic/KeyframeTrack``'s
/// value at `p` (Apple, `CAKeyframeAnimation`): `values` with `keyTimes` and per-segment `timingFunctions`,
/// interpolated by `calculationMode` (`linear`, `discrete`, `paced`, `cubic`, `cubicPaced`, with
/// Kochanek–Bartels `tensionValues`, `continuityValues`, `biasValues`), or, when ``path`` is
/// set, the path's keyframe points with its own geometry. The animation's own
/// ``PropertyAnimationOptions/timingFunction`` is applied first, as in Core Animation;
/// mismatched key times are ignored (even spacing), not an error.
///
/// - ``PropertyAnimationOptions/isAdditive`` adds the value to the value underneath;
///   ``PropertyAnimationOptions/isCumulative`` shifts repeat `n` by `n·(last value − first value)`.
/// - ``rotationMode`` (with a ``path`` on a 2-number key path such as `position`) also turns
///   the layer: the tangent angle is added to `transform.rotation.z`, as Core Animation rotates
///   a layer that follows a path.
/// - Whole transforms (`transform`, 16 numbers per keyframe) interpolate segment by segment by
///   decomposition (``/Harmonic/TransformKeyframeTrack``), in `linear` or `discrete` mode; with
///   a ``PropertyAnimationOptions/valueFunction`` the values are the function's input instead
///   (`[[0], [.pi], [2 * .pi]]` with `rotateZ`) and every mode works on those numbers.
///
/// ## Keyframes at their own times
///
/// With a ``timeline`` the keyframes keep their own times and each segment its own rule — After Effects' model,
/// which Core Animation's one-duration keyframes cannot say: holds that switch exactly at the
/// next keyframe, an easing per segment and per component, and motion along a spatial segment
/// by arc length (``/Harmonic/KeyframeTimeline``). Progress `p` reads the timeline at
/// `t₀ + p·(t₁ − t₀)`, its first and last keyframes' times, so an animation whose duration is
/// `(t₁ − t₀)` timeline units in seconds, begun at `t₀`, plays the timeline in its own time;
/// `values`, `keyTimes`, `timingFunctions` and `calculationMode` are not used. The velocity is
/// the timeline's (``/Harmonic/KeyframeTimeline/velocity(at:)``) times `(t₁ − t₀)·dp/dt`.
/// It drives number key paths, transform pieces (`transform.rotation.z`), a value
/// function's input, and path properties (each keyframe the path's coordinates, of the
/// layer's path structure, without arcs: a timeline moves every number on its own line). With
/// a ``rotationMode`` on a 2-number key path the layer turns along the timeline's direction
/// of travel (``/Harmonic/KeyframeTimeline/direction(at:)``).
@dynamicMemberLookup
public struct KeyframeAnimation: Sendable, LayerAnimationConvertible {
    /// The animated key path.
    public var keyPath: String
    /// The keyframe values, each with the key path's number of components (ignored when
    /// ``path`` is set).
    public var values: [AnimatableVector]
    /// A 2-D path the value follows instead of `values` (for 2-number key paths).
    public var path: Path?
    /// Keyframes at their own times that replace `values`, `keyTimes`, `timingFunctions` and
    /// the calculation mode (see "Keyframes at their own times" above).
    public var timeline: KeyframeTimeline?
    /// Fractions of the duration at which each keyframe is reached (see ``/Harmonic/KeyframeTrack/keyTimes``).
    public var keyTimes: [Double]?
    /// Per-segment timing functions (`n − 1` for `n` keyframes).
    public var timingFunctions: [any TimingFunction]
    /// How keyframes are joined; Core Animation's default is `linear`.
    public var calculationMode: CalculationMode
    /// Kochanek–Bartels parameters per keyframe for the cubic modes (missing ones count as 0).
    public var tensionValues: [Double]
    /// Continuity per keyframe (see ``/Harmonic/KeyframeTrack/continuityValues``).
    public var continuityValues: [Double]
    /// Bias per keyframe (see ``/Harmonic/KeyframeTrack/biasValues``).
    public var biasValues: [Double]
    /// The cubic-spline choices Apple leaves open.
    public var cubicOptions: CubicKeyframeOptions
    /// Rotate the layer along the path's tangent (with a ``path`` or a ``timeline``).
    public var rotationMode: RotationMode?
    /// Arc-length inversion in the paced modes.
    public var pacingMethod: ArcLengthMethod
    /// The options every key-path animation shares (timing, timing function, additive,
    /// cumulative, removal, value function).
    public var options: PropertyAnimationOptions

    /// Reads and writes ``options``' fields as this animation's own (`animation.timing`,
    /// `animation.isAdditive`).
    public subscript<T>(dynamicMember field: WritableKeyPath<PropertyAnimationOptions, T>) -> T {
        get { options[keyPath: field] }
        set { options[keyPath: field] = newValue }
    }

    /// A keyframe animation through `values`; validated when it is added to a layer.
    public init(
        keyPath: String, values: [AnimatableVector], keyTimes: [Double]? = nil,
        calculationMode: CalculationMode = .linear, timingFunctions: [any TimingFunction] = [],
        tensionValues: [Double] = [], continuityValues: [Double] = [], biasValues: [Double] = [],
        cubicOptions: CubicKeyframeOptions = CubicKeyframeOptions(), timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
        isRemovedOnCompletion: Bool = true,
        valueFunction: ValueFunction? = nil
    ) {
        self.keyPath = keyPath
        self.values = values
        self.path = nil
        self.timeline = nil
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.cubicOptions = cubicOptions
        self.rotationMode = nil
        self.pacingMethod = .exact
        self.options = PropertyAnimationOptions(
            timing: timing, timingFunction: timingFunction, isAdditive: isAdditive, isCumulative: isCumulative,
            isRemovedOnCompletion: isRemovedOnCompletion, valueFunction: valueFunction)
    }

    /// A scalar keyframe animation.
    @_disfavoredOverload
    public init(
        keyPath: String, values: [Double], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false
    ) {
        self.init(
            keyPath: keyPath, values: values.map { AnimatableVector([$0]) }, keyTimes: keyTimes,
            calculationMode: calculationMode, timingFunctions: timingFunctions, timing: timing,
            timingFunction: timingFunction, isAdditive: isAdditive)
    }

    /// A keyframe animation along a path (the path replaces `values`).
    public init(
        keyPath: String, path: Path, keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], rotationMode: RotationMode? = nil,
        pacingMethod: ArcLengthMethod = .exact, timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
        isRemovedOnCompletion: Bool = true
    ) {
        self.init(
            keyPath: keyPath, values: [], keyTimes: keyTimes, calculationMode: calculationMode,
            timingFunctions: timingFunctions, timing: timing, timingFunction: timingFunction, isAdditive: isAdditive,
            isCumulative: isCumulative, isRemovedOnCompletion: isRemovedOnCompletion)
        self.path = path
        self.rotationMode = rotationMode
        self.pacingMethod = pacingMethod
    }

    /// A keyframe animation through a timeline's keyframes at their own times.
    public init(
        keyPath: String, timeline: KeyframeTimeline, rotationMode: RotationMode? = nil, timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
        isRemovedOnCompletion: Bool = true, valueFunction: ValueFunction? = nil
    ) {
        self.init(
            keyPath: keyPath, values: [], timing: timing, timingFunction: timingFunction, isAdditive: isAdditive,
            isCumulative: isCumulative, isRemovedOnCompletion: isRemovedOnCompletion, valueFunction: valueFunction)
        self.timeline = timeline
        self.rotationMode = rotationMode
    }

    public var layerAnimation: LayerAnimation { .keyframe(self) }
}
