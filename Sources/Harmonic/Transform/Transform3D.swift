import HarmonicPlatform

/// A 4×4 homogeneous transform with Core Animation's conventions (`CATransform3D`).
///
/// Points are row vectors multiplied on the left, `[x y z 1]·M`, so the translation sits in
/// the fourth row (`m41`, `m42`, `m43`) and perspective in the fourth column (`m34` is the
/// usual `−1/eyeDistance`). ``concatenating(_:)`` follows `CATransform3DConcat(a, b)`: the
/// result applies `a` first, then `b`, and is the matrix product `a·b`.
///
/// As an animatable value the transform is 16 numbers in row-major order
/// (`m11, m12, m13, m14, m21, …, m44`): ``components``. The engine interpolates whole
/// transforms by decomposition (``Transform3D/interpolated(to:fraction:)``), not element by
/// element, so a rotation stays a rotation half-way.
///
/// Source: Apple, `CATransform3D`, `CATransform3DConcat`, `CATransform3DMakeRotation`.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// The 16 entries in row-major order.
    public var storage: SIMD16<Double>

    /// The transform with the given 16 entries, row-major (`m11, m12, …, m44`).
    @inlinable
    public init(storage: SIMD16<Double>) { self.storage = storage }

    /// The transform whose row-major entries are `components`.
    ///
    /// - Throws: ``HarmonicError`` when there are not exactly 16 components or one is not finite.
    public init(components: [Double]) throws(HarmonicError) {
        guard components.count == 16 else {
            throw .invalidParameter(
                name: "transform", value: "\(components.count) components", allowed: "16 numbers, row-major m11…m44")
        }
        var s = SIMD16<Double>()
        for (i, c) in components.enumerated() {
            try HarmonicError.require(c, named: "transform[\(i)]")
            s[i] = c
        }
        storage = s
    }

    /// The entries as an array, row-major.
    public var components: [Double] { (0..<16).map { storage[$0] } }

    /// The entry in row `row` and column `column`, both 0-based (`self[3, 0]` is `m41`).
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        get { storage[row * 4 + column] }
        set { storage[row * 4 + column] = newValue }
    }

    /// The identity transform.
    public static let identity = Transform3D(
        storage: SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

    /// Whether this is exactly the identity.
    public var isIdentity: Bool { storage == Self.identity.storage }

    /// A translation by `(x, y, z)` (`CATransform3DMakeTranslation`).
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var t = identity
        t[3, 0] = x
        t[3, 1] = y
        t[3, 2] = z
        return t
    }

    /// A scale by `(x, y, z)` (`CATransform3DMakeScale`).
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var t = identity
        t[0, 0] = x
        t[1, 1] = y
        t[2, 2] = z
        return t
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` (`CATransform3DMakeRotation`):
    /// counter-clockwise when the axis points at the viewer, in a y-up coordinate system. The
    /// axis need not be normalised; a zero axis gives the identity (as Core Animation does).
    ///
    /// In row-vector form this is `cos a·I − sin a·[k]× + (1 − cos a)·k·kᵀ` (the transpose of
    /// Rodrigues' matrix), with `k` the unit axis.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return identity }
        let (kx, ky, kz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), d = 1 - c
        var t = identity
        t[0, 0] = c + d * kx * kx
        t[0, 1] = d * kx * ky + s * kz
        t[0, 2] = d * kx * kz - s * ky
        t[1, 0] = d * ky * kx - s * kz
        t[1, 1] = c + d * ky * ky
        t[1, 2] = d * ky * kz + s * kx
        t[2, 0] = d * kz * kx + s * ky
        t[2, 1] = d * kz * ky - s * kx
        t[2, 2] = c + d * kz * kz
        return t
    }

    /// `self·other`: the transform that applies `self` first, then `other`
    /// (`CATransform3DConcat(self, other)`).
    ///
    /// - Complexity: 64 multiply-adds.
    @inlinable
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var out = SIMD16<Double>()
        for r in 0..<4 {
            for c in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += storage[r * 4 + k] * other.storage[k * 4 + c] }
                out[r * 4 + c] = sum
            }
        }
        return Transform3D(storage: out)
    }

    /// The image of the point `(x, y, z)`, with the homogeneous divide.
    ///
    /// A point mapped to `w = 0` (on the eye plane) is returned undivided.
    public func apply(x: Double, y: Double, z: Double) -> SIMD3<Double> {
        var out = SIMD4<Double>()
        let p = SIMD4(x, y, z, 1)
        for c in 0..<4 {
            var sum = 0.0
            for k in 0..<4 { sum += p[k] * storage[k * 4 + c] }
            out[c] = sum
        }
        let w = out[3]
        return w == 0 ? SIMD3(out[0], out[1], out[2]) : SIMD3(out[0] / w, out[1] / w, out[2] / w)
    }

    public var description: String {
        "Transform3D("
            + (0..<4).map { r in (0..<4).map { "\(self[r, $0])" }.joined(separator: ", ") }
            .joined(separator: "; ") + ")"
    }
}
