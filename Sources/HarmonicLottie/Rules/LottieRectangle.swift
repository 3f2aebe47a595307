import Harmonic
import HarmonicJSON

/// A rectangle (`rc`): centre `p`, size `s` (width, height), corner roundness `r`.
///
/// Its path starts at the top-right corner and runs clockwise on screen (down the right side);
/// the corners are quarter ellipses of radius `min(r, w/2, h/2)` (drawn `|w|` by `|h|`), eight
/// vertices where rounded, four where not.
///
/// For the engine its path is affine in the size (each vertex is `p ± (w/2, h/2)` plus a multiple
/// of the radius) on each side of 0, so it folds where a size component crosses 0; and rounded,
/// affine in the size and the radius together while the same one of `r`, `w/2`, `h/2` is
/// smallest, so it is cut where two cross (``LottieEngineShapes/kinkTimes(_:driver:)``). Its
/// position moves it rigidly (a placement).
///
/// Source: the Lottie format, "Rectangle" (lottie.github.io/lottie-spec, shapes); Adobe, After
/// Effects User Guide, "Shape layers": Rectangle Path, Roundness.
struct LottieRectangle: LottiePathRule {
    static let type = "rc"
    static let feature = "shape.rectangle"

    let position, size, roundness: LottieProperty?
    let reversed: Bool

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext, reversed: Bool) throws(HarmonicError) {
        position = try LottieProperty.optional(m["p"], path: "\(path).p", context: context)
        size = try LottieProperty.optional(m["s"], path: "\(path).s", context: context)
        roundness = try LottieProperty.optional(m["r"], path: "\(path).r", context: context)
        self.reversed = reversed
    }

    private init(position: LottieProperty?, size: LottieProperty?, roundness: LottieProperty?, reversed: Bool) {
        self.position = position
        self.size = size
        self.roundness = roundness
        self.reversed = reversed
    }

    var properties: [LottieProperty?] { [position, size, roundness] }

    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> LottieRectangle {
        LottieRectangle(position: map(position), size: map(size), roundness: map(roundness), reversed: reversed)
    }

    /// Whether its corners are rounded at some time.
    private var isRounded: Bool { roundness.map { $0.isAnimated || $0.scalar(at: 0) != 0 } ?? false }

    func outline(at time: Double, options: LottiePathOptions) -> LottieGeometry {
        Self.outline(
            center: position?.point(at: time) ?? .zero, size: size?.point(at: time) ?? .zero,
            roundness: roundness?.scalar(at: time) ?? 0, rounded: options.keepsRoundedVertices && isRounded)
    }

    /// A rectangle from its top-right corner clockwise on screen (down the right side), corners
    /// rounded by quarter ellipses of radius `min(r, w/2, h/2)`; eight vertices when `rounded`
    /// even where that radius is 0.
    static func outline(
        center p: SIMD2<Double>, size s: SIMD2<Double>, roundness: Double, rounded: Bool = false
    ) -> LottieGeometry {
        let hw = abs(s.x) / 2, hh = abs(s.y) / 2
        let r = max(min(roundness, hw, hh), 0)
        let left = p.x - hw, right = p.x + hw, top = p.y - hh, bottom = p.y + hh
        if r == 0, !rounded {
            let corners = [SIMD2(right, top), SIMD2(right, bottom), SIMD2(left, bottom), SIMD2(left, top)]
            return LottieGeometry(
                LottieBezier(
                    vertices: corners, inTangents: Array(repeating: .zero, count: 4),
                    outTangents: Array(repeating: .zero, count: 4), closed: true))
        }
        let k = r * lottieCircleKappa
        // Eight vertices: each side's two ends; corner arcs use the tangents.
        let v: [SIMD2<Double>] = [
            SIMD2(right, top + r), SIMD2(right, bottom - r), SIMD2(right - r, bottom), SIMD2(left + r, bottom),
            SIMD2(left, bottom - r), SIMD2(left, top + r), SIMD2(left + r, top), SIMD2(right - r, top),
        ]
        let out: [SIMD2<Double>] = [
            .zero, SIMD2(0, k), .zero, SIMD2(-k, 0), .zero, SIMD2(0, -k), .zero, SIMD2(k, 0),
        ]
        let inT: [SIMD2<Double>] = [
            SIMD2(0, -k), .zero, SIMD2(k, 0), .zero, SIMD2(0, k), .zero, SIMD2(-k, 0), .zero,
        ]
        return LottieGeometry(LottieBezier(vertices: v, inTangents: inT, outTangents: out, closed: true))
    }

    var drivers: LottieEngineShapes.Drivers {
        typealias Shapes = LottieEngineShapes
        var d = LottieEngineShapes.Drivers()
        d.placement = .init(position: position)
        d.add(size)
        if size?.timeline.isSpatial == true { d.bend(size, .spatialShape) }
        let sharp = roundness.map({ !$0.isAnimated && $0.scalar(at: 0) <= 0 }) ?? true
        if Shapes.fallsBelowZero(size) {
            // Drawn |w| by |h|: affine in the size on each side of 0, so cut where it crosses
            // (rounded, the radius's bound moves with |w| too: listed).
            if let size, sharp { d.folds.append(size) } else { d.bend(size, .negativeSize) }
        } else if sharp {
            d.corners = .sharp(sides: size)
        }
        // Rounded corners of radius min(r, w/2, h/2): affine in the size and the radius together
        // while the radius never clamps, and piecewise so while it does.
        if let roundness, roundness.isAnimated || (roundness.scalar(at: 0) != 0 && size?.isAnimated == true) {
            if Shapes.roundingNeverClamps(size: size, radius: roundness) {
                d.add(roundness)
            } else if Shapes.roundingStaysNonNegative(size: size, radius: roundness) {
                d.add(roundness)
                d.clampedRectangles.append((size, roundness))
            } else if d.nonlinear == nil {
                d.nonlinear = roundness.isAnimated ? .animatedRoundness : .roundedRectangleResize
            }
        }
        return d
    }
}
