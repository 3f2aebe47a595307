import HarmonicPlatform

/// A transform taken apart into the pieces people animate: translation, rotation, scale,
/// skew and perspective.
///
/// This is what Core Animation's virtual key paths address (`transform.rotation.z`,
/// `transform.scale.x`, `transform.translation.y`): reading one decomposes the layer's
/// transform, setting one replaces that piece and puts the transform back together.
///
/// The pieces compose, for a row vector `p`, as
///
///     p' = p · S · K · R · T · P
///
/// — scale `S`, then skew `K` (lower unit triangular: `kxy` shears y into x, `kxz` and `kyz`
/// shear z), then rotation `R`, then translation `T`, then the perspective column `P`. This is
/// the order of the CSS Transforms Level 2 decomposition ("decomposing a 3D matrix", after
/// Thomas, *Decomposing a matrix into simple transformations*, Graphics Gems II), so that
/// decomposing and recomposing a matrix gives it back.
///
/// The rotation is kept as angles about x, then y, then z (``rotation``: `R = Rx·Ry·Rz` in
/// row-vector form, each `Rx` etc. as made by ``Transform3D/rotation(angle:x:y:z:)``). For a
/// rotation about z only, `rotation.z` is the angle `CATransform3DMakeRotation(angle, 0, 0, 1)`
/// was given, modulo 2π into `(−π, π]`.
public struct TransformComponents: Hashable, Sendable {
    /// Translation `(x, y, z)`: the fourth row of the matrix.
    public var translation: SIMD3<Double>
    /// Scale factors along x, y, z. A mirror image (negative determinant) is represented by
    /// negating all three.
    public var scale: SIMD3<Double>
    /// Shear factors `(xy, xz, yz)`.
    public var skew: SIMD3<Double>
    /// The perspective column `(m14, m24, m34, m44)` of the normalised matrix; `(0, 0, 0, 1)`
    /// for an affine transform.
    public var perspective: SIMD4<Double>
    /// Rotation angles in radians about x, then y, then z.
    public var rotation: SIMD3<Double>

    /// The identity's components.
    public static let identity = TransformComponents(
        translation: .zero, scale: SIMD3(1, 1, 1), skew: .zero, perspective: SIMD4(0, 0, 0, 1), rotation: .zero)

    /// Components given piece by piece.
    public init(
        translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = SIMD3(1, 1, 1), skew: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), rotation: SIMD3<Double> = .zero
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The matrix `S·K·R·T·P` these components describe.
    ///
    /// - Complexity: O(1), about 60 multiply-adds and three `sin`/`cos` pairs.
    public var transform: Transform3D {
        Self.compose(translation, scale, skew, perspective, rotationRows: RotationRows(angles: rotation))
    }

    /// Builds `S·K·R·T·P` from a rotation given as its three rows.
    static func compose(
        _ translation: SIMD3<Double>, _ scale: SIMD3<Double>, _ skew: SIMD3<Double>, _ perspective: SIMD4<Double>,
        rotationRows r: RotationRows
    ) -> Transform3D {
        let row0 = scale.x * r.x
        let row1 = scale.y * (r.y + skew.x * r.x)
        let row2 = scale.z * (r.z + skew.y * r.x + skew.z * r.y)
        var m = Transform3D.identity
        for c in 0..<3 {
            m[0, c] = row0[c]
            m[1, c] = row1[c]
            m[2, c] = row2[c]
            m[3, c] = translation[c]
        }
        guard perspective != SIMD4(0, 0, 0, 1) else { return m }
        // Right-multiply by P = [[I, p3], [0, p4]]: only the fourth column changes.
        let p3 = SIMD3(perspective.x, perspective.y, perspective.z)
        for row in 0..<3 {
            let rowVector = row == 0 ? row0 : row == 1 ? row1 : row2
            m[row, 3] = (rowVector * p3).sum()
        }
        m[3, 3] = (translation * p3).sum() + perspective.w
        return m
    }
}

/// An orthonormal rotation matrix as its three rows (row-vector convention).
struct RotationRows: Hashable, Sendable {
    var x: SIMD3<Double>
    var y: SIMD3<Double>
    var z: SIMD3<Double>

    init(x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// `Rx(a.x)·Ry(a.y)·Rz(a.z)` in row-vector form: the transpose of the column-vector
    /// `Rz·Ry·Rx`.
    init(angles a: SIMD3<Double>) {
        let (sx, cx) = (sin(a.x), cos(a.x))
        let (sy, cy) = (sin(a.y), cos(a.y))
        let (sz, cz) = (sin(a.z), cos(a.z))
        x = SIMD3(cy * cz, cy * sz, -sy)
        y = SIMD3(sx * sy * cz - cx * sz, sx * sy * sz + cx * cz, sx * cy)
        z = SIMD3(cx * sy * cz + sx * sz, cx * sy * sz - sx * cz, cx * cy)
    }

    /// The angles `(x, y, z)` with `Rx·Ry·Rz` equal to this matrix: `y ∈ [−π/2, π/2]`, the others
    /// in `(−π, π]`. At gimbal lock (`|cos y| < 1e-12`) the z angle is taken as 0.
    var angles: SIMD3<Double> {
        let cosY = (x.x * x.x + x.y * x.y).squareRoot()
        let angleY = atan2(-x.z, cosY)
        if cosY < 1e-12 {
            // y = ±π/2: only x ∓ z is determined; put it all in x.
            return SIMD3(atan2(-z.y, y.y), angleY, 0)
        }
        return SIMD3(atan2(y.z, z.z), angleY, atan2(x.y, x.x))
    }
}
