import Harmonic
import HarmonicJSON

/// A Bézier shape (`sh`): its vertices and tangents as one property, `closed` from its first
/// value (closedness does not animate).
///
/// The path is its keyframed value itself, so it is affine in that one property: the engine
/// morphs between the keyframes' paths with the keyframes' easing.
///
/// Source: the Lottie format, "Path" (lottie.github.io/lottie-spec, shapes).
struct LottieBezierPath: LottiePathRule {
    static let type = "sh"
    static let feature = "shape.path"

    /// The flattened Bézier (``LottieBezier/flattened``) at each keyframe.
    let shape: LottieProperty
    let closed: Bool
    let reversed: Bool

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, reversed: Bool) throws(HarmonicError) {
        guard let ks = m["ks"] else {
            throw .invalidParameter(name: "\(path).ks", value: "missing", allowed: "the path's shape property")
        }
        (shape, closed) = try LottieProperty.bezier(ks, path: "\(path).ks", context: context)
        self.reversed = reversed
    }

    private init(shape: LottieProperty, closed: Bool, reversed: Bool) {
        self.shape = shape
        self.closed = closed
        self.reversed = reversed
    }

    var properties: [LottieProperty?] { [shape] }

    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> LottieBezierPath {
        LottieBezierPath(shape: map(shape) ?? shape, closed: closed, reversed: reversed)
    }

    func outline(at time: Double, options: LottiePathOptions) -> LottieGeometry {
        LottieGeometry(LottieBezier(flattened: shape.value(at: time), closed: closed))
    }

    var drivers: LottieEngineShapes.Drivers {
        var d = LottieEngineShapes.Drivers()
        d.add(shape)
        return d
    }
}

extension LottieProperty {
    /// A property whose values are Bézier shapes (`{i, o, v, c}`), each flattened
    /// (``LottieBezier/flattened``), and whether the shape is closed — read from its values, as
    /// closedness does not animate: closed if any keyframe's shape is.
    static func bezier(_ json: JSONValue, path: String, context: LottieReadContext) throws(HarmonicError) -> (
        LottieProperty, closed: Bool
    ) {
        var closed = false
        let property = try LottieProperty(json, path: path, context: context) { (value, name) throws(HarmonicError) in
            let bezier = try LottieBezier(value, path: name)
            closed = closed || bezier.closed
            return bezier.flattened
        }
        return (property, closed)
    }
}
