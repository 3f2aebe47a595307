import Harmonic
import HarmonicEngine
import Testing

/// A named cell's values as key paths of its emitter layer (`emitterCells.NAME.KEY`): they hold
/// the cell's values, set and animate like any property, and each particle takes them at its
/// birth.
@Suite struct EmitterCellKeyPathTests {
    func rain(rate: Double = 20, lifetime: Double = 100) -> EmitterCell {
        var cell = EmitterCell(name: "rain")
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.velocity = 50
        cell.color = SIMD4(0.2, 0.4, 0.6, 1)
        return cell
    }

    func engine(_ cells: [EmitterCell]) throws -> (AnimationEngine, LayerID) {
        let engine = try AnimationEngine()
        let layer = try engine.makeLayer(named: "e", kind: .emitter)
        try engine.setEmitterCells(cells, of: layer)
        return (engine, layer)
    }

    /// The key paths exist once the cells are set, with the cells' values, for sub-cells too.
    @Test func cellKeyPathsHoldTheCellsValues() throws {
        var spark = EmitterCell(name: "spark")
        spark.spin = 3
        var cell = rain()
        cell.emitterCells = [spark]
        let (engine, layer) = try engine([cell])
        #expect(try engine.modelValue(forKeyPath: "emitterCells.rain.birthRate", of: layer) == [20])
        #expect(try engine.modelValue(forKeyPath: "emitterCells.rain.color", of: layer) == [0.2, 0.4, 0.6, 1])
        #expect(try engine.modelValue(forKeyPath: "emitterCells.rain.emitterCells.spark.spin", of: layer) == [3])
        do {
            _ = try engine.modelValue(forKeyPath: "emitterCells.rain.velocty", of: layer)
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error.description.contains("emitterCells.rain.velocity"), "\(error)")
        }
        #expect(throws: HarmonicError.self) {
            try engine.setValue(1, forKeyPath: "emitterCells.snow.velocity", of: layer)
        }
        #expect(throws: HarmonicError.self) {
            try engine.setValue(-1, forKeyPath: "emitterCells.rain.lifetime", of: layer)
        }
    }

    /// A model value set without animation counts for every particle: the speed set is the
    /// speed the particles have (vy = 80, the cell emitting along +x turned to +y).
    @Test func setValuesReachTheParticles() throws {
        let (engine, layer) = try engine([rain()])
        try engine.begin { $0.disableActions = true }
        try engine.setValue(80, forKeyPath: "emitterCells.rain.velocity", of: layer)
        try engine.setValue(.pi / 2, forKeyPath: "emitterCells.rain.emissionLongitude", of: layer)
        try engine.commit()
        let table = try engine.particles(of: layer, at: 1)
        #expect(table.count == 20)
        for row in 0..<table.count {
            #expect(abs(table[.vy, row: row] - 80) < 1e-12 && abs(table[.vx, row: row]) < 1e-12)
        }
        #expect(try engine.emitterCells(of: layer)[0].velocity == 80)
    }

    /// An animated cell birth rate (linear 0 → 100 over 2 s, layer multiplier 1) is integrated
    /// exactly: N(t) = 25·t²; an animated colour is each particle's colour at its birth.
    @Test func animatedCellValuesAreTakenAtBirth() throws {
        let (engine, layer) = try engine([rain(rate: 100)])
        let timing = try MediaTiming(duration: 2)
        try engine.add(
            BasicAnimation(keyPath: "emitterCells.rain.birthRate", from: 0, to: 100, timing: timing), forKey: "ramp",
            to: layer)
        try engine.add(
            BasicAnimation(
                keyPath: "emitterCells.rain.color", fromValue: AnimatableVector([0, 0, 0, 1]),
                toValue: AnimatableVector([1, 0.5, 0, 1]), timing: timing),
            forKey: "tint", to: layer)
        try engine.flush()
        for t in [0.3, 0.77, 1.5, 1.9] {
            let table = try engine.particles(of: layer, at: t)
            #expect(Double(table.count) == (25 * t * t + 0.5).rounded(.down), "t \(t)")
            for row in 0..<table.count {
                let born = table[.birthTime, row: row]
                #expect(abs(table[.red, row: row] - born / 2) < 1e-12, "born \(born)")
                #expect(abs(table[.green, row: row] - born / 4) < 1e-12)
            }
        }
    }
}
