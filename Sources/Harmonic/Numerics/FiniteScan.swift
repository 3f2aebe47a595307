extension UnsafeBufferPointer where Element == Double {
    /// The index of the first element that is not finite (NaN or ±∞), or nil when all are.
    ///
    /// Eight elements per step in two four-lane accumulators of `x − x`, which is 0 for every
    /// finite `x` and NaN for NaN and ±∞: one subtraction per element and one test per step,
    /// instead of a call and a branch per element. Only a step that holds a non-finite element
    /// is searched one by one. Used where a batch of times must be checked before anything is
    /// written (the C interface's arbitrary-time sampling).
    /// - Complexity: O(`count`), one pass.
    package func firstNonFiniteIndex() -> Int? {
        typealias Lanes = SIMD4<Double>
        guard let base = baseAddress else { return nil }
        var i = 0
        while i + 8 <= count {
            let a = UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self)
            let b = UnsafeRawPointer(base + i + 4).loadUnaligned(as: Lanes.self)
            // (a − a) + (b − b) is 0 only when all eight are finite (NaN never equals 0).
            let zero = (a - a) + (b - b)
            if !LaneOperations.all(zero .== 0) { break }
            i += 8
        }
        while i < count {
            if !base[i].isFinite { return i }
            i += 1
        }
        return nil
    }
}
