/// Core Animation's value functions (`CAValueFunction`): a transform animation that
/// interpolates a few numbers — an angle, scale factors, offsets — and builds the transform
/// from them, instead of interpolating whole matrices.
///
/// Interpolating matrices cannot tell 0 from 2π: both are the identity, so an animation of
/// `transform` from one to the other stands still. With ``rotateZ`` the animation interpolates
/// the angle itself, 0 → 2π, and turns once; with ``scale`` it interpolates `(x, y, z)` and the
/// layer passes through every intermediate scale (also through 0, which a decomposition
/// cannot).
///
/// | function | input | transform |
/// |---|---|---|
/// | `rotateX`, `rotateY`, `rotateZ` | one angle, radians | ``Transform3D/rotation(angle:x:y:z:)`` about that axis |
/// | `scale` | three factors `(x, y, z)`, or one for all three | ``Transform3D/scale(x:y:z:)`` |
/// | `scaleX`, `scaleY`, `scaleZ` | one factor | scale along that axis, 1 along the others |
/// | `translate` | three offsets `(x, y, z)`, or two with z = 0 | ``Transform3D/translation(x:y:z:)`` |
/// | `translateX`, `translateY`, `translateZ` | one offset | translation along that axis |
///
/// Source: Apple, `CAValueFunction` and `CAValueFunctionName` ("expects a single input value";
/// `scale` and `translate` take "three … (x, y, z)" values). Core Animation also accepts a
/// single uniform factor for `scale` and an `(x, y)` pair for `translate`; so does Harmonic.
public enum ValueFunction: String, CaseIterable, Hashable, Sendable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// How many numbers the function takes in full: 3 for ``scale`` and ``translate``, else 1.
    public var inputCount: Int { self == .scale || self == .translate ? 3 : 1 }

    /// The input counts the function accepts: `[1, 3]` for ``scale``, `[2, 3]` for
    /// ``translate``, `[1]` otherwise.
    public var acceptedInputCounts: [Int] {
        switch self {
        case .scale: return [1, 3]
        case .translate: return [2, 3]
        default: return [1]
        }
    }

    /// The input whose transform is the identity: 1s for the scales, 0s otherwise.
    public var identityInput: [Double] {
        switch self {
        case .scale: return [1, 1, 1]
        case .scaleX, .scaleY, .scaleZ: return [1]
        case .translate: return [0, 0, 0]
        default: return [0]
        }
    }

    /// The transform for `input`.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` (name
    ///   `valueFunction NAME`) when `input` has a count the function does not accept
    ///   (``acceptedInputCounts``) or a number that is not finite.
    public func transform(_ input: [Double]) throws(HarmonicError) -> Transform3D {
        guard acceptedInputCounts.contains(input.count), input.allSatisfy(\.isFinite) else {
            let counts = acceptedInputCounts.map(String.init).joined(separator: " or ")
            throw .invalidParameter(
                name: "valueFunction \(rawValue)", value: "\(input)", allowed: "\(counts) finite numbers")
        }
        switch (self, input.count) {
        case (.scale, 1): return transform(unchecked: [input[0], input[0], input[0]])
        case (.translate, 2): return transform(unchecked: [input[0], input[1], 0])
        default: return transform(unchecked: input)
        }
    }

    /// The transform for an input of the full count (finite or not, as given).
    func transform(unchecked v: [Double]) -> Transform3D {
        switch self {
        case .rotateX: return .rotation(angle: v[0], x: 1, y: 0, z: 0)
        case .rotateY: return .rotation(angle: v[0], x: 0, y: 1, z: 0)
        case .rotateZ: return .rotation(angle: v[0], x: 0, y: 0, z: 1)
        case .scale: return .scale(x: v[0], y: v[1], z: v[2])
        case .scaleX: return .scale(x: v[0], y: 1)
        case .scaleY: return .scale(x: 1, y: v[0])
        case .scaleZ: return .scale(x: 1, y: 1, z: v[0])
        case .translate: return .translation(x: v[0], y: v[1], z: v[2])
        case .translateX: return .translation(x: v[0], y: 0)
        case .translateY: return .translation(x: 0, y: v[0])
        case .translateZ: return .translation(x: 0, y: 0, z: v[0])
        }
    }
}
