/// An unevaluated sum `hi + lo` of two doubles with `|lo| ≤ ulp(hi)/2`: about 106 bits of
/// precision, used where a single rounding is not enough.
///
/// Harmonic needs it in one place that matters: the damped angular frequency `ωd` of an
/// oscillating spring. The phase `ωd·t` is reduced modulo 2π before `sin`/`cos`, and at
/// `t = 1e6 s`, `ωd = 1000 rad/s` a relative error of 1e-16 in `ωd` is already 1e-7 rad of
/// phase. Carrying `ωd` as a double-double keeps the phase (and so the value) exact to a few
/// ulps for every time a `Double` can name with meaningful phase.
///
/// The algorithms are the error-free transformations of Dekker (1971) and Knuth (TAOCP 4.2.2),
/// using fused multiply-add for exact products.
@usableFromInline
struct DoubleDouble: Sendable {
    @usableFromInline var hi: Double
    @usableFromInline var lo: Double

    @inlinable
    init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    /// The rounded value `hi + lo`.
    @inlinable
    var value: Double { hi + lo }

    /// `a·b` exactly, as `hi + lo`.
    @inlinable
    static func product(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(p, (-p).addingProduct(a, b))
    }

    /// `a + b` exactly, as `hi + lo` (Knuth's two-sum; no ordering requirement).
    @inlinable
    static func sum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bv = s - a
        let av = s - bv
        return DoubleDouble(s, (a - av) + (b - bv))
    }

    /// Renormalises `hi + lo` so that `|lo| ≤ ulp(hi)/2`.
    @inlinable
    static func normalized(_ hi: Double, _ lo: Double) -> DoubleDouble {
        let s = hi + lo
        return DoubleDouble(s, lo - (s - hi))
    }

    /// `a·b − c·d` with about 106-bit accuracy: the discriminant of a quadratic without the
    /// cancellation that ruins it when the two products nearly agree.
    @inlinable
    static func differenceOfProducts(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> DoubleDouble {
        let ab = product(a, b)
        let cd = product(c, d)
        let head = sum(ab.hi, -cd.hi)
        return normalized(head.hi, head.lo + (ab.lo - cd.lo))
    }

    /// The square root, to about 106 bits (one Newton correction of the double root).
    @inlinable
    func squareRoot() -> DoubleDouble {
        guard hi > 0 else { return DoubleDouble(0) }
        let s = hi.squareRoot()
        // hi − s² is exact with one fma; the correction is the Newton step for √(hi + lo).
        let residual = s.negatingProduct(s, plus: hi) + lo
        return DoubleDouble.normalized(s, residual / (2 * s))
    }

    /// This value divided by `divisor`, to about 106 bits.
    @inlinable
    func divided(by divisor: Double) -> DoubleDouble {
        let q = hi / divisor
        // hi − q·divisor is exact with one fma (the remainder of a correctly rounded quotient).
        let remainder = q.negatingProduct(divisor, plus: hi)
        return DoubleDouble.normalized(q, (remainder + lo) / divisor)
    }

    /// `self·t` as a double-double, exact up to the rounding of `lo·t`.
    @inlinable
    func multiplied(by t: Double) -> DoubleDouble {
        let p = DoubleDouble.product(hi, t)
        return DoubleDouble.normalized(p.hi, p.lo + lo * t)
    }
}

extension Double {
    /// `c − self·other` with a single rounding (fused multiply-add).
    @inlinable
    func negatingProduct(_ other: Double, plus c: Double) -> Double {
        c.addingProduct(-self, other)
    }
}
