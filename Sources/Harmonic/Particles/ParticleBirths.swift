/// When the particles of one cell are born: the schedule of a birth rate that may change over
/// time, exact and deterministic.
///
/// The rate `r(t)` (particles per second, ≥ 0) is piecewise linear between knots — a constant
/// rate is one knot, an animated `birthRate` a keyframe track with linear interpolation — and
/// held at the first knot's value before it and the last knot's after it. Emission runs over
/// `[begin, end)`. The expected number of births by `t` is `N(t) = ∫ r` from `begin`,
/// piecewise quadratic, and particle `i` (0, 1, 2, …) is born when `N` reaches `i + ½`:
///
///     tᵢ = N⁻¹(i + ½),  so a constant rate r gives tᵢ = begin + (i + ½)/r,
///
/// and the number born by `t` is `⌊N(t) + ½⌋` — the expected count, rounded. Core Animation does
/// not document its schedule (it draws births in its frame loop); this one is evenly spaced (no
/// clumping, the same under any frame rate) and stable: the `i`-th particle is the same particle
/// at every time, which is what makes scrubbing possible.
public struct ParticleBirths: Sendable, Hashable {
    /// The knots' times (seconds, increasing) and rates (particles per second, ≥ 0).
    public let times: [Double]
    public let rates: [Double]
    /// The emission interval `[begin, end)`.
    public let begin: Double
    public let end: Double
    /// The pieces on which the rate is linear, from `begin` on: start time, rate there, slope
    /// (particles/s²) and `N` there. The last piece runs to `end` (it may be infinite).
    let starts: [Double]
    let startRates: [Double]
    let slopes: [Double]
    let startCounts: [Double]

    /// A constant rate over `[begin, end)`.
    public init(rate: Double, begin: Double = 0, end: Double = .infinity) throws(HarmonicError) {
        try self.init(times: [begin], rates: [rate], begin: begin, end: end)
    }

    /// A piecewise-linear rate through `(times[k], rates[k])` over `[begin, end)`.
    ///
    /// - Throws: ``HarmonicError`` naming `rates[k]` (negative or not finite), `times[k]` (not
    ///   finite or not increasing), `times` (empty or of another length than `rates`), `begin`
    ///   (not finite) or `end` (before `begin`, or NaN).
    public init(times: [Double], rates: [Double], begin: Double, end: Double) throws(HarmonicError) {
        guard !times.isEmpty, times.count == rates.count else {
            throw .invalidParameter(
                name: "times", value: "\(times.count) knots", allowed: "at least one, as many as rates (\(rates.count))"
            )
        }
        for (k, r) in rates.enumerated() {
            try HarmonicError.require(r, named: "rates[\(k)]", ">= 0") { $0 >= 0 }
        }
        for (k, t) in times.enumerated() {
            try HarmonicError.require(t, named: "times[\(k)]", k == 0 ? "" : "> times[\(k - 1)]") {
                k == 0 || $0 > times[k - 1]
            }
        }
        try HarmonicError.require(begin, named: "begin")
        guard !end.isNaN, end >= begin else {
            throw .invalidParameter(name: "end", value: HarmonicError.text(end), allowed: ">= begin (\(begin))")
        }
        self.times = times
        self.rates = rates
        self.begin = begin
        self.end = end
        func rate(_ t: Double) -> Double {
            if t <= times[0] { return rates[0] }
            guard let k = times.lastIndex(where: { $0 <= t }), k + 1 < times.count else {
                return rates[rates.count - 1]
            }
            return rates[k] + (t - times[k]) / (times[k + 1] - times[k]) * (rates[k + 1] - rates[k])
        }
        let cuts = [begin] + times.filter { $0 > begin && $0 < end }
        var starts: [Double] = [], startRates: [Double] = [], slopes: [Double] = [], counts: [Double] = []
        var n = 0.0
        for (j, t0) in cuts.enumerated() {
            let t1 = j + 1 < cuts.count ? cuts[j + 1] : end
            let r0 = rate(t0)
            // The rate is linear on [t0, t1]; beyond the last knot (or an infinite end) it is held.
            let slope =
                t1.isFinite && t1 > t0 && t0 >= times[0] && t0 < times[times.count - 1]
                ? (rate(t1) - r0) / (t1 - t0) : 0
            starts.append(t0)
            startRates.append(r0)
            slopes.append(slope)
            counts.append(n)
            if t1.isFinite { n += (r0 + 0.5 * slope * (t1 - t0)) * (t1 - t0) }
        }
        self.starts = starts
        self.startRates = startRates
        self.slopes = slopes
        startCounts = counts
    }

    /// The rate at `t` (particles per second), 0 outside `[begin, end)`.
    public func rate(at t: Double) -> Double {
        guard t >= begin, t < end else { return 0 }
        let j = piece(at: t)
        return startRates[j] + slopes[j] * (t - starts[j])
    }

    /// `N(t)`: the births expected by `t` (0 before `begin`, constant from `end`).
    public func expectedCount(at t: Double) -> Double {
        guard t > begin else { return 0 }
        let clipped = Swift.min(t, end)
        let j = piece(at: clipped)
        let tau = clipped - starts[j]
        return startCounts[j] + (startRates[j] + 0.5 * slopes[j] * tau) * tau
    }

    /// How many particles are born at or before `t`: `⌊N(t) + ½⌋` (as a whole number, which
    /// may exceed `Int`'s range only for absurd rates; callers bound it).
    public func bornCount(at t: Double) -> Double {
        (expectedCount(at: t) + 0.5).rounded(.down)
    }

    /// The birth time of particle `index` (`N(tᵢ) = index + ½`); `+∞` when it is never born.
    public func birthTime(of index: Double) -> Double {
        let target = index + 0.5
        guard index >= 0 else { return .infinity }
        // The last piece whose start count is below the target.
        var j = 0
        while j + 1 < starts.count && startCounts[j + 1] < target { j += 1 }
        let remaining = target - startCounts[j], r0 = startRates[j], s = slopes[j]
        if s == 0 {
            // A constant rate: the quotient directly (also the one-piece case, every frame).
            guard r0 > 0 else { return .infinity }
            let pieceEnd = j + 1 < starts.count ? starts[j + 1] : end
            let t = Swift.min(starts[j] + remaining / r0, pieceEnd)
            return t < end ? t : .infinity
        }
        // r0·τ + s·τ²/2 = remaining, in the form without cancellation.
        // The piece holds the target, so the discriminant is r(piece end)² ≥ 0 up to rounding.
        let denominator = r0 + Swift.max(0, r0 * r0 + 2 * s * remaining).squareRoot()
        guard denominator > 0 else { return .infinity }
        let pieceEnd = j + 1 < starts.count ? starts[j + 1] : end
        let t = Swift.min(starts[j] + 2 * remaining / denominator, pieceEnd)
        return t < end ? t : .infinity
    }

    /// The rate when it is one constant over the whole emission (`nil` otherwise): then
    /// ``birthTime(of:)`` is `begin + (index + ½)/rate` before `end`.
    var constantRate: Double? {
        starts.count == 1 && slopes[0] == 0 && startRates[0] > 0 ? startRates[0] : nil
    }

    /// The piece containing `t` (`t ≥ begin`).
    func piece(at t: Double) -> Int {
        var j = 0
        while j + 1 < starts.count && starts[j + 1] <= t { j += 1 }
        return j
    }
}
