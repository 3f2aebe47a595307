extension RandomAccessCollection where Element == Double, Index == Int {
    /// The largest index `i` in `lower ... upper` with `self[i] <= x`, or `lower` when there is
    /// none (also when `x` is NaN, or when `upper < lower`).
    ///
    /// The elements in the range must be sorted non-decreasing. A run of equal elements resolves
    /// to its last index, which is what every caller wants: a run of equal key times, panel ends
    /// or cumulative lengths marks zero-duration or zero-length pieces, and the search steps over
    /// them to the piece that actually contains `x`.
    ///
    /// This is the one search behind segment lookup by key time (keyframe tracks and their flat
    /// form), by cumulative length (arc length), by parameter (quadrature panels) and by table
    /// interval. It works on arrays and on buffers alike.
    ///
    /// - Complexity: O(log(upper − lower)), no allocation.
    @inlinable
    package func lastIndex(notAbove x: Double, from lower: Int, through upper: Int) -> Int {
        var lo = lower, hi = upper
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self[mid] <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
