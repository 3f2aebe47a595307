import HarmonicPlatform

extension CubicBezier {
    /// The curve parameter `t ∈ [0, 1]` with `x(t) = x`: the inverse of the input coordinate.
    ///
    /// The answer is accurate where it matters, in the **output** `y(t)`: the error of `t` is
    /// kept below what moves `y` by more than a few ulps. Browsers stop when the residual
    /// `|x(t) − x|` drops below 1e-7; near a zero-slope end of `x(t)` (`x1 = 0`, `x2 = 1`) or a
    /// vertical inflection (`(1, 0, 0, 1)` at 0.5) a residual that small still leaves `t`, and
    /// so the output, wrong by up to 1e-5 (Chromium) or 1.5e-2 (WebKit, `bezier-easing`).
    ///
    /// The solver works in two phases:
    ///
    /// 1. A first guess from a table over 64 intervals of the parameter: the cubic Hermite
    ///    interpolant of the inverse `t(x)`, which matches `t` and `dt/dx = 1/x'` at both knots
    ///    and is typically within 1e-7. The interval comes from one of 257 equal input buckets
    ///    and one comparison (a six-step binary search where a bucket holds several knots).
    ///    Then one Halley step in plain `Double` (cubic convergence: 1e-7 becomes far below an
    ///    ulp), a second one where the guess was poorer. The result counts as converged when
    ///    Halley's error law predicts a remaining error below 2⁻⁵⁶·t from the size of the last
    ///    step (see `isConverged`; on the short path with the law's constant bounded over the
    ///    whole interval at construction): a stop on the parameter, not on the residual.
    ///    Otherwise up to four more steps are taken.
    /// 2. The result is accepted only when the rounding noise of the residual, propagated
    ///    through `dt = dx/x'(t)` into `dy = y'(t)·dt`, is below about 1e-13:
    ///    `|y'(t)|·S(t) ≤ 128·x'(t)` with `S(t) = |a|t³ + |b|t² + |c|t` the size of the
    ///    terms summed. Otherwise (near a zero of `x'` away from `t = 0`, or for very large
    ///    `y1`, `y2`) the root is polished by Newton's method kept inside a bisection bracket
    ///    that starts as `[0, 1]`, with the residual evaluated by a compensated Horner scheme on
    ///    coefficients carried to 106 bits, and it stops when the bracket or the Newton step
    ///    cannot shrink in `Double` any more.
    ///
    /// In the first and last interval, when `x'` vanishes at that end (`x1 = 0`, `x2 = 1`), the
    /// first guess solves the curve's quadratic Taylor polynomial at that end instead, which is
    /// exact to first order there (a linear guess would be off by a factor that Halley's method
    /// needs many steps to recover from). Intervals next to another zero of `x'` interpolate
    /// linearly.
    ///
    /// Because `x(t)` cancels to a cube `x(t) − x ≈ k(t − t₀)³` at a vertical inflection, a
    /// residual that is good to 1e-16 only pins `t` to 1e-5 there; the compensated residual,
    /// good to about 1e-32, pins it to one or two ulps for every double input.
    ///
    /// - Parameter x: The input progress. Values ≤ 0 give 0, values ≥ 1 give 1.
    /// - Returns: `t` within a couple of ulps of the exact root of the exact polynomial.
    /// - Complexity: O(1): one Halley step for nearly every input; the polishing phase, when
    ///   taken, needs 2–10 Newton steps from the first phase's answer (at most 1,100 from an
    ///   arbitrary start).
    @inlinable
    public func parameter(forInput x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return interiorParameter(forInput: x)
    }

    /// ``parameter(forInput:)`` for `x` already known to be in `(0, 1)` (``value(at:)`` has
    /// checked it), without checking again.
    // `readonly`: the solver only reads the curve's immutable storage and never writes, allocates
    // or releases. Callers in other modules do not inline this function and, without the
    // annotation, must assume the call may release anything: a curve read from an array
    // (`curves[i].value(at: x)`) was then retained and released around every call, ~57 of ~223
    // instructions per call. Keep every path free of allocation and reference counting (the
    // table lives in plain buffers owned by the storage for that reason).
    @inlinable @_effects(readonly)
    func interiorParameter(forInput x: Double) -> Double {
        let interval = tableInterval(containing: x)
        guard fastIntervals & (1 &<< UInt64(truncatingIfNeeded: interval)) != 0 else {
            return generalParameter(forInput: x, interval: interval)
        }
        // The short path: an interval whose noise bound holds everywhere, so one Halley step from
        // the interpolant is the answer once it passes the interval's convergence bound (the
        // error law with K bounded over the interval, and the Newton-step check).
        let table = storage.table
        let j = Self.tableIntervals &+ 1 &+ 4 &* interval
        let u = x - table[interval]
        let guess =
            Double(interval) / Double(Self.tableIntervals) + u * (table[j] + u * (table[j &+ 1] + u * table[j &+ 2]))
        let first = halleyStep(from: guess, input: x)
        let d = abs(first.step)
        if d * d * d <= table[j &+ 3] * first.next, first.next <= 1, abs(first.residual) <= 2 * d * first.slope {
            return first.next
        }
        return secondStepParameter(forInput: x, guess: guess, interval: interval, from: first.next)
    }

    /// The table interval `k` (`0…63`) with `x(k/64) ≤ x < x((k+1)/64)`, for `x ∈ (0, 1)`: from
    /// the input's bucket (`x·256` rounded to the nearest integer, exactly, by adding 2⁵²) when it
    /// holds at most one knot — one comparison — otherwise by binary search.
    @inlinable @inline(__always)
    func tableInterval(containing x: Double) -> Int {
        let table = storage.table
        let bucket = Int(truncatingIfNeeded: (x * Double(Self.bucketCount) + 0x1p52).bitPattern & 0x1FF)
        let entry = storage.buckets[bucket]
        guard entry & 0x80 == 0 else { return Self.searchInterval(containing: x) { table[$0] } }
        let k = Int(truncatingIfNeeded: entry)
        return table[k &+ 1] <= x ? k &+ 1 : k
    }

    /// The last `k` in `0…63` with `knot(k) ≤ x`, for increasing knots with `knot(0) ≤ x`: a
    /// branch-free binary search in six steps.
    @inlinable @inline(__always)
    static func searchInterval(containing x: Double, knot: (Int) -> Double) -> Int {
        var k = 0
        k &+= knot(k &+ 32) <= x ? 32 : 0
        k &+= knot(k &+ 16) <= x ? 16 : 0
        k &+= knot(k &+ 8) <= x ? 8 : 0
        k &+= knot(k &+ 4) <= x ? 4 : 0
        k &+= knot(k &+ 2) <= x ? 2 : 0
        k &+= knot(k &+ 1) <= x ? 1 : 0
        return k
    }

    /// The cubic Hermite interpolant of the inverse in table interval `k`.
    @inlinable @inline(__always)
    func interpolatedParameter(forInput x: Double, interval k: Int) -> Double {
        let table = storage.table
        let u = x - table[k]
        let j = Self.tableIntervals &+ 1 &+ 4 &* k
        return Double(k) / Double(Self.tableIntervals) + u * (table[j] + u * (table[j &+ 1] + u * table[j &+ 2]))
    }

    /// The first guess in any interval: the interpolant, or, in the first or last interval when
    /// `x'` vanishes at that end (`x1 = 0`, `x2 = 1`), the root of the curve's quadratic Taylor
    /// polynomial there.
    @inlinable
    func initialParameter(forInput x: Double, interval k: Int) -> Double {
        if k == 0, startIsFlat {
            // Near t = 0 the curve is cx·t + bx·t² + …; a linear guess is poor when x1 = 0.
            return Self.smallRoot(linear: cx, quadratic: bx, of: x)
        }
        if k == Self.tableIntervals - 1, endIsFlat {
            // Mirrored at (1, 1): 1 − x = c'·s + b'·s² + s³ with s = 1 − t (1 − x is exact).
            return 1 - Self.smallRoot(linear: endLinear, quadratic: endQuadratic, of: 1 - x)
        }
        return interpolatedParameter(forInput: x, interval: k)
    }

    /// The solver outside the short path: a flat end, or an interval whose noise bound must be
    /// checked at the answer. Out of line so that the short path stays small.
    @usableFromInline @_effects(readonly)
    func generalParameter(forInput x: Double, interval: Int) -> Double {
        let guess = initialParameter(forInput: x, interval: interval)
        let first = halleyStep(from: guess, input: x)
        if isConverged(first.next, first) { return acceptedParameter(forInput: x, interval: interval, after: first) }
        return secondStepParameter(forInput: x, guess: guess, interval: interval, from: first.next)
    }

    /// Where the inverse bends sharply the interpolated guess is off by ~1e-5: a second Halley
    /// step (from `t`, the first step's result) brings it below an ulp; if even that does not
    /// converge, the rare path from the better of `t` and the first guess.
    @usableFromInline @_effects(readonly)
    func secondStepParameter(forInput x: Double, guess: Double, interval: Int, from t: Double) -> Double {
        let last = halleyStep(from: t, input: x)
        guard isConverged(last.next, last) else {
            let valid = last.next.isFinite && last.next >= 0 && last.next <= 1
            return slowParameter(forInput: x, from: valid ? last.next : guess)
        }
        return acceptedParameter(forInput: x, interval: interval, after: last)
    }

    /// A converged Halley result, accepted when the output-noise bound holds (precomputed for
    /// the interval, or checked at the point); otherwise polished.
    @inlinable @inline(__always)
    func acceptedParameter(forInput x: Double, interval: Int, after last: HalleyStep) -> Double {
        if quietIntervals & (1 &<< UInt64(truncatingIfNeeded: interval)) != 0
            || isAccurate(atParameter: last.next, slope: last.slope)
        {
            return last.next
        }
        return polishedParameter(forInput: x, guess: last.next)
    }

    /// One Halley step for `x(t) = x` from `t`: `t − f·f'/(f'² − f·f''/2)`, with the residual
    /// and slope at `t` it used.
    @usableFromInline
    struct HalleyStep {
        @usableFromInline var next: Double
        @usableFromInline var step: Double
        @usableFromInline var residual: Double
        @usableFromInline var slope: Double
        @usableFromInline var curvature: Double

        @inlinable
        init(next: Double, step: Double, residual: Double, slope: Double, curvature: Double) {
            self.next = next
            self.step = step
            self.residual = residual
            self.slope = slope
            self.curvature = curvature
        }
    }

    @inlinable @inline(__always)
    func halleyStep(from t: Double, input x: Double) -> HalleyStep {
        // Estrin-style evaluation: shorter dependency chains than Horner, same rounding size.
        let t2 = t * t
        let f = (cx * t - x) + t2 * (ax * t + bx)
        let slope = (bx2 * t + cx) + ax3 * t2
        let curvature = ax6 * t + bx2
        let step = f * slope / (slope * slope - 0.5 * f * curvature)
        return HalleyStep(next: t - step, step: step, residual: f, slope: slope, curvature: curvature)
    }

    /// Convergence on the parameter, from Halley's error law `e' ≈ K·e³` with
    /// `K = x''²/(4x'²) − x'''/(6x')` (`x''' = 6a`): after a step of size `δ ≈ e` the remaining
    /// error is about `|K|·δ³`, and the result is accepted when four times that is below 2⁻⁵⁴·t,
    /// `t ∈ [0, 1]`, and the Newton step `f/f'` at the same point is at most twice the Halley
    /// step. (Near a zero of `x'` the Halley step also shrinks where there is no root, tending to
    /// −2x'/x''; the Newton test rejects that.)
    @inlinable @inline(__always)
    func isConverged(_ t: Double, _ last: HalleyStep) -> Bool {
        let d = abs(last.step)
        let bound = (last.curvature * last.curvature + axAbs4 * last.slope) * (d * d * d)
        return t >= 0 && t <= 1 && bound <= 0x1p-54 * t * last.slope * last.slope
            && abs(last.residual) <= 2 * d * last.slope
    }

    /// Whether the rounding noise of the plain residual, propagated to the output, is below
    /// about 1e-13: `|y'(t)|·S(t) ≤ 128·x'(t)` with `S(t) = |a|t³ + |b|t² + |c|t`.
    @inlinable @inline(__always)
    func isAccurate(atParameter t: Double, slope: Double) -> Bool {
        let terms = ((abs(ax) * t + abs(bx)) * t + abs(cx)) * t
        let dy = abs(3 * ((outputSlopeP * t + outputSlopeQ) * t + outputSlopeR))
        return slope > 0 && dy * terms * scale <= 128 * slope
    }

    /// The rare path: more Halley steps (at most four) from `t`, then, if the answer is still not
    /// accurate in the output, the polishing phase.
    @usableFromInline @_effects(readonly)
    func slowParameter(forInput x: Double, from start: Double) -> Double {
        var t = start
        for _ in 0..<4 {
            let step = halleyStep(from: t, input: x)
            guard step.next >= 0, step.next <= 1 else { break }  // also false for NaN
            t = step.next
            if isConverged(t, step) {
                if isAccurate(atParameter: t, slope: step.slope) { return t }
                break
            }
        }
        return polishedParameter(forInput: x, guess: t)
    }

    /// The positive root of `c·u + b·u² = v` for small `v ≥ 0` (`c, b` the first two Taylor
    /// coefficients of the curve at an end), or `∛v` when both vanish (`x = t³` there): the first
    /// guess near an end, where the secant of the table is far from a flat curve.
    @inlinable
    static func smallRoot(linear c: Double, quadratic b: Double, of v: Double) -> Double {
        let denominator = c + Swift.max(0, c * c + 4 * b * v).squareRoot()
        let root = denominator > 0 ? 2 * v / denominator : cbrt(v)
        return Swift.min(Swift.max(root, 0), 1)
    }

    /// Phase 2 of ``parameter(forInput:)``: Newton's method on the compensated residual inside
    /// a bisection bracket that starts as `[0, 1]` (where `x(0) − x < 0 < x(1) − x`). Every
    /// Newton step that lands inside the bracket is taken (on a monotone cubic it cannot cycle),
    /// otherwise the bracket is halved. It stops when the step no longer changes `t` or the
    /// bracket is two adjacent doubles: `t` is then within one ulp of the exact root.
    @usableFromInline @_effects(readonly)
    func polishedParameter(forInput x: Double, guess: Double) -> Double {
        var lower = 0.0, upper = 1.0
        var t = guess.isFinite ? Swift.min(Swift.max(guess, 0), 1) : 0.5
        // 1,100 steps reach any double in [0, 1] even by halving (subnormals included); a start
        // from the first phase needs 2–10.
        for _ in 0..<1100 {
            let f = accurateResidual(atParameter: t, input: x)
            if f == 0 { return t }
            if f < 0 { lower = t } else { upper = t }
            var next = t - f / inputDerivative(atParameter: t)
            if next == t { return t }  // the Newton step is below half an ulp
            if !(next > lower && next < upper) {
                next = lower + (upper - lower) / 2
                if next <= lower || next >= upper { return t }
            }
            t = next
        }
        return t
    }

    /// `x(t) − x` with an error of about 2⁻¹⁰⁶ of the terms' size plus one rounding of the
    /// result: compensated Horner evaluation (Graillat, Langlois & Louvet 2005) of the
    /// polynomial `((A·t + B)·t + C)·t − x` whose coefficients are double-doubles.
    @usableFromInline
    func accurateResidual(atParameter t: Double, input x: Double) -> Double {
        let p1 = DoubleDouble.product(ax, t)
        let s1 = DoubleDouble.sum(p1.hi, bx)
        let e1 = axLow * t + (p1.lo + s1.lo + bxLow)
        let p2 = DoubleDouble.product(s1.hi, t)
        let s2 = DoubleDouble.sum(p2.hi, cx)
        let e2 = e1 * t + (p2.lo + s2.lo + cxLow)
        let p3 = DoubleDouble.product(s2.hi, t)
        let s3 = DoubleDouble.sum(p3.hi, -x)
        let e3 = e2 * t + (p3.lo + s3.lo)
        return s3.hi + e3
    }
}
