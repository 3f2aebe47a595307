/// What an animation shows outside its active interval (Core Animation's `fillMode`, the
/// Web Animations `fill` property).
public enum FillMode: String, CaseIterable, Hashable, Sendable {
    /// Nothing: outside the active interval the object has no effect (Web Animations `none`).
    case removed
    /// After the end, hold the final progress.
    case forwards
    /// Before the start, show the starting progress.
    case backwards
    /// Both of the above.
    case both

    /// Whether the progress is held after the active interval.
    public var fillsForwards: Bool { self == .forwards || self == .both }
    /// Whether the starting progress is shown before the active interval.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Where a parent time falls relative to an object's active interval (Web Animations Level 1,
/// "animation effect phases").
public enum MediaTimingPhase: String, CaseIterable, Hashable, Sendable {
    /// Before the active interval.
    case before
    /// Inside it: from the begin time (included) to the end (excluded), for positive speed.
    case active
    /// After it.
    case after
}
