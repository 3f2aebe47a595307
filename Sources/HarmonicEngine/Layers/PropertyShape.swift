import Harmonic

/// What a layer property's numbers mean, which decides the sub-paths it has and how whole
/// values interpolate.
///
/// | shape | numbers | sub-paths |
/// |---|---|---|
/// | `scalar` | 1 | — |
/// | `vector(n)` | n (1…4 named) | `x`, `y`, `z`, `w` for components 0…3 |
/// | `size` | 2 | `width`, `height` |
/// | `rect` | 4: origin x, y, size width, height | `origin`, `size`, `origin.x`/`.y`, `size.width`/`.height` |
/// | `transform` | 16, row-major (``/Harmonic/Transform3D``) | the virtual paths of ``/Harmonic/TransformComponent`` |
/// | `path` | the ``/Harmonic/PathCoordinates`` of a path of one structure | — |
///
/// Sub-path names follow Core Animation's key-value coding extensions (`position.x`,
/// `bounds.size.width`, `transform.rotation.z`).
public enum PropertyShape: Hashable, Sendable {
    case scalar
    case vector(Int)
    case size
    case rect
    case transform
    /// A path (`CAShapeLayer.path`): its coordinates, of the element structure (`"M L A Z"`)
    /// the property was created with.
    case path(structure: String, dimension: Int)

    /// How many numbers a value of this shape has.
    public var dimension: Int {
        switch self {
        case .scalar: return 1
        case let .vector(n): return n
        case .size: return 2
        case .rect: return 4
        case .transform: return 16
        case let .path(_, dimension): return dimension
        }
    }

    /// The shape a custom property gets from the first value set: `scalar` for one number,
    /// otherwise `vector(n)`.
    static func inferred(dimension: Int) -> PropertyShape {
        dimension == 1 ? .scalar : .vector(dimension)
    }

    /// The contiguous component range a sub-path names, or `nil` when the shape has no such
    /// sub-path. `path` is what follows the property name (`"x"`, `"size.width"`).
    func componentRange(_ path: String) -> Range<Int>? {
        switch self {
        case .scalar, .transform, .path:
            return nil
        case let .vector(n):
            guard let i = ["x", "y", "z", "w"].firstIndex(of: path), i < n else { return nil }
            return i..<(i + 1)
        case .size:
            switch path {
            case "width": return 0..<1
            case "height": return 1..<2
            default: return nil
            }
        case .rect:
            switch path {
            case "origin": return 0..<2
            case "size": return 2..<4
            case "origin.x": return 0..<1
            case "origin.y": return 1..<2
            case "size.width": return 2..<3
            case "size.height": return 3..<4
            default: return nil
            }
        }
    }

    /// The sub-paths this shape accepts, for error messages.
    var subPaths: [String] {
        switch self {
        case .scalar, .path: return []
        case let .vector(n): return Array(["x", "y", "z", "w"].prefix(n))
        case .size: return ["width", "height"]
        case .rect: return ["origin", "size", "origin.x", "origin.y", "size.width", "size.height"]
        case .transform: return TransformComponent.allCases.map(\.rawValue)
        }
    }
}
