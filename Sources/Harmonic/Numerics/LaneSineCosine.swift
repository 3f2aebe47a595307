/// `sin` and `cos` of a double-double phase on four lanes at once, for the batch kernels.
///
/// The phase of an oscillating spring is `ωd·t` with `ωd` a double-double
/// (``DoubleDouble``). Here it is formed exactly with Dekker's product (Veltkamp splitting,
/// so no hardware fused multiply-add is needed), reduced by the nearest multiple `q` of π/2
/// with a three-part Cody–Waite constant (each part 32 bits, so `q·part` is exact for
/// `|q| < 2²¹` and the reduction loses nothing), and the reduced angle `|r| ≤ π/4` goes
/// through the Taylor polynomials of `sin` (to r¹⁷) and `cos` (to r¹⁸), whose truncation
/// is below 1e-19. The quadrant `q mod 4` then swaps and negates the two.
///
/// Phases of 2²⁰·π/2 (about 1.6e6 rad) or more are reported in `outOfRange` and must be
/// evaluated by the scalar path (``AngleReduction``), which reduces any size exactly.
/// Accuracy in range: within about 1 ulp absolute for phases below 20 rad and a few ulps
/// (measured ≤ 4.2·2⁻⁵², part of it the Float80 reference) up to 9,000 rad.
@usableFromInline
enum LaneSineCosine {
    @usableFromInline typealias Lanes = SIMD4<Double>

    /// π/2 as three 32-bit parts.
    @usableFromInline static let halfPi1 = 0x1.921fb54400000p+0
    @usableFromInline static let halfPi2 = 0x1.0b4611a600000p-34
    @usableFromInline static let halfPi3 = 0x1.3198a2e037073p-69
    @usableFromInline static let twoOverPi = 0x1.45f306dc9c883p-1
    /// The largest phase reduced here: 2²⁰ quarter turns.
    @usableFromInline static let limit = 1_647_099.3

    /// Splits `a` into a high part of 26 bits and the exact rest (Veltkamp).
    @inlinable
    static func split(_ a: Lanes) -> (hi: Lanes, lo: Lanes) {
        let c = a * 134_217_729
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    /// `(ωhi + ωlo)·t` as `hi + lo` with `hi = ωhi·t` rounded and `lo` its error (Dekker).
    @inlinable
    static func phase(omegaHi: Lanes, omegaLo: Lanes, time t: Lanes) -> (hi: Lanes, lo: Lanes) {
        let p = omegaHi * t
        let (ah, al) = split(omegaHi)
        let (th, tl) = split(t)
        let error = ((ah * th - p) + ah * tl + al * th) + al * tl
        return (p, error + omegaLo * t)
    }

    /// `sin` and `cos` of `hi + lo` for each lane; `outOfRange` marks lanes with
    /// `|hi| ≥ limit` or a non-finite phase, whose results are meaningless.
    @inlinable
    static func sinCos(hi: Lanes, lo: Lanes) -> (sin: Lanes, cos: Lanes, outOfRange: SIMDMask<SIMD4<Int64>>) {
        let outOfRange = .!(LaneExponential.magnitude(hi) .< limit)
        let shifter = LaneExponential.shifter
        let shifted = hi * twoOverPi + shifter
        let q = shifted - shifter
        let r = ((hi - q * halfPi1) - q * halfPi2) - q * halfPi3 + lo
        let r2 = r * r
        // sin r = r − r³/3! + … + r¹⁷/17!;  cos r = 1 − r²/2! + … + r¹⁸/18!.
        let s = r + r * r2 * sinTail(r2)
        let c = 1 - 0.5 * r2 + r2 * r2 * cosTail(r2)
        let n = unsafeBitCast(shifted, to: SIMD4<Int64>.self) &- unsafeBitCast(Lanes(repeating: shifter), to: SIMD4<Int64>.self)
        let swap = (n & 1) .!= 0
        var sine = s.replacing(with: c, where: swap)
        var cosine = c.replacing(with: s, where: swap)
        sine.replace(with: -sine, where: (n & 2) .!= 0)
        cosine.replace(with: -cosine, where: ((n &+ 1) & 2) .!= 0)
        return (sine, cosine, outOfRange)
    }

    /// `(sin r − r)/r³` in `u = r²`: −1/3! + u/5! − … + u⁷/17!.
    @inlinable
    static func sinTail(_ u: Lanes) -> Lanes {
        let s3 = -1.0 / 6, s5 = 1.0 / 120, s7 = -1.0 / 5040, s9 = 1.0 / 362_880
        let s11 = -1.0 / 39_916_800, s13 = 1.0 / 6_227_020_800, s15 = -1.0 / 1_307_674_368_000
        let s17 = 1.0 / 355_687_428_096_000
        let u2 = u * u
        let a = s3 + u * s5, b = s7 + u * s9, c = s11 + u * s13, d = s15 + u * s17
        let u4 = u2 * u2
        return (a + u2 * b) + u4 * (c + u2 * d)
    }

    /// `(cos r − 1 + r²/2)/r⁴` in `u = r²`: 1/4! − u/6! + … + u⁷/18!.
    @inlinable
    static func cosTail(_ u: Lanes) -> Lanes {
        let c4 = 1.0 / 24, c6 = -1.0 / 720, c8 = 1.0 / 40320, c10 = -1.0 / 3_628_800
        let c12 = 1.0 / 479_001_600, c14 = -1.0 / 87_178_291_200, c16 = 1.0 / 20_922_789_888_000
        let c18 = -1.0 / 6_402_373_705_728_000
        let u2 = u * u
        let a = c4 + u * c6, b = c8 + u * c10, c = c12 + u * c14, d = c16 + u * c18
        let u4 = u2 * u2
        return (a + u2 * b) + u4 * (c + u2 * d)
    }
}
