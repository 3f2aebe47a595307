import Foundation
import Testing

@testable import Harmonic

@Suite("SpringBatch")
struct SpringBatchTests {
    /// A mixed batch (every regime, every motion, begin times before and after the clock)
    /// evaluated at several clock times equals per-motion closed-form evaluation.
    static func mixedMotions() throws -> [SpringBatch.Motion] {
        var motions: [SpringBatch.Motion] = []
        var k = 0
        for shape in BatchFixtures.shapes {
            let spring = try BatchFixtures.spring(omega: shape.omega, zeta: shape.zeta)
            for m in BatchFixtures.motions {
                for begin in [0.0, -1.5, 0.7, 3e5 / shape.omega] {
                    k += 1
                    motions.append(
                        SpringBatch.Motion(
                            spring: spring, from: m.from + Double(k), to: m.to, initialVelocity: m.velocity,
                            beginTime: begin))
                }
            }
        }
        return motions
    }

    static func check(_ batch: SpringBatch, at time: Double, _ label: String) {
        var values = [Double](), velocities = [Double]()
        batch.evaluate(at: time, values: &values, velocities: &velocities)
        #expect(values.count == batch.count && velocities.count == batch.count)
        for (i, m) in batch.motions.enumerated() {
            let t = time - m.beginTime
            let ref = m.spring.state(at: t, from: m.from, to: m.to, initialVelocity: m.initialVelocity)
            // The motion's own scale: its endpoints and the largest value it reaches, bounded
            // below by the start-to-target distance and the velocity over ω0.
            let omega = m.spring.naturalFrequency
            let scale = max(abs(m.from - m.to), abs(m.initialVelocity) / omega, 1e-300)
            #expect(abs(values[i] - ref.value) <= 1e-12 * scale + 2 * abs(m.to).ulp, "\(label) value \(i) \(m)")
            #expect(
                abs(velocities[i] - ref.velocity) <= 1e-12 * scale * omega + 2 * abs(ref.velocity).ulp,
                "\(label) velocity \(i) \(m)")
        }
    }

    /// Both the AVX2/FMA kernel (where the processor has it) and the Swift loops; the late
    /// clock times put some lanes beyond the lanes' phase reduction (the scalar fallback).
    @Test(arguments: [true, false])
    func mixedBatchMatchesClosedForm(allowingAVX2FMA: Bool) throws {
        var batch = SpringBatch(try Self.mixedMotions())
        batch.usesAVX2FMA = allowingAVX2FMA && SpringGridKernel.hasAVX2FMA
        for time in [0.0, 1.0 / 60, 0.5, 2.25, 10, 1e4, 1e6, 3.3e7, 1e300] {
            Self.check(batch, at: time, "AVX2/FMA \(allowingAVX2FMA) t=\(time)")
        }
    }

    // Float80's exp, sin and cos are the reference (x86-64 only).
    #if arch(x86_64)
        /// Below 64 rad of phase the batch uses the rounded product `ωd·t` (no double-double
        /// correction): the values stay within 2⁻⁴⁸ rad of phase, plus a few ulps, of the motion's
        /// oscillation amplitude `|x0| + |v0 + λ·x0|/ωd`. Reference: the closed form in Float80
        /// from the spring's mass, stiffness and damping. The value-only loop is checked here (the
        /// closed-form test above uses values and velocities) and must equal that loop's values.
        @Test(arguments: [true, false])
        func shortPhasesMatchFloat80ClosedForm(allowingAVX2FMA: Bool) throws {
            for shape in BatchFixtures.shapes where shape.zeta < 1 - 1e-6 {
                let spring = try BatchFixtures.spring(omega: shape.omega, zeta: shape.zeta)
                let m = Float80(spring.mass), k = Float80(spring.stiffness), c = Float80(spring.damping)
                let lambda = c / (2 * m), omegaD = (k / m - lambda * lambda).squareRoot()
                var motions: [SpringBatch.Motion] = []
                for (j, motion) in BatchFixtures.motions.enumerated() {
                    // Clock time 0; phases from 0.01 to just below 64 rad, five lanes per motion.
                    for phase in [0.01, 3.3, 17.5, 41, 63.99] {
                        let begin = -phase / Double(omegaD) * (1 - 1e-3 * Double(j))
                        motions.append(
                            SpringBatch.Motion(
                                spring: spring, from: motion.from, to: motion.to, initialVelocity: motion.velocity,
                                beginTime: begin))
                    }
                }
                var batch = SpringBatch(motions)
                batch.usesAVX2FMA = allowingAVX2FMA && SpringGridKernel.hasAVX2FMA
                var values = [Double](), both = [Double](), velocities = [Double]()
                batch.evaluate(at: 0, values: &values)
                batch.evaluate(at: 0, values: &both, velocities: &velocities)
                #expect(values == both)
                for (i, motion) in motions.enumerated() {
                    let t = Float80(0 - motion.beginTime)
                    let x0 = Float80(motion.from) - Float80(motion.to),
                        b = Float80(motion.initialVelocity) + lambda * x0
                    let envelope: Float80 = Foundation.exp(-lambda * t)
                    let cosine: Float80 = Foundation.cos(omegaD * t), sine: Float80 = Foundation.sin(omegaD * t)
                    let displacement: Float80 = x0 * cosine + b / omegaD * sine
                    let reference: Float80 = envelope * displacement + Float80(motion.to)
                    let amplitude = Double(envelope * (abs(x0) + abs(b) / omegaD))
                    let error = abs(Double(Float80(values[i]) - reference))
                    #expect(
                        error <= 5e-15 * amplitude + abs(motion.to).ulp, "ω0 \(shape.omega) ζ \(shape.zeta) motion \(i)"
                    )
                }
            }
        }
    #endif

    /// Replacing motions, including changes of regime (which move them between groups),
    /// keeps every index pointing at its motion.
    @Test(arguments: [true, false])
    func replacingMotions(allowingAVX2FMA: Bool) throws {
        var batch = SpringBatch(try Self.mixedMotions())
        batch.usesAVX2FMA = allowingAVX2FMA && SpringGridKernel.hasAVX2FMA
        let overdamped = try BatchFixtures.spring(omega: 4, zeta: 3)
        let bouncy = try BatchFixtures.spring(omega: 9, zeta: 0.2)
        for i in stride(from: 0, to: batch.count, by: 3) {
            var m = batch[i]
            m.spring = i % 2 == 0 ? overdamped : bouncy
            m.to += 1
            batch[i] = m
        }
        batch.append(SpringBatch.Motion(spring: .default, from: 0, to: 1))
        Self.check(batch, at: 0.3, "after replacement")
        #expect(batch[batch.count - 1].to == 1)
    }

    @Test func threadsAndShortBuffers() throws {
        var motions: [SpringBatch.Motion] = []
        // Enough motions for three threads of `blocksPerThread` blocks of four each.
        let count = 3 * 4 * SpringBatch.blocksPerThread + 1000
        for i in 0..<count {
            let spring = try Spring(mass: 1, stiffness: 50 + Double(i % 97), damping: 2 + Double(i % 31))
            motions.append(SpringBatch.Motion(spring: spring, from: Double(i), to: 0, initialVelocity: Double(i % 7)))
        }
        let batch = SpringBatch(motions)
        var one = [Double](), two = [Double]()
        batch.evaluate(at: 0.4, values: &one)
        batch.evaluate(at: 0.4, values: &two, threads: 2)
        #expect(one == two)
        // Three threads split the three regime groups' blocks as one sequence, so parts begin
        // and end inside groups; every slot is written once, with its velocity.
        let regimes = Set(motions.map { SpringBatch.group(of: $0.spring) })
        #expect(regimes.count == 3)
        var oneVelocity = [Double](), three = [Double](), threeVelocity = [Double]()
        batch.evaluate(at: 0.4, values: &one, velocities: &oneVelocity)
        batch.evaluate(at: 0.4, values: &three, velocities: &threeVelocity, threads: 3)
        #expect(three == one)
        #expect(threeVelocity == oneVelocity)
        #expect(three.allSatisfy(\.isFinite) && threeVelocity.allSatisfy(\.isFinite))
        var short = [Double](repeating: 0, count: 10)
        let n = short.withUnsafeMutableBufferPointer { batch.evaluate(at: 0.4, values: $0) }
        #expect(n == 0)
        #expect(short.allSatisfy { $0 == 0 })
        #expect(SpringBatch().count == 0)
    }
}
