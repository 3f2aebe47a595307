import Harmonic

/// One layer's properties: names, shapes, model values, and where its numbers live in the
/// shared value blocks of ``LayerStorage``.
///
/// Model values (what the caller last set, visible at once as a `CALayer`'s are) live here.
/// The committed values (the model as of the last transaction commit: what the render side
/// sees, the base of the presentation) and the presentation values live in the shared
/// buffers, in this layer's block `base ..< base + count`, so that the per-frame loop walks
/// memory in order. Slot offsets are relative to the block.
final class LayerRecord {
    let name: String
    /// The layer's index in the engine.
    let index: Int
    /// Its class, which decides its standard properties.
    let kind: LayerKind
    var slots: [PropertySlot] = []
    var slotIndex: [String: Int] = [:]
    var model: [Double] = []
    /// The layer's block in the committed and presentation buffers.
    var base = 0
    var capacity = 0
    /// Numbers in use (the sum of the slots' dimensions).
    var count = 0
    /// The offsets of the geometry properties (``AnimationEngine/geometry(of:source:)``'s
    /// order), found once: slots are only ever appended and offsets are relative to the
    /// block, so they never change.
    var geometryOffsets: [Int]?
    /// The rules for colour and discrete properties (``PresentationRule``), in slot order.
    var presentationRules: [PresentationRule] = []

    init(name: String, index: Int, kind: LayerKind = .layer) {
        self.name = name
        self.index = index
        self.kind = kind
    }
}
