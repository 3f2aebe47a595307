import HarmonicPlatform

/// Taking a transform apart (``TransformComponents``).
extension Transform3D {
    /// The components an animation of one piece (`transform.rotation.z`,
    /// `transform.scale.x`) reads and writes: ``decomposed``, or, for a matrix that cannot be
    /// taken apart (`m44 = 0`, a scale of 0 along an axis), its translation alone (the fourth
    /// row), so the piece starts from no rotation, scale 1 and no skew instead of failing.
    public var pieceComponents: TransformComponents {
        decomposed ?? TransformComponents(translation: SIMD3(self[3, 0], self[3, 1], self[3, 2]))
    }

    /// The components with `decomposed!.transform == self` (to rounding), or `nil` when the
    /// matrix cannot be taken apart: `m44 = 0`, or the matrix without its perspective column
    /// is singular (a scale of 0 along some axis).
    ///
    /// The algorithm is the CSS Transforms Level 2 one ("decomposing a 3D matrix"):
    ///
    /// 1. divide by `m44`;
    /// 2. the perspective column `p` solves `B·p = c`, where `c` is the fourth column and `B`
    ///    the matrix with its fourth column replaced by `(0, 0, 0, 1)`;
    /// 3. the translation is the fourth row;
    /// 4. Gram–Schmidt on the upper 3×3 rows gives scale (row lengths) and skew (the
    ///    projections removed); a negative determinant negates scale and rows;
    /// 5. the remaining orthonormal rows are the rotation, read as angles about x, y, z.
    ///
    /// - Complexity: O(1); a 4×4 solve only when there is perspective.
    public var decomposed: TransformComponents? {
        let w = self[3, 3]
        guard w != 0, w.isFinite else { return nil }
        let m = Transform3D(storage: storage / w)
        let a0 = SIMD3(m[0, 0], m[0, 1], m[0, 2])
        let a1 = SIMD3(m[1, 0], m[1, 1], m[1, 2])
        let a2 = SIMD3(m[2, 0], m[2, 1], m[2, 2])
        let translation = SIMD3(m[3, 0], m[3, 1], m[3, 2])

        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if m[0, 3] != 0 || m[1, 3] != 0 || m[2, 3] != 0 {
            // B = [[A, 0], [t, 1]] and B·(p3, p4) = (m14, m24, m34, 1): A·p3 = c3, then
            // p4 = 1 − t·p3.
            guard let p3 = Self.solve3(rows: a0, a1, a2, SIMD3(m[0, 3], m[1, 3], m[2, 3])) else { return nil }
            perspective = SIMD4(p3.x, p3.y, p3.z, 1 - (translation * p3).sum())
        }

        guard let (rows, scale, skew) = Self.orthogonalise(a0, a1, a2) else { return nil }
        let (r0, r1, r2) = rows
        let rotation = RotationRows(x: r0, y: r1, z: r2).angles
        let out = TransformComponents(
            translation: translation, scale: scale, skew: skew, perspective: perspective, rotation: rotation)
        // A result that is not finite (entries near the double range) is not a decomposition.
        let all = SIMD16(
            translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, skew.x, skew.y, skew.z,
            perspective.x, perspective.y, perspective.z, perspective.w, rotation.x, rotation.y, rotation.z)
        guard (0..<16).allSatisfy({ all[$0].isFinite }) else { return nil }
        return out
    }

    /// Gram–Schmidt on the rows `a0, a1, a2` of the upper 3×3 block: `a_i = s_i·(r_i + skew
    /// terms)` with orthonormal `r_i` and `det(r) = +1`.
    ///
    /// A row that is exactly zero gets scale 0 and a direction that completes the orthonormal
    /// basis (a layer scaled to 0, the start of a "pop in" animation, must still decompose). A
    /// non-zero row that lies in the span of the rows before it (a degenerate shear) cannot be
    /// represented: `nil`.
    static func orthogonalise(_ a0: SIMD3<Double>, _ a1: SIMD3<Double>, _ a2: SIMD3<Double>)
        -> (rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>), scale: SIMD3<Double>, skew: SIMD3<Double>)?
    {
        var scale = SIMD3<Double>()
        var skew = SIMD3<Double>()
        var r: [SIMD3<Double>?] = [nil, nil, nil]
        let a = [a0, a1, a2]
        // Raw projections onto the earlier unit rows: p[i][j] = a_i·r_j.
        var p = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            var v = a[i]
            for j in 0..<i {
                guard let rj = r[j] else { continue }
                p[i][j] = (v * rj).sum()
                v -= p[i][j] * rj
            }
            let len = length(v)
            let original = length(a[i])
            guard len.isFinite, original.isFinite else { return nil }
            if original == 0 {
                scale[i] = 0
            } else if len <= 1e-12 * original {
                return nil
            } else {
                scale[i] = len
                r[i] = v / len
            }
        }
        // Complete the basis where rows were zero, each with its own axis made orthogonal to
        // the rows known (Gram–Schmidt again): a row's direction is free when its scale is 0,
        // and its axis keeps the rotation what the other rows say — none for a layer scaled to
        // (0, 0, 1), the start of a 2-D pop-in, where any other completion would read as a
        // quarter turn that a `transform.scale` animation then keeps.
        for i in 0..<3 where r[i] == nil {
            // The axis itself, or when the known rows span it, the next axis that is not.
            for k in 0..<3 {
                var v = SIMD3<Double>.zero
                v[(i + k) % 3] = 1
                for case let rj? in r { v -= (v * rj).sum() * rj }
                let len = length(v)
                if len > 0.5 {
                    r[i] = v / len
                    break
                }
            }
        }
        var r0 = r[0] ?? SIMD3(1, 0, 0), r1 = r[1] ?? SIMD3(0, 1, 0), r2 = r[2] ?? SIMD3(0, 0, 1)
        // Skew from the projections (zero-scale rows carry no shear).
        skew.x = scale.y == 0 ? 0 : p[1][0] / scale.y
        skew.y = scale.z == 0 ? 0 : p[2][0] / scale.z
        skew.z = scale.z == 0 ? 0 : p[2][1] / scale.z
        if (r0 * cross(r1, r2)).sum() < 0 {
            // A mirror image: flip every scale and row when the scales carry it; when some
            // scale is 0 its row's direction is free, so flip that row alone.
            if let i = (0..<3).first(where: { scale[$0] == 0 }) {
                if i == 0 { r0 = -r0 } else if i == 1 { r1 = -r1 } else { r2 = -r2 }
            } else {
                scale = -scale
                r0 = -r0
                r1 = -r1
                r2 = -r2
            }
        }
        return ((r0, r1, r2), scale, skew)
    }

    /// The `x` with `r_i·x = c_i` for the rows `r0, r1, r2` of a 3×3 matrix `A` (that is,
    /// `A·x = c`), from the adjugate: the columns of `A⁻¹` are `r1×r2, r2×r0, r0×r1` over
    /// `det A`. `nil` when singular.
    static func solve3(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>, _ c: SIMD3<Double>)
        -> SIMD3<Double>?
    {
        let det = (r0 * cross(r1, r2)).sum()
        guard det != 0, det.isFinite else { return nil }
        // Columns of A⁻¹ are the cross products of the rows, divided by the determinant.
        let x = (c.x * cross(r1, r2) + c.y * cross(r2, r0) + c.z * cross(r0, r1)) / det
        return x
    }
}

@inline(__always)
func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

@inline(__always)
func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
