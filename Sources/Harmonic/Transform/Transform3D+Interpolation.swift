import HarmonicPlatform

/// Interpolating whole transforms, as animations of the `transform` key path do.
extension Transform3D {
    /// The transform a fraction `fraction` of the way from `self` to `target`.
    ///
    /// Rule (CSS Transforms Level 2, "interpolation of 3D matrices"): decompose both
    /// (``decomposed``); interpolate translation, scale, skew and perspective linearly and the
    /// rotation along the shortest great-circle arc between the two unit quaternions (slerp);
    /// recompose. A rotation therefore stays a rigid rotation half-way, where element-wise
    /// interpolation would shrink it (half-way between +90° and −90° about z element-wise is a
    /// degenerate matrix).
    ///
    /// Fractions outside `[0, 1]` (an overshooting spring or back-easing) extrapolate along the
    /// same arcs. When either matrix cannot be decomposed (`m44 = 0` or a zero scale), the
    /// entries are interpolated element-wise instead — CSS falls back to a discrete switch
    /// there, which would make a spring jump; element-wise keeps the motion continuous.
    ///
    /// - Complexity: O(1): two decompositions, one slerp, one recomposition.
    public func interpolated(to target: Transform3D, fraction: Double) -> Transform3D {
        guard let a = decomposed, let b = target.decomposed else {
            return Transform3D(storage: storage + (target.storage - storage) * fraction)
        }
        return a.interpolated(to: b, fraction: fraction)
    }
}

extension TransformComponents {
    /// Interpolates the components (see ``Transform3D/interpolated(to:fraction:)``) and
    /// recomposes the matrix.
    public func interpolated(to b: TransformComponents, fraction f: Double) -> Transform3D {
        let qa = Quaternion(RotationRows(angles: rotation))
        let qb = Quaternion(RotationRows(angles: b.rotation))
        let rows = qa.slerp(to: qb, fraction: f).rows
        return Self.compose(
            translation + (b.translation - translation) * f, scale + (b.scale - scale) * f,
            skew + (b.skew - skew) * f, perspective + (b.perspective - perspective) * f, rotationRows: rows)
    }
}

/// A unit quaternion `(x, y, z, w)` for the column-vector rotation `Rᵀ` of a row-vector
/// rotation `R`.
struct Quaternion: Hashable, Sendable {
    var q: SIMD4<Double>

    init(_ q: SIMD4<Double>) { self.q = q }

    /// The quaternion of an orthonormal rotation (Shepperd's method: divide by the largest of
    /// the four candidate magnitudes, so no cancellation near 180°).
    init(_ r: RotationRows) {
        // Column-vector matrix entries c_ij = r_ji.
        let c00 = r.x.x, c11 = r.y.y, c22 = r.z.z
        let c21 = r.y.z, c12 = r.z.y, c02 = r.z.x, c20 = r.x.z, c10 = r.x.y, c01 = r.y.x
        let trace = c00 + c11 + c22
        var out: SIMD4<Double>
        if trace > 0 {
            let s = 2 * (trace + 1).squareRoot()
            out = SIMD4((c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4)
        } else if c00 > c11, c00 > c22 {
            let s = 2 * (1 + c00 - c11 - c22).squareRoot()
            out = SIMD4(s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
        } else if c11 > c22 {
            let s = 2 * (1 + c11 - c00 - c22).squareRoot()
            out = SIMD4((c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s)
        } else {
            let s = 2 * (1 + c22 - c00 - c11).squareRoot()
            out = SIMD4((c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s)
        }
        q = out / (out * out).sum().squareRoot()
    }

    /// The rotation as row-vector rows.
    var rows: RotationRows {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        // Column-vector matrix, then transposed into rows.
        let c00 = 1 - 2 * (y * y + z * z), c01 = 2 * (x * y - z * w), c02 = 2 * (x * z + y * w)
        let c10 = 2 * (x * y + z * w), c11 = 1 - 2 * (x * x + z * z), c12 = 2 * (y * z - x * w)
        let c20 = 2 * (x * z - y * w), c21 = 2 * (y * z + x * w), c22 = 1 - 2 * (x * x + y * y)
        return RotationRows(x: SIMD3(c00, c10, c20), y: SIMD3(c01, c11, c21), z: SIMD3(c02, c12, c22))
    }

    /// Spherical linear interpolation along the shorter arc; any real `fraction`.
    func slerp(to other: Quaternion, fraction f: Double) -> Quaternion {
        var b = other.q
        var dot = (q * b).sum()
        if dot < 0 {  // q and −q are the same rotation: take the shorter way round.
            b = -b
            dot = -dot
        }
        dot = Swift.min(dot, 1)
        let theta = acos(dot)
        let out: SIMD4<Double>
        if theta < 1e-6 {
            out = q + (b - q) * f
        } else {
            let s = sin(theta)
            out = q * (sin((1 - f) * theta) / s) + b * (sin(f * theta) / s)
        }
        let norm = (out * out).sum().squareRoot()
        return Quaternion(norm > 0 && norm.isFinite ? out / norm : q)
    }
}
