internal import CHarmonicKernels

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
        var refused: Int? = nil
        return sample(
            at: times, from: from, to: to, initialVelocity: initialVelocity, values: values, velocities: velocities,
            threads: threads, allowingAVX2FMA: true, refusingNonFinite: false, refused: &refused)
    }

    /// The same samples, but only when every time is finite: otherwise nothing is written and
    /// the result is the index of the first time that is NaN or infinite. The check shares the
    /// pass that finds the span of the times, so it costs nothing over the unchecked
    /// `sample(at:…)` on processors with AVX2 (the C interface refuses such times before
    /// writing anything).
    package func sampleIfFinite(
        at times: UnsafeBufferPointer<Double>, from: Double, to: Double, initialVelocity: Double,
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>?
    ) -> Int? {
        var refused: Int? = nil
        _ = sample(
            at: times, from: from, to: to, initialVelocity: initialVelocity, values: values, velocities: velocities,
            threads: 1, allowingAVX2FMA: true, refusingNonFinite: true, refused: &refused)
        return refused
    }

    /// The samples without the finiteness check; tests turn `allowingAVX2FMA` off to check the
    /// Swift loops on any machine.
    func sample(
        at times: UnsafeBufferPointer<Double>, from: Double, to: Double, initialVelocity: Double,
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>?,
        threads: Int, allowingAVX2FMA: Bool
    ) -> Int {
        var refused: Int? = nil
        return sample(
            at: times, from: from, to: to, initialVelocity: initialVelocity, values: values, velocities: velocities,
            threads: threads, allowingAVX2FMA: allowingAVX2FMA, refusingNonFinite: false, refused: &refused)
    }

    /// The implementation of the methods above; tests turn `allowingAVX2FMA` off to check the
    /// Swift loops on any machine. With `refusingNonFinite`, a time that is not finite stops
    /// the call before anything is written, and its index goes to `refused`.
    func sample(
        at times: UnsafeBufferPointer<Double>, from: Double, to: Double, initialVelocity: Double,
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>?,
        threads: Int, allowingAVX2FMA: Bool, refusingNonFinite: Bool, refused: inout Int?
    ) -> Int {
        let usesAVX2FMA = allowingAVX2FMA && SpringGridKernel.hasAVX2FMA
        var n = min(times.count, values.count)
        if let velocities { n = min(n, velocities.count) }
        guard n > 0, let t = times.baseAddress, let out = values.baseAddress else { return 0 }
        // The span of the positive times decides between the Taylor table and the SIMD
        // closed form (see SpringTaylorTable).
        var lower = Double.infinity, upper = -Double.infinity, finite = true
        if usesAVX2FMA {
            harmonic_positive_span_avx2(t, n, &lower, &upper, &finite)
        } else {
            (lower, upper, finite) = Self.positiveSpan(t, n)
        }
        if refusingNonFinite, !finite {
            refused = UnsafeBufferPointer(start: t, count: n).firstNonFiniteIndex()
            return 0
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
                    values: out, velocities: velocities?.baseAddress, usesAVX2FMA: usesAVX2FMA)
                ParallelRanges.run(count: n, threads: threads, minimumPerThread: 1 << 13) { range in
                    kernel.fill(range)
                }
            }
            return n
        }
        let kernel = SpringTimesKernel(
            constants: constants, times: t, x0: from - to, v0: initialVelocity, to: to, values: out,
            velocities: velocities?.baseAddress, usesAVX2FMA: usesAVX2FMA)
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

extension Spring {
    /// The smallest and largest positive time among `t[0 ..< n]` (`(+∞, −∞)` if there is none),
    /// four lanes at a time with two accumulators each: a serial `min` over a million times
    /// waits on itself at every step.
    static func positiveSpan(_ t: UnsafePointer<Double>, _ n: Int) -> (lower: Double, upper: Double, finite: Bool) {
        typealias Lanes = SIMD4<Double>
        let infinity = Lanes(repeating: .infinity)
        var lower = (infinity, infinity), upper = (-infinity, -infinity)
        // t − t is 0 for finite t and NaN otherwise: the sum stays 0 while every time is finite.
        var spread = Lanes()
        var i = 0
        while i + 8 <= n {
            let a = UnsafeRawPointer(t + i).loadUnaligned(as: Lanes.self)
            let b = UnsafeRawPointer(t + i + 4).loadUnaligned(as: Lanes.self)
            spread += (a - a) + (b - b)
            // a .> 0 is false for NaN: NaN times are skipped like times before the start.
            let pa = a .> 0, pb = b .> 0
            lower.0 = pointwiseMin(lower.0, LaneOperations.select(pa, a, infinity))
            lower.1 = pointwiseMin(lower.1, LaneOperations.select(pb, b, infinity))
            upper.0 = pointwiseMax(upper.0, LaneOperations.select(pa, a, -infinity))
            upper.1 = pointwiseMax(upper.1, LaneOperations.select(pb, b, -infinity))
            i += 8
        }
        var low = pointwiseMin(lower.0, lower.1).min(), high = pointwiseMax(upper.0, upper.1).max()
        var finite = LaneOperations.all(spread .== 0)
        while i < n {
            finite = finite && t[i].isFinite
            if t[i] > 0 {
                low = min(low, t[i])
                high = max(high, t[i])
            }
            i += 1
        }
        return (low, high, finite)
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
    /// Whether whole blocks of four run in the AVX2/FMA kernel (`harmonic_spring_times_avx2`),
    /// which hands back the blocks it cannot finish and the last few times.
    let usesAVX2FMA: Bool

    func fill(_ range: Range<Int>) {
        guard usesAVX2FMA else { return fill(swift: range) }
        let fields = LaneGroup.fieldValues(constants, x0: x0, v0: v0, to: to, beginTime: 0)
        // Int: a group number, 0, 1 or 2.
        let regime = Int32(SpringBatch.group(of: constants.regime))
        fields.withUnsafeBufferPointer { fields in
            var i = range.lowerBound
            while i < range.upperBound {
                i = harmonic_spring_times_avx2(
                    regime, fields.baseAddress, times, i, range.upperBound, values, velocities)
                // A block with a phase beyond the lanes' reduction, or the last one to three
                // times: the Swift loop (with its scalar fallback) finishes them.
                let next = min(i + 4, range.upperBound)
                if i < next { fill(swift: i..<next) }
                i = next
            }
        }
    }

    /// The Swift loop (any processor).
    func fill(swift range: Range<Int>) {
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
