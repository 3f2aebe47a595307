import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// Properties of releases over random decays, velocities, thresholds and walls.
@Suite("decay properties")
struct DecayProperties {
    static func randomDecay(_ random: inout Lehmer) throws -> DecayCurve {
        switch random.integer(0...4) {
        case 0: return .exponential(try ExponentialDecay(decelerationRate: random.uniform(0.9, 0.9999)))
        case 1: return .exponential(try ExponentialDecay(frictionMultiplier: random.logUniform(0.01, 50)))
        case 2: return .exponential(try ExponentialDecay(drag: random.uniform(0.001, 0.999)))
        case 3: return .exponential(try ExponentialDecay(timeConstant: random.logUniform(10, 5_000)))
        default: return .spline(try SplineDecay(density: random.uniform(0.75, 4)))
        }
    }

    /// A free release moves monotonically toward its rest value and never passes it; its speed
    /// never grows; at its rest time it is at rest, and it stays there.
    @Test func releasesMoveMonotonicallyToRest() throws {
        try PropertyCases.check(seed: 0x5EED_0701) { (random: inout Lehmer, index: Int) throws in
            let curve = try Self.randomDecay(&random)
            let v0 = random.uniform(-1, 1) * random.logUniform(1e-3, 1e5)
            let rest =
                random.integer(0...1) == 0
                ? DecayRest.speed(random.logUniform(1e-4, 10)) : .distance(random.logUniform(1e-4, 10))
            let from = random.uniform(-1e4, 1e4)
            let motion = try DecayMotion(curve: curve, from: from, initialVelocity: v0, rest: rest)
            let sign: Double = v0 < 0 ? -1 : 1
            var previous = motion.state(at: 0)
            for k in 1...40 {
                let t = motion.restTime * Double(k) / 40
                let now = motion.state(at: t)
                let slack = 1e-12 * max(abs(from), abs(motion.restOffset))
                #expect(sign * (now.value - previous.value) >= -slack, "case \(index): back at \(t) for \(motion)")
                #expect(abs(now.velocity) <= abs(previous.velocity) * (1 + 1e-12) + 1e-300, "case \(index): speed grew")
                #expect(sign * (from + motion.restOffset - now.value) >= -slack, "case \(index): passed the rest")
                previous = now
            }
            // (A release already at rest, restTime 0, shows its release state at its own instant.)
            #expect(motion.restTime == 0 || motion.state(at: motion.restTime).velocity == 0, "case \(index)")
            #expect(motion.value(at: motion.restTime * 2 + 1) == motion.restValue, "case \(index)")
        }
    }

    /// With walls, the value ends on a wall or inside, and it is on the wall at the handoff.
    @Test func wallsHoldTheRestValue() throws {
        try PropertyCases.check(seed: 0x5EED_0702) { (random: inout Lehmer, index: Int) throws in
            let curve = try Self.randomDecay(&random)
            let lower = random.uniform(-500, 0), upper = random.uniform(1, 500)
            let from = random.uniform(lower - 50, upper + 50)
            let v0 = random.uniform(-5_000, 5_000)
            let motion = try DecayMotion(
                curve: curve, from: from, initialVelocity: v0,
                bounds: try DecayBounds(lower: lower, upper: upper, bounce: try Spring(duration: 0.3, bounce: 0.1)))
            #expect(motion.restValue >= lower && motion.restValue <= upper, "case \(index): \(motion)")
            if let handoff = motion.handoff, motion.decayDuration > 0 {
                #expect(abs(handoff.from - handoff.to) <= 1e-9 * (abs(handoff.to) + 1), "case \(index)")
                let before = motion.value(at: motion.decayDuration * (1 - 1e-9))
                #expect(abs(before - handoff.to) <= 1e-5 * (abs(v0) + 1), "case \(index): jump at the wall")
            }
        }
    }
}
