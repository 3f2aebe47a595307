import Harmonic

/// Where a leaf writes in its layer's value buffer and how it combines with the value
/// underneath.
struct LeafTarget: Sendable {
    /// The property slot.
    var slot: Int
    /// Offset of the key path's first number (for a transform component, of the matrix).
    var offset: Int
    /// Numbers in a key-path value.
    var dimension: Int
    /// Linear numbers, a whole transform, a transform piece, or a value function's input.
    var mode: Mode
    /// Combine with the value underneath instead of replacing it.
    var isAdditive: Bool

    enum Mode: Sendable, Equatable {
        case linear
        case wholeTransform
        case transformComponent(TransformComponent)
        /// A whole transform built by a value function from the leaf's numbers.
        case valueFunction(ValueFunction)
        /// A path's coordinates, morphed element by element.
        case path
    }
}
