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

    /// Reads the piece: `out[0]` (and `out[1]` for `translation`).
    package func read(_ c: TransformComponents, into out: UnsafeMutablePointer<Double>) {
        switch self {
        case .rotationX: out[0] = c.rotation.x
        case .rotationY: out[0] = c.rotation.y
        case .rotationZ, .rotation: out[0] = c.rotation.z
        case .scaleX: out[0] = c.scale.x
        case .scaleY: out[0] = c.scale.y
        case .scaleZ: out[0] = c.scale.z
        case .scale: out[0] = c.scale.sum() / 3
        case .translationX: out[0] = c.translation.x
        case .translationY: out[0] = c.translation.y
        case .translationZ: out[0] = c.translation.z
        case .translation:
            out[0] = c.translation.x
            out[1] = c.translation.y
        }
    }

    /// Replaces the piece with `v[0]` (and `v[1]`).
    package func write(_ v: UnsafePointer<Double>, into c: inout TransformComponents) {
        switch self {
        case .rotationX: c.rotation.x = v[0]
        case .rotationY: c.rotation.y = v[0]
        case .rotationZ, .rotation: c.rotation.z = v[0]
        case .scaleX: c.scale.x = v[0]
        case .scaleY: c.scale.y = v[0]
        case .scaleZ: c.scale.z = v[0]
        case .scale: c.scale = SIMD3(repeating: v[0])
        case .translationX: c.translation.x = v[0]
        case .translationY: c.translation.y = v[0]
        case .translationZ: c.translation.z = v[0]
        case .translation:
            c.translation.x = v[0]
            c.translation.y = v[1]
        }
    }

    /// Combines `v` additively with the piece: adds angles and offsets, multiplies scales.
    package func accumulate(_ v: UnsafePointer<Double>, into c: inout TransformComponents) {
        switch self {
        case .rotationX: c.rotation.x += v[0]
        case .rotationY: c.rotation.y += v[0]
        case .rotationZ, .rotation: c.rotation.z += v[0]
        case .scaleX: c.scale.x *= v[0]
        case .scaleY: c.scale.y *= v[0]
        case .scaleZ: c.scale.z *= v[0]
        case .scale: c.scale *= v[0]
        case .translationX: c.translation.x += v[0]
        case .translationY: c.translation.y += v[0]
        case .translationZ: c.translation.z += v[0]
        case .translation:
            c.translation.x += v[0]
            c.translation.y += v[1]
        }
    }
}
