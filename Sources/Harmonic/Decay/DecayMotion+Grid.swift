import HarmonicPlatform

/// A release sampled on an evenly spaced grid.
extension DecayMotion {
    /// Steps per lane between restarts from the closed form: rounding cannot build up over
    /// more than this many steps (128 multiply-adds add at most about 128 ulps, 2.8e-14
    /// relative; measured 6e-15).
    static let recurrenceBlock = 128

    /// Writes the value (and optionally the velocity) at every time of `grid`.
    ///
    /// An exponential decay advances by one multiply-add per sample: sixteen consecutive
    /// samples form four SIMD vectors that step by sixteen grid steps, with `r = e^(−16k·step)`
    /// and `c = restOffset·(1 − r)`, the offsets following `d ← c + r·d` and the velocities
    /// `v ← r·v` (all terms of one sign, so nothing cancels). Every 128 steps the lanes restart
    /// from the closed form (four-lane `exp` and `expm1`). The spline, the handoff spring,
    /// the samples before the release and the rest are evaluated in closed form. Accuracy:
    /// within 1e-13 relative of ``state(at:)`` at the grid's times.
    ///
    /// - Returns: The number of samples written: `min(grid.count, values.count,
    ///   velocities.count)`.
    /// - Complexity: O(n), no allocation.
    @discardableResult
    public func sample(
        on grid: SampleGrid, values: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>? = nil
    ) -> Int {
        var n = min(grid.count, values.count)
        if let velocities { n = min(n, velocities.count) }
        guard n > 0, let out = values.baseAddress else { return 0 }
        let rates = velocities?.baseAddress
        // The samples inside the exponential phase, 0 < τ < end, found by bisection on the
        // grid's own (monotone) times, so that they agree with a single evaluation.
        var decayRange = 0..<0
        if case let .exponential(decay) = curve {
            let end = min(decayDuration, restTime)
            let first = Self.firstIndex(n, grid) { $0 - beginTime > 0 }
            let last = Self.firstIndex(n, grid) { $0 - beginTime >= end }
            if first < last {
                decayRange = first..<last
                exponentialRun(decay, grid: grid, range: decayRange, values: out, velocities: rates)
            }
        }
        // Before the release, after the decay, in the handoff spring: the closed form.
        for i in 0..<decayRange.lowerBound { closedForm(i, grid, out, rates) }
        for i in decayRange.upperBound..<n { closedForm(i, grid, out, rates) }
        return n
    }

    @inline(__always)
    private func closedForm(
        _ i: Int, _ grid: SampleGrid, _ values: UnsafeMutablePointer<Double>,
        _ velocities: UnsafeMutablePointer<Double>?
    ) {
        let state = state(at: grid.time(at: i))
        values[i] = state.value
        velocities?[i] = state.velocity
    }

    /// The first index in `0..<n` whose grid time satisfies `isPast` (monotone), or `n`.
    private static func firstIndex(_ n: Int, _ grid: SampleGrid, _ isPast: (Double) -> Bool) -> Int {
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if isPast(grid.time(at: mid)) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Fills `range`, which lies inside the exponential phase, by the recurrence on sixteen
    /// consecutive samples at a time (four vectors of four lanes: four independent chains, so
    /// the multiply-adds overlap instead of waiting on each other).
    private func exponentialRun(
        _ decay: ExponentialDecay, grid: SampleGrid, range: Range<Int>, values: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>?
    ) {
        typealias Lanes = SIMD4<Double>
        let width = 16
        let k = decay.decayConstant
        let ratio = Lanes(repeating: exp(-Double(width) * k * grid.step))
        let increment = Lanes(repeating: -restOffset * expm1(-Double(width) * k * grid.step))
        let base = Lanes(repeating: from)
        let block = width * Self.recurrenceBlock
        var i = range.lowerBound
        while range.upperBound - i >= width {
            let stop = i + min(block, (range.upperBound - i) / width * width)
            var o = (Lanes(), Lanes(), Lanes(), Lanes()), v = (Lanes(), Lanes(), Lanes(), Lanes())
            func start(_ j: Int) -> (Lanes, Lanes) {
                let times = Lanes(grid.time(at: j), grid.time(at: j + 1), grid.time(at: j + 2), grid.time(at: j + 3))
                let exponent = -k * (times - Lanes(repeating: beginTime))
                return (-restOffset * LaneExponential.expm1(exponent), initialVelocity * LaneExponential.exp(exponent))
            }
            (o.0, v.0) = start(i)
            (o.1, v.1) = start(i + 4)
            (o.2, v.2) = start(i + 8)
            (o.3, v.3) = start(i + 12)
            // Two loops rather than a test per step: without velocities their chains are not run.
            if let velocities {
                while i < stop {
                    Self.store(base + o.0, base + o.1, base + o.2, base + o.3, at: values + i)
                    Self.store(v.0, v.1, v.2, v.3, at: velocities + i)
                    o = (
                        increment + ratio * o.0, increment + ratio * o.1, increment + ratio * o.2,
                        increment + ratio * o.3
                    )
                    v = (ratio * v.0, ratio * v.1, ratio * v.2, ratio * v.3)
                    i += width
                }
            } else {
                while i < stop {
                    Self.store(base + o.0, base + o.1, base + o.2, base + o.3, at: values + i)
                    o = (
                        increment + ratio * o.0, increment + ratio * o.1, increment + ratio * o.2,
                        increment + ratio * o.3
                    )
                    i += width
                }
            }
        }
        while i < range.upperBound {
            closedForm(i, grid, values, velocities)
            i += 1
        }
    }

    /// Writes sixteen consecutive doubles.
    @inline(__always)
    private static func store(
        _ a: SIMD4<Double>, _ b: SIMD4<Double>, _ c: SIMD4<Double>, _ d: SIMD4<Double>,
        at p: UnsafeMutablePointer<Double>
    ) {
        for lane in 0..<4 {
            p[lane] = a[lane]
            p[4 + lane] = b[lane]
            p[8 + lane] = c[lane]
            p[12 + lane] = d[lane]
        }
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
