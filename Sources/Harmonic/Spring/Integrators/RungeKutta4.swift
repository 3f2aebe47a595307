/// The classical fourth-order Runge–Kutta method,
///
///     k1 = f(y),  k2 = f(y + (h/2)·k1),  k3 = f(y + (h/2)·k2),  k4 = f(y + h·k3)
///     y_{n+1} = y_n + (h/6)·(k1 + 2·k2 + 2·k3 + k4)
///
/// on `y = (x, v)`, `f(x, v) = (v, −ω0²·x − 2λ·v)`. POP and Rebound step springs this way at
/// 1 ms in their open-source step loops. Order 4; not symplectic (an undamped spring slowly
/// loses energy).
///
/// Stability: for a linear system one step multiplies by `R(h·A)` with
/// `R(z) = 1 + z + z²/2 + z³/6 + z⁴/24`, whose eigenvalues are `R(h·r)` for the spring's
/// characteristic roots `r` (`−λ ± i·ωd`, or `r_slow`, `r_fast` when overdamped). The step is
/// stable while `|R(h·r)| ≤ 1`. Along the ray `z = s·e^(iθ)` through a root,
///
///     |R(s·e^(iθ))|² − 1 = Σ_{n=1…8} c_n·sⁿ,   c_n = Σ_{j+k=n; j,k≤4} cos((j−k)·θ)/(j!·k!),
///
/// a real polynomial in `s` with `cos θ = −ζ` (oscillating and critical springs, `|r| = ω0`;
/// `cos(mθ)` by the Chebyshev recurrence, so no trigonometry) or `cos θ = −1` (overdamped, the
/// fast root `|r_fast|` binds). For every direction in the left half-plane it has exactly one
/// positive root below 3.5 and is negative on `(0, 1]` (checked by a fine scan in the tests),
/// so the root is found by a bracketed Newton iteration on `[1, 3.5]` and
///
///     h_max = s*/|r|.
///
/// This gives the textbook constants `s* = 2.785293563…` on the negative real axis (the real
/// root of `x³ + 4x² + 12x + 24 = 0`) and `s* = 2√2` on the imaginary axis (undamped springs).
public struct RungeKutta4: SpringIntegrator, Hashable {
    public init() {}

    public var name: String { "RK4" }

    public var order: Int? { 4 }

    /// `s*/|r|` seconds, see the type's documentation.
    public func stabilityLimit(for spring: Spring) -> Double {
        let cosine: Double
        switch spring.regime {
        case .undamped, .underdamped: cosine = -Swift.min(spring.dampingRatio, 1)
        case .criticallyDamped, .overdamped: cosine = -1
        }
        return Self.stabilityRadius(cosine: cosine) / spring.fastestRate
    }

    /// The distance `s*` from the origin to the boundary of RK4's stability region along the
    /// direction with `cos θ = cosine` (`θ` in `[π/2, π]`, so `cosine` in `[−1, 0]`).
    static func stabilityRadius(cosine: Double) -> Double {
        // cos(mθ) for m = 0…4 by the Chebyshev recurrence T_{m+1} = 2c·T_m − T_{m−1}.
        var chebyshev = [1.0, cosine]
        for m in 2...4 { chebyshev.append(2 * cosine * chebyshev[m - 1] - chebyshev[m - 2]) }
        let factorial = [1.0, 1, 2, 6, 24]
        // q(s) = (|R(s·e^(iθ))|² − 1)/s = Σ_{n=1…8} c_n·s^(n−1).
        var q = [Double](repeating: 0, count: 8)
        for j in 0...4 {
            for k in 0...4 where j + k >= 1 {
                q[j + k - 1] += chebyshev[abs(j - k)] / (factorial[j] * factorial[k])
            }
        }
        return BracketedNewton.root(in: 1, 3.5) { s in
            var value = 0.0, slope = 0.0
            for c in q.reversed() {
                slope = slope * s + value
                value = value * s + c
            }
            return (value, slope)
        }
    }

    @inlinable
    public func uncheckedStep<Value: VectorArithmetic>(
        _ state: SpringState<Value>, toward target: Value, spring: Spring, by h: Double
    ) -> SpringState<Value> {
        let w2 = spring.constants.naturalFrequencySquared
        let twoLambda = 2 * spring.constants.decayRate
        func acceleration(_ x: Value, _ v: Value) -> Value { Value.combine(-w2, x, -twoLambda, v) }
        let halfH = h / 2
        let x = state.value - target, v = state.velocity
        let a1 = acceleration(x, v)
        let x2 = x + v.scaled(by: halfH), v2 = v + a1.scaled(by: halfH)
        let a2 = acceleration(x2, v2)
        let x3 = x + v2.scaled(by: halfH), v3 = v + a2.scaled(by: halfH)
        let a3 = acceleration(x3, v3)
        let x4 = x + v3.scaled(by: h), v4 = v + a3.scaled(by: h)
        let a4 = acceleration(x4, v4)
        let sixth = h / 6
        let dx = v + (v2 + v3).scaled(by: 2) + v4
        let dv = a1 + (a2 + a3).scaled(by: 2) + a4
        return SpringState(value: state.value + dx.scaled(by: sixth), velocity: v + dv.scaled(by: sixth))
    }
}
