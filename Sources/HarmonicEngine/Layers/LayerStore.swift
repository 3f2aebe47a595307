import Harmonic

/// The engine's record of one layer.
///
/// Model values (what the caller last set, visible at once as a `CALayer`'s are) live here.
/// The committed values (the model as of the last transaction commit: what the render side
/// sees, the base of the presentation) and the presentation values at the engine's current
/// time live in the engine's shared buffers, in this layer's block `base ..< base + count`, so
/// that the per-frame loop walks memory in order. Slot offsets are relative to the block.
/// The layer's clock lives in the engine's `clocks`, for the same reason.
final class LayerStore {
    let name: String
    /// The layer's index in the engine.
    let index: Int
    var slots: [PropertySlot] = []
    var slotIndex: [String: Int] = [:]
    var model: [Double] = []
    /// The layer's block in the engine's committed and presentation buffers.
    var base = 0
    var capacity = 0
    /// Numbers in use (the sum of the slots' dimensions).
    var count = 0
    /// Attached animations in the order they were added (the order they apply in).
    var animations: [AttachedAnimation] = []

    init(name: String, index: Int) {
        self.name = name
        self.index = index
    }
}

/// A layer's clock: its timing, its parent, and its local time at the engine's current time.
struct LayerClock {
    /// The layer's own timing (`CALayer` adopts `CAMediaTiming`): endless, speed 1 by default.
    var timing: MediaTiming
    /// The superlayer's index, or -1.
    var parent: Int
    /// Local time at the engine's current time.
    var localTime = 0.0
    /// d(local time)/d(root time).
    var localRate = 1.0
    /// Whether the layer's presentation block is stale at the engine's current time.
    var isStale = true
}

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
    var didStart = false
    var didFinish = false
    /// Transactions whose completion waits for this animation.
    var transactions: [Int]
    /// The interactive animator driving it, if any.
    var animator: Int?
}
