import Harmonic

/// One animation in the plan.
struct PlanEntry {
    var timing: MediaTiming
    /// Index of the timing function in `easings`, or -1 for the identity.
    var easing: Int32
    var curve: Curve
    var rule: EndpointRule
    var isAdditive: Bool
    var isCumulative: Bool
    var isRemovedOnCompletion: Bool
    /// The animation's start/finish flags in ``AnimationRegistry/progress``.
    var progressSlot: Int32
    /// Offset of the key path's numbers in the layer's block, and their count.
    var offset: Int32
    var dimension: Int32
    /// Index of the start values in `numbers` (end values follow at `+dimension`, a value
    /// velocity at `+2·dimension`).
    var numbersIndex: Int32
    var hasValueVelocity: Bool
    /// The animation's index in its layer's list.
    var record: Int32
    /// The iteration the timing was in at the previous frame (written by the frame loop).
    var iterationCache = MediaTimingIterationCache()

    enum Curve {
        case basic
        case spring(Int32)
        case keyframes(Int32)
        /// A scalar track in the ``FlatKeyframes`` layout, in `numbers` at the entry's
        /// `numbersIndex`.
        case flatKeyframes
        case tree(Int32)

        /// Whether the animation is evaluated through its program tree.
        var isTree: Bool {
            if case .tree = self { return true }
            return false
        }
    }
}
