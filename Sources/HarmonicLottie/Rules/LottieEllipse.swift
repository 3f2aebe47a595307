import Harmonic
import HarmonicJSON

/// An ellipse (`el`): centre `p`, size `s` (width, height).
///
/// Its path is four cubic quarters from the top point clockwise on screen, each with controls
/// at `κ` of its radii (``lottieCircleKappa``), drawn `|w|` by `|h|`.
///
/// For the engine its path is affine in the size on each side of 0 (folded where a component
/// crosses it), moved rigidly by its position, and has no sharp vertex for a rounding to cut
/// while its size stays above 0.
///
/// Source: the Lottie format, "Ellipse" (lottie.github.io/lottie-spec, shapes).
struct LottieEllipse: LottiePathRule {
    static let type = "el"
    static let feature = "shape.ellipse"

    let position, size: LottieProperty?
    let reversed: Bool

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, reversed: Bool) throws(HarmonicError) {
        position = try LottieProperty.optional(m["p"], path: "\(path).p", context: context)
        size = try LottieProperty.optional(m["s"], path: "\(path).s", context: context)
        self.reversed = reversed
    }

    private init(position: LottieProperty?, size: LottieProperty?, reversed: Bool) {
        self.position = position
        self.size = size
        self.reversed = reversed
    }

    var properties: [LottieProperty?] { [position, size] }

    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> LottieEllipse {
        LottieEllipse(position: map(position), size: map(size), reversed: reversed)
    }

    func outline(at time: Double, options: LottiePathOptions) -> LottieGeometry {
        Self.outline(center: position?.point(at: time) ?? .zero, size: size?.point(at: time) ?? .zero)
    }

    /// An ellipse from its top point clockwise on screen, four cubic quarters.
    static func outline(center p: SIMD2<Double>, size s: SIMD2<Double>) -> LottieGeometry {
        let rx = abs(s.x) / 2, ry = abs(s.y) / 2
        let kx = rx * lottieCircleKappa, ky = ry * lottieCircleKappa
        let v = [SIMD2(p.x, p.y - ry), SIMD2(p.x + rx, p.y), SIMD2(p.x, p.y + ry), SIMD2(p.x - rx, p.y)]
        let out = [SIMD2(kx, 0), SIMD2(0, ky), SIMD2(-kx, 0), SIMD2(0, -ky)]
        return LottieGeometry(LottieBezier(vertices: v, inTangents: out.map { -$0 }, outTangents: out, closed: true))
    }

    var drivers: LottieEngineShapes.Drivers {
        var d = LottieEngineShapes.Drivers()
        d.placement = .init(position: position)
        d.add(size)
        if size?.timeline.isSpatial == true { d.bend(size, .spatialShape) }
        if let size, LottieEngineShapes.fallsBelowZero(size) { d.folds.append(size) }
        d.corners = .smooth(whileAboveZero: size)
        return d
    }
}
