import HarmonicPlatform
import Harmonic

/// A curve exported as a CSS `linear()` easing (CSS Easing Functions Level 2, "linear easing
/// function"): a progress curve on an input interval, approximated within a tolerance by as
/// few stops as ``PiecewiseLinearApproximation`` finds, printed with the precision the
/// tolerance needs.
struct CSSLinearEasing {
    /// The stops, with inputs mapped to [0, 1].
    let approximation: PiecewiseLinearApproximation
    /// The fewest evenly spaced stops (interpolating the curve) that meet the same tolerance,
    /// for comparison; `nil` if more than ``evenlySpacedLimit`` would be needed or the search
    /// would take more than ``evenlySpacedEvaluations`` evaluations, and for a curve with jumps
    /// (which evenly spaced stops can never follow).
    let evenlySpacedStops: Int?
    /// Decimal places of the printed outputs; inputs are printed as percentages with one
    /// decimal fewer (the same absolute precision, 10^-(decimals+1) in progress). `nil` for
    /// exact stops, printed as written (shortest round-trip form).
    let decimals: Int?

    /// The most evenly spaced stops tried for the comparison, 2^16: a curve with a vertical
    /// tangent needs about a million, whose search would take seconds for a figure no one
    /// would use.
    static let evenlySpacedLimit = 1 << 16

    /// The most evaluations of the curve the evenly spaced comparison may take, 2¹⁹: about
    /// 1.3 s for the slowest curve the tool reads (a cubic paced keyframe track); past it
    /// ``evenlySpacedStops`` is `nil`.
    static let evenlySpacedEvaluations = 1 << 19

    /// The finest `--tolerance`: browsers evaluate easings in single precision (ε ≈ 6e-8),
    /// so a finer fit cannot be seen, and it costs thousands of stops (a spring at 1e-7 needs
    /// about 2,900; at 1e-9, 30,000 and seconds to fit).
    static let finestTolerance = 1e-7

    /// Checks `--tolerance`: finite and in [``finestTolerance``, 0.5].
    static func requireTolerance(_ tolerance: Double) throws(HarmonicError) {
        try HarmonicError.require(tolerance, named: "--tolerance", "in [1e-7, 0.5]") {
            $0 >= finestTolerance && $0 <= 0.5
        }
    }

    /// A piecewise-linear curve's own stops (inputs as fractions of the interval, in order,
    /// a jump as two stops at one input): nothing to fit, and exact.
    init(exactly stops: [(x: Double, y: Double)]) {
        // A single stop is printed twice: the same constant easing, as the two stops that
        // `linear()` needs at least.
        let stops = stops.count == 1 ? stops + stops : stops
        approximation = PiecewiseLinearApproximation(xs: stops.map(\.x), ys: stops.map(\.y), maximumError: 0)
        evenlySpacedStops = nil
        decimals = nil
    }

    /// Fits `progress` on `[lower, upper]`, whose inputs become 0%…100%.
    ///
    /// - Parameters:
    ///   - tolerance: Largest error in progress units, finite and in [1e-7, 0.5].
    ///   - startValue, endValue: Pinned first and last outputs (defaults: the curve's values).
    init(
        _ progress: (Double) -> Double, over lower: Double, _ upper: Double, tolerance: Double,
        startValue: Double? = nil, endValue: Double? = nil
    ) throws(HarmonicError) {
        try Self.requireTolerance(tolerance)
        // Two decimals beyond the tolerance's: printing moves each output by at most
        // tolerance/200 and each input by a tenth of that, which the verification includes.
        // Where the curve is steep (a vertical tangent, y ≈ c·√x) moving an input that little
        // still moves the output too far; then the fit is repeated with two more decimals,
        // up to 15, until the printed stops pass.
        // Int: tolerance is in [1e-7, 0.5] (requireTolerance above), so −log10 is in [0.3, 7].
        var decimals = Swift.min(Swift.max(Int((-log10(tolerance)).rounded(.up)) + 2, 3), 15)
        let span = upper - lower
        // A retry samples the same grid and measuring points as the fit before it, so every
        // evaluation is remembered: the retries then cost comparisons, and the whole export at
        // most one fit's evaluations (PiecewiseLinearApproximation's grid budget) plus the
        // moved breakpoints, however many decimals it takes.
        var remembered: [UInt64: Double] = [:]
        func unit(_ x: Double) -> Double {
            if let y = remembered[x.bitPattern] { return y }
            let y = progress(lower + x * span)
            remembered[x.bitPattern] = y
            return y
        }
        var fitted: PiecewiseLinearApproximation
        var previousError: Double?
        while true {
            let scale = pow(10, Double(decimals))
            let inputScale = scale * 10
            fitted = try PiecewiseLinearApproximation.fit(
                unit, over: 0, 1, tolerance: tolerance, startValue: startValue, endValue: endValue,
                rounding: (x: { ($0 * inputScale).rounded() / inputScale }, y: { ($0 * scale).rounded() / scale }))
            if fitted.maximumError <= tolerance || decimals >= 15 { break }
            // Two more decimals shrink an error that rounding caused a hundredfold; one that
            // barely moves is the fit's own (a curve it cannot follow), which more decimals
            // would not cure, so the retries stop.
            if let previous = previousError, fitted.maximumError > 0.5 * previous { break }
            previousError = fitted.maximumError
            decimals = Swift.min(decimals + 2, 15)
        }
        approximation = fitted
        evenlySpacedStops =
            approximation.hasJumps
            ? nil
            : PiecewiseLinearApproximation.fewestEvenlySpaced(
                unit, over: 0, 1, tolerance: tolerance, startValue: startValue, endValue: endValue,
                limit: Self.evenlySpacedLimit, evaluationLimit: Self.evenlySpacedEvaluations)?.xs.count
        self.decimals = decimals
    }

    /// Decimal places of the percentage of a jump's input: the two stops of a jump are placed
    /// to 1e-12 of the input range, so that the jump is where the curve's is (a rounded jump
    /// input would show the wrong side's value over the rounding distance).
    static let jumpPlaces = 10

    /// `linear(0, 0.4 12.5%, …, 1)`: the first and last stops carry no percentage where CSS
    /// puts them anyway (0% and 100%), every other stop its input as a percentage. The two
    /// stops of a jump share their input: `0.25 25%, 0.5 25%`.
    var text: String {
        let xs = approximation.xs, ys = approximation.ys
        guard let decimals else {
            let parts = xs.indices.map { i in
                let implied = (i == 0 && xs[i] == 0) || (i == xs.count - 1 && xs[i] == 1)
                return NumberText.text(ys[i]) + (implied ? "" : " " + CSSNumber.percentage(xs[i]))
            }
            return "linear(" + parts.joined(separator: ", ") + ")"
        }
        var parts: [String] = []
        for i in xs.indices {
            let output = NumberText.fixed(ys[i], places: decimals)
            if i == 0 || i == xs.count - 1 {
                parts.append(output)
            } else {
                let atJump = xs[i] == xs[i - 1] || xs[i] == xs[i + 1]
                let places = atJump ? Self.jumpPlaces : decimals - 1
                parts.append(output + " " + NumberText.fixed(xs[i] * 100, places: places) + "%")
            }
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }
}
