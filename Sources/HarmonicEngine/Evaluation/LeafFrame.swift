import Harmonic

/// The quantities of one leaf evaluation shared by all components of its value.
struct LeafFrame {
    enum Kind {
        /// `start + (end − start)·p`; `dp` per second; `cycleEnd` the progress at the end of
        /// one repeat (the timing function's value at 1, or at 0 when the repeat autoreverses),
        /// for cumulative shifts.
        case interpolate(p: Double, dp: Double, cycleEnd: Double)
        /// The spring's transition at `τ`, `dτ` per second, and at the end of a repeat.
        case spring(phi: SpringTransition, dTau: Double, end: SpringTransition)
    }
    var kind: Kind
    /// Completed repeats to shift by (0 unless cumulative).
    var repeats: Double
    /// Whether a repeat ends where it started (it autoreverses), so that a cumulative shift
    /// adds the start value of each completed repeat rather than its end value.
    var cycleEndsAtStart = false
}

extension LeafFrame {
    /// The frame quantities of a leaf at timing `s` (shared by the tree and the plan).
    ///
    /// - Parameters:
    ///   - easing: The animation's timing function, `nil` for the identity. Borrowed through a
    ///     pointer: copying a ``ResolvedTimingFunction`` out of the frame plan would retain and
    ///     release its function once per animation per frame.
    ///   - rate: d(parent time)/d(root time); with `wantsRate` false, rates are skipped.
    @inline(__always)
    static func make(
        _ s: LeafTiming, timing: MediaTiming,
        easing: UnsafePointer<ResolvedTimingFunction>?, curve: FrameCurve,
        isCumulative: Bool, rate: Double, wantsRate: Bool
    ) -> LeafFrame {
        let directedRate = wantsRate ? s.progressRate * rate : 0
        let directed = s.directed
        let repeats = isCumulative ? timing.cumulativeCycles(atIteration: s.iteration) : 0
        let reverses = repeats != 0 && timing.autoreverses
        switch curve {
        case .basic:
            let p = easing?.pointee.value(at: directed, beforeFlag: s.beforeFlag) ?? directed
            let dp = wantsRate ? (easing?.pointee.slope(at: directed) ?? 1) * directedRate : 0
            var cycleEnd = reverses ? 0.0 : 1.0
            if repeats != 0, let easing { cycleEnd = easing.pointee.value(at: cycleEnd) }
            return LeafFrame(
                kind: .interpolate(p: p, dp: dp, cycleEnd: cycleEnd), repeats: repeats, cycleEndsAtStart: reverses)
        case let .driven(sample):
            return LeafFrame(
                kind: .interpolate(p: sample.progress, dp: wantsRate ? sample.rate : 0, cycleEnd: reverses ? 0 : 1),
                repeats: repeats, cycleEndsAtStart: reverses)
        case let .spring(pointer):
            let sc = pointer
            let (tau, dTau) = curveTime(s, timing: timing, easing: easing, rate: rate, wantsRate: wantsRate)
            // An autoreversed repeat ends where the spring starts: Φ(0).
            let end = reverses ? sc.pointee.spring.transition(over: 0) : sc.pointee.endTransition
            return LeafFrame(
                kind: .spring(phi: sc.pointee.spring.transition(over: tau), dTau: dTau, end: end),
                repeats: repeats, cycleEndsAtStart: reverses)
        }
    }

    /// The time a spring or a decay has run at timing `s`, and its rate per second of
    /// root time (``/Harmonic/MediaTiming/curveTime(atParentTime:applying:)``'s rule).
    @inline(__always)
    static func curveTime(
        _ s: LeafTiming, timing: MediaTiming,
        easing: UnsafePointer<ResolvedTimingFunction>?,
        rate: Double, wantsRate: Bool
    ) -> (tau: Double, dTau: Double) {
        let (tau, dTau) = timing.curveTime(
            easedProgress: easing?.pointee.value(at: s.directed, beforeFlag: s.beforeFlag) ?? s.directed,
            easingSlope: wantsRate ? (easing?.pointee.slope(at: s.directed) ?? 1) : 0, progressRate: s.progressRate,
            iterationTime: s.iterationTime, isActive: s.isActive, clockRate: rate)
        return (tau, dTau)
    }
}
