/// Every limit the engine player keeps, and the one account that motions are charged to, so
/// that a file cannot make the engine's build or its frames grow without bound.
///
/// A motion (``LottieFrameMotion``) evaluates its layer's content once a frame, and checking
/// one — where its path changes structure, which copies a repeater makes — evaluates the
/// content many times while the scene is built. A scene therefore holds at most
/// ``maximumMotions`` motions and spends at most ``maximumWork`` shape items evaluated on
/// checks; past either, what would have needed a motion is left out and reported
/// (``LottieEngineReason``). The other limits bound one part each: how finely one motion is
/// checked, how many layers one path is split into.
///
/// A class: one account for the whole scene, charged by every part that builds a motion.
final class LottieEngineBudget {
    /// Shape items evaluated to check motions, summed over the scene.
    static let maximumWork = 20_000_000.0
    /// Motions in one scene.
    static let maximumMotions = 256

    /// Evaluations of the content made to check that a path played as a motion keeps its
    /// elements (at its keyframes and between them).
    static let maximumMotionChecks = 2_000
    /// Structures one path played as a motion takes (a layer each).
    static let maximumStructures = 16
    /// Changes between those structures.
    static let maximumStructureChanges = 64
    /// Sets of driving properties moving apart that a path is split into, each an animation of
    /// every layer drawing it.
    static let maximumPathParts = 16
    /// Levels times driver segments that a rounding's cuts are searched over.
    static let maximumLevelSearches = 20_000
    /// Changes of a moving repeater count played (each copy's visibility and fade is a held
    /// keyframe per change).
    static let maximumCountChanges = 4096
    /// Points, summed over the counts a moving star takes, that it is drawn with (a path per
    /// count).
    static let maximumCountedPoints = 20_000.0

    /// What has been charged so far.
    private(set) var work = 0.0
    private(set) var motions = 0

    /// Charges `motions` motions and `work` items evaluated to check them: `false`, and nothing
    /// charged, where either total would pass its limit.
    func charge(work: Double, motions: Int = 1) -> Bool {
        guard self.work + work <= Self.maximumWork, self.motions + motions <= Self.maximumMotions else { return false }
        self.work += work
        self.motions += motions
        return true
    }
}
