import Harmonic

/// The engine's record of one layer.
///
/// Values live in flat buffers indexed through the property slots: `model` is what the
/// caller last set (visible at once, as a `CALayer`'s model values are), `committed` is the
/// model as of the last transaction commit (what the render side sees, the base of the
/// presentation), and `presentation` caches the presentation values at the engine's current
/// time.
final class LayerStore {
    let name: String
    let parent: Int?
    /// The layer's own timing (`CALayer` adopts `CAMediaTiming`): endless, speed 1 by default.
    var timing: MediaTiming
    var slots: [PropertySlot] = []
    var slotIndex: [String: Int] = [:]
    var model: [Double] = []
    var committed: [Double] = []
    var presentation: [Double] = []
    /// Whether `presentation` is stale at the engine's current time.
    var presentationIsStale = true
    /// Attached animations in the order they were added (the order they apply in).
    var animations: [AttachedAnimation] = []
    /// Local time at the engine's current time, and d(local)/d(root).
    var localTime = 0.0
    var localRate = 1.0

    init(name: String, parent: Int?, timing: MediaTiming) {
        self.name = name
        self.parent = parent
        self.timing = timing
    }

    /// Adds a property slot with `value` in every buffer; returns its index.
    func addSlot(name: String, shape: PropertyShape, value: [Double]) -> Int {
        let slot = PropertySlot(
            name: name, shape: shape, offset: model.count,
            modelComponents: shape == .transform ? Transform3D(unchecked: value).decomposed : nil)
        slots.append(slot)
        slotIndex[name] = slots.count - 1
        model.append(contentsOf: value)
        committed.append(contentsOf: value)
        presentation.append(contentsOf: value)
        presentationIsStale = true
        return slots.count - 1
    }
}

/// An animation attached to a layer under a key.
struct AttachedAnimation {
    var key: String
    /// The animation as added, with its timing resolved (what `animation(forKey:)` returns).
    var animation: LayerAnimation
    var program: AnimationProgram
    /// Global add order, for ordering events of the same instant.
    var serial: Int
    var didStart = false
    var didFinish = false
    /// Transactions whose completion waits for this animation.
    var transactions: [Int]
    /// The interactive animator driving it, if any.
    var animator: Int?
}
