/// A precomputed table of `t(s)` for per-frame lookups: per monotone piece of each segment, a
/// piecewise cubic-Hermite interpolant of the parameter as a function of
/// `u = √|s − s_slow|`, the square root of the distance from the piece's slower end.
///
/// Why the square root: between two split parameters the speed is monotone, so its only
/// possible zero is at the slower end. Near a cusp at `t₀` the speed grows like `κ|t − t₀|`,
/// so `s − s₀ ≈ κ(t − t₀)²/2` and `t(s) = t₀ + √(2(s − s₀)/κ) + …` has an infinite slope — no
/// polynomial in `s` can follow it, and a table in `s` (such as the chord tables of web
/// libraries) ripples badly there. In `u` the same function is `t₀ + u√(2/κ) + …`, smooth. Where
/// the slower end is not a cusp the substitution costs nothing but a square root.
///
/// Hermite data at each knot are exact: `t` from the bracketed Newton inversion, and
/// `dt/du = 2u/|B′(t)|` (at `u = 0`: 0, or `√(2/κ)` at a cusp). An interval is split at its
/// midpoint until, at three interior check points, the *speed ripple* of motion driven by the
/// table, `|B′(t̂)|·dt̂/ds − 1`, is below the requested tolerance, and at the midpoint the arc
/// length of the table's parameter differs from the exact one by less than `1e-11` of the
/// curve's length.
@usableFromInline
struct ArcLengthTable: Sendable {
    /// One Hermite interval of the table.
    @usableFromInline
    struct Interval: Sendable {
        /// Global arc length where the interval starts (its smaller `s`).
        @usableFromInline var start: Double
        /// Global arc length of the piece's slower end, where `u = 0`.
        @usableFromInline var base: Double
        /// +1 when `s` grows with `u` (slow end first), −1 when it shrinks.
        @usableFromInline var direction: Double
        /// Whether `u = √(|s − base| + shift) − √shift` (a piece whose slower end is much slower
        /// than its faster end) or `u = |s − base|`.
        @usableFromInline var squareRoot: Bool
        /// The shift `c = v²/(2κ)` of the square root (arc length units): 0 at a cusp.
        @usableFromInline var shift: Double
        /// `u` at the interval's knots `u0` and `u0 + width`.
        @usableFromInline var u0: Double
        @usableFromInline var width: Double
        /// `t` at the two knots.
        @usableFromInline var t0: Double
        @usableFromInline var t1: Double
        /// `width · dt/du` at the two knots (Hermite tangents on the unit interval).
        @usableFromInline var m0: Double
        @usableFromInline var m1: Double
    }

    /// All intervals, segment after segment, each segment's in increasing `s`.
    @usableFromInline let intervals: [Interval]
    /// `intervals[k].start`, kept apart for a cache-friendly binary search.
    @usableFromInline let starts: [Double]
    /// The first interval of each segment; `segments.count + 1` entries.
    @usableFromInline let firstInterval: [Int]

    /// Builds the table.
    ///
    /// - Parameters:
    ///   - rippleTolerance: The largest `|B′(t̂)|·dt̂/ds − 1` accepted at a check point.
    init<Speed: CurveSpeed>(
        segments: [Speed], quadratures: [SegmentQuadrature], cumulative: [Double], rippleTolerance: Double,
        rule: GaussLegendre
    ) {
        let total = cumulative.last ?? 0
        var intervals: [Interval] = []
        var first: [Int] = []
        for (i, speed) in segments.enumerated() {
            first.append(intervals.count)
            let quadrature = quadratures[i]
            guard quadrature.constantSpeed == nil, quadrature.length > 0 else { continue }
            let builder = PieceBuilder(
                speed: speed, quadrature: quadrature, offset: cumulative[i], rule: rule,
                rippleTolerance: rippleTolerance, positionTolerance: 0.1 * rippleTolerance * total)
            let pieces = [0.0] + speed.splitParameters.filter { $0 > 0 && $0 < 1 } + [1.0]
            for (a, b) in zip(pieces, pieces.dropFirst()) where b > a {
                intervals += builder.intervals(from: a, to: b)
            }
        }
        first.append(intervals.count)
        self.intervals = intervals
        self.starts = intervals.map(\.start)
        self.firstInterval = first
    }

    /// The interval of `segment` holding global arc length `s` (the segment must have one).
    @inlinable
    func interval(atLength s: Double, segment: Int) -> Interval? {
        let first = firstInterval[segment], last = firstInterval[segment + 1] - 1
        guard first <= last else { return nil }
        return intervals[starts.lastIndex(notAbove: s, from: first, through: last)]
    }

    /// `u` for a distance `d ≥ 0` from the slower end: `√(d + c) − √c`, written
    /// `d/(√(d + c) + √c)` so that it loses nothing when `d` is small against `c`.
    @inlinable
    static func variable(_ d: Double, squareRoot: Bool, shift c: Double) -> Double {
        guard squareRoot, d > 0 else { return d }
        return d / ((d + c).squareRoot() + c.squareRoot())
    }

    /// The table's `t` at global arc length `s`, which must lie in `segment`.
    @inlinable
    func parameter(atLength s: Double, segment: Int) -> Double {
        guard let iv = interval(atLength: s, segment: segment) else { return 0 }
        let d = Swift.max((s - iv.base) * iv.direction, 0)
        let u = Self.variable(d, squareRoot: iv.squareRoot, shift: iv.shift)
        let x = Swift.min(Swift.max((u - iv.u0) / iv.width, 0), 1)
        let t = Self.hermite(x, iv.t0, iv.t1, iv.m0, iv.m1)
        return Swift.min(Swift.max(t, 0), 1)
    }

    /// The table's `t` and `dt/ds` at global arc length `s` (for measuring ripple; the slope is
    /// infinite at a cusp knot).
    func parameterAndSlope(atLength s: Double, segment: Int) -> (t: Double, slope: Double) {
        guard let iv = interval(atLength: s, segment: segment) else { return (0, 0) }
        let d = Swift.max((s - iv.base) * iv.direction, 0)
        let u = Self.variable(d, squareRoot: iv.squareRoot, shift: iv.shift)
        let x = Swift.min(Swift.max((u - iv.u0) / iv.width, 0), 1)
        let t = Self.hermite(x, iv.t0, iv.t1, iv.m0, iv.m1)
        let dtdu = Self.hermiteSlope(x, iv.t0, iv.t1, iv.m0, iv.m1) / iv.width
        let duds = (iv.squareRoot ? 1 / (2 * (u + iv.shift.squareRoot())) : 1) * iv.direction
        return (Swift.min(Swift.max(t, 0), 1), dtdu * duds)
    }

    /// The cubic Hermite interpolant on `[0, 1]` with values `p0`, `p1` and tangents `m0`, `m1`.
    @inlinable
    static func hermite(_ x: Double, _ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double) -> Double {
        // p0 + x(m0 + x(c2 + x·c3)), the power form of the Hermite basis.
        let d = p1 - p0
        let c2 = 3 * d - 2 * m0 - m1
        let c3 = m0 + m1 - 2 * d
        return p0 + x * (m0 + x * (c2 + x * c3))
    }

    /// The derivative of ``hermite(_:_:_:_:_:)`` with respect to `x`.
    @inlinable
    static func hermiteSlope(_ x: Double, _ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double) -> Double {
        let d = p1 - p0
        let c2 = 3 * d - 2 * m0 - m1
        let c3 = m0 + m1 - 2 * d
        return m0 + x * (2 * c2 + x * 3 * c3)
    }
}

/// Builds the Hermite intervals of one monotone piece of one segment.
private struct PieceBuilder<Speed: CurveSpeed> {
    let speed: Speed
    let quadrature: SegmentQuadrature
    /// The global arc length at the segment's start.
    let offset: Double
    let rule: GaussLegendre
    let rippleTolerance: Double
    let positionTolerance: Double

    /// The relative speed below which the slower end of a piece is treated as a cusp.
    static var cuspSpeedRatio: Double { 1e-8 }

    /// The ratio of slower to faster end speed below which the table uses the square-root
    /// variable: there `t(s)` bends too sharply near the slow end for a table in `s`.
    static var squareRootSpeedRatio: Double { 0.1 }

    /// The most intervals one piece may have; once spent, intervals are accepted as they are
    /// (a guard against a tolerance below the noise of a `CurveSpeed` conformer).
    static var maximumIntervals: Int { 2048 }

    struct Knot {
        var u: Double
        var t: Double
        /// dt/du.
        var slope: Double
    }

    /// How `u` relates to the local arc length `s` on this piece.
    struct Map {
        /// Local arc length of the slower end, where `u = 0`.
        var base: Double
        /// +1 when `s` grows with `u`, −1 when it shrinks.
        var direction: Double
        var squareRoot: Bool
        /// `c` of `u = √(d + c) − √c`.
        var shift: Double = 0

        /// `d = (u + √c)² − c = u² + 2u√c`.
        func length(at u: Double) -> Double {
            base + direction * (squareRoot ? u * (u + 2 * shift.squareRoot()) : u)
        }

        /// `ds/du`.
        func lengthSlope(at u: Double) -> Double { direction * (squareRoot ? 2 * (u + shift.squareRoot()) : 1) }
    }

    func intervals(from ta: Double, to tb: Double) -> [ArcLengthTable.Interval] {
        let sa = quadrature.length(to: ta, speed: speed, rule: rule)
        let sb = quadrature.length(to: tb, speed: speed, rule: rule)
        guard sb > sa else { return [] }
        let va = speed.speed(at: ta), vb = speed.speed(at: tb)
        let slowFirst = va <= vb
        let (tSlow, tFast) = slowFirst ? (ta, tb) : (tb, ta)
        let (vSlow, vFast) = slowFirst ? (va, vb) : (vb, va)
        var map = Map(
            base: slowFirst ? sa : sb, direction: slowFirst ? 1 : -1,
            squareRoot: vSlow < Self.squareRootSpeedRatio * vFast)
        // A slow end that is not a cusp: the speed grows from v by about κ per unit of
        // parameter, so s ≈ vτ + κτ²/2 and τ = √(2/κ)·(√(s + c) − √c) with c = v²/(2κ) — linear
        // in the shifted square root. Without the shift (c = 0) the table would bend sharply
        // where vτ and κτ²/2 are alike, a stretch its check points can miss (a Bézier whose
        // last control point nearly meets its end).
        if map.squareRoot, vSlow > Self.cuspSpeedRatio * vFast {
            let kappa = speed.speedGrowth(at: tSlow, direction: map.direction)
            if kappa > 0, kappa.isFinite, (vSlow * vSlow / (2 * kappa)).isFinite {
                map.shift = vSlow * vSlow / (2 * kappa)
            }
        }
        let uEnd = ArcLengthTable.variable(sb - sa, squareRoot: map.squareRoot, shift: map.shift)

        // dt/du at the slow end: (ds/du)/(ds/dt); with the plain square root this is 0 unless
        // the speed vanishes there, where t ≈ t₀ + u·√(2/κ).
        var slowSlope = map.lengthSlope(at: 0) / vSlow
        if map.squareRoot, vSlow <= Self.cuspSpeedRatio * vFast {
            let kappa = speed.speedGrowth(at: tSlow, direction: map.direction)
            if kappa > 0, kappa.isFinite {
                slowSlope = map.direction * (2 / kappa).squareRoot()
            } else {
                // A zero of higher order: fall back to the secant to a nearby exact point.
                let u = uEnd * 1e-3
                slowSlope = (exactParameter(localLength: map.length(at: u)) - tSlow) / u
            }
        }
        // A speed that rounds to zero at an end that is not a cusp (coordinates of very
        // different magnitudes cancel in |B′|², so the computed speed loses every digit) gives
        // no usable slope there; the piece's secant stands in, and refinement adds exact knots.
        let secant = (tFast - tSlow) / uEnd
        var fastSlope = map.lengthSlope(at: uEnd) / vFast
        if !slowSlope.isFinite { slowSlope = secant }
        if !fastSlope.isFinite { fastSlope = secant }
        let start = Knot(u: 0, t: tSlow, slope: slowSlope)
        let end = Knot(u: uEnd, t: tFast, slope: fastSlope)

        var accepted: [(Knot, Knot)] = []
        var budget = Self.maximumIntervals
        refine(start, end, depth: 0, map: map, budget: &budget, into: &accepted)

        return accepted.map { k0, k1 in
            let w = k1.u - k0.u
            let sLow = Swift.min(map.length(at: k0.u), map.length(at: k1.u))
            return ArcLengthTable.Interval(
                start: offset + sLow, base: offset + map.base, direction: map.direction,
                squareRoot: map.squareRoot, shift: map.shift, u0: k0.u, width: w, t0: k0.t, t1: k1.t,
                m0: w * k0.slope, m1: w * k1.slope)
        }.sorted { $0.start < $1.start }
    }

    func exactParameter(localLength s: Double, guess: Double? = nil) -> Double {
        quadrature.parameter(
            atLength: Swift.min(Swift.max(s, 0), quadrature.length), speed: speed, rule: rule, guess: guess)
    }

    func refine(
        _ k0: Knot, _ k1: Knot, depth: Int, map: Map, budget: inout Int, into accepted: inout [(Knot, Knot)]
    ) {
        let w = k1.u - k0.u
        let m0 = w * k0.slope, m1 = w * k1.slope
        // Ripple of motion driven by the interpolant at three interior points:
        // |B′(t̂)|·dt̂/ds − 1 with dt̂/ds = (dt̂/du)/(ds/du).
        func rippleIsSmall(_ x: Double) -> Bool {
            let u = k0.u + x * w
            let t = ArcLengthTable.hermite(x, k0.t, k1.t, m0, m1)
            let dtdu = ArcLengthTable.hermiteSlope(x, k0.t, k1.t, m0, m1) / w
            let ratio = speed.speed(at: Swift.min(Swift.max(t, 0), 1)) * dtdu / map.lengthSlope(at: u)
            return abs(ratio - 1) <= rippleTolerance
        }
        let um = k0.u + w / 2
        let sm = map.length(at: um)
        let guess = Swift.min(Swift.max(ArcLengthTable.hermite(0.5, k0.t, k1.t, m0, m1), 0), 1)
        // Then the arc-length error of the interpolant at the midpoint (one quadrature).
        let good =
            rippleIsSmall(0.5) && rippleIsSmall(0.25) && rippleIsSmall(0.75)
            && abs(quadrature.length(to: guess, speed: speed, rule: rule) - sm) <= positionTolerance
        // An interval a thousandth of the position tolerance long is accepted as it is: its
        // position error cannot exceed its length, and near a slow end its arc lengths are
        // below the resolution of the global `s` (a few ulps of the curve's length), where
        // refinement would only chase rounding and spend the budget the rest of the piece needs.
        let extent = abs(map.length(at: k1.u) - map.length(at: k0.u))
        if good || extent <= 1e-3 * positionTolerance || depth >= 40 || budget <= 1 || !(um > k0.u && um < k1.u) {
            budget -= 1
            accepted.append((k0, k1))
            return
        }
        // The exact midpoint becomes a knot.
        let tm = exactParameter(localLength: sm, guess: guess)
        let vm = speed.speed(at: tm)
        let slope = vm > 0 ? map.lengthSlope(at: um) / vm : (k1.t - k0.t) / w
        let mid = Knot(u: um, t: tm, slope: slope)
        refine(k0, mid, depth: depth + 1, map: map, budget: &budget, into: &accepted)
        refine(mid, k1, depth: depth + 1, map: map, budget: &budget, into: &accepted)
    }
}
