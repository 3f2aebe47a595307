import Harmonic

/// The spring of a compiled ``SpringAnimation``.
struct SpringCurve: Sendable {
    var spring: Spring
    /// Normalised initial velocity (progress units per second); unused when the leaf has a
    /// value velocity.
    var initialVelocity: Double
    /// `Φ(τ_end)` at the end of one repeat, for cumulative shifts.
    var endTransition: SpringTransition
}
