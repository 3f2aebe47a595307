import HarmonicPlatform

/// Android's fling: the deceleration of `OverScroller` (views) and Compose's
/// `splineBasedDecay` (the `FlingCalculator` behind scrollable lists).
///
/// A fling at `v0` pixels per second is sized by the display density `ρ` and the scroll
/// friction `μ` (`ViewConfiguration.getScrollFriction()`, 0.015):
///
///     c        = 9.80665 · 39.37 · 160ρ · 0.84      (g in inches/s² at 160ρ pixels per inch, tuned)
///     l        = ln(0.35·|v0| / (μ·c))
///     D        = ln 0.78 / ln 0.9                     (≈ 2.3582)
///     duration = e^(l/(D − 1)) seconds
///     distance = μ·c · e^(D·l/(D − 1)) pixels
///
/// and the position follows a fixed spline of normalised time: `offset(t) = distance·P(t/duration)`,
/// where `P` is piecewise linear through 101 samples of a cubic tension curve (inflexion 0.35,
/// start tension 0.5, end tension 1) found by bisection. The velocity is the slope of the
/// current piece, so it is piecewise constant, and the motion ends exactly at `duration` with
/// the full `distance`. AOSP's bisection stops within 1e-5, so the table starts at
/// `P(0) ≈ 2.3e-5`, not 0: like Android, the fling is `2.3e-5·distance` along at its first
/// instant. The table and the constants are computed as AOSP computes them, in
/// single precision (`android.widget.OverScroller.SplineOverScroller`, Android Open Source
/// Project); the rest is evaluated in double precision.
///
/// This is not an exponential decay (the duration grows like `|v0|^0.74` and the distance
/// like `|v0|^1.74`), so it has no ``ExponentialDecay`` equivalent. Android rounds the
/// duration down to whole milliseconds (and `OverScroller` the distance to whole pixels);
/// Harmonic keeps both unrounded, so that the curve depends continuously on `v0`. Compose
/// computes `D` in double precision rather than single: durations differ by under 1e-6
/// relative.
public struct SplineDecay: Hashable, Sendable {
    /// The display density `ρ` (pixels per density-independent pixel, Android's
    /// `DisplayMetrics.density`: 1 at 160 dpi), finite and > 0.
    public let density: Double
    /// The scroll friction `μ`, finite and > 0 (Android's default 0.015).
    public let friction: Double
    /// `μ·c`, in pixels per second squared, as AOSP computes it in single precision.
    @usableFromInline let deceleration: Double

    /// `ViewConfiguration.getScrollFriction()`, 0.015.
    public static let defaultFriction = 0.015

    /// Creates the fling of a display of the given density.
    ///
    /// - Parameters:
    ///   - density: Android's `DisplayMetrics.density`, finite and > 0 (2.625 on a 420 dpi phone).
    ///   - friction: The scroll friction, finite and > 0 (default 0.015).
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming `density` or
    ///   `friction`.
    public init(density: Double, friction: Double = SplineDecay.defaultFriction) throws(HarmonicError) {
        try HarmonicError.require(density, named: "density", "> 0 and at most 1e30") { $0 > 0 && $0 <= 1e30 }
        try HarmonicError.require(friction, named: "friction", "> 0 and at most 1e30") { $0 > 0 && $0 <= 1e30 }
        // Single precision, in AOSP's order: ((g·39.37)·ppi)·0.84, then times the friction.
        let ppi = Float(density) * 160
        let coefficient = Float(9.80665) * Float(39.37) * ppi * Float(0.84)
        let deceleration = Double(Float(friction) * coefficient)
        guard deceleration > 0, deceleration.isFinite else {
            throw .invalidParameter(
                name: "density", value: "\(density)",
                allowed: "such that friction × density is within single precision (friction \(friction))")
        }
        self.density = density
        self.friction = friction
        self.deceleration = deceleration
    }

    /// `D = ln 0.78/ln 0.9`, rounded to single precision as AOSP stores it.
    @usableFromInline static let decelerationRate = Double(Float(log(0.78) / log(0.9)))

    /// `l = ln(0.35·|v0|/(μ·c))`; `−∞` for `v0 = 0`.
    @inlinable
    func splineDeceleration(_ v0: Double) -> Double {
        log(Double(Float(0.35)) * abs(v0) / deceleration)
    }

    /// The fling's duration in seconds, `e^(l/(D − 1))`; 0 for `v0 = 0`.
    @inlinable
    public func duration(initialVelocity v0: Double) -> Double {
        exp(splineDeceleration(v0) / (Self.decelerationRate - 1))
    }

    /// The signed distance the fling travels, `sign(v0)·μ·c·e^(D·l/(D − 1))`, value units.
    @inlinable
    public func distance(initialVelocity v0: Double) -> Double {
        let d = Self.decelerationRate
        let magnitude = deceleration * exp(d / (d - 1) * splineDeceleration(v0))
        return v0 < 0 ? -magnitude : magnitude
    }

    /// The offset `t` seconds after the release, `distance·P(t/duration)`: 0 before the
    /// release, the full distance from `duration` on.
    @inlinable
    public func offset(at t: Double, initialVelocity v0: Double) -> Double {
        let total = distance(initialVelocity: v0)
        let length = duration(initialVelocity: v0)
        guard t > 0, total != 0 else { return 0 }
        guard t < length else { return total }
        return total * Self.position(atFraction: t / length)
    }

    /// The velocity `t` seconds after the release: the slope of the spline's current piece
    /// times `distance/duration`; 0 from `duration` on. Before the release, the first
    /// piece's.
    @inlinable
    public func velocity(at t: Double, initialVelocity v0: Double) -> Double {
        let total = distance(initialVelocity: v0)
        let length = duration(initialVelocity: v0)
        guard total != 0, t < length else { return 0 }
        return total / length * Self.slope(atFraction: max(t, 0) / length)
    }

    /// The time at which the offset first equals `offset` (inverting the spline piece by
    /// piece, exactly).
    ///
    /// - Returns: Seconds after the release; 0 for a zero offset; `nil` when the fling does
    ///   not get there (behind the release or beyond its distance).
    public func time(atOffset offset: Double, initialVelocity v0: Double) -> Double? {
        if offset == 0 { return 0 }
        let total = distance(initialVelocity: v0)
        guard total != 0 else { return nil }
        let fraction = offset / total
        guard fraction > 0, fraction <= 1 else { return nil }
        let table = Self.positions
        let n = Self.sampleCount
        // The piece [P(i), P(i+1)) holding the fraction; P is strictly increasing.
        let i = min(table.lastIndex(notAbove: fraction, from: 0, through: n), n - 1)
        let step = table[i + 1] - table[i]
        let u = (Double(i) + (fraction - table[i]) / step) / Double(n)
        // Below P(0) (the table starts just above 0) the answer is the release itself.
        return min(max(u, 0), 1) * duration(initialVelocity: v0)
    }
}

extension SplineDecay {
    /// The number of spline pieces, 100.
    public static let sampleCount = 100

    /// `P(k/100)` for `k = 0…100`: the fraction of the distance covered at each hundredth of
    /// the duration, computed once as AOSP computes its `SPLINE_POSITION` table.
    public static let positions: [Double] = splinePositions()

    /// `P(u)` for `u ∈ [0, 1)`: linear between the table's samples.
    @inlinable
    static func position(atFraction u: Double) -> Double {
        let table = positions
        // Int: u = t/length with 0 < t < length (offset(at:) guards), so the product is in [0, 100).
        let i = min(Int(Double(sampleCount) * u), sampleCount - 1)
        let lower = Double(i) / Double(sampleCount)
        return table[i] + (u - lower) * slope(piece: i)
    }

    /// `P'(u)`, the slope of the piece holding `u ∈ [0, 1)`.
    @inlinable
    static func slope(atFraction u: Double) -> Double {
        // Int: u = max(t, 0)/length with t < length and length > 0 for any release (velocity(at:) guards).
        slope(piece: min(Int(Double(sampleCount) * u), sampleCount - 1))
    }

    @inlinable
    static func slope(piece i: Int) -> Double {
        (positions[i + 1] - positions[i]) * Double(sampleCount)
    }

    /// The spline table. For each `α = k/100` the tension curve
    /// `x(s) = 3s(1−s)·((1−s)·P1 + s·P2) + s³` (`P1 = 0.5·0.35`, `P2 = 1 − (1 − 0.35)`) is
    /// solved for `x(s) = α` by bisection (to 1e-5, each search starting from where the last
    /// one ended, as AOSP does), and the entry is the position curve
    /// `3s(1−s)·((1−s)·0.5 + s) + s³` there. Single precision throughout, in AOSP's order of
    /// operations, so the entries are the same numbers Android uses.
    static func splinePositions() -> [Double] {
        let inflexion: Float = 0.35, startTension: Float = 0.5, endTension: Float = 1
        let p1 = startTension * inflexion
        let p2 = 1 - endTension * (1 - inflexion)
        var table = [Double](repeating: 1, count: sampleCount + 1)
        var lower: Float = 0
        for k in 0..<sampleCount {
            let alpha = Float(k) / Float(sampleCount)
            var upper: Float = 1
            var s: Float, coefficient: Float
            while true {
                s = lower + (upper - lower) / 2
                coefficient = 3 * s * (1 - s)
                let x = coefficient * ((1 - s) * p1 + s * p2) + s * s * s
                if Double(abs(x - alpha)) < 1e-5 { break }
                if x > alpha { upper = s } else { lower = s }
            }
            table[k] = Double(coefficient * ((1 - s) * startTension + s) + s * s * s)
        }
        return table
    }
}
