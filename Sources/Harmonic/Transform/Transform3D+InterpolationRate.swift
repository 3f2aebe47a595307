import HarmonicPlatform

/// The rate of change of an interpolated transform: what a velocity of the `transform` key
/// path is made of.
extension Transform3D {
    /// The transform a fraction `fraction` of the way to `target` (as
    /// ``interpolated(to:fraction:)``) and its derivative with respect to the fraction,
    /// entry by entry.
    ///
    /// The derivative is exact (no finite differences): translation, scale, skew and
    /// perspective change at the constant rates `b − a`; the slerped quaternion at
    ///
    ///     q′(f) = θ·(−a·cos((1 − f)θ) + b·cos(fθ)) / sin θ
    ///
    /// projected onto the unit sphere's tangent (`θ` is the angle between the quaternions);
    /// the rotation matrix, quadratic in `q`, by the product rule; and the recomposition
    /// `S·K·R·T·P` by the product rule again. Where the interpolation falls back to entries
    /// (a matrix that cannot be decomposed), the derivative is `target − self`.
    ///
    /// A velocity in value units per second is this derivative times the fraction's rate.
    ///
    /// - Complexity: O(1), about three times ``interpolated(to:fraction:)``'s arithmetic.
    public func interpolatedWithRate(to target: Transform3D, fraction: Double)
        -> (value: Transform3D, rate: Transform3D)
    {
        guard let a = decomposed, let b = target.decomposed else {
            return (
                Transform3D(storage: storage + (target.storage - storage) * fraction),
                Transform3D(storage: target.storage - storage)
            )
        }
        return a.interpolatedWithRate(to: b, fraction: fraction)
    }
}

extension TransformComponents {
    /// Interpolates the components and recomposes the matrix (as
    /// ``interpolated(to:fraction:)``), with the matrix's derivative with respect to the
    /// fraction (see ``Transform3D/interpolatedWithRate(to:fraction:)``).
    public func interpolatedWithRate(to b: TransformComponents, fraction f: Double)
        -> (value: Transform3D, rate: Transform3D)
    {
        let qa = Quaternion(RotationRows(angles: rotation))
        let qb = Quaternion(RotationRows(angles: b.rotation))
        let (q, dq) = qa.slerpWithRate(to: qb, fraction: f)
        let rows = q.rows
        let dRows = q.rowsRate(dq)
        let t = translation + (b.translation - translation) * f
        let s = scale + (b.scale - scale) * f
        let k = skew + (b.skew - skew) * f
        let p = perspective + (b.perspective - perspective) * f
        let (dt, ds, dk, dp) = (
            b.translation - translation, b.scale - scale, b.skew - skew, b.perspective - perspective
        )
        let value = Self.compose(t, s, k, p, rotationRows: rows)

        // The three upper rows of S·K·R and their derivatives (product rule, row by row).
        let inner1 = rows.y + k.x * rows.x
        let inner2 = rows.z + k.y * rows.x + k.z * rows.y
        let row0 = s.x * rows.x
        let row1 = s.y * inner1
        let row2 = s.z * inner2
        let dRow0 = ds.x * rows.x + s.x * dRows.x
        let dRow1 = ds.y * inner1 + s.y * (dRows.y + dk.x * rows.x + k.x * dRows.x)
        let dRow2 =
            ds.z * inner2
            + s.z * (dRows.z + dk.y * rows.x + k.y * dRows.x + dk.z * rows.y + k.z * dRows.y)
        // The fourth column is each row times the perspective column (0 for an affine
        // transform, whose derivative still carries the perspective's own rate).
        let p3 = SIMD3(p.x, p.y, p.z)
        let dp3 = SIMD3(dp.x, dp.y, dp.z)
        var rate = Transform3D(storage: SIMD16())
        let upper = [(row0, dRow0), (row1, dRow1), (row2, dRow2)]
        for (r, (row, dRow)) in upper.enumerated() {
            for c in 0..<3 { rate[r, c] = dRow[c] }
            rate[r, 3] = (dRow * p3).sum() + (row * dp3).sum()
        }
        for c in 0..<3 { rate[3, c] = dt[c] }
        rate[3, 3] = (dt * p3).sum() + (t * dp3).sum() + dp.w
        return (value, rate)
    }
}

extension Quaternion {
    /// ``slerp(to:fraction:)`` and the derivative of its result with respect to the fraction.
    func slerpWithRate(to other: Quaternion, fraction f: Double) -> (Quaternion, SIMD4<Double>) {
        var b = other.q
        var dot = (q * b).sum()
        if dot < 0 {
            b = -b
            dot = -dot
        }
        dot = Swift.min(dot, 1)
        let theta = acos(dot)
        let out: SIMD4<Double>
        let dOut: SIMD4<Double>
        if theta < 1e-6 {
            out = q + (b - q) * f
            dOut = b - q
        } else {
            let s = sin(theta)
            out = q * (sin((1 - f) * theta) / s) + b * (sin(f * theta) / s)
            dOut = (b * cos(f * theta) - q * cos((1 - f) * theta)) * (theta / s)
        }
        let norm = (out * out).sum().squareRoot()
        guard norm > 0, norm.isFinite else { return (self, .zero) }
        let n = out / norm
        // d(out/|out|) = (out′ − n·(n·out′)) / |out|.
        return (Quaternion(n), (dOut - n * (n * dOut).sum()) / norm)
    }

    /// The derivative of ``rows`` when the quaternion changes at the rate `d`.
    func rowsRate(_ d: SIMD4<Double>) -> RotationRows {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        let (dx, dy, dz, dw) = (d.x, d.y, d.z, d.w)
        let c00 = -4 * (y * dy + z * dz)
        let c01 = 2 * (dx * y + x * dy - dz * w - z * dw)
        let c02 = 2 * (dx * z + x * dz + dy * w + y * dw)
        let c10 = 2 * (dx * y + x * dy + dz * w + z * dw)
        let c11 = -4 * (x * dx + z * dz)
        let c12 = 2 * (dy * z + y * dz - dx * w - x * dw)
        let c20 = 2 * (dx * z + x * dz - dy * w - y * dw)
        let c21 = 2 * (dy * z + y * dz + dx * w + x * dw)
        let c22 = -4 * (x * dx + y * dy)
        return RotationRows(x: SIMD3(c00, c10, c20), y: SIMD3(c01, c11, c21), z: SIMD3(c02, c12, c22))
    }
}
