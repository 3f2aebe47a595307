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
