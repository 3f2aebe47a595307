import HarmonicPlatform

/// `sin` and `cos` of a double-double phase on four lanes at once, for the batch kernels.
///
/// The phase of an oscillating spring is `ωd·t` with `ωd` a double-double
/// (``DoubleDouble``). Here it is formed exactly with Dekker's product (Veltkamp splitting,
/// so no hardware fused multiply-add is needed), reduced by the nearest multiple `q` of π/2
/// with a three-part Cody–Waite constant (each part 32 bits, so `q·part` is exact for
/// `|q| < 2²¹` and the reduction loses nothing), and the reduced angle `|r| ≤ π/4` goes
/// through near-minimax polynomials of `sin` and `cos` (degree 13 and 14 in `r`, from
/// `scripts/references/lane_polynomials.py`), accurate to about 1e-17. The quadrant `q mod 4` then swaps and negates
/// the two.
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
    @inline(__always) @inlinable
    static func split(_ a: Lanes) -> (hi: Lanes, lo: Lanes) {
        let c = a * 134_217_729
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    /// `(ωhi + ωlo)·t` as `hi + lo` with `hi = ωhi·t` rounded and `lo` its error (Dekker).
    /// `omegaHead` is the 26-bit head of `ωhi` from ``split(_:)``, precomputed by callers
    /// that evaluate the same frequencies repeatedly.
    @inline(__always) @inlinable
    static func phase(omegaHi: Lanes, omegaHead ah: Lanes, omegaLo: Lanes, time t: Lanes) -> (hi: Lanes, lo: Lanes) {
        let p = omegaHi * t
        let al = omegaHi - ah
        let (th, tl) = split(t)
        let error = ((ah * th - p) + ah * tl + al * th) + al * tl
        return (p, error + omegaLo * t)
    }

    /// `sin` and `cos` of `hi + lo` for each lane; `outOfRange` marks lanes with
    /// `|hi| ≥ limit` or a non-finite phase, whose results are meaningless.
    @inline(__always) @inlinable
    static func sinCos(hi: Lanes, lo: Lanes) -> (sin: Lanes, cos: Lanes, outOfRange: SIMDMask<SIMD4<Int64>>) {
        let outOfRange = .!(LaneOperations.magnitude(hi) .< limit)
        let shifter = LaneExponential.shifter
        let shifted = hi * twoOverPi + shifter
        let q = shifted - shifter
        let r = ((hi - q * halfPi1) - q * halfPi2) - q * halfPi3 + lo
        let r2 = r * r
        let s = r + r * r2 * sinTail(r2)
        let c = 1 - 0.5 * r2 + r2 * r2 * cosTail(r2)
        let n =
            unsafeBitCast(shifted, to: SIMD4<Int64>.self)
            &- unsafeBitCast(Lanes(repeating: shifter), to: SIMD4<Int64>.self)
        let swap = (n & 1) .!= 0
        let sine = LaneOperations.negate(LaneOperations.select(swap, c, s), where: (n & 2) .!= 0)
        let cosine = LaneOperations.negate(LaneOperations.select(swap, s, c), where: ((n &+ 1) & 2) .!= 0)
        return (sine, cosine, outOfRange)
    }

    /// `sin` and `cos` of `hi + lo` for one phase: the lanes' reduction and polynomials on a
    /// scalar, for paths that evaluate one spring at a time (an engine frame). About a third
    /// of the cost of the C library's `sin` and `cos` after an exact reduction, with the
    /// accuracy stated above; `nil` when `|hi| ≥ limit` or the phase is not finite, for the
    /// scalar path (``AngleReduction``) to take.
    @inline(__always) @inlinable
    static func sinCos(hi: Double, lo: Double) -> (sin: Double, cos: Double)? {
        guard abs(hi) < limit else { return nil }
        let shifter = LaneExponential.shifter
        let q = (hi * twoOverPi + shifter) - shifter
        let r = ((hi - q * halfPi1) - q * halfPi2) - q * halfPi3 + lo
        let r2 = r * r
        let s = r + r * r2 * sinTail(r2)
        let c = 1 - 0.5 * r2 + r2 * r2 * cosTail(r2)
        // The quadrant q mod 4 (two's complement keeps it right for negative q) swaps and
        // negates the pair: (s, c), (c, −s), (−s, −c), (−c, s). Done with bit masks rather
        // than a switch, because the quadrant of an arbitrary angle is unpredictable and a
        // mispredicted branch costs more than the polynomials.
        // Int: |hi| < limit by the guard at the top, so |q| ≤ limit·2/π.
        let n = Int64(q)
        let swap = UInt64(bitPattern: 0 &- (n & 1))
        let sineBits = (s.bitPattern & ~swap) | (c.bitPattern & swap)
        let cosineBits = (c.bitPattern & ~swap) | (s.bitPattern & swap)
        let sineSign = UInt64(bitPattern: n & 2) << 62
        let cosineSign = UInt64(bitPattern: (n &+ 1) & 2) << 62
        return (Double(bitPattern: sineBits ^ sineSign), Double(bitPattern: cosineBits ^ cosineSign))
    }

    /// `sin x` and `cos x` for an ordinary angle: the polynomials above where the reduction
    /// holds, the C library beyond (`|x| ≥` ``limit`` or not finite). For the angles of
    /// elliptical arcs, evaluated at every quadrature node.
    @inline(__always) @inlinable
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        sinCos(hi: x, lo: 0) ?? (sin(x), cos(x))
    }

    /// `(sin r − r)/r³` in `u = r² ≤ (π/4)²`: near-minimax, degree 5 (fit error 1.2e-16 of
    /// the tail, which is itself below r²/6 of `sin r`). For lanes and for a scalar.
    @inline(__always) @inlinable
    static func sinTail<V: PolynomialOperand>(_ u: V) -> V {
        V.polynomial(
            u, -0x1.5555555555555p-3, 0x1.1111111110bb2p-7, -0x1.a01a019e83816p-13, 0x1.71de379654304p-19,
            -0x1.ae600aca92c64p-26, 0x1.5e0b05bff20f2p-33)
    }

    /// `(cos r − 1 + r²/2)/r⁴` in `u = r² ≤ (π/4)²`: near-minimax, degree 5 (fit error 3e-17).
    /// For lanes and for a scalar.
    @inline(__always) @inlinable
    static func cosTail<V: PolynomialOperand>(_ u: V) -> V {
        V.polynomial(
            u, 0x1.5555555555555p-5, -0x1.6c16c16c16967p-10, 0x1.a01a019f4e9b4p-16, -0x1.27e4fa17bf139p-22,
            0x1.1eeb68cd22f56p-29, -0x1.907d8f29fe831p-37)
    }
}

/// A `Double` or four lanes of them: one set of coefficients serves the scalar and the lane
/// paths of a polynomial kernel.
@usableFromInline
protocol PolynomialOperand {
    /// `c0 + c1·u + … + c5·u⁵` in Estrin's form, `(c0 + u·c1) + u²·((c2 + u·c3) + u²·(c4 + u·c5))`:
    /// three independent chains instead of Horner's one.
    static func polynomial(
        _ u: Self, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double
    ) -> Self
}

extension Double: PolynomialOperand {
    @inlinable @inline(__always)
    static func polynomial(
        _ u: Double, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double
    ) -> Double {
        let u2 = u * u
        return (c0 + u * c1) + u2 * ((c2 + u * c3) + u2 * (c4 + u * c5))
    }
}

extension SIMD4: PolynomialOperand where Scalar == Double {
    @inlinable @inline(__always)
    static func polynomial(
        _ u: Self, _ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double
    ) -> Self {
        let u2 = u * u
        return (c0 + u * c1) + u2 * ((c2 + u * c3) + u2 * (c4 + u * c5))
    }
}
