import HarmonicPlatform

/// When a spring comes to rest.
///
/// Two answers are offered, because users need both:
///
/// - ``settlingDuration(initialVelocity:)`` reproduces `CASpringAnimation.settlingDuration`
///   (reconstructed to 15–16 significant digits from values recorded from
///   QuartzCore). It is an estimate from the envelope, deliberately conservative, and what an
///   app that mirrors Core Animation must use.
/// - ``settlingTime(epsilon:displacement:velocity:)`` is exact: the last time the displacement
///   is at least `epsilon` in magnitude, found by locating the last extremum above `epsilon`
///   in closed form and then solving `|x(t)| = epsilon` with a bracketed Newton iteration to a
///   couple of ulps.
extension Spring {
    /// `CASpringAnimation.settlingDuration` for this spring, in seconds.
    ///
    /// Rule (for the unit curve from 0 to 1, `initialVelocity` in progress units per second):
    ///
    /// - `0 < ζ < 1`: `ln((1 + |(λ − v0)/ωd|) / 0.001) / λ`, the time at which the envelope
    ///   `e^(−λt)·(1 + |B|)` of the displacement drops to 0.001.
    /// - `ζ ≥ 1`: Core Animation does not model overdamping and samples every 0.1 s; the
    ///   result is the first multiple of 0.1 s at which `|1 − progress| < 0.001`.
    /// - `ζ = 0`: `+∞` (an undamped spring never settles).
    ///
    /// Apple's examples: stiffness 100, damping 5 → about 2.85 s; damping 15 → just over 1 s.
    public func settlingDuration(initialVelocity: Double = 0) -> Double {
        let lambda = constants.decayRate
        switch regime {
        case .undamped:
            return .infinity
        case .underdamped:
            let b = abs((lambda - initialVelocity) / dampedFrequency)
            return log((1 + b) / 0.001) / lambda
        case .criticallyDamped, .overdamped:
            let pieces = monotonePieces(displacement: -1, velocity: initialVelocity)
            var lastEntry: Double?
            for (lower, upper) in pieces {
                guard
                    let entry = firstTimeBelow(
                        0.001, in: lower, upper, displacement: -1, velocity: initialVelocity)
                else { continue }
                lastEntry = entry
                // The first multiple of 0.1 s at or after the piece's entry below the threshold
                // that is still inside the piece (a piece around a zero crossing can be short).
                var k = (entry * 10).rounded(.up)
                // Beyond 2⁵³ adding 1 no longer changes k: step to the next double instead.
                while k / 10 < entry { k = k < 0x1p53 ? k + 1 : k.nextUp }
                let candidate = k / 10
                if candidate <= upper,
                    abs(transition(over: candidate).apply(displacement: -1.0, velocity: initialVelocity).displacement)
                        < 0.001
                {
                    return candidate
                }
            }
            // No tenth of a second fits: the times are so long (a very heavily damped spring,
            // 10¹⁷ s and more) that a tenth is below their resolution. The exact entry is the
            // answer then.
            return lastEntry ?? .infinity
        }
    }

    /// The exact settling time of the unit curve: the last time `|1 − progress| ≥ epsilon`.
    ///
    /// - Parameters:
    ///   - epsilon: The tolerance in progress units, finite and > 0 (Core Animation's
    ///     threshold is 0.001).
    ///   - initialVelocity: In progress units per second.
    /// - Returns: Seconds; 0 if the curve never leaves the band; `+∞` for an undamped spring
    ///   that leaves it.
    public func settlingTime(epsilon: Double = 0.001, initialVelocity: Double = 0) -> Double {
        settlingTime(epsilon: epsilon, displacement: -1, velocity: initialVelocity)
    }

    /// The exact settling time of a scalar motion: the last time `|x(t)| ≥ epsilon`, where
    /// `x` is the displacement from the target.
    ///
    /// - Parameters:
    ///   - epsilon: Tolerance in value units, finite and > 0 (a non-positive or non-finite
    ///     value is treated as the smallest positive double, so the result stays finite for
    ///     damped springs).
    ///   - x0: The displacement `from − to` at time 0.
    ///   - v0: The velocity at time 0, in value units per second.
    /// - Returns: Seconds, accurate to a few ulps; 0 when `|x|` never reaches `epsilon`;
    ///   `+∞` for an undamped spring whose amplitude reaches `epsilon`.
    /// - Complexity: O(1) closed-form work plus one bracketed root solve (typically < 10
    ///   evaluations).
    public func settlingTime(epsilon: Double, displacement x0: Double, velocity v0: Double) -> Double {
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : .leastNonzeroMagnitude
        switch regime {
        case .undamped, .underdamped:
            return oscillatingSettlingTime(eps, x0, v0)
        case .criticallyDamped, .overdamped:
            let pieces = monotonePieces(displacement: x0, velocity: v0)
            // Walk back from the last monotone piece to the first whose start is above eps.
            for (lower, upper) in pieces.reversed() {
                let start = abs(displacement(at: lower, x0, v0))
                guard start >= eps else { continue }
                let end = upper.isFinite ? upper : tailBound(after: lower, eps, x0, v0)
                return lastCrossing(eps, lower, end, x0, v0)
            }
            return 0
        }
    }

    // MARK: Implementation

    @usableFromInline
    func displacement(at t: Double, _ x0: Double, _ v0: Double) -> Double {
        transition(over: t).apply(displacement: x0, velocity: v0).displacement
    }

    /// Solves `|x(t)| = eps` on `[lower, upper]`, where `|x|` is monotone decreasing from
    /// `≥ eps` to `< eps`.
    private func lastCrossing(_ eps: Double, _ lower: Double, _ upper: Double, _ x0: Double, _ v0: Double) -> Double {
        BracketedNewton.root(in: lower, upper) { t in
            let (x, v) = transition(over: t).apply(displacement: x0, velocity: v0)
            return (abs(x) - eps, x < 0 ? -v : v)
        }
    }

    /// The first time in the monotone piece `[lower, upper]` at which `|x| < eps`, or `nil`.
    private func firstTimeBelow(
        _ eps: Double, in lower: Double, _ upper: Double, displacement x0: Double, velocity v0: Double
    ) -> Double? {
        let atLower = abs(displacement(at: lower, x0, v0))
        if atLower < eps { return lower }
        let end = upper.isFinite ? upper : tailBound(after: lower, eps, x0, v0)
        guard abs(displacement(at: end, x0, v0)) < eps else { return nil }
        return lastCrossing(eps, lower, end, x0, v0)
    }

    /// A time after `start` by which a non-oscillating motion, monotone after `start`, is
    /// below `eps`: found by doubling from the slow time constant.
    private func tailBound(after start: Double, _ eps: Double, _ x0: Double, _ v0: Double) -> Double {
        var step = 1 / abs(constants.slowRate)
        var t = start + step
        for _ in 0..<2100 where abs(displacement(at: t, x0, v0)) >= eps && t.isFinite {
            step *= 2
            t = start + step
        }
        return t
    }

    /// The pieces of `[0, ∞)` on which `|x|` is monotone for a non-oscillating spring.
    ///
    /// With `g(t) = e^(r_slow·t)` and `E(t) = (1 − e^(−Δt))/Δ` (`E = t` when critical), the
    /// displacement is `g·(x0 + (v0 − r_slow·x0)·E)` and the velocity, which obeys the same
    /// equation, is `g·(v0 + (a0 − r_slow·v0)·E)` with `a0 = −ω0²·x0 − 2λ·v0`. Each has at
    /// most one zero, where `E` takes the value `−x0/(v0 − r_slow·x0)` (respectively
    /// `−v0/(a0 − r_slow·v0)`); `E` is increasing, so those zeros are found in closed form.
    func monotonePieces(displacement x0: Double, velocity v0: Double) -> [(Double, Double)] {
        let rSlow = constants.slowRate
        let a0 = -constants.naturalFrequencySquared * x0 - 2 * constants.decayRate * v0
        var cuts: [Double] = []
        for e in [-x0 / (v0 - rSlow * x0), -v0 / (a0 - rSlow * v0)] {
            if let t = timeWhereE(equals: e), t > 0, t.isFinite { cuts.append(t) }
        }
        cuts.sort()
        let bounds = [0] + cuts + [Double.infinity]
        return (0..<(bounds.count - 1)).map { (bounds[$0], bounds[$0 + 1]) }
    }

    /// The time at which `E(t) = e`, if any (`E` maps `(0, ∞)` onto `(0, 1/Δ)`).
    private func timeWhereE(equals e: Double) -> Double? {
        guard e.isFinite, e > 0 else { return nil }
        let gap = constants.rateGap
        if gap == 0 { return e }
        guard gap * e < 1 else { return nil }
        return -log1p(-gap * e) / gap
    }

    /// Exact settling for an oscillating spring.
    ///
    /// Write `x(t) = e^(−λt)·ρ·cos(ωd·t − φ)` and `v(t) = e^(−λt)·ρv·cos(ωd·t − φv)`. The
    /// extrema of `x` are at `ωd·t_k = φv + π/2 + kπ`, where `|x(t_k)| = K·e^(−λ·t_k)` with
    /// the constant `K = ρ·|sin(φv − φ)|`; so the last extremum at or above `eps` is the
    /// last `t_k ≤ ln(K/eps)/λ`, and the settling time lies between it and the next zero of
    /// `x`, where `|x|` decreases monotonically.
    private func oscillatingSettlingTime(_ eps: Double, _ x0: Double, _ v0: Double) -> Double {
        let lambda = constants.decayRate
        let omega = dampedFrequency
        let b = (v0 + lambda * x0) / omega
        let bv = (lambda * v0 + constants.naturalFrequencySquared * x0) / omega
        var rho = (x0 * x0 + b * b).squareRoot()
        // The squares overflow for a huge start (a velocity of 1e160): the scaled form then.
        if !rho.isFinite { rho = hypot(x0, b) }
        guard rho > 0 else { return 0 }
        let phi = atan2(b, x0)
        let phiV = atan2(-bv, v0)
        let k = rho * abs(sin(phiV - phi))
        // The extremum times t_k = (φv + π/2 + kπ)/ωd, k an integer.
        let firstK = ((-phiV - .pi / 2) / .pi).rounded(.down) + 1  // smallest k with t_k > 0
        func extremumTime(_ index: Double) -> Double { (phiV + .pi / 2 + index * .pi) / omega }
        var start = 0.0
        if k >= eps {
            if lambda == 0 { return .infinity }
            let latest = log(k / eps) / lambda
            let index = ((latest * omega - phiV - .pi / 2) / .pi).rounded(.down)
            if index >= firstK { start = extremumTime(index) }
        }
        if start == 0, abs(x0) < eps { return 0 }
        // The next zero of x after `start`: ωd·t = φ + π/2 + jπ.
        let j = ((start * omega - phi - .pi / 2) / .pi).rounded(.down) + 1
        var zero = (phi + .pi / 2 + j * .pi) / omega
        if zero <= start { zero += .pi / omega }
        return lastCrossing(eps, start, zero, x0, v0)
    }
}
