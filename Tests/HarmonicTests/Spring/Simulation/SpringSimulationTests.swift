#if arch(x86_64)
    import Foundation
    import Testing
    @testable import Harmonic

    @Suite("SpringSimulation: fixed substeps, accumulator, frame-rate independence")
    struct SpringSimulationTests {
        /// Substep configurations engines actually use (POP and Rebound: RK4 at 1 ms; react-spring: semi-implicit
        /// Euler at 1 ms; SwiftUI: leapfrog at 1/300 s).
        static let configurations: [(any SpringIntegrator, Double)] = [
            (ExactStep(), 1.0 / 1000), (RungeKutta4(), 1.0 / 1000), (VelocityVerlet(), 1.0 / 300),
            (SemiImplicitEuler(), 1.0 / 1000),
        ]

        func simulation(
            _ integrator: any SpringIntegrator, substep: Double, spring: Spring = .default,
            presentation: SpringSimulation<Double, ExactStep>.Presentation = .exactRemainder
        ) -> any SimulationDriver {
            func make<I: SpringIntegrator>(_ integrator: I) -> any SimulationDriver {
                try! SpringSimulation(
                    spring: spring, integrator: integrator, substep: substep,
                    initial: SpringState(value: 0.0, velocity: 2),
                    target: 1, presentation: SpringSimulation<Double, I>.Presentation(rawValue: presentation.rawValue)!)
            }
            return make(integrator)
        }

        @Test("60, 120 and 144 Hz frames integrate the same substeps: identical states at common times")
        func frameRateIndependence() throws {
            for (integrator, h) in Self.configurations {
                var runs = [60.0, 120, 144].map { _ in simulation(integrator, substep: h) }
                let rates = [60.0, 120, 144]
                // Every 1/12 s is a whole number of frames at all three rates (5, 10, 12 frames).
                for block in 1...36 {
                    for (i, rate) in rates.enumerated() {
                        for _ in 0..<Int(rate / 12) { try runs[i].advanceFrame(1 / rate) }
                    }
                    let t = Double(block) / 12
                    let reference = runs[0]
                    for run in runs.dropFirst() {
                        #expect(run.substepsTaken == reference.substepsTaken)
                        #expect(run.integrated == reference.integrated, "\(integrator.name) t \(t)")
                        #expect(abs(run.shown.value - reference.shown.value) < 1e-14, "\(integrator.name) t \(t)")
                    }
                    #expect(reference.substepsTaken == Int((t / h + 1e-9).rounded(.down)))
                    // The presented state is at the clock time: compare with the Float80 closed form.
                    let exact = float80ClosedForm(mass: 1, stiffness: 100, damping: 10, x0: -1, v0: 2, t: t)
                    let error = abs(Float80(reference.shown.value) - 1 - exact.x)
                    let tolerance: Float80 =
                        integrator.order == nil
                        ? 1e-12 : integrator is RungeKutta4 ? 1e-10 : integrator is VelocityVerlet ? 1e-3 : 1e-2
                    #expect(error < tolerance, "\(integrator.name) t \(t): \(error)")
                }
            }
        }

        @Test("Irregular frames give the same substeps as one long frame")
        func jitteredFrames() throws {
            var generator = SplitMix64(seed: 42)
            for (integrator, h) in Self.configurations {
                var jittered = simulation(integrator, substep: h)
                var total = 0.0
                for _ in 0..<500 {
                    let frame = generator.uniform(0, 0.035)
                    try jittered.advanceFrame(frame)
                    total += frame
                }
                var single = simulation(integrator, substep: h)
                try single.advanceFrame(total)
                #expect(single.substepsTaken == jittered.substepsTaken)
                #expect(single.integrated == jittered.integrated, "\(integrator.name)")
            }
        }

        @Test("The accumulator carries the remainder: 10.5 substeps, then half a substep more")
        func accumulator() throws {
            var sim = try SpringSimulation(
                spring: .default, integrator: RungeKutta4(), substep: 0.001, initial: SpringState(value: 0.0), target: 1
            )
            #expect(try sim.advance(by: 0.0105) == 10)
            #expect(abs(sim.remainder - 0.0005) < 1e-15)
            #expect(abs(sim.time - 0.0105) < 1e-17)
            #expect(try sim.advance(by: 0.0002) == 0)
            #expect(try sim.advance(by: 0.0003) == 1)
            #expect(sim.substepCount == 11 && sim.remainder < 1e-15)
            #expect(try sim.advance(by: 0) == 0)
            // An invalid frame is an error and changes nothing.
            let before = sim.state
            #expect(throws: HarmonicError.self) { try sim.advance(by: -0.01) }
            #expect(throws: HarmonicError.self) { try sim.advance(by: .nan) }
            #expect(sim.state == before && sim.substepCount == 11)
        }

        @Test("Presentations: latest substep, interpolated one substep behind, exact remainder at the clock")
        func presentations() throws {
            let h = 1.0 / 120
            func make(_ presentation: SpringSimulation<Double, ExactStep>.Presentation) -> SpringSimulation<
                Double, ExactStep
            > {
                try! SpringSimulation(
                    spring: .default, integrator: ExactStep(), substep: h, initial: SpringState(value: 0.0), target: 1,
                    presentation: presentation)
            }
            var latest = make(.latestSubstep), blended = make(.interpolated), exact = make(.exactRemainder)
            let motion = try SpringMotion(spring: .default, from: 0.0, to: 1)
            for _ in 0..<200 {
                try latest.advance(by: 1.0 / 144)
                try blended.advance(by: 1.0 / 144)
                try exact.advance(by: 1.0 / 144)
                #expect(latest.presented == latest.state)
                #expect(abs(latest.presented.value - motion.value(at: latest.integratedTime)) < 1e-13)
                #expect(abs(exact.presented.value - motion.value(at: exact.time)) < 1e-13)
                #expect(abs(exact.presented.velocity - motion.velocity(at: exact.time)) < 1e-12)
                // The blend sits on the chord between the last two substeps, at the clock time
                // minus one substep.
                let alpha = blended.remainder / h
                let previous = motion.value(at: blended.integratedTime - h),
                    current = motion.value(at: blended.integratedTime)
                #expect(abs(blended.presented.value - (previous + alpha * (current - previous))) < 1e-13)
            }
        }

        @Test("Substeps at or beyond the stability limit are refused at construction, or subdivided")
        func constructionPolicy() throws {
            let limit = RungeKutta4().stabilityLimit(for: .default)
            do {
                _ = try SpringSimulation(
                    spring: .default, integrator: RungeKutta4(), substep: 0.5, initial: SpringState(value: 0.0),
                    target: 1)
                Issue.record("accepted an unstable substep")
            } catch {
                guard case let .invalidParameter(name, value, allowed) = error else { throw error }
                #expect(name == "step" && value == "0.5 s" && allowed.contains("\(limit)"))
            }
            let sim = try SpringSimulation(
                spring: .default, integrator: RungeKutta4(), substep: 0.5, policy: .subdivide,
                initial: SpringState(value: 0.0), target: 1)
            #expect(sim.substep <= 0.5 * limit && sim.substep == 0.5 / (0.5 / sim.substep).rounded())
            for bad in [0.0, -1, .nan] {
                #expect(throws: HarmonicError.self) {
                    try SpringSimulation(
                        spring: .default, integrator: ExactStep(), substep: bad, initial: SpringState(value: 0.0),
                        target: 1)
                }
            }
            #expect(throws: HarmonicError.self) {
                try SpringSimulation(
                    spring: .default, integrator: ExactStep(), substep: 0.01, initial: SpringState(value: Double.nan),
                    target: 1)
            }
        }

        @Test("A frame longer than the substep budget drops the excess and says so")
        func droppedTime() throws {
            var sim = try SpringSimulation(
                spring: .default, integrator: SemiImplicitEuler(), substep: 0.001, initial: SpringState(value: 0.0),
                target: 1,
                maximumSubstepsPerAdvance: 1000)
            #expect(try sim.advance(by: 1e6) == 1000)
            #expect(abs(sim.droppedTime - (1e6 - 1)) < 1e-6)
            #expect(abs(sim.time - 1) < 1e-9)
            #expect(sim.state.value.isFinite)
            #expect(try sim.advance(by: 0.0005) == 0)
        }

        @Test(
            "Setting the target retargets from the integrated state; the exact step equals SpringMotion.retargeted"
        )
        func retargeting() throws {
            var sim = try SpringSimulation(
                spring: .default, integrator: ExactStep(), substep: 1.0 / 240, initial: SpringState(value: 0.0),
                target: 1,
                presentation: .exactRemainder)
            var motion = try SpringMotion(spring: .default, from: 0.0, to: 1)
            for (frame, target) in [(15, 4.0), (40, -2.0), (41, 0.5)] {
                while sim.substepCount < frame * 4 { try sim.advance(by: 1.0 / 60) }
                let before = sim.state
                sim.target = target
                #expect(sim.state == before)  // value and velocity carry over untouched
                motion = try motion.retargeted(to: target, at: sim.integratedTime)
            }
            for _ in 0..<120 {
                try sim.advance(by: 1.0 / 60)
                #expect(abs(sim.presented.value - motion.value(at: sim.time)) < 1e-12)
                #expect(abs(sim.presented.velocity - motion.velocity(at: sim.time)) < 1e-11)
            }
        }

        @Test("Long runs just inside the limit stay bounded for every method (no silent divergence)")
        func longRunsStayBounded() throws {
            for spring in [makeSpring(omega: 50, zeta: 0), Spring.default, makeSpring(omega: 20, zeta: 30)] {
                for method in explicitMethods {
                    func run<I: SpringIntegrator>(_ integrator: I) throws -> Double {
                        var sim = try SpringSimulation(
                            spring: spring, integrator: integrator,
                            substep: 0.99 * integrator.stabilityLimit(for: spring),
                            initial: SpringState(value: 0.0), target: 1, maximumSubstepsPerAdvance: 1_000_000)
                        var largest = 0.0
                        for _ in 0..<100 {
                            try sim.advance(by: 1000 * sim.substep)
                            largest = max(largest, abs(sim.state.value - 1))
                        }
                        return largest
                    }
                    let largest = try run(method)
                    #expect(largest.isFinite && largest < 1e3, "\(method.name) \(spring): \(largest)")
                }
            }
        }
    }

    /// Type-erased access to simulations with different integrators, for table-driven tests.
    protocol SimulationDriver {
        mutating func advanceFrame(_ duration: Double) throws
        var substepsTaken: Int { get }
        var integrated: SpringState<Double> { get }
        var shown: SpringState<Double> { get }
    }

    extension SpringSimulation: SimulationDriver where Value == Double {
        mutating func advanceFrame(_ duration: Double) throws { try advance(by: duration) }
        var substepsTaken: Int { substepCount }
        var integrated: SpringState<Double> { state }
        var shown: SpringState<Double> { presented }
    }
#endif
