extension MediaTiming {
    /// How many whole cycles a cumulative animation (Core Animation's `cumulative`) has
    /// completed during iteration `iteration`: each completed cycle shifts its value by the
    /// change one cycle makes (``accumulated(_:cycles:changePerCycle:)``).
    ///
    /// Without autoreversing a cycle is one iteration, so the count is `iteration`; with
    /// autoreversing a cycle is a forward and a backward half, so the count is
    /// `⌊iteration/2⌋` (the backward half returns to where its forward half started).
    /// An infinite iteration (after the end of an endless repeat) counts 0.
    ///
    /// - Parameter iteration: The current iteration (``MediaTimingState/currentIteration``),
    ///   0-based.
    @inlinable @inline(__always)
    package func cumulativeCycles(atIteration iteration: Double) -> Double {
        guard iteration.isFinite else { return 0 }
        return autoreverses ? (iteration / 2).rounded(.down) : iteration
    }

    /// A cumulative animation's value after `cycles` completed cycles:
    /// `value + cycles·changePerCycle`, where `changePerCycle` is the value at the end of a
    /// cycle minus the value at its start (`to − from` for a basic animation, last keyframe
    /// minus first, a spring's value at the end of its duration minus `from`).
    @inlinable @inline(__always)
    package static func accumulated(_ value: Double, cycles: Double, changePerCycle: Double) -> Double {
        value + cycles * changePerCycle
    }

    /// ``accumulated(_:cycles:changePerCycle:)`` lane by lane (transform components).
    @inlinable @inline(__always)
    package static func accumulated<V: SIMD>(_ value: V, cycles: Double, changePerCycle: V) -> V
    where V.Scalar == Double {
        value + cycles * changePerCycle
    }
}
