/// Evenly spaced samples of a cubic Bézier timing function, inverting `x(t)` with warm starts.
///
/// ``CubicBezier/value(at:)`` finds `t` with `x(t) = x` from a table guess and Halley steps.
/// Along an increasing grid the roots increase too, and the previous root is a far better
/// start: one Newton extrapolation `t + Δx/x'(t)` from the previous sample is already within
/// `O(Δx²)` of the new root, so one Halley step (cubic convergence) usually reaches the last
/// bit, against two plus the table lookup from scratch. Every sample still passes the same
/// acceptance test as the single-value path (converged Halley and Newton steps, and the
/// output-error bound `|y'(t)|·S(t) ≤ 16·x'(t)`) plus one Newton step, and where it fails or
/// the curve is nearly vertical (`x'(t) < 2⁻⁶`) the sample is computed by the single-value
/// path itself, so results agree with ``CubicBezier/value(at:)`` to a few ulps of the
/// output scale (tests compare to 1e-12).
///
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
        let scale = outputScale
        let scaled = (y1 / scale, y2 / scale, 1 / scale)
        for i in 0..<n {
            let x = grid.time(at: i)
            guard x > 0, x < 1 else {
                out[i] = value(at: x)
                previousT = -1
                continue
            }
            var t = -1.0
            if previousT >= 0, previousSlope > Self.warmSlope {
                t = warmParameter(
                    forInput: x, from: previousT, x: previousX, slope: previousSlope, scale: scale, scaled: scaled)
            }
            if t < 0 { t = parameter(forInput: x) }
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

    /// Below this input slope `x'(t)` the warm start is not used: near a vertical tangent
    /// Halley's steps converge slowly (a triple root at a vertical inflection) and the
    /// single-value path, with its table guess and bracketed polishing, is the reference.
    @usableFromInline static let warmSlope = 0x1p-6

    /// The root of `x(t) = x` started from the Newton extrapolation of a nearby root
    /// `(t0, x0)` with slope `x'(t0)`, with the acceptance test of ``parameter(forInput:)``;
    /// −1 when that test fails or the slope at the root is below ``warmSlope`` (the caller
    /// then uses the single-value path).
    @inlinable
    func warmParameter(
        forInput x: Double, from t0: Double, x x0: Double, slope slope0: Double, scale: Double,
        scaled: (y1: Double, y2: Double, one: Double)
    ) -> Double {
        var t = Swift.min(Swift.max(t0 + (x - x0) / slope0, 0), 1)
        var converged = false
        var slope = 0.0
        for _ in 0..<3 {
            let f = ((ax * t + bx) * t + cx) * t - x
            slope = (3 * ax * t + 2 * bx) * t + cx
            let curvature = 6 * ax * t + 2 * bx
            let step = f * slope / (slope * slope - 0.5 * f * curvature)
            let next = t - step
            guard next >= 0, next <= 1 else { break }
            t = next
            if abs(step) <= 0x1p-27 * t, abs(f) <= 0x1p-26 * t * slope {
                converged = true
                break
            }
        }
        if converged, slope > Self.warmSlope {
            let terms = ((abs(ax) * t + abs(bx)) * t + abs(cx)) * t
            // y'(t)/scale as in outputDerivativeScaled, with the quotients hoisted.
            let s = 1 - t
            let dy = abs(3 * (s * (1 - 3 * t) * scaled.y1 + t * (2 - 3 * t) * scaled.y2 + t * t * scaled.one))
            if dy * terms * scale <= 16 * slope {
                // One more Newton step: a warm start converges from a different side than
                // the table guess, and near a flat stretch of x(t) Halley's last accepted step
                // can leave an error that this removes (the step is noise-sized otherwise).
                let f = ((ax * t + bx) * t + cx) * t - x
                let next = t - f / ((3 * ax * t + 2 * bx) * t + cx)
                return next >= 0 && next <= 1 ? next : t
            }
        }
        return -1
    }
}
