import Foundation

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
    /// 1. A first guess from a 17-point table of `x(k/16)` (the interval is found with one
    ///    vector comparison, no search), then at most four Halley steps in plain `Double`
    ///    (cubic convergence: the table's error of about 1e-3 becomes 1e-9, then below one
    ///    ulp). It stops when the last Halley step and the Newton step at the same point are
    ///    both below 2⁻²⁷ of `t` (the Newton test rejects the spurious small Halley steps near
    ///    a zero of `x'` where there is no root).
    /// 2. The result is accepted only when the rounding noise of the residual, propagated
    ///    through `dt = dx/x'(t)` into `dy = y'(t)·dt`, is below about 1e-14:
    ///    `|y'(t)|·S(t) ≤ 16·x'(t)` with `S(t) = |a|t³ + |b|t² + |c|t` the size of the
    ///    terms summed. Otherwise (near a zero of `x'` away from `t = 0`, or for very large
    ///    `y1`, `y2`) the root is polished by Newton's method kept inside the bracket `[0, 1]`
    ///    (a bisection bracket), with the residual evaluated by a compensated Horner scheme on
    ///    coefficients carried to 106 bits, and it stops when the bracket or the Newton step
    ///    cannot shrink in `Double` any more.
    ///
    /// In the first and last sixteenth the first guess solves the curve's quadratic Taylor
    /// polynomial at that end instead, which is exact to first order even when `x1 = 0` or
    /// `x2 = 1` (a linear guess is then off by a factor that Halley's method needs many steps
    /// to recover from).
    ///
    /// Because `x(t)` cancels to a cube `x(t) − x ≈ k(t − t₀)³` at a vertical inflection, a
    /// residual that is good to 1e-16 only pins `t` to 1e-5 there; the compensated residual,
    /// good to about 1e-32, pins it to one or two ulps for every double input.
    ///
    /// - Parameter x: The input progress. Values ≤ 0 give 0, values ≥ 1 give 1.
    /// - Returns: `t` within a couple of ulps of the exact root of the exact polynomial.
    /// - Complexity: O(1): two Halley steps for nearly every input; the polishing phase, when
    ///   taken, needs 2–10 Newton steps from the first phase's answer (at most 1,100 from an
    ///   arbitrary start).
    @inlinable
    public func parameter(forInput x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let below = knots .<= SIMD16(repeating: x)
        let count = SIMD16<Int64>(repeating: 0).replacing(with: 1, where: below).wrappedSum()
        let k = Int(truncatingIfNeeded: count) &- 1
        var t: Double
        if k == 0 {
            // Near t = 0 the curve is cx·t + bx·t² + …; a linear guess is poor when x1 = 0.
            t = Self.smallRoot(linear: cx, quadratic: bx, of: x)
        } else if k == 15 {
            // Mirrored at (1, 1): 1 − x = c'·s + b'·s² + s³ with s = 1 − t (1 − x is exact).
            t = 1 - Self.smallRoot(linear: endLinear, quadratic: endQuadratic, of: 1 - x)
        } else {
            t = Double(k) * 0x1p-4 + (x - knots[k]) * inverseSecants[k]
        }
        var converged = false
        var slope = 0.0
        for _ in 0..<4 {
            let f = ((ax * t + bx) * t + cx) * t - x
            slope = (3 * ax * t + 2 * bx) * t + cx
            let curvature = 6 * ax * t + 2 * bx
            // Halley's step: f·f' / (f'² − f·f''/2).
            let step = f * slope / (slope * slope - 0.5 * f * curvature)
            let next = t - step
            guard next >= 0, next <= 1 else { break }  // also false for NaN
            t = next
            // Both the Halley and the Newton step must be small: near a zero of x'(t) Halley's
            // step also shrinks where there is no root (it tends to −2x'/x'').
            if abs(step) <= 0x1p-27 * t, abs(f) <= 0x1p-26 * t * slope {
                converged = true
                break
            }
        }
        if converged, slope > 0 {
            // The output error caused by the residual's rounding noise, relative to the slope.
            let terms = ((abs(ax) * t + abs(bx)) * t + abs(cx)) * t
            let scale = outputScale
            let dy = abs(outputDerivativeScaled(atParameter: t, scale: scale))
            if dy * terms * scale <= 16 * slope { return t }
        }
        return polishedParameter(forInput: x, guess: t)
    }

    /// The positive root of `c·u + b·u² = v` for small `v ≥ 0` (`c, b` the first two Taylor
    /// coefficients of the curve at an end), or `∛v` when both vanish (`x = t³` there): the first
    /// guess near an end, where the secant of the table is far from a flat curve.
    @inlinable
    static func smallRoot(linear c: Double, quadratic b: Double, of v: Double) -> Double {
        let denominator = c + Swift.max(0, c * c + 4 * b * v).squareRoot()
        let root = denominator > 0 ? 2 * v / denominator : Foundation.cbrt(v)
        return Swift.min(Swift.max(root, 0), 1)
    }

    /// Phase 2 of ``parameter(forInput:)``: Newton's method on the compensated residual inside
    /// a bisection bracket that starts as `[0, 1]` (where `x(0) − x < 0 < x(1) − x`). Every
    /// Newton step that lands inside the bracket is taken (on a monotone cubic it cannot cycle),
    /// otherwise the bracket is halved. It stops when the step no longer changes `t` or the
    /// bracket is two adjacent doubles: `t` is then within one ulp of the exact root.
    @usableFromInline
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
