import Harmonic

/// A handle to an interactive animator of an ``AnimationEngine``.
public struct AnimatorID: Hashable, Sendable {
    /// The animator's position in creation order.
    public let index: Int
    init(_ index: Int) { self.index = index }
}
