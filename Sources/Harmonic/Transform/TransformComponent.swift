/// A piece of a transform addressed by one of Core Animation's virtual key paths
/// (`transform.rotation.z`, `transform.scale`, `transform.translation.x`, …).
///
/// Reading the key path decomposes the transform (``Transform3D/decomposed``) and returns the
/// piece; setting it replaces the piece and recomposes. Animations of these key paths
/// interpolate the number itself, not the matrix, so `transform.rotation.z` from 0 to 2π turns
/// a full circle.
///
/// | key path suffix | values | reads | sets |
/// |---|---|---|---|
/// | `rotation.x`, `.y`, `.z` | 1 (radians) | that angle | that angle |
/// | `rotation` | 1 | the z angle | the z angle |
/// | `scale.x`, `.y`, `.z` | 1 | that factor | that factor |
/// | `scale` | 1 | the mean of the three factors | all three factors |
/// | `translation.x`, `.y`, `.z` | 1 | that offset | that offset |
/// | `translation` | 2 | `(x, y)` | x and y |
///
/// Additive animations combine with the value underneath piece by piece: angles and offsets
/// add, scale factors multiply (the neutral scale is 1; concatenating two scale matrices
/// multiplies them). Source: Apple, *Core Animation Programming Guide*, "Key-Value Coding
/// Extensions" (the table of transform key paths).
public enum TransformComponent: String, CaseIterable, Hashable, Sendable {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    case translation

    /// How many numbers the key path's value has (2 for `translation`, otherwise 1).
    public var dimension: Int { self == .translation ? 2 : 1 }

    /// Whether additive values multiply (scale) rather than add.
    package var isMultiplicative: Bool {
        switch self {
        case .scaleX, .scaleY, .scaleZ, .scale: return true
        default: return false
        }
    }

    /// The piece's numbers: lane 0 (and lane 1 for `translation`; otherwise 0).
    package func value(in c: TransformComponents) -> SIMD2<Double> {
        switch self {
        case .rotationX: return SIMD2(c.rotation.x, 0)
        case .rotationY: return SIMD2(c.rotation.y, 0)
        case .rotationZ, .rotation: return SIMD2(c.rotation.z, 0)
        case .scaleX: return SIMD2(c.scale.x, 0)
        case .scaleY: return SIMD2(c.scale.y, 0)
        case .scaleZ: return SIMD2(c.scale.z, 0)
        case .scale: return SIMD2(c.scale.sum() / 3, 0)
        case .translationX: return SIMD2(c.translation.x, 0)
        case .translationY: return SIMD2(c.translation.y, 0)
        case .translationZ: return SIMD2(c.translation.z, 0)
        case .translation: return SIMD2(c.translation.x, c.translation.y)
        }
    }

    /// Replaces the piece with `v` (lane 0, and lane 1 for `translation`).
    package func set(_ v: SIMD2<Double>, in c: inout TransformComponents) {
        switch self {
        case .rotationX: c.rotation.x = v.x
        case .rotationY: c.rotation.y = v.x
        case .rotationZ, .rotation: c.rotation.z = v.x
        case .scaleX: c.scale.x = v.x
        case .scaleY: c.scale.y = v.x
        case .scaleZ: c.scale.z = v.x
        case .scale: c.scale = SIMD3(repeating: v.x)
        case .translationX: c.translation.x = v.x
        case .translationY: c.translation.y = v.x
        case .translationZ: c.translation.z = v.x
        case .translation:
            c.translation.x = v.x
            c.translation.y = v.y
        }
    }

    /// Combines `v` additively with the piece: adds angles and offsets, multiplies scales.
    package func accumulate(_ v: SIMD2<Double>, into c: inout TransformComponents) {
        switch self {
        case .rotationX: c.rotation.x += v.x
        case .rotationY: c.rotation.y += v.x
        case .rotationZ, .rotation: c.rotation.z += v.x
        case .scaleX: c.scale.x *= v.x
        case .scaleY: c.scale.y *= v.x
        case .scaleZ: c.scale.z *= v.x
        case .scale: c.scale *= v.x
        case .translationX: c.translation.x += v.x
        case .translationY: c.translation.y += v.x
        case .translationZ: c.translation.z += v.x
        case .translation:
            c.translation.x += v.x
            c.translation.y += v.y
        }
    }

    /// Reads the piece into `out[0]` (and `out[1]` for `translation`).
    package func read(_ c: TransformComponents, into out: UnsafeMutablePointer<Double>) {
        let v = value(in: c)
        for i in 0..<dimension { out[i] = v[i] }
    }

    /// Replaces the piece with `v[0]` (and `v[1]` for `translation`).
    package func write(_ v: UnsafePointer<Double>, into c: inout TransformComponents) {
        set(SIMD2(v[0], dimension == 2 ? v[1] : 0), in: &c)
    }
}
