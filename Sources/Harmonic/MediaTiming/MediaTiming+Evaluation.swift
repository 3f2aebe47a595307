extension MediaTiming {
    /// Core Animation's local time at parent time `tp`: `(tp − beginTime)·speed + timeOffset`,
    /// saturated at `±Double.greatestFiniteMagnitude` (never NaN for finite `tp`).
    @inlinable
    public func localTime(atParentTime tp: Double) -> Double {
        CubicBezier.saturate(elapsed(atParentTime: tp) + timeOffset)
    }

    /// `(tp − beginTime)·speed`, the Web Animations local time (start delay 0).
    @inlinable
    func elapsed(atParentTime tp: Double) -> Double {
        CubicBezier.saturate(CubicBezier.saturate(tp - beginTime) * speed)
    }

    /// The timing state at parent time `tp` (seconds), by Web Animations Level 1 §4:
    ///
    /// 1. elapsed `e = (tp − beginTime)·speed`; phase *before* if `e < 0`, *after* if
    ///    `e > activeDuration`, and at the boundaries the direction decides (a forwards object
    ///    is *after* at `e = activeDuration`, a backwards one, `speed < 0`, is *before* at
    ///    `e = 0`): intervals include their start and exclude their end;
    /// 2. active time: `e` when active; 0 before with a backwards fill; the active duration
    ///    after with a forwards fill; otherwise unresolved;
    /// 3. overall progress `activeTime/duration + timeOffset/duration` (for a zero duration:
    ///    0 before, `N` otherwise);
    /// 4. simple iteration progress: the fractional part (taken with floor, so a negative
    ///    offset wraps to the previous iteration), replaced by 1 when the active interval ends
    ///    exactly on an iteration boundary;
    /// 5. current iteration `⌊overall progress⌋` (one less in that boundary case), saturated at
    ///    `Double.greatestFiniteMagnitude` when the overall progress overflows;
    /// 6. direction: with `autoreverses`, odd iterations play backwards;
    /// 7. directed progress and the before flag.
    ///
    /// Every result is finite for finite `tp` (huge times saturate; an overall progress that
    /// overflows keeps the start offset's fraction, as the specification says for infinity).
    ///
    /// - Complexity: O(1). Inlinable, so a caller that reads a few of the quantities (the
    ///   engine's per-frame loop) lets the compiler drop the work for the others.
    @inlinable
    public func state(atParentTime tp: Double) -> MediaTimingState {
        state(atParentTime: tp, fillMode: fillMode)
    }

    /// The state of a group's child at the group's iteration time `tp`, for a group whose
    /// duration is `groupDuration` (seconds, finite).
    ///
    /// The same as ``state(atParentTime:)`` except at the group's end: a group's children see
    /// only `[0, groupDuration]`, and when the group's time is at that end (the group's own
    /// forwards fill, or the turnaround of an autoreversing group) it shows the limit from the
    /// left, as Web Animations reports progress 1 of an iteration that ends exactly on a
    /// boundary. A child whose active interval reaches the group's end therefore holds its end
    /// value there instead of vanishing for that instant; a child that ended earlier keeps its
    /// own fill mode.
    public func state(atParentTime tp: Double, inGroupOfDuration groupDuration: Double) -> MediaTimingState {
        guard tp >= groupDuration, speed > 0, !fillMode.fillsForwards,
            beginTime + activeParentDuration >= groupDuration
        else { return state(atParentTime: tp, fillMode: fillMode) }
        return state(atParentTime: tp, fillMode: fillMode.fillsBackwards ? .both : .forwards)
    }

    /// ``state(atParentTime:)`` with `fill` in place of ``fillMode``. Inlined into both
    /// callers: the per-frame loop calls ``state(atParentTime:)`` once per animation.
    @inlinable @inline(__always)
    func state(atParentTime tp: Double, fillMode fill: FillMode) -> MediaTimingState {
        let e = elapsed(atParentTime: tp)
        let local = CubicBezier.saturate(e + timeOffset)
        let active = activeDuration
        let count = iterationCount
        let backwardsPlayback = speed < 0

        let phase: MediaTimingPhase
        if e < 0 || (backwardsPlayback && e == 0) {
            phase = .before
        } else if e > active || (!backwardsPlayback && e == active) {
            phase = .after
        } else {
            phase = .active
        }

        let activeTime: Double?
        switch phase {
        case .before: activeTime = fill.fillsBackwards ? 0 : nil
        case .active: activeTime = e
        case .after: activeTime = fill.fillsForwards ? active : nil
        }

        guard let activeTime else {
            return MediaTimingState(
                phase: phase, localTime: local, activeTime: nil, overallProgress: nil, simpleIterationProgress: nil,
                currentIteration: nil, isForwards: true, directedProgress: nil, beforeFlag: false,
                iterationTime: nil, progressRate: 0)
        }

        let endless = duration == .infinity
        let overall: Double
        if duration == 0 {
            overall = (phase == .before ? 0 : count) + iterationStart
        } else {
            overall = activeTime / duration + iterationStart
        }

        var simple: Double
        if overall.isInfinite {
            simple = iterationStart - Self.floor(iterationStart)
        } else {
            simple = overall - Self.floor(overall)
        }
        if simple == 0, phase != .before, activeTime == active, count != 0 {
            simple = 1
        }

        let iteration: Double
        if phase == .after, count == .infinity {
            iteration = .infinity
        } else if simple == 1 {
            iteration = Self.floor(overall) - 1
        } else {
            iteration = Self.floor(overall)
        }

        var forwards = true
        if autoreverses, iteration.isFinite {
            forwards = Self.isEven(iteration)
        }
        let directed = forwards ? simple : 1 - simple
        let beforeFlag = (phase == .before && forwards) || (phase == .after && !forwards)

        // An endless object (a layer) passes its local time through unclamped, as Core Animation
        // converts times between layers; its fill only decides whether it has an effect.
        let iterationTime = endless ? local : directed * duration
        // (±speed)/duration, exactly: the quotient is computed once, and negation is exact.
        let rate = phase == .active ? (forwards ? forwardProgressRate : -forwardProgressRate) : 0
        return MediaTimingState(
            phase: phase, localTime: local, activeTime: activeTime, overallProgress: CubicBezier.saturate(overall),
            simpleIterationProgress: simple, currentIteration: CubicBezier.saturate(iteration), isForwards: forwards,
            directedProgress: directed, beforeFlag: beforeFlag, iterationTime: iterationTime,
            progressRate: CubicBezier.saturate(rate))
    }

    /// The time this object's children see at parent time `tp` (its directed iteration time,
    /// see ``MediaTimingState/iterationTime``), or `nil` when the object has no effect then.
    ///
    /// Because the children see only `[0, duration]`, a group cuts its children off at its own
    /// duration without rescaling them; speeds multiply down the hierarchy because each level
    /// scales the time it passes on.
    public func childTime(atParentTime tp: Double) -> Double? {
        state(atParentTime: tp).iterationTime
    }

    /// `d(childTime)/d(parent time)`: `±speed` while active (negative in a backward half of
    /// an autoreversing repeat), 0 while filling; `speed` for an endless object (whose local
    /// time runs in every phase).
    public func childTimeRate(atParentTime tp: Double) -> Double {
        let s = state(atParentTime: tp)
        guard s.iterationTime != nil else { return 0 }
        if duration == .infinity { return speed }
        return s.progressRate * duration
    }

    /// The timing function's output at parent time `tp` (Web Animations "transformed
    /// progress"), or `nil` when the object has no effect; a `nil` function is linear.
    public func progress(atParentTime tp: Double, applying function: (any TimingFunction)?) -> Double? {
        state(atParentTime: tp).transformedProgress(function)
    }

    /// `⌊x⌋`, exactly, without a library call (the frame loop evaluates a state per
    /// animation, and on x86-64 without SSE4.1 `rounded(.down)` calls `floor`): below 2⁵² in
    /// magnitude through an integer conversion, above it `x` itself (every such double is an
    /// integer, and ±∞ stays).
    @inlinable @inline(__always)
    static func floor(_ x: Double) -> Double {
        guard x.magnitude < 0x1p52 else { return x }
        // Int: |x| < 2^52 by the guard above (NaN fails it).
        let t = Double(Int64(x))
        return t > x ? t - 1 : t
    }

    /// Whether the integer `n` is even, exactly (every double of magnitude 2⁵³ or more is).
    @inlinable @inline(__always)
    static func isEven(_ n: Double) -> Bool {
        // Int: callers pass a finite whole number; |n| < 2^53 here by the first test.
        n.magnitude >= 0x1p53 || Int64(n) & 1 == 0
    }
}

extension MediaTiming {
    /// Whether `state` (this timing's, at some parent time) has reached the active interval
    /// in the direction the timing plays: not before it for a forward speed (≥ 0), not after
    /// it for a negative speed, which plays from the end toward the begin time. Core
    /// Animation's `animationDidStart` is sent when this first holds.
    @inlinable
    public func hasStarted(_ state: MediaTimingState) -> Bool {
        speed >= 0 ? state.phase != .before : state.phase != .after
    }

    /// Whether `state` is past the end of the active interval in the direction the timing
    /// plays (after it for a forward speed, before it for a negative one). Core Animation's
    /// `animationDidStop(_:finished: true)` is sent, and an animation with
    /// `isRemovedOnCompletion` removed, when this first holds.
    @inlinable
    public func hasFinished(_ state: MediaTimingState) -> Bool {
        speed >= 0 ? state.phase == .after : state.phase == .before
    }
}
