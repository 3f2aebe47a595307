import HarmonicPlatform
import Harmonic

/// Axis ticks at "nice" numbers: steps of 1, 2 or 5 times a power of ten, about `target` of
/// them, with the range widened to whole steps (Heckbert, "Nice numbers for graph labels",
/// Graphics Gems, 1990).
struct NiceScale {
    let lower: Double
    let upper: Double
    let step: Double

    /// - Parameter tight: Keep the range exactly `low…high` (ticks at nice numbers inside it)
    ///   instead of widening it to whole steps: a time axis ends where the data ends.
    init(_ low: Double, _ high: Double, target: Int = 6, tight: Bool = false) {
        var low = low, high = high
        if !low.isFinite || !high.isFinite { low = 0; high = 1 }
        // Saturated data (±1.8e308) would make `high − low` overflow, and the step and the
        // tick count with it: a quarter of the largest double keeps every quantity below
        // finite, and such an axis shows that the data ran off the scale.
        let limit = Double.greatestFiniteMagnitude / 4
        low = Swift.min(Swift.max(low, -limit), limit)
        high = Swift.min(Swift.max(high, -limit), limit)
        if high - low < 1e-12 * Swift.max(abs(low), abs(high), 1) {
            // A flat series: centre it in a unit-sized (or proportionate) window.
            let pad = Swift.max(abs(low) * 0.1, 0.5)
            low -= pad
            high += pad
        }
        let raw = (high - low) / Double(Swift.max(target, 2))
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        var step = nice * magnitude
        let startsOnTick = abs(low / step - (low / step).rounded()) < 1e-9 * Swift.max(1, abs(low / step))
        if tight, !startsOnTick, let aligned = Self.alignedStep(low, high, near: raw, target: target) {
            // A tight axis that starts part-way (a plot from 0.5 s) gets a step the start is a
            // multiple of, so that its first tick, and label, is at the start.
            step = aligned
        }
        self.step = step
        if tight {
            lower = low
            upper = high
        } else {
            lower = (low / step).rounded(.down) * step
            upper = (high / step).rounded(.up) * step
        }
    }

    /// The nice step (1, 2, 2.5 or 5 times a power of ten) closest to `raw` of which `low` is a
    /// whole multiple, giving between half and twice `target` ticks; `nil` if none.
    private static func alignedStep(_ low: Double, _ high: Double, near raw: Double, target: Int) -> Double? {
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        var best: Double?
        for scale in [0.1, 1, 10] {
            for mantissa in [1, 2, 2.5, 5] {
                let candidate = mantissa * magnitude * scale
                let multiple = low / candidate
                let count = (high - low) / candidate
                guard abs(multiple - multiple.rounded()) < 1e-9 * Swift.max(1, abs(multiple)),
                    count >= Double(target) / 2, count <= Double(2 * target)
                else { continue }
                if best.map({ abs(log(candidate / raw)) < abs(log($0 / raw)) }) ?? true { best = candidate }
            }
        }
        return best
    }

    private init(lower: Double, upper: Double, step: Double) {
        self.lower = lower
        self.upper = upper
        self.step = step
    }

    /// The scale with one more step below and/or above: headroom for data that reaches a
    /// bound, with the same ticks inside.
    func extended(below: Bool, above: Bool) -> NiceScale {
        NiceScale(lower: below ? lower - step : lower, upper: above ? upper + step : upper, step: step)
    }

    var ticks: [Double] {
        let first = (lower / step - 1e-9).rounded(.up)
        let last = (upper / step + 1e-9).rounded(.down)
        // The init gives about `target` steps (at most 2·target + 2 once extended); a count that
        // is not finite or far beyond that means a degenerate scale, which gets no ticks.
        guard last >= first, last - first <= Self.maximumTicks else { return [] }
        // Divide by the reciprocal of a fractional step (5 for 0.2) so that ticks are the
        // decimals they are labelled with (7·0.2 would be 1.4000000000000001).
        let reciprocal = (1 / step).rounded()
        return (0...Int(last - first)).map { k in
            let index = first + Double(k)
            return step < 1 && abs(1 / step - reciprocal) < 1e-9 ? index / reciprocal : index * step
        }
    }

    /// The most ticks an axis draws.
    static let maximumTicks = 1000.0

    /// A tick label with as many decimals as the step needs (0.25 → "0.25", 200 → "200").
    ///
    /// The step is finite and positive (the init's range is at least 10⁻¹² of its magnitude
    /// and at most half the largest double), so its logarithm converts to `Int` safely.
    func label(_ value: Double) -> String {
        let decimals = Swift.max(
            // Int: step is finite and positive (NiceScale's init), so log10(step) is in about [-324, 308].
            0, -Int((log10(step) + 1e-9).rounded(.down)) + (step / pow(10, (log10(step)).rounded(.down)) == 2.5 ? 1 : 0)
        )
        let v = abs(value) < step * 1e-9 ? 0 : value
        if abs(v) >= 1e6 || (abs(v) < 1e-4 && v != 0) { return printfFormat("%.2g", v) }
        return printfFormat("%.\(decimals)f", v).replacing("-", with: "\u{2212}")
    }
}
