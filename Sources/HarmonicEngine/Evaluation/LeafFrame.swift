import Harmonic

/// The quantities of one leaf evaluation shared by all components of its value.
struct LeafFrame {
    enum Kind {
        /// `start + (end − start)·p`; `dp` per second.
        case interpolate(p: Double, dp: Double, cumulativeSpan: Double)
        /// The spring's transition at `τ`, `dτ` per second, and at the end of a repeat.
        case spring(phi: SpringTransition, dTau: Double, end: SpringTransition)
    }
    var kind: Kind
    /// Completed repeats to shift by (0 unless cumulative).
    var repeats: Double
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
        switch curve {
        case .basic:
            let p = easing?.pointee.value(at: directed, beforeFlag: s.beforeFlag) ?? directed
            let dp = wantsRate ? (easing?.pointee.slope(at: directed) ?? 1) * directedRate : 0
            var span = 1.0
            if repeats != 0, let easing { span = easing.pointee.value(at: 1) - easing.pointee.value(at: 0) }
            return LeafFrame(kind: .interpolate(p: p, dp: dp, cumulativeSpan: span), repeats: repeats)
        case let .driven(sample):
            return LeafFrame(
                kind: .interpolate(p: sample.progress, dp: wantsRate ? sample.rate : 0, cumulativeSpan: 1),
                repeats: repeats)
        case let .spring(pointer):
            let sc = pointer
            let (tau, dTau) = curveTime(s, timing: timing, easing: easing, rate: rate, wantsRate: wantsRate)
            return LeafFrame(
                kind: .spring(phi: sc.pointee.spring.transition(over: tau), dTau: dTau, end: sc.pointee.endTransition),
                repeats: repeats)
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
