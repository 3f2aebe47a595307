/// The emitter layer's animatable values at one instant: where it emits and its multipliers.
///
/// Core Animation marks all of them animatable; a particle takes them as they are at its birth
/// (``EmitterTimeline``), so moving the emitter leaves the particles already born where they
/// are, and a changed `lifetime` multiplier applies to particles born after the change.
public struct EmitterParameters: Sendable, Hashable {
    /// `(emitterPosition.x, emitterPosition.y, emitterZPosition)` (points).
    public var position: SIMD3<Double> = .zero
    /// `(emitterSize.width, emitterSize.height, emitterDepth)` (points).
    public var size: SIMD3<Double> = .zero
    /// The layer's `birthRate` multiplier of every cell's birth rate (≥ 0).
    public var birthRate: Double = 1
    /// The layer's `lifetime` multiplier.
    public var lifetime: Double = 1
    /// The layer's `velocity` multiplier.
    public var velocity: Double = 1
    /// The layer's `scale` multiplier.
    public var scale: Double = 1
    /// The layer's `spin` multiplier.
    public var spin: Double = 1

    /// Core Animation's defaults: at the origin, size 0, every multiplier 1.
    public init(
        position: SIMD3<Double> = .zero, size: SIMD3<Double> = .zero, birthRate: Double = 1, lifetime: Double = 1,
        velocity: Double = 1, scale: Double = 1, spin: Double = 1
    ) {
        self.position = position
        self.size = size
        self.birthRate = birthRate
        self.lifetime = lifetime
        self.velocity = velocity
        self.scale = scale
        self.spin = spin
    }

    /// The values as 11 numbers, in the order position, size, birthRate, lifetime, velocity,
    /// scale, spin.
    var components: [Double] {
        [position.x, position.y, position.z, size.x, size.y, size.z, birthRate, lifetime, velocity, scale, spin]
    }

    /// The values from ``components``.
    init(components c: [Double]) {
        self.init(
            position: SIMD3(c[0], c[1], c[2]), size: SIMD3(c[3], c[4], c[5]), birthRate: c[6], lifetime: c[7],
            velocity: c[8], scale: c[9], spin: c[10])
    }

    /// The names of ``components``, as Core Animation's key paths.
    static let componentNames = [
        "emitterPosition.x", "emitterPosition.y", "emitterZPosition", "emitterSize.width", "emitterSize.height",
        "emitterDepth", "birthRate", "lifetime", "velocity", "scale", "spin",
    ]
}
