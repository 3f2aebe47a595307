/// The exact step: advances the state with the spring's state-transition matrix
/// `Φ(h) = e^(A·h)` (see ``SpringTransition``).
///
/// For a constant target this *is* the closed-form solution, so there is no truncation error
/// and every step is stable (`ρ(Φ(h)) = e^(r_slow·h) ≤ 1`; ``stabilityLimit(for:)`` is `+∞`).
/// Stepping `N` times by `h` equals evaluating at `N·h` up to rounding, which grows at most
/// linearly with `N` because `Φ(h)` never increases the energy: on 100,000 random springs the
/// gap was at most 1.1 ulps per step of the motion's size `√(x0² + v0²/ω0²)` (see
/// <doc:Springs>).
///
/// Use it where an engine wants a step function but no numerical error: a frame loop, a
/// retarget every frame, a fixed-substep simulation.
///
/// Cost per step: one `exp` (and one `sin`/`cos` pair for an oscillating spring) plus two
/// linear combinations. A driver that repeats one step size could reuse `Φ(h)`; this type
/// recomputes it so that it has no state.
public struct ExactStep: SpringIntegrator, Hashable {
    public init() {}

    public var name: String { "exact" }

    /// `nil`: no truncation error.
    public var order: Int? { nil }

    /// `+∞`: every step is stable.
    public func stabilityLimit(for spring: Spring) -> Double { .infinity }

    @inlinable
    public func uncheckedStep<Value: VectorArithmetic>(
        _ state: SpringState<Value>, toward target: Value, spring: Spring, by h: Double
    ) -> SpringState<Value> {
        let (x, v) = spring.transition(over: h).apply(displacement: state.value - target, velocity: state.velocity)
        return SpringState(value: target + x, velocity: v)
    }
}
