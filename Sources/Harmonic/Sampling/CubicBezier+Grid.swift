/// Evenly spaced samples of a cubic Bézier timing function.
///
/// Each sample is ``CubicBezier/value(at:)`` itself: the input's bucket gives the table interval
/// with one comparison, the interpolated inverse the first guess, and one Halley step the root
/// (see ``CubicBezier/parameter(forInput:)``). A warm start from the previous sample's root
/// (Newton extrapolation, then the same Halley step and tests) used to save the table search;
/// since the search became a bucket lookup it costs more than it saves — its extrapolation
/// divides, and its acceptance test is the general one — so it was removed (the measurement
/// is in <doc:Batch>).
/// Results equal ``CubicBezier/value(at:)`` exactly. Complexity: O(`grid.count`), no
/// allocation.
extension CubicBezier {
    /// Writes `value(at: xᵢ)` for the progress grid `xᵢ = grid.start + i·grid.step`.
    ///
    /// - Parameters:
    ///   - grid: Input progress values (the grid's "times" are progress here); any range, the
    ///     part outside `[0, 1]` is extrapolated as in ``value(at:)``.
    ///   - values: Receives the outputs.
    /// - Returns: The number of samples written (`min(grid.count, values.count)`).
    @discardableResult
    public func sample(on grid: SampleGrid, values: UnsafeMutableBufferPointer<Double>) -> Int {
        let n = min(grid.count, values.count)
        guard n > 0, let out = values.baseAddress else { return 0 }
        for i in 0..<n { out[i] = value(at: grid.time(at: i)) }
        return n
    }

    /// Writes `value(at:)` for each input of an array (any order), replacing `values`.
    public func sample(at inputs: [Double], values: inout [Double]) {
        values = inputs.map(value(at:))
    }
}
