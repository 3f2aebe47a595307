/// Semi-implicit (symplectic) Euler: the velocity is updated first and the new velocity moves
/// the value,
///
///     v_{n+1} = v_n + h·a(x_n, v_n)
///     x_{n+1} = x_n + h·v_{n+1}
///
/// with `a(x, v) = −ω0²·x − 2λ·v`. It is what react-spring (at 1 ms) and Wave (once per frame)
/// use in their open-source step loops. Order 1; symplectic, so an undamped spring keeps a
/// bounded, slightly perturbed energy instead of drifting.
///
/// Stability: the amplification matrix has determinant `1 − 2λh` and trace
/// `2 − 2λh − ω0²h²`; the Jury conditions `|det| ≤ 1`, `|trace| ≤ 1 + det` for both
/// eigenvalues to lie in the unit disc reduce to `ω0²h² + 4λh ≤ 4`, i.e.
///
///     h ≤ 2·(√(λ² + ω0²) − λ)/ω0² = 2/(λ + √(λ² + ω0²)),
///
/// which is the literature's `ω0·h < 2·(√(1 + ζ²) − ζ)`; the second form is used because it
/// does not cancel for large `ζ`. Steps must be strictly below it (at the limit one
/// eigenvalue is −1).
public struct SemiImplicitEuler: SpringIntegrator, Hashable {
    public init() {}

    public var name: String { "semi-implicit Euler" }

    public var order: Int? { 1 }

    /// `2/(λ + √(λ² + ω0²))` seconds.
    public func stabilityLimit(for spring: Spring) -> Double {
        let lambda = spring.decayRate
        let root = (lambda * lambda + spring.constants.naturalFrequencySquared).squareRoot()
        return 2 / (lambda + root)
    }

    @inlinable
    public func uncheckedStep<Value: VectorArithmetic>(
        _ state: SpringState<Value>, toward target: Value, spring: Spring, by h: Double
    ) -> SpringState<Value> {
        let w2 = spring.constants.naturalFrequencySquared
        let twoLambda = 2 * spring.constants.decayRate
        let x = state.value - target
        // v + h·(−ω0²·x − 2λ·v) = (1 − 2λh)·v − ω0²h·x
        let v = Value.combine(1 - twoLambda * h, state.velocity, -w2 * h, x)
        return SpringState(value: state.value + v.scaled(by: h), velocity: v)
    }
}
