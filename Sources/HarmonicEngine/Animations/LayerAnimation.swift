import Harmonic

/// Any animation a layer can run: Core Animation's `CAAnimation` family as values.
///
/// | case | Core Animation | what it animates |
/// |---|---|---|
/// | ``basic(_:)`` | `CABasicAnimation` | one key path between two values |
/// | ``spring(_:)`` | `CASpringAnimation` | the same, along a damped spring |
/// | ``keyframe(_:)`` | `CAKeyframeAnimation` | one key path through a list of values or along a path |
/// | ``group(_:)`` | `CAAnimationGroup` | several animations on one clock |
/// | ``decay(_:)`` | (UIScrollView deceleration, Android fling) | one key path coasting to rest |
/// | ``motion(_:)`` | (a caller's simulation: a spring network's node) | one key path along a given motion |
/// | ``transition(_:)`` | `CATransition` | the layer tree's old rendering into its new one |
///
/// Every case carries the media timing (``/Harmonic/MediaTiming``), a timing function and
/// `isRemovedOnCompletion`; the leaf cases also `isAdditive` and `isCumulative`. Pass any of
/// the concrete types to ``AnimationEngine/add(_:forKey:to:)``; they convert through
/// ``LayerAnimationConvertible``.
public indirect enum LayerAnimation: Sendable, LayerAnimationConvertible {
    case basic(BasicAnimation)
    case spring(SpringAnimation)
    case keyframe(KeyframeAnimation)
    case group(AnimationGroup)
    case decay(DecayAnimation)
    case motion(MotionAnimation)
    case transition(TransitionAnimation)

    public var layerAnimation: LayerAnimation { self }

    /// The animation's timing, `nil` for Core Animation's defaults (see each type).
    public var timing: MediaTiming? {
        switch self {
        case let .basic(a): return a.timing
        case let .spring(a): return a.timing
        case let .keyframe(a): return a.timing
        case let .group(a): return a.timing
        case let .decay(a): return a.timing
        case let .motion(a): return a.timing
        case let .transition(a): return a.timing
        }
    }

    /// The key path a leaf animation drives; `nil` for a group or a transition.
    public var keyPath: String? {
        switch self {
        case let .basic(a): return a.keyPath
        case let .spring(a): return a.keyPath
        case let .keyframe(a): return a.keyPath
        case let .decay(a): return a.keyPath
        case let .motion(a): return a.keyPath
        case .group, .transition: return nil
        }
    }

    /// The caller's tags, returned with the animation's events (``PropertyAnimationOptions/userInfo``).
    public var userInfo: [String: String] {
        switch self {
        case let .basic(a): return a.options.userInfo
        case let .spring(a): return a.options.userInfo
        case let .keyframe(a): return a.options.userInfo
        case let .group(a): return a.userInfo
        case let .decay(a): return a.userInfo
        case let .motion(a): return a.userInfo
        case let .transition(a): return a.userInfo
        }
    }

    /// Whether the animation leaves its layer when it completes.
    public var isRemovedOnCompletion: Bool {
        switch self {
        case let .basic(a): return a.isRemovedOnCompletion
        case let .spring(a): return a.isRemovedOnCompletion
        case let .keyframe(a): return a.isRemovedOnCompletion
        case let .group(a): return a.isRemovedOnCompletion
        case let .decay(a): return a.isRemovedOnCompletion
        case let .motion(a): return a.isRemovedOnCompletion
        case let .transition(a): return a.isRemovedOnCompletion
        }
    }
}

/// A type that describes a ``LayerAnimation``.
public protocol LayerAnimationConvertible: Sendable {
    /// The animation as a ``LayerAnimation``.
    var layerAnimation: LayerAnimation { get }
}
