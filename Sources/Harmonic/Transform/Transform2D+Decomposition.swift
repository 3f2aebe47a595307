import HarmonicPlatform

/// Taking a 2-D transform apart (``Transform2DComponents``) and interpolating by its parts.
extension Transform2D {
    /// The components, or `nil` for a transform that collapses the plane (`|r₁| = 0` or a
    /// determinant of 0) or has non-finite entries.
    public var components: Transform2DComponents? {
        let length = hypot(a, b)
        let det = determinant
        guard length > 0, det != 0, length.isFinite, det.isFinite, tx.isFinite, ty.isFinite else { return nil }
        let sy = det / length
        return Transform2DComponents(
            translation: SIMD2(tx, ty), rotation: atan2(b, a), scale: SIMD2(length, sy),
            shear: (a * c + b * d) / (length * length))
    }

    /// The transform a fraction `f` of the way to `target`, by components: translation, scale
    /// and shear linearly, the rotation along the shorter way round. Where either transform
    /// has no components (a collapsed plane), the entries are interpolated instead.
    public func interpolated(to target: Transform2D, fraction f: Double) -> Transform2D {
        guard let p = components, let q = target.components else {
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            return Transform2D(
                a: mix(a, target.a), b: mix(b, target.b), c: mix(c, target.c), d: mix(d, target.d),
                tx: mix(tx, target.tx), ty: mix(ty, target.ty))
        }
        var turn = q.rotation - p.rotation
        if turn > Double.pi { turn -= 2 * Double.pi }
        if turn < -Double.pi { turn += 2 * Double.pi }
        return Transform2DComponents(
            translation: p.translation + (q.translation - p.translation) * f, rotation: p.rotation + turn * f,
            scale: p.scale + (q.scale - p.scale) * f, shear: p.shear + (q.shear - p.shear) * f
        ).transform
    }
}
