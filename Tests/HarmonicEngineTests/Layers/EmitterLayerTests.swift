import Harmonic
import HarmonicEngine
import Testing

/// Emitter layers: their properties, cells and particles — the engine's particles are the
/// library's particle system on the layer's values, in the layer's clock.
@Suite struct EmitterLayerTests {
    func rain(rate: Double = 20, lifetime: Double = 3) -> EmitterCell {
        var cell = EmitterCell(name: "rain")
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = 50
        cell.velocityRange = 10
        cell.emissionRange = 0.3
        cell.acceleration = SIMD3(0, 98, 0)
        return cell
    }

    /// Defaults are Core Animation's; the particles at any time are the particle system's with
    /// the layer's model values, counted from when the cells were set (here at t = 2).
    @Test func particlesAreTheSystemsOnTheLayersValues() throws {
        let engine = try AnimationEngine()
        let layer = try engine.makeLayer(
            named: "e", kind: .emitter, values: ["emitterPosition": [30, 40], "velocity": [2], "seed": [9]])
        #expect(try engine.presentationValue(forKeyPath: "birthRate", of: layer) == [1])
        #expect(try engine.attribute(forKey: "emitterShape", of: layer) == .name("point"))
        #expect(try engine.attribute(forKey: "emitterMode", of: layer) == .name("volume"))
        _ = try engine.advance(to: 2)
        try engine.setEmitterCells([rain()], of: layer)
        _ = try engine.advance(to: 3.5)
        let table = try engine.particles(of: layer)
        let expected = try ParticleSystem(
            ParticleEmitter(
                cells: [rain()], seed: 9,
                timeline: EmitterTimeline(EmitterParameters(position: SIMD3(30, 40, 0), velocity: 2)))
        ).particles(at: 1.5)
        #expect(table == expected)
        #expect(table.count == 30)
        // Any time, in any order: the same particles.
        #expect(try engine.particles(of: layer, at: 3) == (try engine.particles(of: layer, at: 3)))
        #expect(try engine.particles(of: layer, at: 2).count == 0)
    }

    /// An animated `birthRate` (a linear basic animation 0 → 4 over two seconds, the cell 25/s):
    /// the count born is ⌊N + ½⌋ of the integral N(t) = 25·t² (t from the animation's start).
    @Test func animatedBirthRatesCountExactly() throws {
        let engine = try AnimationEngine()
        let layer = try engine.makeLayer(named: "e", kind: .emitter)
        try engine.setEmitterCells([rain(rate: 25, lifetime: 100)], of: layer)
        try engine.add(
            BasicAnimation(keyPath: "birthRate", from: 0, to: 4, timing: try MediaTiming(duration: 2)), forKey: "ramp",
            to: layer)
        try engine.flush()
        for t in [0.3, 0.77, 1.5, 1.9] {
            let n = 25 * t * t
            let count = Double(try engine.particles(of: layer, at: t).count)
            #expect(count == (n + 0.5).rounded(.down), "t \(t): \(count) for N = \(n)")
        }
    }

    /// A burst: `birthRate` held at 3 for a second from t = 1 by an animation removed on
    /// completion. The particles born under it stay after it is gone (N = 40 + 120 + 40·(t − 2)),
    /// as they do when Core Animation's emitter steps them.
    @Test func particlesOutliveTheAnimationTheyWereBornUnder() throws {
        let engine = try AnimationEngine()
        let layer = try engine.makeLayer(named: "e", kind: .emitter)
        try engine.setEmitterCells([rain(rate: 40, lifetime: 100)], of: layer)
        _ = try engine.advance(to: 1)
        try engine.add(
            BasicAnimation(keyPath: "birthRate", from: 3, to: 3, timing: try MediaTiming(duration: 1)), forKey: "burst",
            to: layer)
        _ = try engine.advance(to: 1.5)
        #expect(try engine.particles(of: layer).count == 100)
        _ = try engine.advance(to: 2.5)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(try engine.particles(of: layer).count == 180)
        #expect(try engine.particles(of: layer, at: 1.5).count == 100)
    }

    /// Pausing the layer (its media timing) freezes its particles.
    @Test func pausingTheLayerFreezesItsParticles() throws {
        let engine = try AnimationEngine()
        let layer = try engine.makeLayer(named: "e", kind: .emitter)
        try engine.setEmitterCells([rain()], of: layer)
        _ = try engine.advance(to: 1)
        try engine.pause(layer)
        let frozen = try engine.particles(of: layer)
        _ = try engine.advance(to: 2)
        #expect(try engine.particles(of: layer) == frozen)
    }

    /// Errors name the key: cells on another kind, a bad cell, a seed out of range, a negative
    /// birth rate multiplier.
    @Test func badEmittersNameTheKey() throws {
        let engine = try AnimationEngine()
        let plain = try engine.makeLayer(named: "p")
        let layer = try engine.makeLayer(named: "e", kind: .emitter)
        #expect(throws: HarmonicError.self) { try engine.setEmitterCells([rain()], of: plain) }
        var bad = rain()
        bad.lifetime = -1
        do {
            try engine.setEmitterCells([bad], of: layer)
            Issue.record("a negative lifetime was accepted")
        } catch { #expect(error.description.hasPrefix("emitterCells.rain.lifetime = -1")) }
        #expect(throws: HarmonicError.self) { try engine.setValue(-1, forKeyPath: "seed", of: layer) }
        #expect(throws: HarmonicError.self) { try engine.setValue(0.5, forKeyPath: "seed", of: layer) }
        #expect(throws: HarmonicError.self) { try engine.setValue(-2, forKeyPath: "birthRate", of: layer) }
    }
}
