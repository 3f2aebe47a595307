/// Samples of a spring at arbitrary (unevenly spaced, unsorted) times.
///
/// Two paths, chosen per call:
///
/// - When the positive times span at most a quarter as many nodes of a
///   ``SpringTaylorTable`` as there are samples (for a typical spring, a span of a few
///   seconds and more than a few thousand samples), the motion is expanded once around
///   nodes `1/(32ρ)` apart and each sample is a degree-6 polynomial in its offset from the
///   nearest node — no transcendental function per sample.
/// - Otherwise each time gets the closed form, four at once through the SIMD kernels of
///   ``LaneTransition`` instead of one C-library `exp` and `sin`/`cos` call each.
///
/// Accuracy: both agree with ``Spring/value(at:from:to:initialVelocity:)`` to about 1e-14 of
/// the motion's scale (tests compare to 1e-12 of the range). Times `t ≤ 0` give the start.
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
    /// - Complexity: O(`times.count`). The Taylor path builds a temporary node table of 64
    ///   bytes per node (at most `2¹⁶` nodes, 4 MB), on the stack when it is small and on the
    ///   heap otherwise (one allocation per call, freed before returning); the SIMD path
    ///   allocates nothing.
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
        // The span of the positive times decides between the Taylor table and the SIMD
        // closed form (see SpringTaylorTable).
        var lower = Double.infinity, upper = -Double.infinity
        for i in 0..<n where t[i] > 0 {
            lower = min(lower, t[i])
            upper = max(upper, t[i])
        }
        if lower <= upper, let (count, spacing) = SpringTaylorTable.nodeCount(constants, lower: lower, upper: upper),
            count <= min(max(16, n / 4), SpringTaylorTable.maximumNodes)
        {
            // One node per 64-byte cache line: align the table (a random time then touches one
            // line, not two).
            withUnsafeTemporaryAllocation(of: Double.self, capacity: (count + 1) * SpringTaylorTable.stride) { raw in
                let address = UInt(bitPattern: raw.baseAddress!)
                // Int: from a UInt in [0, 64).
                let nodes = raw.baseAddress! + Int(((64 - address % 64) % 64) / 8)
                let table = SpringTaylorTable(
                    constants, x0: from - to, v0: initialVelocity, lower: lower, spacing: spacing, count: count,
                    nodes: nodes)
                let kernel = SpringTableKernel(
                    table: table, nodes: nodes, times: t, from: from, to: to, v0: initialVelocity,
                    values: out, velocities: velocities?.baseAddress)
                ParallelRanges.run(count: n, threads: threads, minimumPerThread: 1 << 13) { range in
                    kernel.fill(range)
                }
            }
            return n
        }
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
