import HarmonicPlatform

/// A ``Transform2D`` taken apart: shear, then scale, then rotation, then translation.
///
/// The linear part factors by Gram–Schmidt on its rows (the images of the x and y unit
/// vectors): with `r₁ = (a, b)` and `r₂ = (c, d)`,
///
///     scale.x  = |r₁|,            rotation = atan2(b, a),
///     scale.y  = (ad − bc)/|r₁|,  shear    = (r₁·r₂)/|r₁|²,
///
/// so that `M = Shear(shear)·Scale(scale)·Rotation(rotation)` with `Shear(k)` mapping
/// `(x, y)` to `(x + k·y, y)`. A mirror image has a negative `scale.y` (the determinant's
/// sign). This is the plane's case of the decomposition in CSS Transforms Level 1 ("Decomposing
/// a 2D matrix"), with the flip kept in y.
public struct Transform2DComponents: Hashable, Sendable {
    /// `(tx, ty)`.
    public var translation: SIMD2<Double>
    /// The angle of the transformed x axis, radians, in `(−π, π]`.
    public var rotation: Double
    /// The lengths along the two axes; `y` negative for a mirror image.
    public var scale: SIMD2<Double>
    /// The shear factor `k`: x grows by `k·y` before scaling.
    public var shear: Double

    public init(translation: SIMD2<Double>, rotation: Double, scale: SIMD2<Double>, shear: Double) {
        self.translation = translation
        self.rotation = rotation
        self.scale = scale
        self.shear = shear
    }

    /// The transform these components describe.
    public var transform: Transform2D {
        let (s, c) = (sin(rotation), cos(rotation))
        // Rows of Shear·Scale: (sx, 0) and (k·sx, sy); times the rotation's rows (c, s), (−s, c).
        let k = shear * scale.x
        return Transform2D(
            a: scale.x * c, b: scale.x * s, c: k * c - scale.y * s, d: k * s + scale.y * c,
            tx: translation.x, ty: translation.y)
    }
}
