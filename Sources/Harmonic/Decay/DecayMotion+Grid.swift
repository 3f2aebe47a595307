#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A release sampled on an evenly spaced grid.
extension DecayMotion {
    /// Samples per block of the exponential recurrence: each block starts from the closed form,
    /// so rounding cannot build up over more than this many steps (64 multiply-adds add at most
    /// about 64 ulps, 1.4e-14 relative).
    static let recurrenceBlock = 64

    /// Writes the value (and optionally the velocity) at every time of `grid`.
    ///
    /// An exponential decay advances by one multiply-add per sample: with `r = e^(−k·step)`
    /// and `c = restOffset·(1 − r)`, the offset follows `d ← c + r·d` and the velocity
    /// `v ← r·v` (all terms of one sign, so nothing cancels), restarted from the closed form
    /// every 64 samples. The spline, the handoff spring and the rest are evaluated in closed
    /// form. Accuracy: within 1e-13 relative of ``state(at:)`` at the grid's times.
    ///
    /// - Returns: The number of samples written: `min(grid.count, values.count,
    ///   velocities.count)`.
    @discardableResult
    public func sample(
        on grid: SampleGrid, values: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>? = nil
    ) -> Int {
        var n = min(grid.count, values.count)
        if let velocities { n = min(n, velocities.count) }
        guard n > 0 else { return 0 }
        var i = 0
        while i < n {
            let tau = grid.time(at: i) - beginTime
            if case let .exponential(decay) = curve, tau > 0, tau < decayDuration, tau < restTime {
                // A run of decay samples: up to the end of the decay or of the block.
                let end = min(n, i + Self.recurrenceBlock)
                i = exponentialRun(decay, grid: grid, from: i, to: end, values: values, velocities: velocities)
                continue
            }
            let state = state(at: grid.time(at: i))
            values[i] = state.value
            velocities?[i] = state.velocity
            i += 1
        }
        return n
    }

    /// Fills samples `start..<end` while they lie inside the exponential phase, returning the
    /// first index not written.
    private func exponentialRun(
        _ decay: ExponentialDecay, grid: SampleGrid, from start: Int, to end: Int,
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>?
    ) -> Int {
        let k = decay.decayConstant
        let tau0 = grid.time(at: start) - beginTime
        let ratio = exp(-k * grid.step)
        let increment = -restOffset * expm1(-k * grid.step)
        var offset = decay.offset(at: tau0, restOffset: restOffset)
        var velocity = decay.velocity(at: tau0, initialVelocity: initialVelocity)
        let limit = min(decayDuration, restTime)
        var i = start
        while i < end {
            if i > start {
                // The grid's own time decides the phase, as a single evaluation would.
                guard grid.time(at: i) - beginTime < limit else { break }
                offset = increment + ratio * offset
                velocity *= ratio
            }
            values[i] = from + offset
            velocities?[i] = velocity
            i += 1
        }
        return i
    }

    /// Samples `grid` into arrays, replacing their contents.
    public func sample(on grid: SampleGrid, values: inout [Double], velocities: inout [Double]) {
        values = [Double](repeating: 0, count: grid.count)
        velocities = [Double](repeating: 0, count: grid.count)
        values.withUnsafeMutableBufferPointer { v in
            velocities.withUnsafeMutableBufferPointer { dv in _ = sample(on: grid, values: v, velocities: dv) }
        }
    }
}
