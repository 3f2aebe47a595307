extension SampleGrid {
    /// The grid whose times are exactly `times`, bit for bit, or `nil` when there is none.
    ///
    /// Callers that receive an arbitrary array of times (the C library, the Python package)
    /// use it to take the grid kernels for arrays that are in fact evenly spaced. Three
    /// spellings are tried, each abandoned at its first mismatch (usually within a few times):
    ///
    /// 1. `numpy.linspace(first, last, n)`: `first + i·step` with the last time exactly
    ///    `last`, as ``init(start:end:count:)`` makes it;
    /// 2. the same step without the exact end (`first + i·step` throughout);
    /// 3. the step of the first two times, `times[1] − first` (`numpy.arange(n)·h` when
    ///    `first` is 0).
    ///
    /// Fewer than two times, or a last time not above the first, is no grid.
    ///
    /// - Complexity: O(`times.count`) for a grid; usually O(1) for other arrays.
    public init?(matching times: UnsafeBufferPointer<Double>) {
        let n = times.count
        guard n >= 2, let first = times.first, let last = times.last, last > first else { return nil }
        var candidates: [SampleGrid] = []
        if let through = try? SampleGrid(start: first, end: last, count: n) {
            candidates.append(through)
            if let stepped = try? SampleGrid(start: first, step: through.step, count: n) { candidates.append(stepped) }
        }
        if let stepped = try? SampleGrid(start: first, step: times[1] - first, count: n) { candidates.append(stepped) }
        guard let grid = candidates.first(where: { $0.hasTimes(times) }) else { return nil }
        self = grid
    }
}
