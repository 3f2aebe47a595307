import HarmonicPlatform

/// A 2-D affine transform with Core Graphics' conventions (`CGAffineTransform`), the plane's
/// counterpart of ``Transform3D``.
///
/// Points are row vectors, `[x y 1]·M` with
///
///     M = | a  b  0 |
///         | c  d  0 |
///         | tx ty 1 |
///
/// so `x′ = a·x + c·y + tx` and `y′ = b·x + d·y + ty`. ``concatenating(_:)`` applies `self`
/// first, then the argument (`CGAffineTransformConcat`). ``transform3D`` is the 4×4 transform
/// Core Animation makes of it (`CATransform3DMakeAffineTransform`), and
/// ``init(_:)`` reads one back when the 4×4 transform is affine in the plane
/// (`CATransform3DIsAffine`).
///
/// Taken apart (``components``), the transform is a shear, a scale and a rotation followed by
/// a translation; interpolating those parts (``interpolated(to:fraction:)``) keeps a rotation a
/// rotation half-way, where interpolating `a…ty` would shrink it.
///
/// Source: Apple, `CGAffineTransform`, `CATransform3DMakeAffineTransform`,
/// `CATransform3DIsAffine`.
public struct Transform2D: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with the given entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation (`CGAffineTransform(translationX:y:)`).
    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale (`CGAffineTransform(scaleX:y:)`).
    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians from +x towards +y (`CGAffineTransform(rotationAngle:)`):
    /// `a = d = cos θ`, `b = sin θ`, `c = −sin θ`.
    public static func rotation(_ angle: Double) -> Transform2D {
        let (s, co) = (sin(angle), cos(angle))
        return Transform2D(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// `self·other`: `self` first, then `other` (`CGAffineTransformConcat(self, other)`).
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// `ad − bc`: the factor by which areas grow; negative for a mirror image.
    public var determinant: Double { a * d - b * c }

    /// The inverse, or `nil` when the determinant is 0 or the inverse is not finite
    /// (`CGAffineTransformInvert` returns the transform unchanged then).
    public var inverted: Transform2D? {
        let det = determinant
        guard det != 0 else { return nil }
        let inverse = Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        let entries = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty]
        return entries.allSatisfy(\.isFinite) ? inverse : nil
    }

    /// The image of `point`.
    public func apply(to point: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
    }

    /// The 4×4 transform acting the same in the plane and leaving z alone
    /// (`CATransform3DMakeAffineTransform`): `m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx,
    /// m42 = ty`, the rest the identity's.
    public var transform3D: Transform3D {
        Transform3D(
            storage: SIMD16(a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1))
    }

    /// The affine transform of a 4×4 transform that is affine in the plane
    /// (`CATransform3DIsAffine`: `m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0` and
    /// `m33 = m44 = 1`), or `nil` for one that is not (a 3-D rotation, perspective).
    public init?(_ transform: Transform3D) {
        let m = transform.storage
        let zero = [m[2], m[3], m[6], m[7], m[8], m[9], m[11], m[14]]
        guard zero.allSatisfy({ $0 == 0 }), m[10] == 1, m[15] == 1 else { return nil }
        self.init(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
    }
}
