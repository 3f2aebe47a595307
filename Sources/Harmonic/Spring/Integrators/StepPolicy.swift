/// What to do with a step that an integrator cannot take stably.
///
/// Explicit integrators have a stability limit (``SpringIntegrator/stabilityLimit(for:)``): a
/// step at or beyond it makes the numerical motion grow without bound. Harmonic never takes
/// such a step silently; the caller chooses between an error and smaller steps.
public enum StepPolicy: String, Hashable, Sendable, CaseIterable {
    /// Throw ``HarmonicError/invalidParameter(name:value:allowed:)`` naming the step, its
    /// value and the limit.
    case refuse

    /// Split the step into `n` equal substeps, `n` the smallest count that makes each substep
    /// at most ``subdivisionFraction`` of the stability limit.
    case subdivide

    /// The largest fraction of the stability limit that ``subdivide`` uses for a substep: 1/2.
    ///
    /// Just below the limit a method is stable but its fastest numerical mode barely decays
    /// (`ρ → 1`), which shows as a lingering jitter; at half the limit RK4 damps that mode by a
    /// factor of about 4 per step and the symplectic methods keep their error moderate
    /// (`ω0·h ≤ 1` for velocity Verlet).
    public static let subdivisionFraction = 0.5
}
