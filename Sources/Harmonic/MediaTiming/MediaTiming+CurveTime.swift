extension MediaTiming {
    /// The time a curve with its own time axis (a spring, a decay) has run at parent time
    /// `tp` under this timing, and the rate at which that time advances per second of parent
    /// time; `nil` when the timing has no effect then (before its begin without a backwards
    /// fill, after its end without a forwards fill).
    ///
    /// With a finite ``duration`` `d`, the curve runs on the eased iteration time:
    ///
    ///     τ = f(p)·d,    dτ/dt = f′(p)·(dp/dt)·d
    ///
    /// where `p` is the directed iteration progress (``MediaTimingState/directedProgress``,
    /// running backwards in the reverse half of an autoreversing repeat), `dp/dt` its rate
    /// (``MediaTimingState/progressRate``, 0 while filling) and `f` the timing function
    /// (the identity when `nil`). This is how Core Animation plays a `CASpringAnimation`:
    /// the spring's own time is the animation's time mapped through its timing, so `speed`
    /// scales it, `repeatCount` restarts it and `autoreverses` plays it backwards.
    /// An endless timing (`d = ∞`, a layer's) passes its local time through:
    /// `τ = iterationTime`, `dτ/dt = speed` while active.
    ///
    /// A result that is not finite (a timing function's vertical slope times a huge rate)
    /// is reported as 0, so evaluation stays total.
    ///
    /// - Parameters:
    ///   - tp: Parent time, seconds; any finite value.
    ///   - function: The timing function between progress and curve time, or `nil`.
    /// - Returns: `time` in seconds of the curve's axis, `rate` in curve seconds per parent
    ///   second.
    public func curveTime(
        atParentTime tp: Double, applying function: (any TimingFunction)? = nil
    ) -> (time: Double, rate: Double)? {
        let s = state(atParentTime: tp)
        guard let iterationTime = s.iterationTime, let p = s.directedProgress else { return nil }
        return curveTime(
            easedProgress: function?.value(at: p, beforeFlag: s.beforeFlag) ?? p,
            easingSlope: function?.slope(at: p) ?? 1, progressRate: s.progressRate,
            iterationTime: iterationTime, isActive: s.phase == .active, clockRate: 1)
    }

    /// ``curveTime(atParentTime:applying:)`` from a state's parts, for the engine's frame
    /// loop, which resolves its timing functions and reads the progress without building a
    /// ``MediaTimingState``.
    ///
    /// - Parameters:
    ///   - easedProgress: `f(p)`.
    ///   - easingSlope: `f′(p)`; 0 when the caller does not want the rate.
    ///   - progressRate: `dp/dt` per second of parent time.
    ///   - iterationTime: The state's iteration time (used when the duration is endless).
    ///   - isActive: Whether the state is in its active phase (endless durations only).
    ///   - clockRate: Seconds of parent time per second of the caller's clock (1 for parent
    ///     time itself): the rate is returned per second of the caller's clock.
    @inlinable @inline(__always)
    package func curveTime(
        easedProgress: Double, easingSlope: Double, progressRate: Double, iterationTime: Double, isActive: Bool,
        clockRate: Double
    ) -> (time: Double, rate: Double) {
        var time: Double
        var rate: Double
        if duration.isFinite {
            time = easedProgress * duration
            rate = easingSlope * progressRate * clockRate * duration
        } else {
            time = iterationTime
            rate = isActive ? speed * clockRate : 0
        }
        if !time.isFinite { time = 0 }
        if !rate.isFinite { rate = 0 }
        return (time, rate)
    }
}
