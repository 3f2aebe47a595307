/// Evenly spaced samples of a cubic Bézier timing function, inverting `x(t)` with warm starts.
///
/// ``CubicBezier/value(at:)`` finds `t` with `x(t) = x` from a table guess (a binary search over
/// 64 intervals and an interpolated inverse) and one Halley step. Along an increasing grid the
/// roots increase too, so the previous root gives the guess instead: the Newton extrapolation
/// `t + Δx/x'(t)` is within `O(Δx²)` of the new root. The Halley step and the acceptance tests
/// are the single-value path's own: the parameter-space stop from Halley's error law (with the
/// Newton-step check), then the output-noise bound, taken from the table interval's
/// precomputed proof when it covers `t` and otherwise checked at `t`
/// (`|y'(t)|·S(t) ≤ 128·x'(t)`). Where they fail, or where the curve is nearly vertical
/// (`x'(t) < 2⁻⁶`), the sample is computed by the single-value path itself. Results agree with
/// ``CubicBezier/value(at:)`` to a few ulps of the output scale (tests compare to 1e-12).
///
/// Gain: the table search is skipped — about 12% fewer instructions per sample than calling
/// `value(at:)` (measured with callgrind on easeInEaseOut, 1M samples), 5–10% less time.
/// Inputs outside `(0, 1)` use the single-value rules (linear extrapolation). Complexity:
/// O(`grid.count`), no allocation.
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
        if isIdentity {
            for i in 0..<n { out[i] = value(at: grid.time(at: i)) }
            return n
        }
        var previousT = -1.0, previousX = 0.0, previousSlope = 0.0
        for i in 0..<n {
            let x = grid.time(at: i)
            guard x > 0, x < 1 else {
                out[i] = value(at: x)
                previousT = -1
                continue
            }
            let t =
                previousT >= 0 && previousSlope > Self.warmSlope
                ? warmParameter(forInput: x, from: previousT, x: previousX, slope: previousSlope)
                : parameter(forInput: x)
            out[i] = outputAtParameter(t)
            previousT = t
            previousX = x
            previousSlope = inputDerivative(atParameter: t)
        }
        return n
    }

    /// Writes `value(at:)` for each input of an array (any order), replacing `values`.
    public func sample(at inputs: [Double], values: inout [Double]) {
        values = inputs.map(value(at:))
    }

    /// Below this input slope `x'(t)` the warm start is not used: near a vertical tangent the
    /// extrapolated guess is poor, and the single-value path (table guess, bracketed
    /// polishing) is the reference.
    @usableFromInline static let warmSlope = 0x1p-6

    /// The root of `x(t) = x` from the Newton extrapolation `t0 + (x − x0)/x'(t0)` of the
    /// previous root, accepted only under the single-value path's own tests (one Halley step
    /// whose convergence bound holds, and an output-error bound for the interval or the
    /// point); otherwise the single-value path.
    @inlinable
    func warmParameter(forInput x: Double, from t0: Double, x x0: Double, slope slope0: Double) -> Double {
        let guess = Swift.min(Swift.max(t0 + (x - x0) / slope0, 0), 1)
        let last = halleyStep(from: guess, input: x)
        let t = last.next
        if last.slope > Self.warmSlope, isConverged(t, last) {
            // The table interval holding t is the one holding x: x(t) is increasing.
            let interval = Swift.min(Int(t * Double(Self.tableIntervals)), Self.tableIntervals - 1)
            if quietIntervals & (1 &<< UInt64(truncatingIfNeeded: interval)) != 0
                || isAccurate(atParameter: t, slope: last.slope)
            {
                return t
            }
        }
        return parameter(forInput: x)
    }
}
