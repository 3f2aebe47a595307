/// Why the engine player does not carry a part of a file by keyframes: the one list of reasons,
/// each saying what the engine does about it (``Disposition``) and the name it is reported under
/// (``feature``, `engine.animatedTrim`) in ``LottieEngineScene/notPlayed``.
///
/// A reason chooses the strategy; it is reported only when that strategy cannot be carried out:
/// a motion past the scene's budget (``LottieEngineBudget``), or a part the engine has no rule
/// for at all.
enum LottieEngineReason: String, CaseIterable, Sendable {
    // A paint's path that no keyframes carry: played as a motion of the content.
    /// A rectangle's, an ellipse's or a star's position or size moving along spatial tangents.
    case spatialShape
    /// A star whose rotation or number of points moves among other paths, or whose radius and
    /// roundness move together (their product).
    case animatedPolystar
    /// A nested group moving along spatial tangents under a paint outside it.
    case spatialGroupMotion
    /// A nested group turning under a paint outside it.
    case groupRotationUnderPaint
    /// A nested group scaling under a paint outside it.
    case groupScaleUnderPaint
    /// A nested group skewed under a paint outside it.
    case skew
    /// A repeater whose copies turn, scale or slide in ways no keyframes of their paths carry.
    case repeaterRotationUnderPaint
    /// A repeater whose count moves under a paint outside it; or, past the budget, whose copies'
    /// transforms no keyframes carry.
    case animatedRepeater
    /// A rounded rectangle whose size falls below 0.
    case negativeSize
    /// A rectangle's corner radius that moves where it may clamp or fall below 0.
    case animatedRoundness
    /// A rounded rectangle that resizes where its radius clamps and goes below 0.
    case roundedRectangleResize
    /// Round Corners on a path that moves in ways it is not affine in.
    case roundedCorners
    /// A fill cut by a moving trim, or a trim that cuts several paints' paths.
    case animatedTrim
    /// A fill's path cut by a fixed trim while the path moves.
    case trimmedMovingPath
    /// A morph whose components are eased apart (one progress per number).
    case pathEasingPerComponent
    /// Driving properties that no set of easings moves in step, or more sets than a path has parts.
    case severalPathDrivers
    /// A path that paints nothing at one of its keyframes.
    case emptyPath
    /// A path whose elements change between keyframes (a cut passing a vertex, a size through 0).
    case pathStructureChanges

    // What the engine leaves out, drawn without it.
    /// Trim ends whose crossings are not found.
    case trimCrossing
    /// A trim offset turning more than 64 times.
    case trimOffsetRange
    /// Dash lengths whose keyframes do not combine into one pattern timeline.
    case animatedDashes
    /// A blend mode Core Animation has no compositing filter for.
    case blendMode
    /// Auto-orient past the scene's motion budget.
    case autoOrient
    /// Auto-orient on a layer played backwards whose motion pauses (it faces +x there).
    case autoOrientBackwards
    /// A repeater's start and end opacities where its count moves in ways not followed.
    case repeaterOpacity
    /// A gradient whose ends or stops move in ways its layer cannot follow.
    case gradient
    /// A shape list whose paints the engine's walk counts otherwise than direct evaluation
    /// lists them (a paint's path is looked up by its number): its content is left out rather
    /// than drawn with another paint's path. The two walk the same items in the same order and
    /// repeaters' copies in ``LottieRepeater/paintOrder(count:)``; this is the check that they
    /// still agree.
    case paintNumbering

    /// What the engine does about a reason.
    enum Disposition: Sendable {
        /// Played exactly as a ``/HarmonicEngine/MotionAnimation`` of direct evaluation's value
        /// (``LottieFrameMotion``), reported only past the scene's budget.
        case playedAsMotion
        /// Left out of the scene (drawn without it) and reported.
        case leftOut
    }

    var disposition: Disposition {
        switch self {
        case .trimCrossing, .trimOffsetRange, .animatedDashes, .blendMode, .autoOrient, .autoOrientBackwards,
            .repeaterOpacity, .gradient, .paintNumbering:
            return .leftOut
        default:
            return .playedAsMotion
        }
    }

    /// The name the reason is reported under: `engine.` and the case's name.
    var feature: String { Self.featurePrefix + rawValue }

    /// What every reported name starts with, which tells an engine gap from a feature the file
    /// uses that Harmonic does not draw at all.
    static let featurePrefix = "engine."
}
