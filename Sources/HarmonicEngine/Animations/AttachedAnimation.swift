import Harmonic

/// An animation attached to a layer under a key.
struct AttachedAnimation {
    var key: String
    /// The animation as added, with its timing resolved (what `animation(forKey:)` returns).
    var animation: LayerAnimation
    var program: AnimationProgram
    /// Global add order, for ordering events of the same instant.
    var serial: Int
    /// `animation.isRemovedOnCompletion`, kept flat for the per-frame loop.
    var isRemovedOnCompletion: Bool
    /// Transactions whose completion waits for this animation.
    var transactions: [Int]
    /// The interactive animator driving it, if any.
    var animator: Int?
    /// Where its start/finish flags live in ``AnimationRegistry/progress``.
    var progressSlot = 0
}
