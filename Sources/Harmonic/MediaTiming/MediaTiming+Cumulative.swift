extension MediaTiming {
    /// How many whole cycles a cumulative animation (Core Animation's `cumulative`) has
    /// completed during iteration `iteration`: each completed cycle adds the value it ends at
    /// (``accumulated(_:cycles:changePerCycle:)``).
    ///
    /// Without autoreversing a cycle is one iteration, so the count is `iteration`; with
    /// autoreversing a cycle is a forward and a backward half, so the count is
    /// `⌊iteration/2⌋`, and since the backward half returns to the start, such a cycle ends at
    /// the start value.
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
    /// `value + cycles·changePerCycle`, where `changePerCycle` is the value one cycle ends at
    /// (`to` for a basic animation, the last keyframe, a spring's value at the end of its
    /// duration; the start value when the cycle autoreverses).
    ///
    /// This is Apple's rule for `CAPropertyAnimation.isCumulative` — "the value at the end of
    /// the previous repeat cycle, plus the value of the current repeat cycle" — and Web
    /// Animations' `iterationComposite: "accumulate"` (the final value times the iteration,
    /// added): `position` from (100, 60) to (100, 200) starts its second repeat at
    /// (100, 200) + (100, 60) = (200, 260).
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
