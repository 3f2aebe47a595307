/// Samples of a spring at arbitrary (unevenly spaced, unsorted) times.
///
/// Each time needs its own closed-form evaluation, so the work per sample is an `exp` and a
/// `sin`/`cos` pair (two `exp`s when overdamped). Here four times are evaluated at once with
/// the SIMD kernels of ``LaneTransition`` instead of one C-library call each. Accuracy: the
/// same closed form as ``Spring/value(at:from:to:initialVelocity:)``, within a few ulps of the
/// motion's scale (tests compare to 1e-12 of the range). Times `t ≤ 0` give the start.
extension Spring {
    /// Writes the values (and optionally velocities) of the motion from `from` toward `to` at
    /// each of `times`.
    ///
    /// - Parameters:
    ///   - times: Sample times in seconds, in any order; every finite time is allowed.
    ///   - from: The value at `t = 0`.
    ///   - to: The target.
    ///   - initialVelocity: The velocity at `t = 0`, value units per second.
    ///   - values: Receives `value(at: times[i])` at index `i`.
    ///   - velocities: If given, receives `velocity(at: times[i])` at index `i`.
    ///   - threads: Threads to use; batches below 8,192 times always use one.
    /// - Returns: The number of samples written (the shortest of the buffers).
    /// - Complexity: O(`times.count`), no allocation.
    @discardableResult
    public func sample(
        at times: UnsafeBufferPointer<Double>, from: Double, to: Double, initialVelocity: Double = 0,
        values: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>? = nil,
        threads: Int = 1
    ) -> Int {
        var n = min(times.count, values.count)
        if let velocities { n = min(n, velocities.count) }
        guard n > 0, let t = times.baseAddress, let out = values.baseAddress else { return 0 }
        let kernel = SpringTimesKernel(
            constants: constants, times: t, x0: from - to, v0: initialVelocity, to: to, values: out,
            velocities: velocities?.baseAddress)
        ParallelRanges.run(count: n, threads: threads, minimumPerThread: 1 << 12) { range in
            kernel.fill(range)
        }
        return n
    }

    /// Writes the values of the motion at each of `times` into an array, replacing its
    /// contents; see ``sample(at:from:to:initialVelocity:values:velocities:threads:)``.
    public func sample(
        at times: [Double], from: Double, to: Double, initialVelocity: Double = 0, values: inout [Double],
        threads: Int = 1
    ) {
        Self.resize(&values, times.count)
        times.withUnsafeBufferPointer { t in
            values.withUnsafeMutableBufferPointer { v in
                _ = sample(at: t, from: from, to: to, initialVelocity: initialVelocity, values: v, threads: threads)
            }
        }
    }
}

/// Four times at a time through the SIMD closed form.
@usableFromInline
struct SpringTimesKernel: @unchecked Sendable {
    let constants: SpringConstants
    let times: UnsafePointer<Double>
    let x0: Double, v0: Double, to: Double
    let values: UnsafeMutablePointer<Double>
    let velocities: UnsafeMutablePointer<Double>?

    func fill(_ range: Range<Int>) {
        typealias Lanes = SIMD4<Double>
        var i = range.lowerBound
        let end = range.upperBound
        while i + 4 <= end {
            let t = UnsafeRawPointer(times + i).loadUnaligned(as: Lanes.self)
            let phi = constants.transition(at: t)
            let x = phi.xFromX * x0 + phi.xFromV * v0 + to
            UnsafeMutableRawPointer(values + i).storeBytes(of: x, as: Lanes.self)
            if let velocities {
                let v = phi.vFromX * x0 + phi.vFromV * v0
                UnsafeMutableRawPointer(velocities + i).storeBytes(of: v, as: Lanes.self)
            }
            i += 4
        }
        if i < end {
            var t = Lanes()
            for l in 0..<(end - i) { t[l] = times[i + l] }
            let phi = constants.transition(at: t)
            let x = phi.xFromX * x0 + phi.xFromV * v0 + to
            let v = phi.vFromX * x0 + phi.vFromV * v0
            for l in 0..<(end - i) {
                values[i + l] = x[l]
                velocities?[i + l] = v[l]
            }
        }
    }
}
