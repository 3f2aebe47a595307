import HarmonicPlatform

/// Reduction of a large angle, given as a double-double, to `[−π, π]` without losing the
/// phase.
///
/// `sin` and `cos` in the C library reduce their argument exactly, but the argument they see
/// is already rounded: an angle of 1e9 rad carries an error of 6e-8 rad before the call. Here
/// the angle arrives as `hi + lo` (from ``DoubleDouble``) and is reduced by a three-part
/// splitting of 2π (Cody & Waite, 1980), so the reduced angle is accurate to a few ulps of π
/// for angles up to about 2^50 rad.
@usableFromInline
enum AngleReduction {
    /// 2π as the unevaluated sum of three doubles (each the rounding of what the previous
    /// ones leave), about 160 bits in all.
    @usableFromInline static let twoPi1 = 6.283_185_307_179_586_2
    @usableFromInline static let twoPi2 = 2.449_293_598_294_706_4e-16
    @usableFromInline static let twoPi3 = -5.989_539_619_436_679_3e-33

    /// The angle `hi + lo` minus the nearest multiple of 2π, in about `[−π, π]`, as a
    /// double-double.
    @inlinable
    static func reduce(_ angle: DoubleDouble) -> DoubleDouble {
        let k = (angle.hi * (1 / twoPi1)).rounded()
        if k == 0 { return angle }
        // angle − k·2π, most significant part first. k·c1 is split exactly into p + pe;
        // hi − p is exact by Sterbenz's lemma (k is the nearest multiple, so hi and p are
        // within a factor of two); the remaining parts are small and need only one rounding.
        let p = k * twoPi1
        let pe = (-p).addingProduct(k, twoPi1)
        let head = DoubleDouble.sum(angle.hi - p, -pe)
        let tail = head.lo + angle.lo - k * twoPi2 - k * twoPi3
        return DoubleDouble.normalized(head.hi, tail)
    }

    /// The largest `|hi|` ``reduce(_:)`` serves: past it `k·2π` needs more than the three
    /// parts of 2π carry.
    @usableFromInline static let reductionLimit = 0x1p50

    /// `sin` and `cos` of the angle `hi + lo`, for any finite angle.
    ///
    /// Up to ``reductionLimit``: the reduced angle's `sin` and `cos`, to first order in its
    /// `lo` (which is below an ulp of π, so the rest is below 1e-31). Past it, the angle sum
    /// formula on the two parts, each given to the C library, whose argument reduction is exact
    /// for any double (Payne and Hanek's): `sin(hi + lo) = sin hi·cos lo + cos hi·sin lo`,
    /// and so on. (There `lo` can itself be a large angle: up to an ulp of `hi`.) A non-finite
    /// part gives the angle 0, the convention of the callers for a phase past the double range.
    @inlinable
    static func sinCos(_ angle: DoubleDouble) -> (sin: Double, cos: Double) {
        guard angle.hi.isFinite, angle.lo.isFinite else { return (0, 1) }
        if abs(angle.hi) <= reductionLimit {
            let phase = reduce(angle)
            let s0 = sin(phase.hi), c0 = cos(phase.hi)
            return (s0 + c0 * phase.lo, c0 - s0 * phase.lo)
        }
        let sh = sin(angle.hi), ch = cos(angle.hi), sl = sin(angle.lo), cl = cos(angle.lo)
        return (sh * cl + ch * sl, ch * cl - sh * sl)
    }
}
