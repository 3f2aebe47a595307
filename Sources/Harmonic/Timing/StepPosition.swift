/// Where the jumps of a CSS `steps()` easing fall (CSS Easing Functions Level 1,
/// `<step-position>`).
///
/// With `n` steps the output takes the values `k/jumps` where `jumps` is `n` for `jump-start`
/// and `jump-end`, `n − 1` for `jump-none` and `n + 1` for `jump-both`. `start` and `end` are
/// the Level 1 spellings of `jump-start` and `jump-end`; they are kept distinct only so that a
/// parsed value serialises as it was written.
public enum StepPosition: String, CaseIterable, Hashable, Sendable {
    /// The first jump happens at the start: the output is already `1/n` just after 0.
    case jumpStart = "jump-start"
    /// The last jump happens at the end: the output is `(n − 1)/n` just before 1 (the default).
    case jumpEnd = "jump-end"
    /// No jump at either end: `n` plateaus from 0 to 1, each `1/n` of the input long.
    case jumpNone = "jump-none"
    /// Jumps at both ends: `n + 1` jumps, plateaus at `1/(n+1)`, …, `n/(n+1)`.
    case jumpBoth = "jump-both"
    /// Same as `jumpStart`.
    case start
    /// Same as `jumpEnd`.
    case end

    /// The position with the aliases resolved (`start` → `jumpStart`, `end` → `jumpEnd`).
    public var canonical: StepPosition {
        switch self {
        case .start: return .jumpStart
        case .end: return .jumpEnd
        default: return self
        }
    }
}
