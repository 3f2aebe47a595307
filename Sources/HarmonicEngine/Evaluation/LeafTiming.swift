import Harmonic

/// What a leaf reads from its timing at one time: the directed progress (resolved: the leaf has
/// an effect) and the few quantities of ``MediaTimingState`` around it.
///
/// Built from a whole state, or, inside the iteration an entry of the frame plan remembers, from
/// ``MediaTimingIterationProgress`` without building one (the per-frame loop's common case).
struct LeafTiming {
    /// The input of the timing function.
    var directed: Double
    /// The CSS before flag (step functions read it).
    var beforeFlag: Bool
    /// The current iteration (0-based, saturated).
    var iteration: Double
    /// Seconds into the current iteration, directed; the local time for an endless timing.
    var iterationTime: Double
    /// Whether the timing is in its active phase (not filling).
    var isActive: Bool
    /// `d(directed)/d(parent time)`.
    var progressRate: Double

    /// The quantities of state `s`, whose directed progress is `directed`.
    @inline(__always)
    init(_ s: MediaTimingState, directed: Double) {
        self.directed = directed
        beforeFlag = s.beforeFlag
        // Both are resolved whenever the directed progress is.
        iteration = s.currentIteration ?? 0
        iterationTime = s.iterationTime ?? 0
        isActive = s.phase == .active
        progressRate = s.progressRate
    }

    /// The quantities inside a remembered iteration of `timing` (the active phase, a finite
    /// duration): the same numbers ``MediaTiming/state(atParentTime:cache:)`` gives there.
    @inline(__always)
    init(_ p: MediaTimingIterationProgress, timing: MediaTiming) {
        directed = p.directed
        beforeFlag = false
        iteration = p.iteration  // finite (below 2⁵²): saturating it changes nothing
        iterationTime = p.directed * timing.duration
        isActive = true
        progressRate = timing.progressRate(p)
    }
}
