import Harmonic

/// The particle workload, shared by the ordo-one suite and `harmonic-peers` (and mirrored by
/// `peers/particles.py`): a rain emitter — one cell of 20,000 particles a second living 5 s
/// (100,000 alive), speed, cone, scale, spin and colour ranges, born on an 800 × 10 rectangle.
public enum ParticleWorkload {
    public static func rain() -> ParticleEmitter {
        var drop = EmitterCell(name: "rain")
        drop.birthRate = 20_000
        drop.lifetime = 5
        drop.velocity = 300
        drop.velocityRange = 60
        drop.emissionLongitude = .pi / 2
        drop.emissionRange = 0.2
        drop.acceleration = SIMD3(0, 400, 0)
        drop.scale = 0.5
        drop.scaleRange = 0.2
        drop.spinRange = 1
        drop.color = SIMD4(0.6, 0.7, 1, 1)
        drop.colorRange = SIMD4(0.1, 0.1, 0, 0)
        drop.colorSpeed = SIMD4(0, 0, 0, -0.2)
        return ParticleEmitter(
            cells: [drop], shape: .rectangle, mode: .surface, seed: 1,
            timeline: EmitterTimeline(EmitterParameters(position: SIMD3(400, 0, 0), size: SIMD3(800, 10, 0))))
    }
}
