import Benchmark
import Harmonic

/// The cost of one integrator step, for the integrators a frame loop chooses between: Core
/// Animation's default spring, a scalar state, 1 ms steps toward a target (POP's and Harmonic's
/// `SpringSimulation` substep). Each scaled iteration is 1,000 dependent steps, so the time per
/// iteration in µs is the time per step in ns. The exact step evaluates `Φ(h)` every call (one
/// `exp` and one `sin`/`cos`), which is what a caller pays whose step changes from frame to frame.
func integratorBenchmarks() {
    register("exact step", ExactStep())
    register("RK4", RungeKutta4())
    register("velocity Verlet", VelocityVerlet())
    register("semi-implicit Euler", SemiImplicitEuler())
}

/// One benchmark per integrator type, so that each is specialised rather than called through
/// the protocol.
private func register<Integrator: SpringIntegrator>(_ name: String, _ integrator: Integrator) {
    let spring = Spring.default
    let configuration = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(2))
    Benchmark("Integrators: \(name), 1,000 steps of 1 ms", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var state = SpringState(value: 0.0, velocity: 150)
            for _ in 0..<1000 {
                state = integrator.uncheckedStep(state, toward: 320.0, spring: spring, by: 0.001)
            }
            blackHole(state)
        }
    }
}
