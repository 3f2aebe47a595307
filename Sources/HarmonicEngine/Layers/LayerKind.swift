/// The class of a layer, as Core Animation's `CALayer` subclasses: it decides which standard
/// properties and attributes the layer has besides those of every layer, and how the frame
/// renderer draws it.
///
/// | kind | Core Animation | its own properties (defaults) |
/// |---|---|---|
/// | `layer` | `CALayer`, `CAShapeLayer` | — (every layer has the shape layer's path and stroke properties) |
/// | `gradient` | `CAGradientLayer` | `startPoint` (0.5, 0), `endPoint` (0.5, 1), `colors` and `locations` (lists, set first) |
/// | `replicator` | `CAReplicatorLayer` | `instanceCount` 1, `instanceDelay` 0, `instanceTransform` identity, `instanceColor` white, `instanceRedOffset`… `instanceAlphaOffset` 0 |
/// | `text` | `CATextLayer` | `fontSize` 36, `foregroundColor` white |
/// | `scroll` | `CAScrollLayer` | — (attribute `scrollMode`) |
public enum LayerKind: String, CaseIterable, Sendable, Hashable {
    case layer
    case gradient
    case replicator
    case text
    case scroll
}
