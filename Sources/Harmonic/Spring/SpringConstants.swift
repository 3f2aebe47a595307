import HarmonicPlatform

/// The constants of a spring's closed-form solution, derived once at construction.
///
/// With `λ = c/(2m)`, `ω0² = k/m` and the discriminant `D = 4km − c²` (computed in
/// double-double, so its sign and size survive the cancellation near critical damping):
///
/// - `D > 0` (underdamped): `ωd = √D/(2m)`, kept as a double-double for phase accuracy.
/// - `D < 0` (overdamped): the two real roots `r_slow = −2k/(c + √−D)` and
///   `r_fast = −(c + √−D)/(2m)` — the forms without cancellation (<doc:Springs>) — and their
///   gap `Δ = r_slow − r_fast = √−D/m`.
/// - `|D| ≤ 1e-14·4km` (critical): `|ζ − 1| ≲ 5e-15`, below the rounding of the parameters
///   themselves; the critical form is used and ``Spring/regime`` reports it.
@usableFromInline
struct SpringConstants: Sendable {
    @usableFromInline let regime: SpringRegime
    /// `λ = c/(2m)`, the decay rate of the envelope (1/s).
    @usableFromInline let decayRate: Double
    /// `ω0² = k/m` (1/s²).
    @usableFromInline let naturalFrequencySquared: Double
    /// `ωd` (rad/s) as a double-double; zero unless underdamped or undamped.
    @usableFromInline let dampedFrequency: DoubleDouble
    /// `r_slow` (1/s, ≤ 0); `−λ` unless overdamped.
    @usableFromInline let slowRate: Double
    /// `r_fast` (1/s, ≤ 0); `−λ` unless overdamped.
    @usableFromInline let fastRate: Double
    /// `Δ = r_slow − r_fast ≥ 0` (1/s); zero unless overdamped.
    @usableFromInline let rateGap: Double

    /// The relative size of the discriminant below which a spring counts as critically damped.
    @usableFromInline static let criticalBand = 1e-14

    @usableFromInline
    init(mass m: Double, stiffness k: Double, damping c: Double) {
        decayRate = c / (2 * m)
        naturalFrequencySquared = k / m
        let discriminant = DoubleDouble.differenceOfProducts(4 * k, m, c, c)
        if abs(discriminant.hi) <= Self.criticalBand * (4 * k * m) {
            regime = .criticallyDamped
            dampedFrequency = DoubleDouble(0)
            slowRate = -decayRate
            fastRate = -decayRate
            rateGap = 0
        } else if discriminant.hi > 0 {
            regime = c == 0 ? .undamped : .underdamped
            dampedFrequency = discriminant.squareRoot().divided(by: 2 * m)
            slowRate = -decayRate
            fastRate = -decayRate
            rateGap = 0
        } else {
            regime = .overdamped
            dampedFrequency = DoubleDouble(0)
            let root = DoubleDouble(-discriminant.hi, -discriminant.lo).squareRoot().value
            let sum = c + root
            slowRate = -2 * k / sum
            fastRate = -sum / (2 * m)
            rateGap = root / m
        }
    }

    /// The state-transition matrix `Φ(t)` (see ``SpringTransition``).
    ///
    /// Times `t ≤ 0` give the identity: the motion has not started. Whenever the decaying
    /// factor underflows to zero the matrix is exactly zero (the motion is at rest to double
    /// precision), which also keeps products like `0·∞` out of the result.
    @inlinable
    func transition(at t: Double) -> SpringTransition {
        guard t > 0 else { return .identity }
        let w2 = naturalFrequencySquared
        switch regime {
        case .undamped, .underdamped:
            let decay = exp(-decayRate * t)
            guard decay > 0 else { return .zero }
            let product = dampedFrequency.multiplied(by: t)
            let sine: Double, cosine: Double
            if let (s, c) = LaneSineCosine.sinCos(hi: product.hi, lo: product.lo) {
                // Phases below 1.6e6 rad (every frame of an animation): the batch kernels'
                // reduction and polynomials, a third of the cost of the C library's.
                (sine, cosine) = (s, c)
            } else {
                // Larger phases, up to the double range (past it, the phase counts as 0).
                (sine, cosine) = AngleReduction.sinCos(product)
            }
            // sin(ωd·t)/ωd: bounded by t, and → t as ωd → 0, so it joins the critical form.
            let sinc = sine / dampedFrequency.hi
            let ds = decay * sinc
            let dc = decay * cosine
            return SpringTransition(
                xFromX: dc + decayRate * ds, xFromV: ds,
                vFromX: -w2 * ds, vFromV: dc - decayRate * ds)
        case .criticallyDamped:
            let decay = exp(-decayRate * t)
            guard decay > 0 else { return .zero }
            let dt = decay * t
            return SpringTransition(
                xFromX: decay + decayRate * dt, xFromV: dt,
                vFromX: -w2 * dt, vFromV: decay - decayRate * dt)
        case .overdamped:
            let slow = exp(slowRate * t)
            guard slow > 0 else { return .zero }
            // E(t) = (1 − e^(−Δt))/Δ: → t as Δ → 0 (joins the critical form), ≤ 1/Δ always;
            // expm1 keeps it exact for small Δt. The solution is e^(r_slow·t)·(…E(t)…), the
            // two-exponential form rewritten so that nothing overflows or cancels.
            let e = -expm1(-rateGap * t) / rateGap
            let se = slow * e
            return SpringTransition(
                xFromX: slow - slowRate * se, xFromV: se,
                vFromX: -w2 * se, vFromV: slow + fastRate * se)
        }
    }
}
