/// `exp` and `expm1` on four lanes at once, for the batch kernels.
///
/// The C library evaluates one argument per call; a batch of springs or of sample times
/// needs the same function on many arguments, and a branch-free SIMD version runs several
/// times faster (the kernels in `Sampling/` spend most of their time here). The method is the
/// classical one (Tang, "Table-driven implementation of the exponential function", 1989,
/// without the table): `x = k·ln2 + r` with `|r| ≤ ln2/2`, `k` found by the round-to-nearest
/// shifter `1.5·2⁵²` (no SSE4.1 `round` needed), `ln2` split in two parts so `k·ln2_hi` is
/// exact, `eʳ = 1 + r·P(r)` with a near-minimax `P` of degree 10 (fit error 1.5e-17 relative), and
/// `2ᵏ` built from exponent bits in two halves so that results down to the subnormal range
/// come out right. Accuracy: within 2 ulps of the correctly rounded value (tested against the
/// C library in `Tests/HarmonicTests/Numerics`).
@usableFromInline
enum LaneExponential {
    @usableFromInline typealias Lanes = SIMD4<Double>

    @usableFromInline static let shifter = 0x1.8p52
    @usableFromInline static let log2e = 0x1.71547652b82fep+0
    /// ln 2 to 32 bits (so `k·ln2Hi` is exact for `|k| < 2²¹`) and the rest.
    @usableFromInline static let ln2Hi = 0x1.62e42fee00000p-1
    @usableFromInline static let ln2Lo = 0x1.a39ef35793c76p-33

    /// `eˣ` for every lane with `x ≤ 709`; arguments below −746 give 0. The kernels only
    /// pass decay exponents `x ≤ 0` (or discard the lane), so larger arguments and NaN are
    /// not checked: their results are unspecified.
    @inline(__always) @inlinable
    static func exp(_ x: Lanes) -> Lanes {
        // Arguments below −746 (whose results round to 0) are not clamped first but replaced
        // at the end: the mask is computed beside the main chain instead of ahead of it.
        let underflow = x .< Lanes(repeating: -746)
        let shifted = x * log2e + shifter
        let k = shifted - shifter
        let r = (x - k * ln2Hi) - k * ln2Lo
        let p = 1 + r * expm1Polynomial(r)
        // k as an integer: the low bits of the shifted value hold it in two's complement.
        let ki =
            unsafeBitCast(shifted, to: SIMD4<Int64>.self)
            &- unsafeBitCast(Lanes(repeating: shifter), to: SIMD4<Int64>.self)
        let k1 = ki &>> 1
        let k2 = ki &- k1
        let f1 = unsafeBitCast((k1 &+ 1023) &<< 52, to: Lanes.self)
        let f2 = unsafeBitCast((k2 &+ 1023) &<< 52, to: Lanes.self)
        return LaneOperations.select(underflow, Lanes(), p * f1 * f2)
    }

    /// `eˣ − 1` for every lane, accurate also where it is small (`|x| ≲ 1e-8` gives `x`
    /// to the last bit) for `x ≤ 709`. Arguments below −746 give −1; larger arguments and
    /// NaN are unspecified, as for ``exp(_:)``.
    ///
    /// With the same reduction as ``exp(_:)``, `eˣ − 1 = 2ᵏ·(eʳ − 1) + (2ᵏ − 1)`: the first
    /// term is the accurate polynomial scaled exactly, the second is exact for `|k| ≤ 53`, and
    /// the sum rounds once (within about 2 ulps in all).
    @inline(__always) @inlinable
    static func expm1(_ x: Lanes) -> Lanes {
        let clamped = LaneOperations.raise(x, to: -746)
        let shifted = clamped * log2e + shifter
        let k = shifted - shifter
        let r = (clamped - k * ln2Hi) - k * ln2Lo
        let p = r * expm1Polynomial(r)
        let ki =
            unsafeBitCast(shifted, to: SIMD4<Int64>.self)
            &- unsafeBitCast(Lanes(repeating: shifter), to: SIMD4<Int64>.self)
        let k1 = ki &>> 1
        let k2 = ki &- k1
        let scale =
            unsafeBitCast((k1 &+ 1023) &<< 52, to: Lanes.self) * unsafeBitCast((k2 &+ 1023) &<< 52, to: Lanes.self)
        return scale * p + (scale - 1)
    }

    /// `(eʳ − 1)/r` on `|r| ≤ ln2/2`: the near-minimax polynomial of degree 10 from
    /// `scripts/references/lane_polynomials.py` (relative fit error 1.5e-17), in pairs
    /// `c₂ₖ + c₂ₖ₊₁·r` combined by Horner's rule in `r²`: a short dependency chain that needs
    /// few registers (SSE2 has sixteen, and each four-lane value takes two).
    @inline(__always) @inlinable
    static func expm1Polynomial(_ r: Lanes) -> Lanes {
        let c0 = 0x1.0000000000000p+0
        let c1 = 0x1.0000000000005p-1
        let c2 = 0x1.5555555555557p-3
        let c3 = 0x1.55555555520afp-5
        let c4 = 0x1.11111111100dfp-7
        let c5 = 0x1.6c16c17f43a58p-10
        let c6 = 0x1.a01a01abe62ddp-13
        let c7 = 0x1.a019a66a75dd4p-16
        let c8 = 0x1.71de02375656cp-19
        let c9 = 0x1.28a2c0a7209fbp-22
        let c10 = 0x1.af4ddd84882fep-26
        let r2 = r * r
        let p01 = c0 + r * c1, p23 = c2 + r * c3, p45 = c4 + r * c5, p67 = c6 + r * c7, p89 = c8 + r * c9
        return p01 + r2 * (p23 + r2 * (p45 + r2 * (p67 + r2 * (p89 + r2 * c10))))
    }
}
