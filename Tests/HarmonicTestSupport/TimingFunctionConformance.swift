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
    /// One broken promise, at the input where it broke.
    public enum Violation: Equatable, Sendable, CustomStringConvertible {
        /// `value(at: x)` is not finite (its value).
        case value(at: Double, Double)
        /// `slope(at: x)` is not finite (its value).
        case slope(at: Double, Double)
        /// `value(at: x, beforeFlag: false)` differs from `value(at: x)`.
        case beforeFlag(at: Double)
        /// Two evaluations at `x` differ.
        case impure(at: Double)
        /// `slope(at: x)` (first) is not the central difference quotient (second).
        case derivative(at: Double, slope: Double, difference: Double)

        /// The input where the promise broke.
        public var input: Double {
            switch self {
            case let .value(x, _), let .slope(x, _), let .beforeFlag(x), let .impure(x), let .derivative(x, _, _): x
            }
        }

        public var description: String {
            switch self {
            case let .value(x, y): "value(at: \(x)) = \(y)"
            case let .slope(x, s): "slope(at: \(x)) = \(s)"
            case let .beforeFlag(x): "value(at: \(x), beforeFlag: false) differs from value(at:)"
            case let .impure(x): "not pure at \(x)"
            case let .derivative(x, s, d): "slope(at: \(x)) = \(s), difference quotient \(d)"
            }
        }
    }

    /// The inputs the totality checks use: the extremes of `Double` and points in and far
    /// outside `[0, 1]`.
    public static let extremes: [Double] = [
        0, -0.0, 1, 0.5, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1 - 1e-16,
        1 + 1e-15, -1e-9, 2, -3, 1e6, -1e6, 1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]

    /// The grid the derivative check samples inside `(0, 1)`: 0.013, 0.013 + 0.0371, … below
    /// 0.99 (27 points), less those within `4·h` of a listed discontinuity.
    public static func slopeGrid(discontinuities: [Double] = []) -> [Double] {
        var grid: [Double] = []
        var x = 0.013
        while x < 0.99 {
            if !discontinuities.contains(where: { abs($0 - x) < 4 * step }) { grid.append(x) }
            x += 0.0371
        }
        return grid
    }

    /// The half-width of the central difference.
    static let step = 1e-6

    /// Every broken promise of `function`, in the order checked (the extremes first, then
    /// the slope grid).
    ///
    /// - Parameters:
    ///   - discontinuities: Inputs where the value jumps or the slope is undefined (step
    ///     edges, `linear()` stops); the slope check keeps a margin around them.
    ///   - slopeTolerance: The allowed difference between the slope and the difference quotient.
    public static func violations(
        of function: any TimingFunction, discontinuities: [Double] = [], slopeTolerance: Double = 1e-5
    ) -> [Violation] {
        var found: [Violation] = []
        for x in extremes {
            let y = function.value(at: x)
            let s = function.slope(at: x)
            if !y.isFinite { found.append(.value(at: x, y)) }
            if !s.isFinite { found.append(.slope(at: x, s)) }
            if function.value(at: x, beforeFlag: false).bitPattern != y.bitPattern { found.append(.beforeFlag(at: x)) }
            if function.value(at: x).bitPattern != y.bitPattern { found.append(.impure(at: x)) }
            _ = function.value(at: x, beforeFlag: true)
        }
        _ = function.value(at: .nan)
        _ = function.slope(at: .nan)
        for x in slopeGrid(discontinuities: discontinuities) {
            let difference = (function.value(at: x + step) - function.value(at: x - step)) / (2 * step)
            let slope = function.slope(at: x)
            if !(abs(difference - slope) <= slopeTolerance * Swift.max(1, abs(slope))) {
                found.append(.derivative(at: x, slope: slope, difference: difference))
            }
        }
        return found
    }

    /// Runs every check on `function`, recording an issue per violation
    /// (``violations(of:discontinuities:slopeTolerance:)``).
    ///
    /// - Parameters:
    ///   - name: How the function is named in issues.
    ///   - discontinuities: Inputs where the value jumps or the slope is undefined.
    ///   - slopeTolerance: The allowed difference between the slope and the difference quotient.
    public static func check(
        _ function: any TimingFunction, name: String, discontinuities: [Double] = [],
        slopeTolerance: Double = 1e-5, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for violation in violations(of: function, discontinuities: discontinuities, slopeTolerance: slopeTolerance) {
            Issue.record("\(name): \(violation)", sourceLocation: sourceLocation)
        }
    }
}
