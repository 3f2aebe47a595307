import Harmonic
import HarmonicJSON

/// Round Corners (`rd`): the sharp vertices of the paths before it in its group (nested
/// groups' included) rounded by radius `r`: each moved back by `min(r, d/2)` along each side of
/// length `d` and joined by a curve (``LottieGeometry/roundingCorners(radius:keepingVertices:)``).
///
/// For the engine the rounded path is affine in neither the radius nor the path in general, so
/// a fixed rounding of a fixed path plays (drawn as it is), and so does one of a path whose
/// corners say how it rounds (``LottieEngineShapes/Drivers/Corners``): a rectangle's sides are
/// `w` and `h`, so its path is affine while the same one of `r`, `w/2`, `h/2` is smallest and is
/// cut where two cross; a fixed path's sides are fixed, so it is cut where `r` reaches half of
/// one; an ellipse has no sharp vertex while its size stays above 0. Rigid motion (a placement)
/// changes no side. Anything else is a motion of the content.
///
/// Source: Adobe, After Effects User Guide, "Shape attributes, paint operations, and path
/// operations": Round Corners; the Lottie format, "Rounded Corners" (lottie.github.io/lottie-spec).
struct LottieRoundCorners: Sendable {
    /// The radius, in the group's units (`nil`: 0, rounding nothing).
    var radius: LottieProperty?

    init(radius: LottieProperty?) { self.radius = radius }

    init(_ m: [String: JSONValue], path: String, context: LottieReadContext) throws(HarmonicError) {
        radius = try LottieProperty.optional(m["r"], path: "\(path).r", context: context)
    }

    /// This rounding with its radius replaced by `map` of it.
    func mapping(_ map: (LottieProperty?) -> LottieProperty?) -> LottieRoundCorners {
        LottieRoundCorners(radius: map(radius))
    }

    /// Rounds `paths` at layer time `time`; with `options.keepsRoundedVertices` a moving radius
    /// keeps its vertices through 0, as a rounded rectangle does.
    func round(_ paths: inout [LottieGeometry], at time: Double, options: LottiePathOptions) {
        let r = radius?.scalar(at: time) ?? 0
        let keeps = options.keepsRoundedVertices && radius?.isAnimated == true
        for k in paths.indices { paths[k] = paths[k].roundingCorners(radius: r, keepingVertices: keeps) }
    }

    /// Records this rounding on the drivers of the paths it reaches (`mine`, indices into
    /// `paths`): what it adds to each path's drivers, or that it moves the path nonlinearly.
    func drive(_ paths: inout [LottieEngineShapes.Drivers], reaching mine: [Int]) {
        // No radius (or a fixed one of 0) rounds nothing.
        guard let radius, radius.isAnimated || radius.scalar(at: 0) > 0 else { return }
        for k in mine { paths[k].modifiers.append(.rounding(radius)) }
        let staysPositive = radius.timeline.valueRange(component: 0).lowerBound > 0
        for k in mine where radius.isAnimated || !paths[k].affine.isEmpty {
            switch paths[k].corners {
            case let .smooth(size)? where LottieEngineShapes.staysAboveZero(size):
                continue
            case let .sharp(size)? where staysPositive:
                paths[k].add(radius)
                paths[k].clampedRectangles.append((size, radius))
                // Rounded, its vertices are no longer sharp corners of sides w and h.
                paths[k].corners = nil
            case let .fixed(geometry)?:
                // Rounded by max(r, 0) (its vertices kept through 0): affine in r on each side
                // of 0 as well.
                paths[k].add(radius)
                paths[k].roundingLevels.append(
                    (radius, geometry.cornerSides.map { $0 / 2 } + (staysPositive ? [] : [0])))
                paths[k].corners = nil
            default:
                paths[k].nonlinear = paths[k].nonlinear ?? .roundedCorners
            }
        }
    }
}
