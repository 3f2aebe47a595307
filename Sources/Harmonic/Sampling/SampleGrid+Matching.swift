internal import CHarmonicKernels

extension SampleGrid {
    /// Whether `times` are exactly this grid's times, bit for bit (``time(at:)`` for every
    /// index, and as many of them as ``count``): what a caller handed an arbitrary array must
    /// prove before it takes the grid path, whose results are only the grid's.
    ///
    /// Away from the last time a grid made from a step or from its two ends is
    /// `start + i·step`, rounded once per operation, so the times are compared in blocks, four
    /// lanes at a time against exact integer indices, with one early exit per block: with
    /// AVX2, 16 times per step (`harmonic_grid_times_match_avx2`), otherwise `SIMD4` lanes.
    /// The check reads the array once: on an L3-resident million-time array it costs about
    /// half of sampling a spring on the grid. A grid made from a rate (`start + i/rate`) is
    /// compared time by time.
    ///
    /// - Parameter allowingAVX2: `false` runs the portable loop on any machine (for tests).
    /// - Complexity: O(`count`); stops within a block of the first mismatch.
    package func hasTimes(_ times: UnsafeBufferPointer<Double>, allowingAVX2: Bool = true) -> Bool {
        guard times.count == count else { return false }
        guard count > 0, let base = times.baseAddress else { return true }
        if case .rate = spelling {
            return (0..<count).allSatisfy { time(at: $0) == times[$0] }
        }
        // Every time but the last is start + i·step in both other spellings.
        let body = count - 1
        let matched: Bool
        // The kernels' one processor check (AVX2 and FMA): this loop needs only the first.
        if allowingAVX2, SpringGridKernel.hasAVX2FMA {
            matched = harmonic_grid_times_match_avx2(base, body, start, step)
        } else {
            matched = Self.matchesSteps(base, count: body, start: start, step: step)
        }
        return matched && time(at: body) == times[body]
    }

    /// The portable comparison of `count` times with `start + i·step`.
    private static func matchesSteps(_ times: UnsafePointer<Double>, count n: Int, start: Double, step: Double)
        -> Bool
    {
        typealias Lanes = SIMD4<Double>
        typealias Bits = SIMD4<UInt64>
        let base = UnsafeRawPointer(times)
        var index = Lanes(0, 1, 2, 3)
        let four = Lanes(repeating: 4)
        var i = 0
        while i + 64 <= n {
            // Bit patterns, XORed and ORed together: zero only if every lane is identical
            // (so -0.0 against 0.0 or a NaN counts as a mismatch, which only costs the fast path).
            var differ = Bits(repeating: 0)
            // Int: a stride over constant lane offsets.
            for k in stride(from: 0, to: 64, by: 4) {
                let given = base.loadUnaligned(fromByteOffset: (i + k) * 8, as: Bits.self)
                differ |= unsafeBitCast(start + index * step, to: Bits.self) ^ given
                index += four
            }
            if differ != Bits(repeating: 0) { return false }
            i += 64
        }
        while i < n {
            if start + Double(i) * step != times[i] { return false }
            i += 1
        }
        return true
    }
}
