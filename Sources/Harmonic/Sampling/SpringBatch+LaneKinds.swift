// The compile-time choices of SpringBatch's vector loop: which outputs it writes and how each
// regime forms its time-dependent factors, as types the loop is specialised on, so that one
// generic loop compiles to one branch-free loop per regime and output.

/// Which outputs a loop writes.
protocol LaneOutput {
    static var velocities: Bool { get }
}

enum ValuesOnly: LaneOutput {
    static var velocities: Bool { false }
}

enum ValuesAndVelocities: LaneOutput {
    static var velocities: Bool { true }
}

/// One block's time-dependent factors `e(t)`, `c(t)`, `s(t)`, and the lanes that need the
/// scalar path.
typealias LaneFactors = (
    envelope: SIMD4<Double>, cosine: SIMD4<Double>, sine: SIMD4<Double>, fallback: SIMDMask<SIMD4<Int64>>
)

/// The time-dependent factors `e(t)`, `c(t)`, `s(t)` of one regime for a block (see
/// `LaneGroup`).
protocol LaneKind {
    /// Whether `c(t)` is a cosine (otherwise it is 1 and is not computed).
    static var oscillates: Bool { get }
    /// Whether some lanes may need the scalar path (only oscillating springs, at huge phases).
    static var mayFallBack: Bool { get }
    static func factors(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel) -> LaneFactors
}

enum Oscillating: LaneKind {
    /// The phase below which the product `ωd_hi·t` is used as rounded: its rounding error is at
    /// most half an ulp of 64, 2⁻⁴⁸ ≈ 3.6e-15 rad, so `cos` and `sin` move by at most that
    /// much, and the value by at most 3.6e-15 of the motion's oscillation amplitude (the
    /// same relative size, 2⁻⁵³·ωd·t, as the rounding of the envelope's exponent `−λt` that
    /// every path has). The remaining double-double part `ωd_lo·t` is still added. Longer
    /// phases, where this error would keep growing with `t`, take the exact product.
    static var shortPhase: Double { 64 }
    static var oscillates: Bool { true }
    static var mayFallBack: Bool { true }
    @inline(__always)
    static func factors(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel) -> LaneFactors {
        let decayRate = k.field(block, 0)
        let decay = LaneExponential.exp(-decayRate * t)
        let omegaHi = k.field(block, 1), omegaLo = k.field(block, 3)
        // The phase ωd·t: while every lane is below `shortPhase` the rounded product suffices
        // (see there); beyond, Dekker's exact product.
        let product = omegaHi * t
        let phase: (hi: SIMD4<Double>, lo: SIMD4<Double>)
        if _slowPath(LaneOperations.any(.!(LaneOperations.magnitude(product) .< SIMD4(repeating: shortPhase)))) {
            phase = LaneSineCosine.phase(omegaHi: omegaHi, omegaHead: k.field(block, 2), omegaLo: omegaLo, time: t)
        } else {
            phase = (product, omegaLo * t)
        }
        var (sine, cosine, outOfRange) = LaneSineCosine.sinCos(hi: phase.hi, lo: phase.lo)
        var fallback = SIMDMask<SIMD4<Int64>>()
        if _slowPath(LaneOperations.any(outOfRange)) {
            // Out-of-range lanes are either at rest (the envelope underflowed: the value is
            // the target, as in the scalar path) or recomputed by the caller; keep their
            // products finite meanwhile.
            sine = LaneOperations.select(outOfRange, SIMD4(), sine)
            cosine = LaneOperations.select(outOfRange, SIMD4(), cosine)
            fallback = outOfRange .& (decay .> 0) .& (t .> 0)
        }
        return (decay, cosine, sine * k.field(block, 4), fallback)
    }
}

enum Critical: LaneKind {
    static var oscillates: Bool { false }
    static var mayFallBack: Bool { false }
    @inline(__always)
    static func factors(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel) -> LaneFactors {
        (LaneExponential.exp(-k.field(block, 0) * t), SIMD4(repeating: 1), t, .init())
    }
}

enum Overdamped: LaneKind {
    static var oscillates: Bool { false }
    static var mayFallBack: Bool { false }
    @inline(__always)
    static func factors(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel) -> LaneFactors {
        let slow = LaneExponential.exp(k.field(block, 0) * t)
        let e = -LaneExponential.expm1(-k.field(block, 2) * t) * k.field(block, 3)
        return (slow, SIMD4(repeating: 1), e, .init())
    }
}
