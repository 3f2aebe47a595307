import HarmonicPlatform

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
/// | `skewX`, `skewY` | one angle `a`, radians | a shear: `x′ = x + tan(a)·y`, `y′ = y + tan(a)·x` |
///
/// Source: Apple, `CAValueFunction` and `CAValueFunctionName` ("expects a single input value";
/// `scale` and `translate` take "three … (x, y, z)" values). Core Animation also accepts a
/// single uniform factor for `scale` and an `(x, y)` pair for `translate`; so does Harmonic.
/// The skews are not Core Animation's: they are CSS Transforms Level 1's `skewX()` and `skewY()`,
/// for animating a shear by its angle (After Effects' and Lottie's skew), which no
/// interpolation of matrices or of decomposed components does (the shear factor is `tan a`).
public enum ValueFunction: String, CaseIterable, Hashable, Sendable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ
    case skewX, skewY

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
        return transform(unchecked: fullInput(input))
    }

    /// The transform for `input` and its derivative when the input changes at `inputRate`
    /// (per second, say, for a velocity in the same unit): entry by entry,
    /// `Σᵢ ∂transform/∂inputᵢ · inputRateᵢ`.
    ///
    /// For a rotation by `θ` the derivative has `−sin θ` where the matrix has `cos θ` and
    /// `cos θ` where it has `sin θ` (times `θ′`), and 0 on the axis; a scale's is the diagonal
    /// of the factors' rates (0 in the fourth entry); a translation's the fourth row of the
    /// offsets' rates.
    ///
    /// - Throws: What ``transform(_:)`` throws, or the same error when `inputRate` has a
    ///   different count from `input` or a number that is not finite.
    public func transformWithRate(_ input: [Double], inputRate: [Double]) throws(HarmonicError)
        -> (value: Transform3D, rate: Transform3D)
    {
        let value = try transform(input)
        guard inputRate.count == input.count, inputRate.allSatisfy(\.isFinite) else {
            throw .invalidParameter(
                name: "valueFunction \(rawValue) rate", value: "\(inputRate)",
                allowed: "\(input.count) finite numbers, as many as the input")
        }
        return (value, rate(unchecked: fullInput(input), inputRate: fullInput(inputRate)))
    }

    /// The input in full: one uniform factor of ``scale`` repeated three times, an `(x, y)`
    /// offset of ``translate`` given `z = 0`; any other input as it is.
    package func fullInput(_ input: [Double]) -> [Double] {
        switch (self, input.count) {
        case (.scale, 1): return [input[0], input[0], input[0]]
        case (.translate, 2): return [input[0], input[1], 0]
        default: return input
        }
    }

    /// The derivative of ``transform(unchecked:)`` at `v` along `dv` (full counts).
    package func rate(unchecked v: [Double], inputRate dv: [Double]) -> Transform3D {
        var m = Transform3D(storage: SIMD16())
        switch self {
        case .rotateX, .rotateY, .rotateZ:
            // The plane the rotation turns: (0, 1) for z, (1, 2) for x, (2, 0) for y, with the
            // layout of Transform3D.rotation(angle:x:y:z:) (`m[i, j] = sin θ` for z and x).
            let (i, j) = self == .rotateZ ? (0, 1) : self == .rotateX ? (1, 2) : (2, 0)
            let (c, s) = (cos(v[0]), sin(v[0]))
            m[i, i] = -s * dv[0]
            m[j, j] = -s * dv[0]
            m[i, j] = c * dv[0]
            m[j, i] = -c * dv[0]
        case .scale:
            for k in 0..<3 { m[k, k] = dv[k] }
        case .scaleX: m[0, 0] = dv[0]
        case .scaleY: m[1, 1] = dv[0]
        case .scaleZ: m[2, 2] = dv[0]
        case .translate:
            for k in 0..<3 { m[3, k] = dv[k] }
        case .translateX: m[3, 0] = dv[0]
        case .translateY: m[3, 1] = dv[0]
        case .translateZ: m[3, 2] = dv[0]
        case .skewX, .skewY:
            // d tan a = (1 + tan² a)·da, in the one entry the shear fills.
            let t = tan(v[0])
            if self == .skewX { m[1, 0] = (1 + t * t) * dv[0] } else { m[0, 1] = (1 + t * t) * dv[0] }
        }
        return m
    }

    /// The transform for an input of the full count (finite or not, as given).
    package func transform(unchecked v: [Double]) -> Transform3D {
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
        case .skewX, .skewY:
            // Row vectors: x′ = x·m00 + y·m10, so skewX's tan a sits in m10 and skewY's in m01.
            var m = Transform3D.identity
            if self == .skewX { m[1, 0] = tan(v[0]) } else { m[0, 1] = tan(v[0]) }
            return m
        }
    }
}
