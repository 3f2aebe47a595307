import Foundation
import Testing
@testable import Harmonic

/// Properties that must hold for every valid spring, checked on 100,000 random ones drawn
/// from a fixed seed (so a failure is reproducible): ω0 log-uniform in [0.1, 1000] rad/s,
/// mass log-uniform in [0.01, 100], damping ratio exactly 0, exactly 1, within 1e-9 of 1, or
/// log-uniform in [1e-6, 1e4]; start displacement and velocity of random sign and size.
@Suite("Spring properties on 100,000 random springs")
struct SpringPropertyTests {
    static let count = 100_000

    struct Sample {
        var spring: Spring
        var x0: Double
        var v0: Double
        /// The motion's size in the energy norm `√(x² + v²/ω0²)` at time 0.
        var size: Double { (x0 * x0 + v0 * v0 / spring.constants.naturalFrequencySquared).squareRoot() }
    }

    static func draw(_ generator: inout SplitMix64) -> Sample {
        while true {
            let omega = generator.logUniform(0.1, 1000)
            let mass = generator.logUniform(0.01, 100)
            let zeta: Double
            switch generator.unit() {
            case ..<0.1: zeta = 0
            case ..<0.2: zeta = 1
            case ..<0.3: zeta = 1 + generator.uniform(-1e-9, 1e-9)
            default: zeta = generator.logUniform(1e-6, 1e4)
            }
            let k = mass * omega * omega
            guard let spring = try? Spring(mass: mass, stiffness: k, damping: 2 * zeta * (k * mass).squareRoot()) else {
                continue
            }
            let scale = generator.logUniform(1e-3, 1e3)
            return Sample(
                spring: spring, x0: scale * generator.uniform(-1, 1), v0: 3 * omega * scale * generator.uniform(-1, 1))
        }
    }

    /// Collects counterexamples (one `#expect` per property run instead of millions keeps the
    /// debug-build run time to a few seconds).
    struct Counterexamples {
        var count = 0
        var first: [String] = []
        mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            guard !condition else { return }
            count += 1
            if first.count < 5 { first.append(message()) }
        }
    }

    @Test("Closed form: finite everywhere, energy non-increasing, exact stepping N times = evaluating at N·h")
    func closedFormProperties() {
        var failures = Counterexamples()
        var generator = SplitMix64(seed: 0x5EED_2026)
        var worstEnergyRise = 0.0, worstStepping = 0.0
        for _ in 0..<Self.count {
            let sample = Self.draw(&generator)
            let spring = sample.spring
            let omega = spring.naturalFrequency
            let size = sample.size
            func norm(_ s: SpringState<Double>) -> Double {
                (s.value * s.value + s.velocity * s.velocity / (omega * omega)).squareRoot()
            }

            // Finite at random times, at the start, far out and before the start.
            var times = (0..<5).map { _ in generator.uniform(0, 20) / omega }
            times.append(0)
            times.sort()
            for t in times + [-1, 1e6, 1e9] {
                let s = spring.state(at: t, from: sample.x0, to: 0, initialVelocity: sample.v0)
                failures.check(s.value.isFinite && s.velocity.isFinite, "\(spring) t \(t)")
            }

            // Energy ½k·x² + ½m·v² = ½k·N² never increases (dE/dt = −c·v² ≤ 0). Rounding: each
            // entry of the transition matrix (in units where x and v/ω0 are comparable, all
            // O(1)) carries a few ulps, so a computed state is within η·N(0) of the true one
            // in this norm with η of a few ulps; comparing two computed states therefore
            // allows 2η·N(0). η = 8ε ≈ 1.8e-15 (the measured worst case is printed below).
            let eta = 8 * Double.ulpOfOne
            var previous = size
            for t in times {
                let current = norm(spring.state(at: t, from: sample.x0, to: 0, initialVelocity: sample.v0))
                let rise = (current - previous) / size
                worstEnergyRise = max(worstEnergyRise, rise)
                failures.check(rise <= 2 * eta, "\(spring) x0 \(sample.x0) v0 \(sample.v0) t \(t)")
                previous = current
            }

            // Exact stepping: Φ(h) is a contraction in this norm (energy cannot grow), so each
            // step's few-ulp error is never amplified and N steps are within N·η'·N(0) of the
            // closed form at N·h, plus that evaluation's own η. η' = 8ε as above.
            let steps = 16
            let h = generator.logUniform(1e-3, 1) / omega
            var state = SpringState(value: sample.x0, velocity: sample.v0)
            for _ in 0..<steps { state = ExactStep().uncheckedStep(state, toward: 0, spring: spring, by: h) }
            let direct = spring.state(at: Double(steps) * h, from: sample.x0, to: 0, initialVelocity: sample.v0)
            let gap =
                norm(SpringState(value: state.value - direct.value, velocity: state.velocity - direct.velocity)) / size
            worstStepping = max(worstStepping, gap / (Double(steps + 1) * Double.ulpOfOne))
            failures.check(gap <= Double(steps + 1) * eta, "\(spring) h \(h)")
        }
        #expect(failures.count == 0, "\(failures.count) counterexamples, first: \(failures.first)")
        print(
            "energy: worst rise \(worstEnergyRise / Double.ulpOfOne) ulps of N(0); exact stepping: worst "
                + "\(worstStepping) ulps per step"
        )
    }

    @Test(
        "Integrators inside their stability limit: finite states, ρ ≤ 1; checked stepping refuses the unstable steps"
    )
    func integratorProperties() throws {
        var failures = Counterexamples()
        var generator = SplitMix64(seed: 0xD1CE_2026)
        let methods: [any SpringIntegrator] = [SemiImplicitEuler(), VelocityVerlet(), RungeKutta4()]
        for _ in 0..<Self.count {
            let sample = Self.draw(&generator)
            let spring = sample.spring
            let method = methods[Int(generator.next() % 3)]
            let limit = method.stabilityLimit(for: spring)
            failures.check(limit.isFinite && limit > 0, "\(method.name) \(spring) limit \(limit)")
            let h = generator.uniform(0.01, 0.99) * limit
            // Near critical damping M(h) is nearly defective and ρ is only known to ~√ε.
            let slack = abs(spring.dampingRatio - 1) < 1e-6 ? 1e-7 : 1e-12
            failures.check(method.spectralRadius(for: spring, step: h) <= 1 + slack, "\(method.name) \(spring) h \(h)")
            var state = SpringState(value: sample.x0, velocity: sample.v0)
            for _ in 0..<8 { state = method.uncheckedStep(state, toward: 0, spring: spring, by: h) }
            failures.check(state.value.isFinite && state.velocity.isFinite, "\(method.name) \(spring) h \(h)")

            // A duration either side of the limit: refused iff at or beyond it; subdividing
            // always gives a finite state.
            let duration = generator.uniform(0.5, 1.5) * limit
            let start = SpringState(value: sample.x0, velocity: sample.v0)
            let refused = (try? method.advance(start, toward: 0, spring: spring, by: duration)) == nil
            failures.check(
                refused == (duration >= limit), "\(method.name) \(spring) duration \(duration) limit \(limit)")
            let subdivided = try method.advance(start, toward: 0, spring: spring, by: duration, policy: .subdivide)
            failures.check(
                subdivided.value.isFinite && subdivided.velocity.isFinite, "\(method.name) \(spring) subdivided")
        }
        #expect(failures.count == 0, "\(failures.count) counterexamples, first: \(failures.first)")
    }
}
