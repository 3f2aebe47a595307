import Harmonic

/// A layer's part of the plan.
struct PlanLayer {
    var layer: Int
    /// The layer's block in the value buffers.
    var base: Int
    var count: Int
    var entries: Range<Int>
    /// Entries reserved from `entries.lowerBound` (room to grow in place).
    var capacity: Int
    /// Whether the layer has colour or discrete properties (``PresentationRule``): the frame
    /// applies their rules only then, so other layers pay nothing.
    var hasRules: Bool
}
