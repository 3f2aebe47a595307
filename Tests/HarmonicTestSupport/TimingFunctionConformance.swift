import Harmonic
import Testing

/// The contract every ``TimingFunction`` promises, checked the same way for each type:
///
/// 1. Total: a finite output and slope for every finite input, including the extremes
///    (±`greatestFiniteMagnitude`, ±`leastNonzeroMagnitude`, ±0) and inputs far outside
///    `[0, 1]`; NaN in gives a finite or NaN out but never a trap.
/// 2. `value(at:beforeFlag: false)` is `value(at:)`.
/// 3. The slope is the derivative: where the function is smooth around `x` (checked on a
///    grid inside `(0, 1)` away from the listed discontinuities), a central difference
///    agrees with `slope(at:)` to `slopeTolerance` relative to the larger of 1 and the slope.
/// 4. Pure: two evaluations at one input are bit for bit equal.
public enum TimingFunctionConformance {
    /// Runs every check on `function`, recording an issue per violation.
    ///
    /// - Parameters:
    ///   - name: How the function is named in issues.
    ///   - discontinuities: Inputs where the value jumps or the slope is undefined (step
    ///     edges, `linear()` stops); the slope check keeps a margin around them.
    ///   - slopeTolerance: The allowed difference between the slope and the difference quotient.
    public static func check(
        _ function: any TimingFunction, name: String, discontinuities: [Double] = [],
        slopeTolerance: Double = 1e-5, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let extremes: [Double] = [
            0, -0.0, 1, 0.5, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1 - 1e-16,
            1 + 1e-15, -1e-9, 2, -3, 1e6, -1e6, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        ]
        for x in extremes {
            let y = function.value(at: x)
            let s = function.slope(at: x)
            #expect(y.isFinite, "\(name): value(at: \(x)) = \(y)", sourceLocation: sourceLocation)
            #expect(s.isFinite, "\(name): slope(at: \(x)) = \(s)", sourceLocation: sourceLocation)
            #expect(
                function.value(at: x, beforeFlag: false).bitPattern == y.bitPattern,
                "\(name): value(at: \(x), beforeFlag: false) differs from value(at:)", sourceLocation: sourceLocation)
            #expect(
                function.value(at: x).bitPattern == y.bitPattern, "\(name): not pure at \(x)",
                sourceLocation: sourceLocation)
            _ = function.value(at: x, beforeFlag: true)
        }
        _ = function.value(at: .nan)
        _ = function.slope(at: .nan)
        let h = 1e-6
        var x = 0.013
        while x < 0.99 {
            defer { x += 0.0371 }
            if discontinuities.contains(where: { abs($0 - x) < 4 * h }) { continue }
            let difference = (function.value(at: x + h) - function.value(at: x - h)) / (2 * h)
            let slope = function.slope(at: x)
            #expect(
                abs(difference - slope) <= slopeTolerance * Swift.max(1, abs(slope)),
                "\(name): slope(at: \(x)) = \(slope), difference quotient \(difference)", sourceLocation: sourceLocation
            )
        }
    }
}
