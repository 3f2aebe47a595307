/// An emitter layer's description: Core Animation's `CAEmitterLayer` — its cells, shape,
/// mode, draw order and seed, and its animatable values over time.
///
/// ``ParticleSystem`` checks it and evaluates its particles at any time.
public struct ParticleEmitter: Sendable, Hashable {
    /// The cells the layer emits (`emitterCells`), with their sub-cells.
    public var cells: [EmitterCell]
    /// Where particles are born (`emitterShape`, `point` by default).
    public var shape: EmitterShape
    /// Which part of the shape (`emitterMode`, `volume` by default).
    public var mode: EmitterMode
    /// The draw order (`renderMode`, `unordered` by default).
    public var renderMode: ParticleRenderMode
    /// The seed of every random attribute (`seed`, 0 by default): the same seed, the same
    /// particles.
    public var seed: UInt32
    /// The position, size and multipliers over time (constant by default:
    /// ``EmitterParameters``' defaults).
    public var timeline: EmitterTimeline

    public init(
        cells: [EmitterCell] = [], shape: EmitterShape = .point, mode: EmitterMode = .volume,
        renderMode: ParticleRenderMode = .unordered, seed: UInt32 = 0, timeline: EmitterTimeline = EmitterTimeline()
    ) {
        self.cells = cells
        self.shape = shape
        self.mode = mode
        self.renderMode = renderMode
        self.seed = seed
        self.timeline = timeline
    }
}
