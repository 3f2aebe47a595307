/// Core Animation's predefined timing functions (`CAMediaTimingFunctionName`).
///
/// The control points are those Apple documents for `CAMediaTimingFunction(name:)`; `default`
/// is the curve Core Animation uses for implicit animations and equals CSS `ease`.
public enum MediaTimingFunctionName: String, CaseIterable, Hashable, Sendable {
    /// (0, 0, 1, 1): constant speed.
    case linear
    /// (0.42, 0, 1, 1): starts slowly, ends at full speed. CSS `ease-in`.
    case easeIn
    /// (0, 0, 0.58, 1): starts at full speed, ends slowly. CSS `ease-out`.
    case easeOut
    /// (0.42, 0, 0.58, 1): slow at both ends. CSS `ease-in-out`.
    case easeInEaseOut
    /// (0.25, 0.1, 0.25, 1): Core Animation's default for implicit animations. CSS `ease`.
    case `default`

    /// The curve with this name.
    public var curve: CubicBezier {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInEaseOut: return .easeInEaseOut
        case .default: return .default
        }
    }
}

extension CubicBezier {
    /// Whether the curve is the identity, `y = x`: its control points lie on the diagonal
    /// (`y1 = x1`, `y2 = x2`), so that `y(t) = x(t)` for every parameter — ``linear``, and the
    /// pieces of it (``piece(from:to:)``), whose control points differ.
    public var isLinear: Bool { y1 == x1 && y2 == x2 }

    /// Core Animation's `linear`, (0, 0, 1, 1): the identity.
    public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
    /// Core Animation's `easeIn`, (0.42, 0, 1, 1); CSS `ease-in`.
    public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
    /// Core Animation's `easeOut`, (0, 0, 0.58, 1); CSS `ease-out`.
    public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
    /// Core Animation's `easeInEaseOut`, (0.42, 0, 0.58, 1); CSS `ease-in-out`.
    public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's `default`, (0.25, 0.1, 0.25, 1); CSS `ease`.
    public static let `default` = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)

    /// The predefined curve with Core Animation's name `name`.
    public init(named name: MediaTimingFunctionName) { self = name.curve }
}
