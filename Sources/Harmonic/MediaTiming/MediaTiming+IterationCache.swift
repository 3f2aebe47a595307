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
    @inlinable @usableFromInline
    package init() {
        iteration = .nan
        isForwards = true
    }
}

extension MediaTiming {
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
    @inlinable @inline(__always) @usableFromInline
    package func state(atParentTime tp: Double, cache: inout MediaTimingIterationCache) -> MediaTimingState {
        let e = elapsed(atParentTime: tp)
        // `forwardProgressRate` is positive only for `speed > 0` and a finite positive duration.
        if forwardProgressRate > 0, e >= 0, e < activeDuration {
            let overall = e / duration + iterationStart
            let k = cache.iteration
            if overall >= k, overall < k + 1 {
                let simple = overall - k
                let forwards = cache.isForwards
                let directed = forwards ? simple : 1 - simple
                let rate = forwards ? forwardProgressRate : -forwardProgressRate
                return MediaTimingState(
                    phase: .active, localTime: CubicBezier.saturate(e + timeOffset), activeTime: e,
                    overallProgress: CubicBezier.saturate(overall), simpleIterationProgress: simple,
                    currentIteration: CubicBezier.saturate(k), isForwards: forwards, directedProgress: directed,
                    beforeFlag: false, iterationTime: directed * duration, progressRate: CubicBezier.saturate(rate))
            }
        }
        let s = state(atParentTime: tp)
        if forwardProgressRate > 0, s.phase == .active, let k = s.currentIteration, k.magnitude < 0x1p52 {
            cache.iteration = k
            cache.isForwards = s.isForwards
        } else {
            cache.iteration = .nan
        }
        return s
    }
}
