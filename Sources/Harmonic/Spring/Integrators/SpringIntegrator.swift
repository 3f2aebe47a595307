/// A numerical method that advances a spring's state by a fixed time step, for engines that
/// step frame by frame instead of evaluating the closed form.
///
/// Every method here is applied to the spring equation written for the displacement
/// `x = value − target`:
///
///     x' = v,   v' = a(x, v) = −ω0²·x − 2λ·v      (ω0² = k/m, 2λ = c/m)
///
/// For this linear equation one step of any of these methods is a linear map of the state,
///
///     ⎡x_{n+1}⎤          ⎡x_n⎤
///     ⎣v_{n+1}⎦ = M(h) · ⎣v_n⎦ ,
///
/// the *amplification matrix* ``amplification(for:step:)``. Repeated steps stay bounded exactly
/// when the spectral radius `ρ(M(h))` — the largest eigenvalue magnitude — is at most 1, which
/// defines the method's ``stabilityLimit(for:)``: the largest step for which `ρ ≤ 1` holds on
/// the whole interval `(0, h]`. A step at or beyond it makes the numerical motion grow
/// without bound however strongly the real spring is damped.
///
/// The conforming types are ``ExactStep`` (the state-transition matrix `e^(A·h)`: exact and
/// stable for every step), ``RungeKutta4`` (order 4), ``SemiImplicitEuler`` (order 1,
/// symplectic) and ``VelocityVerlet`` (order 2, symplectic). Each states its limit in closed
/// form (`RungeKutta4` by solving a polynomial) and the tests check it against a search on the
/// spectral radius.
///
/// Two ways of stepping are offered, so that no request can diverge silently:
///
/// - ``advance(_:toward:spring:by:policy:)`` checks the step against the limit and refuses it
///   (``HarmonicError``) or splits it into stable substeps, according to a ``StepPolicy``.
/// - ``SpringSimulation`` validates its fixed substep once and then steps without checks.
///
/// ``uncheckedStep(_:toward:spring:by:)``, the one requirement that does the work, is the raw
/// method and is meant for those two callers (and for custom drivers that validated their step
/// the same way).
public protocol SpringIntegrator: Sendable {
    /// A short human-readable name (`"RK4"`), used in error messages and tables.
    var name: String { get }

    /// The order `p` of the global error: halving the step divides the error after a fixed
    /// time by about `2^p`. `nil` for a method without truncation error (``ExactStep``).
    var order: Int? { get }

    /// The largest stable step for `spring`, in seconds: every step `h` with
    /// `0 < h < stabilityLimit` has `ρ(M(h)) ≤ 1`. `+∞` when every step is stable.
    func stabilityLimit(for spring: Spring) -> Double

    /// One step of the method, without checking `h` against the stability limit.
    ///
    /// - Parameters:
    ///   - state: The value and velocity at the start of the step.
    ///   - target: The spring's rest position.
    ///   - spring: The spring's parameters.
    ///   - h: The step in seconds; the caller guarantees `0 < h < stabilityLimit(for: spring)`.
    /// - Returns: The state `h` seconds later.
    func uncheckedStep<Value: VectorArithmetic>(
        _ state: SpringState<Value>, toward target: Value, spring: Spring, by h: Double
    ) -> SpringState<Value>
}

extension SpringIntegrator {
    /// The amplification matrix `M(h)` of one step for `spring` (see ``SpringIntegrator``),
    /// obtained by stepping the unit states `(x, v) = (1, 0)` and `(0, 1)`, so it is exactly
    /// the map the method applies.
    public func amplification(for spring: Spring, step h: Double) -> SpringTransition {
        let fromX = uncheckedStep(SpringState(value: 1.0, velocity: 0), toward: 0, spring: spring, by: h)
        let fromV = uncheckedStep(SpringState(value: 0.0, velocity: 1), toward: 0, spring: spring, by: h)
        return SpringTransition(
            xFromX: fromX.value, xFromV: fromV.value, vFromX: fromX.velocity, vFromV: fromV.velocity)
    }

    /// The spectral radius `ρ(M(h))`: how much one step multiplies the slowest-decaying
    /// numerical mode. `≤ 1` is stable; the exact solution's value is `e^(r_slow·h)`.
    public func spectralRadius(for spring: Spring, step h: Double) -> Double {
        amplification(for: spring, step: h).spectralRadius
    }

    /// Whether steps of `h` seconds are stable for `spring`: `0 < h < stabilityLimit`.
    public func isStable(for spring: Spring, step h: Double) -> Bool {
        h > 0 && h < stabilityLimit(for: spring)
    }
}

extension SpringTransition {
    /// The largest eigenvalue magnitude of the matrix.
    ///
    /// With trace `T` and determinant `D`, the eigenvalues are `T/2 ± √δ` where
    /// `δ = ((xFromX − vFromV)/2)² + xFromV·vFromX` (the cancellation-free form of `T²/4 − D`).
    /// Complex eigenvalues (`δ < 0`) have magnitude `√D`; real ones `|T/2| + √δ`.
    public var spectralRadius: Double {
        let halfTrace = (xFromX + vFromV) / 2
        let halfGap = (xFromX - vFromV) / 2
        let delta = halfGap * halfGap + xFromV * vFromX
        if delta < 0 {
            let determinant = xFromX * vFromV - xFromV * vFromX
            return determinant.squareRoot()
        }
        return abs(halfTrace) + delta.squareRoot()
    }
}
