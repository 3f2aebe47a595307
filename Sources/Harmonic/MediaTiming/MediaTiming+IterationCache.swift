/// The iteration a timing object was last found playing in, remembered between evaluations at
/// increasing parent times.
///
/// A clock that moves forward by a frame at a time almost always finds an animation in the
/// same iteration as the frame before. Within one iteration of a forward-playing object
/// (`speed > 0`, a finite positive `duration`, the *active* phase) every quantity of
/// ``MediaTimingState`` follows from the elapsed time and the iteration: the phase is known,
/// the current iteration `k` is fixed, so is the direction, and the simple iteration progress
/// is `overall − k`. ``MediaTiming/state(atParentTime:cache:)`` checks that the new time is
/// still inside that iteration (two comparisons) and then skips the phase, floor and parity
/// logic of ``MediaTiming/state(atParentTime:)``.
@usableFromInline
package struct MediaTimingIterationCache: Sendable {
    /// `k`, the current iteration (an integer), or NaN when nothing is cached: every
    /// comparison with NaN is false, so the first evaluation takes the full path.
    @usableFromInline var iteration: Double
    /// Whether iteration `k` plays forwards (even, or the object does not autoreverse).
    @usableFromInline var isForwards: Bool

    /// An empty cache.
    @inlinable
    package init() {
        iteration = .nan
        isForwards = true
    }
}

/// Where a timing object is inside the iteration its ``MediaTimingIterationCache`` remembers:
/// the few quantities that the rest of ``MediaTimingState`` follows from there (the phase is
/// *active*, the before flag clear).
@usableFromInline
package struct MediaTimingIterationProgress: Sendable {
    /// `(tp − beginTime)·speed`, the elapsed (and active) time, in `[0, activeDuration)` (seconds).
    @usableFromInline package var elapsed: Double
    /// Iterations completed, fractional, in `[iteration, iteration + 1)`.
    @usableFromInline package var overall: Double
    /// The current iteration `k`, an integer below 2⁵².
    @usableFromInline package var iteration: Double
    /// Whether iteration `k` plays forwards.
    @usableFromInline package var isForwards: Bool
    /// The progress within the iteration with the direction applied: `overall − k`, or
    /// `1 − (overall − k)` backwards.
    @usableFromInline package var directed: Double

    @inlinable
    init(elapsed: Double, overall: Double, iteration: Double, isForwards: Bool, directed: Double) {
        self.elapsed = elapsed
        self.overall = overall
        self.iteration = iteration
        self.isForwards = isForwards
        self.directed = directed
    }
}

extension MediaTiming {
    /// The object's place at parent time `tp` when `tp` is still inside the iteration `cache`
    /// remembers (the active phase of a forward-playing object), else `nil`.
    ///
    /// A per-frame loop that needs only the directed progress and the iteration reads them here
    /// without building a whole ``MediaTimingState``; ``state(atParentTime:cache:)`` is this plus
    /// the remaining fields.
    ///
    /// - Complexity: O(1): one subtraction, two multiplications, one division and four
    ///   comparisons.
    @inlinable @inline(__always)
    package func iterationProgress(
        atParentTime tp: Double, cache: MediaTimingIterationCache
    ) -> MediaTimingIterationProgress? {
        let e = elapsed(atParentTime: tp)
        // `forwardProgressRate` is positive only for `speed > 0` and a finite positive duration.
        guard forwardProgressRate > 0, e >= 0, e < activeDuration else { return nil }
        let overall = e / duration + iterationStart
        let k = cache.iteration
        guard overall >= k, overall < k + 1 else { return nil }
        let simple = overall - k
        let forwards = cache.isForwards
        return MediaTimingIterationProgress(
            elapsed: e, overall: overall, iteration: k, isForwards: forwards, directed: forwards ? simple : 1 - simple)
    }

    /// The rate of the directed progress inside an iteration, `±speed/duration`.
    @inlinable @inline(__always)
    package func progressRate(_ progress: MediaTimingIterationProgress) -> Double {
        CubicBezier.saturate(progress.isForwards ? forwardProgressRate : -forwardProgressRate)
    }

    /// ``state(atParentTime:)`` at parent time `tp`, reusing the iteration in `cache` when `tp`
    /// is still inside it, and remembering the iteration otherwise.
    ///
    /// The result is identical, field for field and bit for bit, to
    /// ``state(atParentTime:)``: the fast path computes the elapsed time and the overall
    /// progress with the same operations in the same order, and is taken only where the full
    /// rules give the active phase, the same current iteration and no boundary case
    /// (`0 ≤ e < activeDuration` and `k ≤ overall < k + 1`; at `e = activeDuration` the
    /// object is already *after*).
    ///
    /// - Complexity: O(1); on the fast path one subtraction, two multiplications, one
    ///   division and two comparisons beyond building the state.
    @inlinable @inline(__always)
    package func state(atParentTime tp: Double, cache: inout MediaTimingIterationCache) -> MediaTimingState {
        if let p = iterationProgress(atParentTime: tp, cache: cache) {
            return MediaTimingState(
                phase: .active, localTime: CubicBezier.saturate(p.elapsed + timeOffset), activeTime: p.elapsed,
                overallProgress: CubicBezier.saturate(p.overall), simpleIterationProgress: p.overall - p.iteration,
                currentIteration: CubicBezier.saturate(p.iteration), isForwards: p.isForwards,
                directedProgress: p.directed, beforeFlag: false, iterationTime: p.directed * duration,
                progressRate: progressRate(p))
        }
        let s = state(atParentTime: tp)
        remember(s, in: &cache)
        return s
    }

    /// Stores the iteration of state `s` in `cache` when later evaluations can reuse it (the
    /// active phase of a forward-playing object), else empties it.
    @inlinable @inline(__always)
    func remember(_ s: MediaTimingState, in cache: inout MediaTimingIterationCache) {
        if forwardProgressRate > 0, s.phase == .active, let k = s.currentIteration, k.magnitude < 0x1p52 {
            cache.iteration = k
            cache.isForwards = s.isForwards
        } else {
            cache.iteration = .nan
        }
    }
}
