import HarmonicPlatform

/// A piecewise-linear approximation of a function on an interval, with as few breakpoints as a
/// given maximum error allows: the shape of a CSS `linear()` easing that stands in for a spring
/// or any other curve.
///
/// ## Method
///
/// 0. **Jumps.** Discontinuities are located first (``jumps(of:over:_:threshold:limit:pilot:)``,
///    to adjacent `Double`s) and become two breakpoints at the same abscissa, the output just
///    before and at the jump; each continuous piece between them is fitted on its own by the
///    steps below. A curve without jumps is one piece.
/// 1. **Grid.** The function is sampled on an even grid fine enough that it is nearly linear
///    between neighbours: the spacing `h` is chosen from the largest second difference so
///    that the chord error `max|f''|·h²/8` is at most a tenth of the tolerance.
/// 2. **Fan fit.** Starting at the first breakpoint, a segment is grown sample by sample while
///    one straight line from the breakpoint can still pass within the band `f ± tolerance`
///    at every sample covered: the set of such slopes is an interval (a "fan", as in
///    Sklansky and Gonzalez's cone-intersection method for polygonal approximation), narrowed
///    at each sample. When the next sample would empty the fan, the segment ends at the last
///    sample it covered, with the fan's middle slope, and that point is the next breakpoint.
///    Breakpoint values are therefore free (not forced onto the curve), which needs roughly
///    half the breakpoints of interpolating the curve at them. End values can be pinned (a
///    spring exported as `linear()` must end exactly at 1).
/// 3. **Verification.** The breakpoints, rounded as they will be printed, are checked against
///    the function on a grid eight times finer than the fitting grid plus every breakpoint.
///    If the measured error exceeds the tolerance, the fit is redone with a tighter band. The
///    reported ``maximumError`` is this measured error, so the guarantee is a checked one,
///    not a bound assumed from the construction.
///
/// Greedy fan fitting is optimal for a fixed first point among fits whose breakpoints lie on
/// the grid's abscissae in the sense of reaching furthest with each segment; it is not
/// globally minimal, but comes within a stop or two of the minimum on the curves measured in
/// <doc:Export>, and uses far fewer stops than even spacing.
///
/// Complexity: O(n) evaluations and O(n) time for n grid samples (n is 1 024 to about a
/// million, set by the curvature and the tolerance), per attempt; usually one attempt.
public struct PiecewiseLinearApproximation: Sendable, Equatable {
    /// The breakpoints, in non-decreasing `x`. Two breakpoints share an `x` only at a jump of
    /// the function (the first carries the output just before it, the second the output at
    /// it). The first is at the interval's start and the last at its end.
    public var points: [(x: Double, y: Double)] {
        zip(xs, ys).map { ($0, $1) }
    }

    /// The breakpoints' abscissae.
    public let xs: [Double]
    /// The breakpoints' ordinates.
    public let ys: [Double]

    /// The largest `|f(x) − approximation(x)|` measured on the verification grid.
    public let maximumError: Double

    /// Creates an approximation from breakpoints (for example to measure one made elsewhere).
    public init(xs: [Double], ys: [Double], maximumError: Double) {
        self.xs = xs
        self.ys = ys
        self.maximumError = maximumError
    }

    /// The approximation's value at `x`: linear interpolation between the breakpoints, the
    /// end values outside them; at a jump, the value at the jump (the later breakpoint's, as
    /// CSS `linear()` evaluates equal inputs). O(log n).
    public func value(at x: Double) -> Double {
        guard let first = xs.first, let last = xs.last else { return 0 }
        if x <= first { return ys[0] }
        if x >= last { return ys[ys.count - 1] }
        var low = 0, high = xs.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if xs[mid] <= x { low = mid } else { high = mid }
        }
        let span = xs[high] - xs[low]
        let u = span > 0 ? (x - xs[low]) / span : 1
        return ys[low] + (ys[high] - ys[low]) * u
    }

    /// Fits `function` on `[lower, upper]` within `tolerance`.
    ///
    /// - Parameters:
    ///   - function: The curve; must be finite on the interval. Jumps larger than a quarter
    ///     of the tolerance (CSS `steps()`, an animation's repeats) are represented exactly
    ///     by two breakpoints at the same `x`, placed at the jump to within one `Double` ulp;
    ///     smaller ones are absorbed by the fit like steep stretches. At most
    ///     ``maximumJumps``.
    ///   - lower: The interval's start, finite.
    ///   - upper: The interval's end, finite and > `lower`.
    ///   - tolerance: The largest allowed error, finite and > 0, in the function's units.
    ///   - startValue: The value the first breakpoint must take (default `function(lower)`).
    ///   - endValue: The value the last breakpoint must take (default `function(upper)`);
    ///     must be within `tolerance` of `function(upper)`.
    ///   - rounding: Applied to every breakpoint before verification, to account for the
    ///     precision the breakpoints will be printed with (default: none).
    /// - Throws: ``HarmonicError`` naming `tolerance`, the interval, the end values, or
    ///   `curve` when it is not finite at one of 1,025 evenly spaced points or has more than
    ///   ``maximumJumps`` jumps.
    public static func fit(
        _ function: (Double) -> Double, over lower: Double, _ upper: Double, tolerance: Double,
        startValue: Double? = nil, endValue: Double? = nil,
        rounding: (x: (Double) -> Double, y: (Double) -> Double)? = nil
    ) throws(HarmonicError) -> PiecewiseLinearApproximation {
        try HarmonicError.require(tolerance, named: "tolerance", "> 0") { $0 > 0 }
        try HarmonicError.require(lower, named: "start")
        try HarmonicError.require(upper, named: "end", "> start") { $0 > lower }
        // A curve that is not finite somewhere (a progress divided by a span that underflows)
        // has no approximation; without this check every bisection would run to its budget.
        let pilot = 1024
        for i in 0...pilot {
            let x = i == pilot ? upper : lower + Double(i) * ((upper - lower) / Double(pilot))
            let y = function(x)
            guard y.isFinite else {
                throw .invalidParameter(
                    name: "curve", value: "\(HarmonicError.text(y)) at \(HarmonicError.text(x))",
                    allowed: "finite values over [\(HarmonicError.text(lower)), \(HarmonicError.text(upper))]")
            }
        }
        let y0 = startValue ?? function(lower)
        let y1 = endValue ?? function(upper)
        try HarmonicError.require(y0, named: "start value")
        try HarmonicError.require(y1, named: "end value")
        if abs(y1 - function(upper)) > tolerance {
            throw .invalidParameter(
                name: "end value", value: HarmonicError.text(y1),
                allowed: "within the tolerance of the curve's value \(HarmonicError.text(function(upper)))")
        }
        if abs(y0 - function(lower)) > tolerance {
            throw .invalidParameter(
                name: "start value", value: HarmonicError.text(y0),
                allowed: "within the tolerance of the curve's value \(HarmonicError.text(function(lower)))")
        }
        // A curve that bends more than a grid of 2¹⁸ intervals can follow at this tolerance is
        // refused here, before any fit: the work is bounded by the grid, not by the values.
        let needed = neededGridIntervals(function, lower, upper, tolerance)
        guard needed <= Double(maximumGridCount) else {
            throw .invalidParameter(
                name: "tolerance", value: HarmonicError.text(tolerance),
                allowed: "coarse enough for this curve (it bends so sharply that it would need about "
                    + "\(needed < 1e15 ? String(Int(needed)) : HarmonicError.text(needed)) samples; at most 2^18)")
        }
        guard let jumps = jumps(of: function, over: lower, upper, threshold: tolerance / 4) else {
            throw .invalidParameter(
                name: "curve", value: "more than \(maximumJumps) jumps",
                allowed: "at most \(maximumJumps) jumps (each is two stops)")
        }
        if jumps.isEmpty {
            return continuousFit(function, lower, upper, tolerance: tolerance, y0: y0, y1: y1, rounding: rounding)
        }
        // One fit per continuous piece; a piece ending at a jump takes the output just before
        // the jump at its end, and the next piece starts with the output at the jump.
        var xs: [Double] = [], ys: [Double] = []
        var worst = 0.0
        var start = lower, startValue = y0
        let span = upper - lower
        for jump in jumps {
            let end = jump.at, left = jump.left
            // Int: end − start ≤ span, so the argument is in [0, 1024].
            let pilot = Swift.max(64, Int((1024 * (end - start) / span).rounded(.up)))
            let piece = continuousFit(
                { $0 >= end ? left : function($0) }, start, end, tolerance: tolerance, y0: startValue,
                y1: left, rounding: rounding, pilot: pilot, share: (end - start) / span)
            xs += piece.xs
            ys += piece.ys
            worst = Swift.max(worst, piece.maximumError)
            start = end
            startValue = jump.right
        }
        if start < upper {
            // Int: upper − start ≤ span, so the argument is in [0, 1024].
            let pilot = Swift.max(64, Int((1024 * (upper - start) / span).rounded(.up)))
            let piece = continuousFit(
                function, start, upper, tolerance: tolerance, y0: startValue, y1: y1, rounding: rounding, pilot: pilot,
                share: (upper - start) / span)
            xs += piece.xs
            ys += piece.ys
            worst = Swift.max(worst, piece.maximumError)
        } else {
            // A jump at the interval's end (`steps(n, jump-end)` at 1).
            let last = rounding.map { $0.y(y1) } ?? y1
            xs.append(upper)
            ys.append(last)
            worst = Swift.max(worst, abs(function(upper) - last))
        }
        return PiecewiseLinearApproximation(xs: xs, ys: ys, maximumError: worst)
    }

    /// The fit of a function without jumps (steps 1–3 of the method), on a grid whose pilot has
    /// `pilot` intervals, for a piece that is `share` of the whole interval: its grid and its
    /// bisections take at most that share of ``maximumGridCount`` samples each (and `pilot`
    /// at least), so that the pieces between jumps together stay within the budget.
    static func continuousFit(
        _ function: (Double) -> Double, _ lower: Double, _ upper: Double, tolerance: Double, y0: Double, y1: Double,
        rounding: (x: (Double) -> Double, y: (Double) -> Double)?, pilot: Int = 1024, share: Double = 1
    ) -> PiecewiseLinearApproximation {
        // Int: share is in (0, 1] (a piece of the interval), so the product is at most 2^18.
        let budget = Swift.max(pilot, Int(Double(maximumGridCount) * Swift.min(Swift.max(share, 0), 1)))
        let count = Swift.min(gridCount(function, lower, upper, tolerance, pilot: pilot), budget)
        let grid = samples(function, lower, upper, count: count, tolerance: tolerance, budget: budget)
        // The points every candidate is measured on, evaluated once: the rounds below then
        // cost comparisons, not evaluations (4 per grid interval; 32 MiB at the largest grid).
        let checks = probes(function, on: grid.xs, subdivisions: 4)
        var band = 0.9 * tolerance
        var best: PiecewiseLinearApproximation?
        for _ in 0..<12 {
            var (xs, ys) = fanFit(grid.xs, grid.ys, band: band, y0: y0, y1: y1)
            if let rounding {
                xs = xs.map(rounding.x)
                ys = ys.map(rounding.y)
                xs[0] = lower
                xs[xs.count - 1] = upper
            }
            let candidate = PiecewiseLinearApproximation(
                xs: xs, ys: ys, maximumError: measure(xs, ys, function, on: checks))
            if candidate.maximumError <= tolerance { return candidate }
            if best == nil || candidate.maximumError < best!.maximumError { best = candidate }
            band *= 0.7
        }
        return best!
    }

    /// Evenly spaced breakpoints interpolating `function`: the baseline the fan fit is compared
    /// with. `count` breakpoints (≥ 2) at `lower + (upper − lower)·i/(count − 1)`, with the
    /// given end values.
    public static func evenlySpaced(
        _ function: (Double) -> Double, over lower: Double, _ upper: Double, count: Int,
        startValue: Double? = nil, endValue: Double? = nil, verificationCount: Int = 1 << 16
    ) -> PiecewiseLinearApproximation {
        let n = Swift.max(count, 2)
        var xs: [Double] = [], ys: [Double] = []
        for i in 0..<n {
            let x = i == n - 1 ? upper : lower + (upper - lower) * Double(i) / Double(n - 1)
            xs.append(x)
            ys.append(function(x))
        }
        if let startValue { ys[0] = startValue }
        if let endValue { ys[n - 1] = endValue }
        let check = Swift.max(verificationCount, 8 * n)
        return PiecewiseLinearApproximation(
            xs: xs, ys: ys,
            maximumError: measure(
                xs, ys, function, on: probes(function, on: xs, subdivisions: (check + n - 2) / (n - 1))))
    }

    /// The fewest evenly spaced interpolating breakpoints whose measured error is within
    /// `tolerance`, found by doubling and then bisection over the count (error is not strictly
    /// monotone in the count, so this is the smallest count the bisection meets that passes).
    /// Capped at `limit` breakpoints and at `evaluationLimit` evaluations of `function` in all
    /// (an attempt with `n` breakpoints takes about `17·n`); returns `nil` if even `limit`
    /// breakpoints do not pass or the search would need more evaluations.
    public static func fewestEvenlySpaced(
        _ function: (Double) -> Double, over lower: Double, _ upper: Double, tolerance: Double,
        startValue: Double? = nil, endValue: Double? = nil, limit: Int = 1 << 20, evaluationLimit: Int = 1 << 26
    ) -> PiecewiseLinearApproximation? {
        var evaluations = 0
        func attempt(_ n: Int) -> PiecewiseLinearApproximation? {
            evaluations += 17 * n + 1
            guard evaluations <= evaluationLimit else { return nil }
            return evenlySpaced(
                function, over: lower, upper, count: n, startValue: startValue, endValue: endValue,
                verificationCount: 16 * n)
        }
        var high = 2
        guard var passing = attempt(high) else { return nil }
        while passing.maximumError > tolerance {
            guard high < limit else { return nil }
            high = Swift.min(high * 2, limit)
            guard let next = attempt(high) else { return nil }
            passing = next
        }
        var low = high / 2  // fails (or is below 2)
        while high - low > 1 {
            let mid = (low + high) / 2
            guard let candidate = attempt(mid) else { return nil }
            if candidate.maximumError <= tolerance {
                high = mid
                passing = candidate
            } else {
                low = mid
            }
        }
        return passing
    }

    // MARK: Implementation

    /// Grid intervals for a chord error of at most a tenth of the tolerance, from the largest
    /// second difference on a pilot grid of `pilot` intervals (doubled for safety), between
    /// `pilot` and 2^18. The whole interval uses a 1 024-interval pilot; the pieces between
    /// jumps use a share of it in proportion to their length (at least 64).
    static func gridCount(
        _ f: (Double) -> Double, _ lower: Double, _ upper: Double, _ tolerance: Double, pilot: Int = 1024
    ) -> Int {
        let needed = neededGridIntervals(f, lower, upper, tolerance, pilot: pilot)
        // A piece between jumps is not checked as the whole interval is: its curvature can be
        // NaN, which asks for the largest grid.
        guard needed <= Double(maximumGridCount) else { return maximumGridCount }
        // Int: needed ≤ maximumGridCount (NaN fails the guard above).
        return Int(Swift.max(needed, Double(pilot)))
    }

    /// The most grid intervals a fit samples, 2¹⁸: the fit's work is bounded by the size of
    /// this grid, whatever the curve's values: about 6·2¹⁸ evaluations of the curve (the grid,
    /// the bisections' budget of as many again, and 4 measuring points per interval), 1.6
    /// million, which the slowest curve the tool reads (a cubic paced keyframe track, about
    /// 2.5 µs an evaluation) does in about 4 s.
    static let maximumGridCount = 1 << 18

    /// The grid intervals the curvature seen on a pilot grid of `pilot` intervals asks for
    /// (`pilot` for a straight line; possibly more than ``maximumGridCount``, or infinite).
    static func neededGridIntervals(
        _ f: (Double) -> Double, _ lower: Double, _ upper: Double, _ tolerance: Double, pilot: Int = 1024
    ) -> Double {
        let h = (upper - lower) / Double(pilot)
        var previous = f(lower), current = f(lower + h)
        var largest = 0.0
        for i in 2...pilot {
            let next = f(i == pilot ? upper : lower + Double(i) * h)
            let second = abs(next - 2 * current + previous) / (h * h)
            if second.isFinite { largest = Swift.max(largest, second) }
            previous = current
            current = next
        }
        let curvature = 2 * largest
        guard curvature > 0 else { return Double(pilot) }
        // curvature·step²/8 ≤ tolerance/10
        let step = (0.8 * tolerance / curvature).squareRoot()
        return ((upper - lower) / step).rounded(.up)
    }

    /// The samples the fan fit runs on: the even grid of `count` intervals, where the grid
    /// is fine enough, and bisected intervals where it is not.
    ///
    /// The grid's spacing follows the largest second difference on the pilot grid, which
    /// misses a bend sharper than the pilot can see: a vertical tangent (`y ≈ c·√x` at the
    /// start of `cubic-bezier(0, 11, 0.25, 2)`) has unbounded curvature. An interval next to a
    /// second difference above `0.8·tolerance` (a chord error above a tenth of the tolerance)
    /// is bisected, recursively, until the chord error at each midpoint is below a tenth of the
    /// tolerance, or the halves are adjacent doubles; at most `budget` samples are added. Smooth
    /// curves add none, so their samples are exactly the even grid's.
    static func samples(
        _ f: (Double) -> Double, _ lower: Double, _ upper: Double, count: Int, tolerance: Double,
        budget: Int = maximumGridCount
    ) -> (xs: [Double], ys: [Double]) {
        let h = (upper - lower) / Double(count)
        func gridX(_ i: Int) -> Double { i == count ? upper : lower + Double(i) * h }
        var evenYs = [Double](repeating: 0, count: count + 1)
        for i in 0...count { evenYs[i] = f(gridX(i)) }
        let chord = tolerance / 10
        func bends(_ i: Int) -> Bool {
            guard i > 0, i < count else { return false }
            return !(abs(evenYs[i + 1] - 2 * evenYs[i] + evenYs[i - 1]) <= 8 * chord)
        }
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(count + 1)
        ys.reserveCapacity(count + 1)
        var budget = budget
        func bisect(_ a: Double, _ fa: Double, _ b: Double, _ fb: Double, depth: Int) {
            let m = a + (b - a) / 2
            guard m > a, m < b, depth < 64, budget > 0 else { return }
            let fm = f(m)
            budget -= 1
            if !(abs(fm - (fa + fb) / 2) <= chord) { bisect(a, fa, m, fm, depth: depth + 1) }
            xs.append(m)
            ys.append(fm)
            if !(abs(fm - (fa + fb) / 2) <= chord) { bisect(m, fm, b, fb, depth: depth + 1) }
        }
        for i in 0..<count {
            xs.append(gridX(i))
            ys.append(evenYs[i])
            if bends(i) || bends(i + 1) { bisect(gridX(i), evenYs[i], gridX(i + 1), evenYs[i + 1], depth: 0) }
        }
        xs.append(upper)
        ys.append(evenYs[count])
        return (xs, ys)
    }

    /// The fan (cone-intersection) fit on the samples `(xs[i], samples[i])`.
    static func fanFit(
        _ gridXs: [Double], _ samples: [Double], band: Double, y0: Double, y1: Double
    ) -> (xs: [Double], ys: [Double]) {
        let count = gridXs.count - 1
        var xs = [gridXs[0]], ys = [y0]
        var start = 0
        while start < count {
            let xs0 = xs[xs.count - 1], ys0 = ys[ys.count - 1]
            var low = -Double.infinity, high = Double.infinity
            var reached = start
            var j = start + 1
            while j <= count {
                let dx = gridXs[j] - xs0
                // The last sample is pinned to the end value (which lies inside its band).
                let bandLow = j == count ? y1 : samples[j] - band
                let bandHigh = j == count ? y1 : samples[j] + band
                let newLow = Swift.max(low, (bandLow - ys0) / dx)
                let newHigh = Swift.min(high, (bandHigh - ys0) / dx)
                if newLow > newHigh { break }
                low = newLow
                high = newHigh
                reached = j
                j += 1
            }
            let x = gridXs[reached]
            let y = reached == count ? y1 : ys0 + (low + (high - low) / 2) * (x - xs0)
            xs.append(x)
            ys.append(y)
            start = reached
        }
        return (xs, ys)
    }

    /// Points to measure a fit on: `subdivisions` evenly spaced points in every interval of
    /// `grid` and its last point, ascending, with the function's values there.
    static func probes(
        _ f: (Double) -> Double, on grid: [Double], subdivisions: Int
    ) -> (xs: [Double], values: [Double]) {
        var xs: [Double] = [], values: [Double] = []
        let count = (grid.count - 1) * subdivisions + 1
        xs.reserveCapacity(count)
        values.reserveCapacity(count)
        for k in 0..<(grid.count - 1) {
            let a = grid[k], w = grid[k + 1] - a
            for j in 0..<subdivisions {
                let x = a + w * Double(j) / Double(subdivisions)
                xs.append(x)
                values.append(f(x))
            }
        }
        xs.append(grid[grid.count - 1])
        values.append(f(grid[grid.count - 1]))
        return (xs, values)
    }

    /// The largest error at the `probes` (ascending, with the function's values there) and at
    /// every breakpoint; NaN counts as infinite.
    static func measure(
        _ xs: [Double], _ ys: [Double], _ f: (Double) -> Double, on probes: (xs: [Double], values: [Double])
    ) -> Double {
        let approximation = PiecewiseLinearApproximation(xs: xs, ys: ys, maximumError: 0)
        var worst = 0.0
        // Walk the breakpoints alongside the points instead of searching for each one.
        var segment = 0
        for (x, fx) in zip(probes.xs, probes.values) {
            while segment + 2 < xs.count, xs[segment + 1] <= x { segment += 1 }
            let span = xs[segment + 1] - xs[segment]
            let u = span > 0 ? Swift.min(Swift.max((x - xs[segment]) / span, 0), 1) : 1
            let value = ys[segment] + (ys[segment + 1] - ys[segment]) * u
            let error = abs(fx - value)
            worst = Swift.max(worst, error.isNaN ? .infinity : error)
        }
        for x in xs {
            let error = abs(f(x) - approximation.value(at: x))
            worst = Swift.max(worst, error.isNaN ? .infinity : error)
        }
        return worst
    }

    public static func == (lhs: PiecewiseLinearApproximation, rhs: PiecewiseLinearApproximation) -> Bool {
        lhs.xs == rhs.xs && lhs.ys == rhs.ys && lhs.maximumError == rhs.maximumError
    }
}
