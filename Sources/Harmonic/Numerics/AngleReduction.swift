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
}
