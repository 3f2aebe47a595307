extension Spring {
    /// Writes the transition matrices `Φ(tᵢ)` at arbitrary `times` (any order; `t ≤ 0` is the
    /// identity): the basis every motion of this spring shares, `x(tᵢ) = xFromX·x0 + xFromV·v0`,
    /// through the same batch paths as ``sample(at:from:to:initialVelocity:values:velocities:threads:)``
    /// (the Taylor table or the SIMD closed form) and with their accuracy. The columns of `Φ` are
    /// the motions from `(x, v) = (1, 0)` and `(0, 1)` toward 0.
    ///
    /// - Returns: The number of matrices written (`min(times.count, into.count)`).
    @discardableResult
    public func sampleTransitions(
        at times: UnsafeBufferPointer<Double>, into transitions: UnsafeMutableBufferPointer<SpringTransition>
    ) -> Int {
        let n = Swift.min(times.count, transitions.count)
        guard n > 0, let base = transitions.baseAddress, let t = times.baseAddress else { return 0 }
        let chunk = 512
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * chunk) { scratch in
            let s = scratch.baseAddress!
            var i = 0
            while i < n {
                let m = Swift.min(chunk, n - i)
                let slice = UnsafeBufferPointer(start: t + i, count: m)
                func column(_ offset: Int) -> UnsafeMutableBufferPointer<Double> {
                    UnsafeMutableBufferPointer(start: s + offset * chunk, count: m)
                }
                sample(at: slice, from: 1, to: 0, initialVelocity: 0, values: column(0), velocities: column(1))
                sample(at: slice, from: 0, to: 0, initialVelocity: 1, values: column(2), velocities: column(3))
                for j in 0..<m {
                    base[i + j] = SpringTransition(
                        xFromX: s[j], xFromV: s[2 * chunk + j], vFromX: s[chunk + j], vFromV: s[3 * chunk + j])
                }
                i += m
            }
        }
        return n
    }
}
