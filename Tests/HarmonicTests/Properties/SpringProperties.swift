import Harmonic
import HarmonicTestSupport
import Testing

/// Properties of the spring solver over its valid parameters: masses and stiffnesses across
/// four decades, damping ratios from nearly undamped to heavily overdamped, launch velocities
/// of either sign.
@Suite("spring properties")
struct SpringProperties {
    struct Case: CustomStringConvertible {
        var spring: Spring
        var velocity: Double
        var description: String { "\(spring), initial velocity \(velocity)" }
    }

    static func draw(_ random: inout Lehmer) throws -> Case {
        let mass = random.logUniform(0.01, 100)
        let stiffness = random.logUniform(0.1, 10_000)
        let ratio = random.logUniform(0.01, 20)
        let damping = ratio * 2 * (stiffness * mass).squareRoot()
        return Case(
            spring: try Spring(mass: mass, stiffness: stiffness, damping: damping),
            velocity: random.uniform(-50, 50))
    }

    /// The motion starts where and how it was launched: progress 0 with the given velocity.
    @Test func initialConditions() throws {
        try PropertyCases.check(seed: 0x5EED_0001) { (random: inout Lehmer, index: Int) throws in
            let c = try Self.draw(&random)
            #expect(c.spring.progress(at: 0, initialVelocity: c.velocity) == 0, "case \(index): \(c)")
            let v = c.spring.progressVelocity(at: 0, initialVelocity: c.velocity)
            #expect(abs(v - c.velocity) <= 1e-12 * max(1, abs(c.velocity)), "case \(index): \(c)")
        }
    }

    /// A damped spring only loses energy: E = ½·m·v² + ½·k·x² (x the displacement from the
    /// target) never grows between two times.
    @Test func energyNeverGrows() throws {
        try PropertyCases.check(seed: 0x5EED_0002) { (random: inout Lehmer, index: Int) throws in
            let c = try Self.draw(&random)
            let s = c.spring
            let horizon = 2 * s.settlingDuration(initialVelocity: c.velocity)
            let t1 = random.uniform(0, horizon), t2 = t1 + random.uniform(0, horizon)
            func energy(_ t: Double) -> Double {
                let x = s.progress(at: t, initialVelocity: c.velocity) - 1
                let v = s.progressVelocity(at: t, initialVelocity: c.velocity)
                return 0.5 * s.mass * v * v + 0.5 * s.stiffness * x * x
            }
            let e0 = energy(0), e1 = energy(t1), e2 = energy(t2)
            #expect(e1.isFinite && e2.isFinite, "case \(index): \(c)")
            // Rounding: relative to the launch energy, the largest the terms ever are.
            #expect(e2 <= e1 + 1e-12 * e0, "case \(index): \(c) at \(t1) then \(t2)")
        }
    }

    /// After the exact settling time the motion stays within the tolerance of the target, and
    /// at it the motion is on the band's edge.
    @Test func staysSettledAfterTheSettlingTime() throws {
        try PropertyCases.check(seed: 0x5EED_0003) { (random: inout Lehmer, index: Int) throws in
            let c = try Self.draw(&random)
            let epsilon = 1e-3
            let settled = c.spring.settlingTime(epsilon: epsilon, initialVelocity: c.velocity)
            #expect(settled.isFinite && settled >= 0, "case \(index): \(c)")
            for _ in 0..<4 {
                let t = settled * (1 + random.uniform(0, 4)) + random.uniform(0, 1e-9)
                let offset = abs(1 - c.spring.progress(at: t, initialVelocity: c.velocity))
                #expect(offset <= epsilon * (1 + 1e-9), "case \(index): \(c) at \(t), settled at \(settled)")
            }
            if settled > 0 {
                let edge = abs(1 - c.spring.progress(at: settled, initialVelocity: c.velocity))
                #expect(abs(edge - epsilon) <= 1e-6 * epsilon, "case \(index): \(c): \(edge) at \(settled)")
            }
        }
    }
}
