/// The order particles are drawn in: Core Animation's `renderMode` (`unordered` by default).
///
/// Core Animation draws `unordered` particles in an order of its own; here it is the cells'
/// order (depth first: a cell, then its sub-cells) and, within a cell, birth order, so
/// frames are reproducible. Ties in the sorted modes fall back to that order.
public enum ParticleRenderMode: String, CaseIterable, Sendable, Hashable {
    /// Cell by cell, in birth order.
    case unordered
    /// The oldest particles first (so the newest are on top).
    case oldestFirst
    /// The oldest particles last (on top).
    case oldestLast
    /// By depth: the smallest `z` first (farthest from the viewer, Core Animation's +z being
    /// toward the viewer).
    case backToFront
    /// As `unordered`, composited by adding colours (light accumulates: fire, sparks).
    case additive
}
