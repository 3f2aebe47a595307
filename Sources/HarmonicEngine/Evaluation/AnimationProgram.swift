import Harmonic

/// An animation compiled against one layer: key paths resolved to property slots, default
/// timing filled in, endpoints pre-combined where they do not depend on the value underneath.
///
/// Compilation happens once, when the animation is committed. Programs are immutable
/// reference types so that the per-frame loop reads them in place: no copies, no reference
/// counting of the arrays inside.
final class AnimationProgram: Sendable {
    /// The resolved media timing (begin time in the parent's time, duration filled in).
    let timing: MediaTiming
    /// The timing function, resolved once (the identity skips a call per frame).
    let timingFunction: ResolvedTimingFunction
    /// What the animation does.
    let node: Node

    enum Node: Sendable {
        /// One key path.
        case leaf(LeafProgram)
        /// Children on the group's clock.
        case group([AnimationProgram])
    }

    init(timing: MediaTiming, timingFunction: ResolvedTimingFunction, node: Node) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.node = node
    }

    /// The same program with its leaf driven by an interactive animator.
    func driven(by animator: Int) -> AnimationProgram {
        guard case let .leaf(leaf) = node else { return self }
        return AnimationProgram(
            timing: timing, timingFunction: timingFunction, node: .leaf(leaf.with(curve: .driven(animator: animator))))
    }
}

/// A compiled single-key-path animation.
final class LeafProgram: Sendable {
    /// Where it writes and how it combines.
    let target: LeafTarget
    /// How start and end are found.
    let endpoints: EndpointRule
    /// The fixed start (`fixed`, `toCurrent`), or empty.
    let start: [Double]
    /// The fixed end (`fixed`, `fromCurrent`), the offset `by` (`byFromCurrent`), or empty.
    let end: [Double]
    /// How progress becomes a value.
    let curve: LeafCurve
    /// A spring's initial velocity in value units per second, when given that way.
    let valueVelocity: [Double]?
    /// Shift repeats by the value change of one repeat.
    let isCumulative: Bool
    /// For a whole transform with fixed endpoints: their decompositions, computed once.
    let transformEnds: (start: TransformComponents, end: TransformComponents)?

    init(
        target: LeafTarget, endpoints: EndpointRule, start: [Double], end: [Double], curve: LeafCurve,
        valueVelocity: [Double]?, isCumulative: Bool,
        transformEnds: (start: TransformComponents, end: TransformComponents)?
    ) {
        self.target = target
        self.endpoints = endpoints
        self.start = start
        self.end = end
        self.curve = curve
        self.valueVelocity = valueVelocity
        self.isCumulative = isCumulative
        self.transformEnds = transformEnds
    }

    func with(curve: LeafCurve) -> LeafProgram {
        LeafProgram(
            target: target, endpoints: endpoints, start: start, end: end, curve: curve, valueVelocity: valueVelocity,
            isCumulative: isCumulative, transformEnds: transformEnds)
    }
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
    /// Linear numbers, a whole transform, a transform piece, or a value function's input.
    var mode: Mode
    /// Combine with the value underneath instead of replacing it.
    var isAdditive: Bool

    enum Mode: Sendable, Equatable {
        case linear
        case wholeTransform
        case transformComponent(TransformComponent)
        /// A whole transform built by a value function from the leaf's numbers.
        case valueFunction(ValueFunction)
        /// A path's coordinates, morphed element by element.
        case path
    }
}

/// How a leaf turns timing into a value.
enum LeafCurve: Sendable {
    /// `start + (end − start)·p` with `p` the timing function's output.
    case basic
    /// A damped spring at spring time `τ = timingFunction(directed)·duration`.
    case spring(SpringCurve)
    /// Progress supplied by an interactive animator (by index), not by the media timing.
    case driven(animator: Int)
    /// A keyframe track at progress `p`.
    case keyframes(KeyframeCurve)
    /// Keyframes of whole transforms at progress `p`.
    case transformKeyframes(TransformKeyframeTrack)
    /// Keyframes of paths at progress `p`.
    case pathKeyframes(PathKeyframeTrack)
    /// Releases, one per component, at decay time `τ` (as a spring's).
    case decay(DecayLeaf)
}

/// The releases of a compiled ``DecayAnimation``, one per component of the key path.
struct DecayLeaf: Sendable {
    var motions: [DecayMotion]

    /// Writes the values at decay time `tau` (and velocities, `dτ/dt = rate`) into the pass:
    /// replacing the value underneath, or adding the offset from the release value to it.
    func apply(at tau: Double, rate: Double, target: LeafTarget, pass: inout LayerPass) {
        let out = pass.values + target.offset
        let outRate = pass.velocities.map { $0 + target.offset }
        for (c, motion) in motions.enumerated() {
            let state = motion.state(at: tau)
            let velocity = state.velocity * rate
            if target.isAdditive {
                out[c] += state.value - motion.from
                outRate?[c] += velocity
            } else {
                out[c] = state.value
                outRate?[c] = velocity
            }
        }
    }
}

/// The spring of a compiled ``SpringAnimation``.
struct SpringCurve: Sendable {
    var spring: Spring
    /// Normalised initial velocity (progress units per second); unused when the leaf has a
    /// value velocity.
    var initialVelocity: Double
    /// `Φ(τ_end)` at the end of one repeat, for cumulative shifts.
    var endTransition: SpringTransition
}
