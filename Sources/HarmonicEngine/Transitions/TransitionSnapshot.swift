import Harmonic

/// A transition's outgoing rendering: what the transitioning layer and every layer under it
/// showed when the transition was committed (Apple, `CATransition`: the old and the new
/// renderings of the layer tree are composited).
struct TransitionSnapshot {
    /// Presentation value blocks by layer index, laid out as the layer's slots were then.
    var values: [Int: [Double]]
    /// Sublayers (back to front) by layer index, as the tree was then.
    var sublayers: [Int: [Int]]
    /// Attributes set by layer index then (``LayerAttribute``: `contents`, `string`, …).
    var attributes: [Int: [String: LayerAttribute]] = [:]
    /// The transitioning layer's bounds size then, in points: the distance push, moveIn and
    /// reveal travel.
    var size: SIMD2<Double>
}
