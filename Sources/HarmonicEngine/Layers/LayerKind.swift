/// The class of a layer, as Core Animation's `CALayer` subclasses: it decides which standard
/// properties and attributes the layer has besides those of every layer, and how the frame
/// renderer draws it.
///
/// - `layer`: `CALayer` and `CAShapeLayer` (every layer has the shape layer's path and stroke
///   properties).
/// - `gradient`: `CAGradientLayer` — `startPoint` (0.5, 0), `endPoint` (0.5, 1), and the lists
///   `colors` and `locations`, which exist once set; attribute `type`.
/// - `replicator`: `CAReplicatorLayer` — `instanceCount` 1, `instanceDelay` 0,
///   `instanceTransform` identity, `instanceColor` white, `instanceRedOffset`,
///   `instanceGreenOffset`, `instanceBlueOffset`, `instanceAlphaOffset` 0.
/// - `text`: `CATextLayer` — `fontSize` 36, `foregroundColor` white; attributes `string`,
///   `alignmentMode`.
/// - `scroll`: `CAScrollLayer` — attribute `scrollMode`.
public enum LayerKind: String, CaseIterable, Sendable, Hashable {
    case layer
    case gradient
    case replicator
    case text
    case scroll
}
