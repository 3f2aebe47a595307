import Harmonic

/// The arithmetic of a linear key path (numbers interpolated component by component), shared
/// by the program tree and the frame plan.
enum LinearKernel {
    /// Writes `out[i]` (and `outRate[i]`) for `i < dimension`. Each component reads
    /// `current[i]` before writing `out[i]`, so they may alias.
    ///
    /// - Parameters:
    ///   - start, end: The rule's fixed numbers (`end` holds `by` for `byFromCurrent`); unused
    ///     ones may be `nil`.
    ///   - valueVelocity: A spring's initial velocity in value units per second, or `nil` for
    ///     `normalisedVelocity·(end − start)`.
    @inline(__always)
    static func apply(
        _ frame: LeafFrame, dimension: Int, rule: EndpointRule, start: UnsafePointer<Double>?,
        end: UnsafePointer<Double>?, valueVelocity: UnsafePointer<Double>?, normalisedVelocity: Double,
        current: UnsafePointer<Double>, currentRate: UnsafePointer<Double>?, out: UnsafeMutablePointer<Double>,
        outRate: UnsafeMutablePointer<Double>?, additive: Bool
    ) {
        let n = frame.repeats
        let wantsRate = outRate != nil
        for i in 0..<dimension {
            let c = current[i]
            let dc = currentRate?[i] ?? 0
            // The ends, and (they are linear in the current value) their rates of change.
            let (s, e) = rule.ends(start: start?[i] ?? 0, end: end?[i] ?? 0, current: c)
            let (ds, de) = rule.ends(start: 0, end: 0, current: dc)
            var v: Double
            var dv = 0.0
            switch frame.kind {
            case let .interpolate(p, dp, cycleEnd):
                v = s + (e - s) * p
                if n != 0 { v = MediaTiming.accumulated(v, cycles: n, changePerCycle: s + (e - s) * cycleEnd) }
                if wantsRate {
                    dv = ds + (de - ds) * p + (e - s) * dp
                    if n != 0 { dv = MediaTiming.accumulated(dv, cycles: n, changePerCycle: ds + (de - ds) * cycleEnd) }
                }
            case let .spring(phi, dTau, endPhi):
                let v0: Double
                let dv0: Double
                if let valueVelocity {
                    v0 = valueVelocity[i]
                    dv0 = 0
                } else {
                    v0 = normalisedVelocity * (e - s)
                    dv0 = normalisedVelocity * (de - ds)
                }
                let state = phi.state(from: s, to: e, initialVelocity: v0)
                v = state.value
                if n != 0 {
                    v = MediaTiming.accumulated(
                        v, cycles: n, changePerCycle: endPhi.value(from: s, to: e, initialVelocity: v0))
                }
                if wantsRate {
                    // The motion is linear in (start, end, v0): its rate is the same map applied
                    // to their rates, plus the spring's own velocity times dτ/dt.
                    dv = phi.value(from: ds, to: de, initialVelocity: dv0) + state.velocity * dTau
                    if n != 0 {
                        dv = MediaTiming.accumulated(
                            dv, cycles: n, changePerCycle: endPhi.value(from: ds, to: de, initialVelocity: dv0))
                    }
                }
            }
            if additive {
                out[i] = c + v
                outRate?[i] = dc + dv
            } else {
                out[i] = v
                outRate?[i] = dv
            }
        }
    }
}
