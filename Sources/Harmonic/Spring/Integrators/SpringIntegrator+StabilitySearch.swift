/// A method-independent way to find a stability limit: search the spectral radius.
extension SpringIntegrator {
    /// The stability limit found by searching `ρ(M(h))` instead of by a formula.
    ///
    /// The step is scanned upward by factors of 1.01 from 10⁻³/|r_fast| to 10³/|r_slow|, the
    /// time constants of the spring's fastest and slowest modes (both `1/ω0` unless the spring
    /// is overdamped), until `ρ > 1 + 1e-14`; the crossing is then bisected to adjacent
    /// doubles. The margin `1e-14` absorbs rounding in `ρ` (a few ulps) for the symplectic
    /// methods, whose undamped modes have `ρ = 1` exactly in exact arithmetic. It moves the
    /// result by `1e-14/(h·dρ/dh)` relative: negligible for most springs, about `1e-14·ζ`
    /// for velocity Verlet at large `ζ`, whose `ρ` leaves 1 only with slope `~1/ζ`. Instability windows narrower than
    /// 1 % of the step, if a method had any, could
    /// be missed; none of Harmonic's methods has one (the tests scan finer).
    ///
    /// Used by the tests to cross-check each method's closed-form limit, and available to
    /// custom integrators as an implementation of ``stabilityLimit(for:)``.
    ///
    /// Near critical damping the amplification matrix is nearly defective (a double
    /// eigenvalue), whose eigenvalues rounding perturbs by about `√ε ≈ 1.5e-8` relative; the
    /// limit found there carries that error.
    ///
    /// - Returns: Seconds; `+∞` if no step up to 10³/|r_slow| is unstable.
    /// - Complexity: about `100·ln(10⁶·|r_fast/r_slow|)` evaluations of
    ///   ``amplification(for:step:)`` (1,400 for an oscillating spring, 3,400 at ζ = 10⁴).
    public func searchedStabilityLimit(for spring: Spring) -> Double {
        let slowest = spring.regime == .overdamped ? -spring.constants.slowRate : spring.naturalFrequency
        let end = 1e3 / slowest
        func unstable(_ h: Double) -> Bool { spectralRadius(for: spring, step: h) > 1 + 1e-14 }
        var stable = 1e-3 / spring.fastestRate
        guard !unstable(stable) else { return 0 }
        var candidate = stable * 1.01
        while candidate <= end {
            if unstable(candidate) { break }
            stable = candidate
            candidate *= 1.01
        }
        guard candidate <= end else { return .infinity }
        var lower = stable, upper = candidate
        while true {
            let mid = lower + (upper - lower) / 2
            guard mid > lower, mid < upper else { break }
            if unstable(mid) { upper = mid } else { lower = mid }
        }
        return upper
    }
}

extension Spring {
    /// `|r|` of the spring's fastest mode, in 1/s: `ω0` when oscillating or critical,
    /// `|r_fast| = ω0·(ζ + √(ζ² − 1))` when overdamped. Explicit methods' limits scale with
    /// its inverse.
    @usableFromInline
    var fastestRate: Double {
        regime == .overdamped ? -constants.fastRate : naturalFrequency
    }
}
