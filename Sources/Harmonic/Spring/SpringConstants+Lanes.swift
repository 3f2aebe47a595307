/// The state-transition matrix `Φ(t)` for four lanes at once: four times, four springs of
/// one regime, or both.
///
/// Each regime's kernel is the closed form of ``SpringConstants/transition(at:)`` written
/// with the SIMD `exp`, `expm1` and `sin`/`cos` of ``LaneExponential`` and
/// ``LaneSineCosine``; results agree with the scalar path to a few ulps of each entry's
/// scale. Lanes whose phase is too large for the SIMD reduction (beyond about 1.6e6 rad, only
/// reached by very long, barely damped motions) are recomputed by the scalar path. Times
/// `t ≤ 0` give the identity, as in the scalar path.
@usableFromInline
struct LaneTransition {
    @usableFromInline typealias Lanes = SIMD4<Double>
    @usableFromInline var xFromX: Lanes
    @usableFromInline var xFromV: Lanes
    @usableFromInline var vFromX: Lanes
    @usableFromInline var vFromV: Lanes

    @inlinable
    init(xFromX: Lanes, xFromV: Lanes, vFromX: Lanes, vFromV: Lanes) {
        self.xFromX = xFromX
        self.xFromV = xFromV
        self.vFromX = vFromX
        self.vFromV = vFromV
    }

    /// Sets lane `i` to a scalar matrix.
    @inline(__always) @inlinable
    mutating func set(_ i: Int, _ phi: SpringTransition) {
        xFromX[i] = phi.xFromX
        xFromV[i] = phi.xFromV
        vFromX[i] = phi.vFromX
        vFromV[i] = phi.vFromV
    }

    /// The identity in every lane where `t ≤ 0` (the motion has not started).
    @inline(__always) @inlinable
    mutating func holdBeforeStart(_ t: Lanes) {
        let before = t .<= 0
        guard LaneOperations.any(before) else { return }
        xFromX = LaneOperations.select(before, Lanes(repeating: 1), xFromX)
        xFromV = LaneOperations.select(before, Lanes(), xFromV)
        vFromX = LaneOperations.select(before, Lanes(), vFromX)
        vFromV = LaneOperations.select(before, Lanes(repeating: 1), vFromV)
    }

    /// Underdamped or undamped: `e^(−λt)·(cos ωd·t, sin(ωd·t)/ωd)` combined as in the scalar
    /// path. `fallback` marks lanes that need the scalar path (phase out of SIMD range while
    /// the envelope is still non-zero).
    @inline(__always) @inlinable
    static func oscillating(
        _ t: Lanes, decayRate: Lanes, omegaHi: Lanes, omegaHead: Lanes, omegaLo: Lanes, inverseOmega: Lanes,
        naturalFrequencySquared w2: Lanes
    ) -> (LaneTransition, fallback: SIMDMask<SIMD4<Int64>>) {
        let decay = LaneExponential.exp(-decayRate * t)
        let phase = LaneSineCosine.phase(omegaHi: omegaHi, omegaHead: omegaHead, omegaLo: omegaLo, time: t)
        var (sine, cosine, outOfRange) = LaneSineCosine.sinCos(hi: phase.hi, lo: phase.lo)
        // Out-of-range lanes are either at rest (the envelope underflowed: Φ = 0, as in the
        // scalar path) or recomputed by the caller; keep their products finite meanwhile.
        if LaneOperations.any(outOfRange) {
            sine = LaneOperations.select(outOfRange, Lanes(), sine)
            cosine = LaneOperations.select(outOfRange, Lanes(), cosine)
        }
        let ds = decay * (sine * inverseOmega)
        let dc = decay * cosine
        var phi = LaneTransition(
            xFromX: dc + decayRate * ds, xFromV: ds, vFromX: -w2 * ds, vFromV: dc - decayRate * ds)
        phi.holdBeforeStart(t)
        return (phi, outOfRange .& (decay .> 0) .& (t .> 0))
    }

    /// Critically damped: `e^(−λt)·(1 + λt, t)`.
    @inline(__always) @inlinable
    static func critical(_ t: Lanes, decayRate: Lanes, naturalFrequencySquared w2: Lanes) -> LaneTransition {
        let decay = LaneExponential.exp(-decayRate * t)
        let dt = decay * t
        var phi = LaneTransition(
            xFromX: decay + decayRate * dt, xFromV: dt, vFromX: -w2 * dt, vFromV: decay - decayRate * dt)
        phi.holdBeforeStart(t)
        return phi
    }

    /// Overdamped: `e^(r_slow·t)` and `(1 − e^(−Δt))/Δ`, the cancellation-free form.
    @inline(__always) @inlinable
    static func overdamped(
        _ t: Lanes, slowRate: Lanes, fastRate: Lanes, rateGap: Lanes, inverseRateGap: Lanes,
        naturalFrequencySquared w2: Lanes
    ) -> LaneTransition {
        let slow = LaneExponential.exp(slowRate * t)
        let e = -LaneExponential.expm1(-rateGap * t) * inverseRateGap
        let se = slow * e
        var phi = LaneTransition(
            xFromX: slow - slowRate * se, xFromV: se, vFromX: -w2 * se, vFromV: slow + fastRate * se)
        phi.holdBeforeStart(t)
        return phi
    }
}

extension SpringConstants {
    /// `Φ(tᵢ)` of this spring for four times.
    @inlinable
    func transition(at t: SIMD4<Double>) -> LaneTransition {
        typealias Lanes = SIMD4<Double>
        let w2 = Lanes(repeating: naturalFrequencySquared)
        switch regime {
        case .undamped, .underdamped:
            let omega = Lanes(repeating: dampedFrequency.hi)
            var (phi, fallback) = LaneTransition.oscillating(
                t, decayRate: Lanes(repeating: decayRate), omegaHi: omega, omegaHead: LaneSineCosine.split(omega).hi,
                omegaLo: Lanes(repeating: dampedFrequency.lo), inverseOmega: 1 / omega, naturalFrequencySquared: w2)
            if LaneOperations.any(fallback) {
                for i in 0..<4 where fallback[i] { phi.set(i, transition(at: t[i])) }
            }
            return phi
        case .criticallyDamped:
            return LaneTransition.critical(t, decayRate: Lanes(repeating: decayRate), naturalFrequencySquared: w2)
        case .overdamped:
            return LaneTransition.overdamped(
                t, slowRate: Lanes(repeating: slowRate), fastRate: Lanes(repeating: fastRate),
                rateGap: Lanes(repeating: rateGap), inverseRateGap: Lanes(repeating: 1 / rateGap),
                naturalFrequencySquared: w2)
        }
    }
}
