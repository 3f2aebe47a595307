/// `exp` and `expm1` on four lanes at once, for the batch kernels.
///
/// The C library evaluates one argument per call; a batch of springs or of sample times
/// needs the same function on many arguments, and a branch-free SIMD version runs several
/// times faster (the kernels in `Sampling/` spend most of their time here). The method is the
/// classical one (Tang, "Table-driven implementation of the exponential function", 1989,
/// without the table): `x = k·ln2 + r` with `|r| ≤ ln2/2`, `k` found by the round-to-nearest
/// shifter `1.5·2⁵²` (no SSE4.1 `round` needed), `ln2` split in two parts so `k·ln2_hi` is
/// exact, `eʳ` by its Taylor polynomial to degree 13 (truncation < 4e-18 relative), and
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

    /// `eˣ` for every lane. Arguments below −746 give 0, above 709.7 give `+∞`; NaN stays NaN.
    @inlinable
    static func exp(_ x: Lanes) -> Lanes {
        let clamped = x.clamped(lowerBound: Lanes(repeating: -746), upperBound: Lanes(repeating: 710))
        let shifted = clamped * log2e + shifter
        let k = shifted - shifter
        let r = (clamped - k * ln2Hi) - k * ln2Lo
        let p = 1 + r * expm1Polynomial(r)
        // k as an integer: the low bits of the shifted value hold it in two's complement.
        let ki = unsafeBitCast(shifted, to: SIMD4<Int64>.self) &- unsafeBitCast(Lanes(repeating: shifter), to: SIMD4<Int64>.self)
        let k1 = ki &>> 1
        let k2 = ki &- k1
        let f1 = unsafeBitCast((k1 &+ 1023) &<< 52, to: Lanes.self)
        let f2 = unsafeBitCast((k2 &+ 1023) &<< 52, to: Lanes.self)
        var result = p * f1 * f2
        result.replace(with: x, where: .!(x .== x))  // keep NaN
        return result
    }

    /// `eˣ − 1` for every lane, accurate also where it is small (`|x| ≲ 1e-8` gives `x`
    /// to the last bit). Arguments below −746 give −1.
    ///
    /// With the same reduction as ``exp(_:)``, `eˣ − 1 = 2ᵏ·(eʳ − 1) + (2ᵏ − 1)`: the first
    /// term is the accurate polynomial scaled exactly, the second is exact for `|k| ≤ 53`, and
    /// the sum rounds once (within about 2 ulps in all).
    @inlinable
    static func expm1(_ x: Lanes) -> Lanes {
        let clamped = x.clamped(lowerBound: Lanes(repeating: -746), upperBound: Lanes(repeating: 710))
        let shifted = clamped * log2e + shifter
        let k = shifted - shifter
        let r = (clamped - k * ln2Hi) - k * ln2Lo
        let p = r * expm1Polynomial(r)
        let ki = unsafeBitCast(shifted, to: SIMD4<Int64>.self) &- unsafeBitCast(Lanes(repeating: shifter), to: SIMD4<Int64>.self)
        let k1 = ki &>> 1
        let k2 = ki &- k1
        let scale = unsafeBitCast((k1 &+ 1023) &<< 52, to: Lanes.self) * unsafeBitCast((k2 &+ 1023) &<< 52, to: Lanes.self)
        var result = scale * p + (scale - 1)
        result.replace(with: x, where: .!(x .== x))  // keep NaN
        return result
    }

    /// `|x|` for every lane (clears the sign bits; NaN stays NaN).
    @inlinable
    static func magnitude(_ x: Lanes) -> Lanes {
        unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt64>.self) & 0x7fff_ffff_ffff_ffff, to: Lanes.self)
    }

    /// `(eʳ − 1)/r` as a polynomial in `r` (Taylor, degree 12).
    @inlinable
    static func expm1Polynomial(_ r: Lanes) -> Lanes {
        1 + r * (0.5 + r * expm1Tail(r))
    }

    /// `(eʳ − 1 − r − r²/2)/r³` to degree 11: the coefficients 1/3!, …, 1/14!.
    @inlinable
    static func expm1Tail(_ r: Lanes) -> Lanes {
        let c3 = 1.0 / 6, c4 = 1.0 / 24, c5 = 1.0 / 120, c6 = 1.0 / 720, c7 = 1.0 / 5040
        let c8 = 1.0 / 40320, c9 = 1.0 / 362_880, c10 = 1.0 / 3_628_800, c11 = 1.0 / 39_916_800
        let c12 = 1.0 / 479_001_600, c13 = 1.0 / 6_227_020_800, c14 = 1.0 / 87_178_291_200
        // Estrin-style pairing halves the dependency chain.
        let r2 = r * r
        let a = c3 + r * c4, b = c5 + r * c6, c = c7 + r * c8, d = c9 + r * c10
        let e = c11 + r * c12, f = c13 + r * c14
        let r4 = r2 * r2
        let ab = a + r2 * b, cd = c + r2 * d, ef = e + r2 * f
        return ab + r4 * (cd + r4 * ef)
    }
}
