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

/// The properties every layer has, with Core Animation's default values (`CALayer`): they can
/// be read and animated without being set first. Any other name is a custom property that
/// exists once a value has been set for it (at layer creation or with `setValue`).
///
/// Defaults: `position` (0, 0), `zPosition` 0, `anchorPoint` (0.5, 0.5), `anchorPointZ` 0,
/// `bounds` (0, 0, 0, 0), `opacity` 1, `transform` and `sublayerTransform` identity,
/// `cornerRadius` 0, `borderWidth` 0, `backgroundColor` (0, 0, 0, 0), `borderColor`
/// (0, 0, 0, 1), `shadowColor` (0, 0, 0, 1), `shadowOpacity` 0, `shadowRadius` 3,
/// `shadowOffset` (0, −3), `contentsRect` and `contentsCenter` (0, 0, 1, 1), and of
/// `CAShapeLayer`: `strokeStart` 0, `strokeEnd` 1, `lineWidth` 1; and the flags `hidden` and
/// `masksToBounds`, 0 (false) or 1 (true), true from 0.5 up. Colours are RGBA 4-vectors.
///
/// `path` and `shadowPath` are paths: they exist once a path has been given
/// (``AnimationEngine/setPath(_:forKeyPath:of:)``, or its ``/Harmonic/PathCoordinates`` as a
/// layer's initial value).
public enum StandardLayerProperty {
    /// The names of path properties (``PropertyShape/path(structure:dimension:)``).
    public static let pathNames: Set<String> = ["path", "shadowPath"]

    /// Shape and default value of each standard property.
    public static let defaults: [String: (shape: PropertyShape, value: [Double])] = [
        "position": (.vector(2), [0, 0]),
        "zPosition": (.scalar, [0]),
        "anchorPoint": (.vector(2), [0.5, 0.5]),
        "anchorPointZ": (.scalar, [0]),
        "bounds": (.rect, [0, 0, 0, 0]),
        "opacity": (.scalar, [1]),
        "transform": (.transform, Transform3D.identity.components),
        "sublayerTransform": (.transform, Transform3D.identity.components),
        "cornerRadius": (.scalar, [0]),
        "borderWidth": (.scalar, [0]),
        "backgroundColor": (.vector(4), [0, 0, 0, 0]),
        "borderColor": (.vector(4), [0, 0, 0, 1]),
        "shadowColor": (.vector(4), [0, 0, 0, 1]),
        "shadowOpacity": (.scalar, [0]),
        "shadowRadius": (.scalar, [3]),
        "shadowOffset": (.size, [0, -3]),
        "contentsRect": (.rect, [0, 0, 1, 1]),
        "contentsCenter": (.rect, [0, 0, 1, 1]),
        "strokeStart": (.scalar, [0]),
        "strokeEnd": (.scalar, [1]),
        "lineWidth": (.scalar, [1]),
        "hidden": (.scalar, [0]),
        "masksToBounds": (.scalar, [0]),
    ]
}
