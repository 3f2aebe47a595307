import Harmonic

/// The engine's record of one interactive animator.
struct AnimatorState {
    var duration: Double
    var timing: AnimatorTiming
    var state: AnimatingState = .inactive
    var isReversed = false
    /// The recorded model changes, in the order they were made.
    var changes: [AnimatorChange] = []
    /// How progress moves now.
    var segment: AnimatorSegment = .paused(progress: 0, fraction: 0)

    var isRunning: Bool {
        if case .paused = segment { return false }
        return state == .active
    }

    /// Progress and its rate at root time `t`.
    func sample(at t: Double) -> DriverSample { segment.sample(at: t) }

    /// `fractionComplete` at root time `t`.
    func fraction(at t: Double) -> Double { segment.fraction(at: t) }
}
