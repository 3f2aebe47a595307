/// How a spring returns to rest, decided by its damping ratio `ζ = c / (2√(k·m))`.
public enum SpringRegime: String, Hashable, Sendable, CaseIterable {
    /// `ζ = 0`: oscillates forever with angular frequency `ω0`; never settles.
    case undamped
    /// `0 < ζ < 1`: oscillates inside a decaying envelope `e^(−ζ·ω0·t)`.
    case underdamped
    /// `ζ = 1`: the fastest return without overshoot from rest.
    case criticallyDamped
    /// `ζ > 1`: returns without oscillating, more slowly as `ζ` grows.
    case overdamped
}
