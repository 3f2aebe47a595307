/// A chain of timings from a root (a layer tree's top) down to one animation: each level's
/// child time is the next level's parent time.
///
/// This is how Core Animation composes time: a sublayer's parent time is its superlayer's local
/// time, an animation's is its layer's, a group's children see the group's iteration time. As a
/// consequence speeds multiply (a child of speed 2 inside a parent of speed 3 runs 6 times as
/// fast as the root), and a group cuts its children off at its own duration.
public struct MediaTimingHierarchy: Hashable, Sendable {
    /// The timings from the root (first) to the leaf (last); at least one.
    public let levels: [MediaTiming]

    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for an empty chain.
    public init(_ levels: [MediaTiming]) throws(HarmonicError) {
        guard !levels.isEmpty else {
            throw .invalidParameter(name: "levels", value: "[]", allowed: "at least one timing")
        }
        self.levels = levels
    }

    /// The leaf's state at root time `t`, or `nil` when an ancestor has no effect then (it is
    /// before or after its active interval without a fill, so its subtree shows nothing).
    public func leafState(atRootTime t: Double) -> MediaTimingState? {
        var time = t
        for level in levels.dropLast() {
            guard let child = level.childTime(atParentTime: time) else { return nil }
            time = child
        }
        return levels[levels.count - 1].state(atParentTime: time)
    }

    /// The time the leaf's parent sees at root time `t` (the leaf's parent time), or `nil`.
    public func leafParentTime(atRootTime t: Double) -> Double? {
        var time = t
        for level in levels.dropLast() {
            guard let child = level.childTime(atParentTime: time) else { return nil }
            time = child
        }
        return time
    }

    /// `d(leaf directed progress)/d(root time)`: the leaf's progress rate times every
    /// ancestor's child-time rate (the product of the speeds while all are active).
    public func leafProgressRate(atRootTime t: Double) -> Double {
        var time = t
        var rate = 1.0
        for level in levels.dropLast() {
            rate *= level.childTimeRate(atParentTime: time)
            guard let child = level.childTime(atParentTime: time) else { return 0 }
            time = child
        }
        return CubicBezier.saturate(rate * levels[levels.count - 1].state(atParentTime: time).progressRate)
    }
}
