import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Android's fling spline against values computed by an independent implementation of the
/// public AOSP algorithm (scripts/references/decay_reference.py).
@Suite("Spline decay (Android fling)")
struct SplineDecayTests {
    static func rows(kind: String) throws -> [[String: Double]] {
        let table = try ReferenceTable(named: "decay-spline")
        return table.rows.filter { $0.first == kind }.map { row in
            var record: [String: Double] = [:]
            for (name, field) in zip(table.header.dropFirst(), row.dropFirst()) { record[name] = Double(field) }
            return record
        }
    }

    @Test("the 101-entry position table is AOSP's, bit for bit")
    func table() throws {
        let reference = try Self.rows(kind: "table")
        #expect(reference.count == 101)
        for row in reference {
            let k = Int(row["fraction"]!)
            #expect(SplineDecay.positions[k] == row["offset"]!, "P[\(k)]")
        }
        // Strictly increasing from just above 0 to exactly 1.
        #expect(SplineDecay.positions.first! > 0 && SplineDecay.positions.first! < 1e-4)
        #expect(SplineDecay.positions.last! == 1)
        #expect(zip(SplineDecay.positions, SplineDecay.positions.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("duration, distance, offset and velocity of flings at three densities")
    func flings() throws {
        let rows = try Self.rows(kind: "fling")
        #expect(rows.count == 72)
        for row in rows {
            let decay = try SplineDecay(density: row["density"]!)
            let v0 = row["v0"]!
            let duration = decay.duration(initialVelocity: v0)
            #expect(relativeError(duration, row["duration"]!) <= 1e-14, "\(row)")
            #expect(relativeError(decay.distance(initialVelocity: v0), row["distance"]!) <= 1e-14, "\(row)")
            let t = row["fraction"]! * duration
            guard t > 0 else { continue }
            #expect(relativeError(decay.offset(at: t, initialVelocity: v0), row["offset"]!) <= 1e-12, "\(row)")
            #expect(relativeError(decay.velocity(at: t, initialVelocity: v0), row["velocity"]!) <= 1e-12, "\(row)")
        }
    }

    @Test("the published scale: a 1,000 px/s fling at density 1 goes about 194 px in 0.555 s")
    func publishedScale() throws {
        // μ·c = 0.015 · 9.80665 · 39.37 · 160 · 0.84 ≈ 778.3 px/s²; l = ln(350/778.3) ≈ −0.799;
        // duration = e^(l/1.3582) ≈ 0.555 s; distance = 778.3·e^(2.3582·l/1.3582) ≈ 194 px.
        let decay = try SplineDecay(density: 1)
        let deceleration = 0.015 * 9.80665 * 39.37 * 160 * 0.84
        let l = log(0.35 * 1000 / deceleration)
        let rate = log(0.78) / log(0.9)
        #expect(relativeError(decay.duration(initialVelocity: 1000), exp(l / (rate - 1))) <= 1e-6)
        #expect(relativeError(decay.distance(initialVelocity: 1000), deceleration * exp(rate / (rate - 1) * l)) <= 1e-6)
        // Denser screens fling farther in pixels: the coefficient scales with density.
        #expect(try SplineDecay(density: 3).distance(initialVelocity: 1000) < decay.distance(initialVelocity: 1000))
    }

    @Test("the end: the full distance at the duration, zero velocity, and the inversion")
    func endAndInversion() throws {
        let decay = try SplineDecay(density: 2.625)
        let v0 = -3200.0
        let duration = decay.duration(initialVelocity: v0), distance = decay.distance(initialVelocity: v0)
        #expect(decay.offset(at: duration, initialVelocity: v0) == distance)
        #expect(decay.velocity(at: duration, initialVelocity: v0) == 0)
        #expect(decay.offset(at: 0, initialVelocity: v0) == 0)
        #expect(decay.distance(initialVelocity: 0) == 0 && decay.duration(initialVelocity: 0) == 0)
        for fraction in stride(from: 0.01, through: 0.99, by: 0.0137) {
            let t = fraction * duration
            let offset = decay.offset(at: t, initialVelocity: v0)
            let back = try #require(decay.time(atOffset: offset, initialVelocity: v0))
            #expect(abs(back - t) <= 1e-12 * duration, "fraction \(fraction)")
        }
        #expect(decay.time(atOffset: 1, initialVelocity: v0) == nil)
        #expect(decay.time(atOffset: 2 * distance, initialVelocity: v0) == nil)
    }

    @Test("bad densities and frictions throw")
    func errors() {
        #expect { try SplineDecay(density: 0) } throws: {
            ($0 as? HarmonicError)?.description == "density = 0.0 is invalid: must be finite and > 0 and at most 1e30"
        }
        #expect { try SplineDecay(density: 1, friction: -0.015) } throws: {
            ($0 as? HarmonicError)?.description
                == "friction = -0.015 is invalid: must be finite and > 0 and at most 1e30"
        }
    }
}
