/// The class of a layer, as Core Animation's `CALayer` subclasses: it decides which standard
/// properties and attributes the layer has besides those of every layer, and how the frame
/// renderer draws it.
///
/// - `layer`: `CALayer` and `CAShapeLayer` (every layer has the shape layer's path and stroke
///   properties).
/// - `gradient`: `CAGradientLayer` — `startPoint` (0.5, 0), `endPoint` (0.5, 1), and the lists
///   `colors` and `locations`, which exist once set; attribute `type`; and `focalOffset` (0, 0),
///   a Harmonic extension: a radial gradient's focal point from `startPoint` in units of the
///   radius (SVG's `fx`, `fy`; a Lottie highlight).
/// - `replicator`: `CAReplicatorLayer` — `instanceCount` 1, `instanceDelay` 0,
///   `instanceTransform` identity, `instanceColor` white, `instanceRedOffset`,
///   `instanceGreenOffset`, `instanceBlueOffset`, `instanceAlphaOffset` 0.
/// - `text`: `CATextLayer` — `fontSize` 36, `foregroundColor` white; attributes `string`,
///   `alignmentMode`.
/// - `scroll`: `CAScrollLayer` — attribute `scrollMode`.
/// - `emitter`: `CAEmitterLayer` — `emitterPosition` (0, 0), `emitterZPosition` 0,
///   `emitterSize` (0, 0), `emitterDepth` 0, the multipliers `birthRate`, `lifetime`,
///   `velocity`, `scale` and `spin` 1, `seed` 0 (not animated); attributes `emitterShape`,
///   `emitterMode`, `renderMode`; its cells are set with
///   ``AnimationEngine/setEmitterCells(_:of:)`` and its particles read with
///   ``AnimationEngine/particles(of:at:)``.
public enum LayerKind: String, CaseIterable, Sendable, Hashable {
    case layer
    case gradient
    case replicator
    case text
    case scroll
    case emitter
}
