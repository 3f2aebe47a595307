import Harmonic

/// Momentum on one key path: the value coasts from where it is with a release velocity and
/// comes to rest (a scroll view's deceleration, a flung card), optionally into walls where a
/// spring takes over.
///
/// Each component of the key path's value is an independent ``/Harmonic/DecayMotion`` of the same
/// ``curve`` and ``rest`` rule, released from ``fromValue`` (or, when `nil`, the presentation
/// value at the moment the animation is added) with its component of ``initialVelocity``, and
/// with its component of ``lowerBound``/``upperBound`` as walls. The decay time is the
/// iteration time, as a spring's: `τ = timingFunction(directed progress)·duration`. Without a
/// ``timing`` the animation begins when committed and lasts until the last component is at
/// rest. Like every Core Animation animation it does not change the model value: use
/// ``AnimationEngine/fling(_:of:velocity:curve:rest:lowerBound:upperBound:bounce:forKey:)``
/// to also set the model value to the rest value, and
/// ``AnimationEngine/retargetSpring(forKey:on:to:spring:)`` to turn a running decay into a
/// spring toward a new target with the same velocity.
///
/// Decays drive plain numbers and vectors (`position`, `bounds.origin`, `opacity`, custom
/// names); transform key paths are refused.
public struct DecayAnimation: Sendable, LayerAnimationConvertible {
    /// The animated key path.
    public var keyPath: String
    /// The value at the release; `nil` for the presentation value when added.
    public var fromValue: AnimatableVector?
    /// The release velocity, value units per second, one number per component.
    public var initialVelocity: AnimatableVector
    /// The decay family.
    public var curve: DecayCurve
    /// When each component comes to rest.
    public var rest: DecayRest
    /// Lower walls, one per component, or `nil`.
    public var lowerBound: AnimatableVector?
    /// Upper walls, one per component, or `nil`.
    public var upperBound: AnimatableVector?
    /// The spring that takes over at a wall (default Motion's: stiffness 500, damping 10).
    public var bounce: Spring
    /// The media timing; `nil` to begin when committed and last until at rest.
    public var timing: MediaTiming?
    /// Maps directed progress to decay time (as a fraction of `duration`); `nil` is linear.
    public var timingFunction: (any TimingFunction)?
    /// Add the decay's offset from its release value to the value underneath.
    public var isAdditive: Bool
    /// See ``PropertyAnimationOptions/isRemovedOnCompletion``.
    public var isRemovedOnCompletion: Bool
    /// See ``PropertyAnimationOptions/userInfo``.
    public var userInfo: [String: String] = [:]

    /// Creates a decay animation; values are validated when it is added to a layer.
    public init(
        keyPath: String, fromValue: AnimatableVector? = nil, initialVelocity: AnimatableVector,
        curve: DecayCurve = .exponential(.normal), rest: DecayRest = .composeDefault,
        lowerBound: AnimatableVector? = nil,
        upperBound: AnimatableVector? = nil, bounce: Spring = DecayBounds.motionBounce, timing: MediaTiming? = nil,
        timingFunction: (any TimingFunction)? = nil, isAdditive: Bool = false, isRemovedOnCompletion: Bool = true
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.initialVelocity = initialVelocity
        self.curve = curve
        self.rest = rest
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.bounce = bounce
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The per-component releases from `start`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `initialVelocity`, `lowerBound` or `upperBound`
    ///   when its size is not `start`'s, or whatever ``/Harmonic/DecayMotion`` and ``/Harmonic/DecayBounds``
    ///   throw for a component (named with its index).
    public func motions(from start: [Double]) throws(HarmonicError) -> [DecayMotion] {
        let d = start.count
        for (name, vector) in [
            ("initialVelocity", initialVelocity), ("lowerBound", lowerBound), ("upperBound", upperBound),
        ] {
            if let vector, vector.count != d {
                throw .invalidParameter(
                    name: name, value: "\(vector.count) numbers", allowed: "\(d) numbers, one per component")
            }
        }
        var motions: [DecayMotion] = []
        for c in 0..<d {
            do {
                let lower = lowerBound?[c], upper = upperBound?[c]
                let bounds =
                    lower == nil && upper == nil ? nil : try DecayBounds(lower: lower, upper: upper, bounce: bounce)
                motions.append(
                    try DecayMotion(
                        curve: curve, from: start[c], initialVelocity: initialVelocity[c], rest: rest, bounds: bounds))
            } catch {
                // Name the component: `initialVelocity` → `initialVelocity[1]`.
                guard d > 1, case let .invalidParameter(name, value, allowed) = error else { throw error }
                throw .invalidParameter(name: "\(name)[\(c)]", value: value, allowed: allowed)
            }
        }
        return motions
    }

    public var layerAnimation: LayerAnimation { .decay(self) }
}
