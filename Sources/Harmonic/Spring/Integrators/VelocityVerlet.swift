/// Velocity Verlet (the kick–drift–kick leapfrog): half a velocity kick, a full drift, and
/// the second half kick with the force at the new position,
///
///     v_{n+½} = v_n + (h/2)·a(x_n, v_n)
///     x_{n+1} = x_n + h·v_{n+½}
///     v_{n+1} = v_{n+½} + (h/2)·a(x_{n+1}, v_{n+1})
///
/// with `a(x, v) = −ω0²·x − 2λ·v`. The damping force depends on the velocity being computed,
/// so the last line is implicit; because it is linear in `v_{n+1}` it is solved exactly,
/// `v_{n+1} = (v_{n+½} − (h/2)·ω0²·x_{n+1}) / (1 + λh)`. (Evaluating the damping at `v_{n+½}`
/// instead, as some engines do, leaves an `O(h²)` local error and drops the method to
/// order 1.) Order 2; symplectic for the undamped spring. SwiftUI's default spring animation
/// steps a leapfrog of this family at a fixed 1/300 s (<doc:Springs>).
///
/// Stability: the amplification matrix has determinant `(1 − λh)/(1 + λh)` (always in
/// `(−1, 1]`) and trace `2·(1 − ω0²h²/2)/(1 + λh)`, so the Jury condition
/// `|trace| ≤ 1 + det` is `|1 − ω0²h²/2| ≤ 1`:
///
///     h < 2/ω0,
///
/// independent of the damping (at `h = 2/ω0` one eigenvalue is −1).
public struct VelocityVerlet: SpringIntegrator, Hashable {
    public init() {}

    public var name: String { "velocity Verlet" }

    public var order: Int? { 2 }

    /// `2/ω0` seconds.
    public func stabilityLimit(for spring: Spring) -> Double {
        2 / spring.naturalFrequency
    }

    @inlinable
    public func uncheckedStep<Value: VectorArithmetic>(
        _ state: SpringState<Value>, toward target: Value, spring: Spring, by h: Double
    ) -> SpringState<Value> {
        let w2 = spring.constants.naturalFrequencySquared
        let lambda = spring.constants.decayRate
        let halfH = h / 2
        let x0 = state.value - target
        // v + (h/2)·(−ω0²·x − 2λ·v) = (1 − λh)·v − (h/2)·ω0²·x
        let halfKick = Value.combine(1 - lambda * h, state.velocity, -halfH * w2, x0)
        let x1 = x0 + halfKick.scaled(by: h)
        let v1 = Value.combine(1 / (1 + lambda * h), halfKick, -halfH * w2 / (1 + lambda * h), x1)
        return SpringState(value: target + x1, velocity: v1)
    }
}
