import Harmonic

/// One property of a layer: its name, shape and where its numbers live in the layer's value
/// buffers.
struct PropertySlot: Sendable {
    var name: String
    var shape: PropertyShape
    /// Index of the first number in the layer's model and presentation buffers.
    var offset: Int
    /// For a transform property: the decomposition of its model value, refreshed whenever the
    /// model value changes, so frames that only animate pieces need not decompose it again.
    var modelComponents: TransformComponents?

    var dimension: Int { shape.dimension }
}
