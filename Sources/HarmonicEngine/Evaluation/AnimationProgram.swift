import Harmonic

/// An animation compiled against one layer: key paths resolved to property slots, default
/// timing filled in, endpoints pre-combined where they do not depend on the value underneath.
///
/// Compilation happens once, when the animation is committed; evaluation reads these values
/// every frame without allocating.
struct AnimationProgram: Sendable {
    /// The resolved media timing (begin time in the parent's time, duration filled in).
    var timing: MediaTiming
    /// The timing function; `nil` when it is the identity (skips a call per frame).
    var timingFunction: (any TimingFunction)?
    /// What the animation does.
    var node: Node

    enum Node: Sendable {
        /// One key path.
        case leaf(LeafProgram)
        /// Children on the group's clock.
        case group([AnimationProgram])
    }
}

/// A compiled single-key-path animation.
struct LeafProgram: Sendable {
    /// Where it writes and how it combines.
    var target: LeafTarget
    /// Start and end values.
    var endpoints: EndpointRule
    /// How progress becomes a value.
    var curve: LeafCurve
    /// Shift repeats by the value change of one repeat.
    var isCumulative: Bool
    /// For a whole transform with fixed endpoints: their decompositions, computed once.
    var transformEnds: (start: TransformComponents, end: TransformComponents)?
}

/// Where a leaf writes in its layer's value buffer and how it combines with the value
/// underneath.
struct LeafTarget: Sendable {
    /// The property slot.
    var slot: Int
    /// Offset of the key path's first number (for a transform component, of the matrix).
    var offset: Int
    /// Numbers in a key-path value.
    var dimension: Int
    /// Linear numbers, a whole transform, or a transform piece.
    var mode: Mode
    /// Combine with the value underneath instead of replacing it.
    var isAdditive: Bool

    enum Mode: Sendable, Equatable {
        case linear
        case wholeTransform
        case transformComponent(TransformComponent)
    }
}

/// How start and end values are found (Core Animation's from/to/by table); `current` is the
/// key path's value underneath the animation at evaluation time.
enum EndpointRule: Sendable {
    /// Both fixed (from+to, from+by, to+by, or a captured start with a fixed end).
    case fixed(start: [Double], end: [Double])
    /// `from` only: from → current.
    case toCurrent(start: [Double])
    /// `to` only: current → to.
    case fromCurrent(end: [Double])
    /// `by` only: current → current + by.
    case byFromCurrent(by: [Double])
}

/// How a leaf turns timing into a value.
enum LeafCurve: Sendable {
    /// `start + (end − start)·p` with `p` the timing function's output.
    case basic
    /// A damped spring at spring time `τ = timingFunction(directed)·duration`.
    case spring(SpringCurve)
    /// Progress supplied by an interactive animator (by index), not by the media timing.
    case driven(animator: Int)
}

/// The spring of a compiled ``SpringAnimation``.
struct SpringCurve: Sendable {
    var spring: Spring
    /// Normalised initial velocity (progress units per second), used when `valueVelocity` is nil.
    var initialVelocity: Double
    /// Initial velocity in value units per second.
    var valueVelocity: [Double]?
    /// `Φ(τ_end)` at the end of one repeat, for cumulative shifts.
    var endTransition: SpringTransition
}
