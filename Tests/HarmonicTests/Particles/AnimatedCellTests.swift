import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// Cells whose own values move (``EmitterTimeline/cellValues``): exact counts for an animated
/// birth rate, every other value taken at each particle's birth, sub-cells reading their
/// parents' values at the parents' births, and the checks naming the knot at fault.
@Suite struct AnimatedCellTests {
    /// The cell's rate times the layer's multiplier, linear between knots, integrated exactly:
    /// rate 0 → 200 over the first second at multiplier ½ gives N(t) = 50·t², then 100 a second.
    @Test func anAnimatedBirthRateCountsExactly() throws {
        let base = cell(rate: 200, lifetime: 1000)
        var start = base
        start.birthRate = 0
        let timeline = try EmitterTimeline(
            times: [0, 1], values: [EmitterParameters(birthRate: 0.5), EmitterParameters(birthRate: 0.5)],
            cells: ["c": [start, base]])
        let system = try ParticleSystem(ParticleEmitter(cells: [base], timeline: timeline))
        for t in [0.05, 0.3, 0.61, 0.99, 1.0, 1.7, 4.2] {
            let n = t <= 1 ? 50 * t * t : 50 + 100 * (t - 1)
            #expect(Double(try system.count(at: t)) == (n + 0.5).rounded(.down), "t \(t)")
        }
    }

    /// Velocity, acceleration, colour and emission angle read at each particle's birth: the
    /// particles born while the cell speeds up keep the speed they were born with.
    @Test func particlesTakeTheirCellsValuesAtBirth() throws {
        let first = cell(rate: 20, lifetime: 10) {
            $0.velocity = 100
            $0.color = SIMD4(0, 1, 1, 1)
            $0.emissionLongitude = 0
        }
        var last = first
        last.velocity = 300
        last.acceleration = SIMD3(0, 50, 0)
        last.color = SIMD4(1, 1, 1, 1)
        last.emissionLongitude = .pi / 2
        let timeline = try EmitterTimeline(
            times: [0, 2], values: [EmitterParameters(), EmitterParameters()], cells: ["c": [first, last]])
        let t = 3.3
        let table = try ParticleSystem(ParticleEmitter(cells: [first], timeline: timeline)).particles(at: t)
        #expect(table.count == 66)
        for row in 0..<table.count {
            let born = table[.birthTime, row: row], tau = t - born
            let f = min(born, 2) / 2
            let speed = 100 + 200 * f, pull = 50 * f, angle = f * .pi / 2
            #expect(isClose(table[.x, row: row], speed * cos(angle) * tau, absolute: 1e-10), "born \(born)")
            #expect(isClose(table[.y, row: row], speed * sin(angle) * tau + pull * tau * tau / 2, absolute: 1e-10))
            #expect(isClose(table[.vy, row: row], speed * sin(angle) + pull * tau, absolute: 1e-11))
            #expect(isClose(table[.red, row: row], f, absolute: 1e-15))
        }
    }

    /// A track holding the cell's own values changes nothing, bit for bit: the lanes read per
    /// particle compute what the shared lanes compute.
    @Test func aConstantTrackChangesNothing() throws {
        let spark = cell("spark", rate: 5, lifetime: 0.5) { $0.velocity = 40 }
        let c = cell(rate: 30, lifetime: 2) {
            $0.velocity = 120
            $0.velocityRange = 30
            $0.emissionRange = 0.4
            $0.acceleration = SIMD3(3, 90, 0)
            $0.scaleRange = 0.2
            $0.spinRange = 1
            $0.colorRange = SIMD4(0.1, 0.2, 0.3, 0.1)
            $0.colorSpeed = SIMD4(0, 0, 0, -0.3)
            $0.emitterCells = [spark]
        }
        let values = [EmitterParameters(), EmitterParameters(position: SIMD3(10, 0, 0))]
        let plain = try EmitterTimeline(times: [0, 3], values: values)
        let tracked = try EmitterTimeline(
            times: [0, 3], values: values, cells: ["c": [c, c], "c/spark": [spark, spark]])
        let a = try ParticleSystem(ParticleEmitter(cells: [c], seed: 9, timeline: plain)).particles(at: 2.7)
        let b = try ParticleSystem(ParticleEmitter(cells: [c], seed: 9, timeline: tracked)).particles(at: 2.7)
        #expect(a.count > 60)
        #expect(a == b)
    }

    /// A sub-cell emits at its rate at the parent's birth, from where the parent is under the
    /// acceleration the parent was born with.
    @Test func subCellsReadTheirParentsValuesAtTheParentsBirth() throws {
        let spark = cell("spark", rate: 4, lifetime: 100)
        var sparkLater = spark
        sparkLater.birthRate = 12
        let rocket = cell("rocket", rate: 1, lifetime: 1) {
            $0.velocity = 100
            $0.emitterCells = [spark]
        }
        var rocketLater = rocket
        rocketLater.acceleration = SIMD3(60, 0, 0)
        let timeline = try EmitterTimeline(
            times: [0, 1, 1.000001], values: Array(repeating: EmitterParameters(), count: 3),
            cells: ["rocket": [rocket, rocket, rocketLater], "rocket/spark": [spark, spark, sparkLater]])
        let table = try ParticleSystem(ParticleEmitter(cells: [rocket], timeline: timeline)).particles(at: 2.6)
        // Rockets born at 0.5 (4 sparks a second, no pull), 1.5 and 2.5 (12 a second, pulled by
        // 60); the last has emitted one spark by 2.6, at 2.5 + 1/24.
        var sparks: [Double: Int] = [:]
        for row in 0..<table.count where table.cell[row] == 1 {
            let born = table[.birthTime, row: row]
            let parent = born < 1.5 ? 0.5 : born < 2.5 ? 1.5 : 2.5
            let tau = born - parent
            let pull = parent == 0.5 ? 0.0 : 60
            #expect(isClose(table[.x, row: row], 100 * tau + pull * tau * tau / 2, absolute: 1e-11), "at \(born)")
            sparks[parent, default: 0] += 1
        }
        #expect(sparks == [0.5: 4, 1.5: 12, 2.5: 1])
    }

    /// Tracks are checked like cells, naming the path and knot.
    @Test func badTracksNameTheKnot() {
        let c = cell(rate: 1, lifetime: 1)
        var negative = c
        negative.birthRate = -1
        var infinite = c
        infinite.velocity = .infinity
        let two = [EmitterParameters(), EmitterParameters()]
        #expect(throws: HarmonicError.self) { try EmitterTimeline(times: [0, 1], values: two, cells: ["c": [c]]) }
        let cases: [(EmitterCell, String)] = [(negative, "cells[c][1].birthRate"), (infinite, "cells[c][1].velocity")]
        for (bad, key) in cases {
            do {
                _ = try EmitterTimeline(times: [0, 1], values: two, cells: ["c": [c, bad]])
                Issue.record("accepted \(key)")
            } catch {
                #expect(error.description.contains(key), "\(error)")
            }
        }
    }

    /// The animatable values round-trip, and the key paths follow Core Animation's form.
    @Test func animatableValuesRoundTrip() {
        var c = cell(rate: 3, lifetime: 4)
        c.color = SIMD4(0.1, 0.2, 0.3, 0.4)
        c.colorSpeed = SIMD4(1, 2, 3, 4)
        c.acceleration = SIMD3(5, 6, 7)
        let values = c.animatableValues
        #expect(values.count == EmitterCell.animatableCount)
        let keyCount = EmitterCell.animatableKeys.map { EmitterCell.animatableDimension(of: $0) ?? 0 }.reduce(0, +)
        #expect(keyCount == EmitterCell.animatableCount)
        #expect(EmitterCell(name: "x").withAnimatableValues(values).animatableValues == values)
        #expect(EmitterCell.keyPath(ofCellPath: "fire/spark") == "emitterCells.fire.emitterCells.spark")
    }
}

/// The AVX2 particle kernel, where the processor has it, against the Swift lanes (which an
/// animated cell always takes — here a track holding the cell's own values): the same rows, bit
/// for bit, for each shape the kernel takes, with a cone, every range and dead lanes inside
/// chunks (lifetimes ± range).
@Suite struct ParticleKernelAgreementTests {
    @Test(arguments: [
        (EmitterShape.point, EmitterMode.volume), (.line, .outline), (.rectangle, .surface), (.cuboid, .volume),
        (.rectangle, .outline),
    ])
    func theKernelsAgreeBitForBit(shape: EmitterShape, mode: EmitterMode) throws {
        var c = EmitterCell(name: "rain")
        c.birthRate = 700
        c.lifetime = 2
        c.lifetimeRange = 1.5
        c.velocity = 300
        c.velocityRange = 60
        c.emissionLongitude = 1.2
        c.emissionLatitude = 0.3
        c.emissionRange = 0.4
        c.acceleration = SIMD3(-3, 400, 7)
        c.scale = 0.5
        c.scaleRange = 0.2
        c.scaleSpeed = -0.1
        c.spin = 0.3
        c.spinRange = 1
        c.color = SIMD4(0.6, 0.7, 1, 1)
        c.colorRange = SIMD4(0.1, 0.2, 0.3, 0.4)
        c.colorSpeed = SIMD4(0.2, -0.1, 0, -0.3)
        let layer = EmitterParameters(
            position: SIMD3(-0.0, 12, -5), size: SIMD3(800, 10, 30), lifetime: 1.1, velocity: 0.9, scale: 2,
            spin: 1.5)
        let plain = EmitterTimeline(layer)
        let tracked = try EmitterTimeline(times: [0], values: [layer], cells: ["rain": [c]])
        for t in [0.0021, 1.3, 3.7] {
            let a = try ParticleSystem(ParticleEmitter(cells: [c], shape: shape, mode: mode, seed: 4, timeline: plain))
                .particles(at: t)
            let b = try ParticleSystem(
                ParticleEmitter(cells: [c], shape: shape, mode: mode, seed: 4, timeline: tracked)
            ).particles(at: t)
            #expect(a.count > 0 && a == b, "t \(t): \(a.count) and \(b.count) rows")
            #expect(a.count == b.count)
            for column in ParticleTable.Column.allCases {
                let x = a.column(column), y = b.column(column)
                let same = zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern }
                #expect(same, "t \(t): column \(column)")
            }
        }
    }
}
