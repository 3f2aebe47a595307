#if arch(x86_64)
    import Foundation
    import Testing
    @testable import Harmonic

    /// The largest error in value (over the animated range) of `steps` steps of `h` against the
    /// Float80 closed form, for the unit curve 0 → 1 of `spring`, sampled at every step.
    func maximumUnitCurveError(_ method: any SpringIntegrator, spring: Spring, h: Double, steps: Int) -> (
        value: Double, velocity: Double
    ) {
        var state = SpringState(value: 0.0)
        var worst = (value: 0.0, velocity: 0.0)
        for n in 1...steps {
            state = method.uncheckedStep(state, toward: 1, spring: spring, by: h)
            let exact = float80ClosedForm(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, x0: -1, v0: 0, t: Double(n) * h
            )
            worst.value = max(worst.value, Double(abs(Float80(state.value) - 1 - exact.x)))
            worst.velocity = max(worst.velocity, Double(abs(Float80(state.velocity) - exact.v)))
        }
        return worst
    }

    @Suite("Integrator accuracy")
    struct IntegratorAccuracyTests {
        static let springs = [
            Spring.default, makeSpring(omega: 40, zeta: 0), makeSpring(omega: 7, zeta: 1),
            makeSpring(omega: 3, zeta: 4, mass: 0.2),
        ]

        @Test("Each Double integrator agrees with its Float80 re-implementation over 3,000 steps")
        func matchesFloat80Implementations() {
            for method in Float80Method.allCases {
                for spring in Self.springs {
                    let h = 0.4 * method.integrator.stabilityLimit(for: spring)
                    var state = SpringState(value: 0.3, velocity: -2.0)
                    var x: Float80 = 0.3 - 1.5, v: Float80 = -2
                    let w2 = Float80(spring.stiffness) / Float80(spring.mass)
                    let twoLambda = Float80(spring.damping) / Float80(spring.mass)
                    var worst: Float80 = 0
                    for _ in 0..<3000 {
                        state = method.integrator.uncheckedStep(state, toward: 1.5, spring: spring, by: h)
                        (x, v) = method.step(x, v, w2: w2, twoLambda: twoLambda, h: Float80(h))
                        worst = max(
                            worst, abs(Float80(state.value) - 1.5 - x),
                            abs(Float80(state.velocity) - v) / w2.squareRoot())
                    }
                    // Scale of the motion: |x0| + |v0|/ω0 ≈ 1.5; 3,000 steps of a contraction, each
                    // adding a few ulps.
                    #expect(worst < 1e-12, "\(method) \(spring)")
                }
            }
        }

        @Test("Convergence order: halving the step divides the error by about 2^p (1, 2, 4)")
        func convergenceOrder() {
            for method in explicitMethods {
                let p = Double(method.order!)
                for spring in Self.springs {
                    // Steps well inside the asymptotic range, and errors well above rounding.
                    let h = 0.05 * method.stabilityLimit(for: spring)
                    let steps = Int((2 / spring.naturalFrequency / h).rounded(.up))
                    let coarse = maximumUnitCurveError(method, spring: spring, h: h, steps: steps).value
                    let fine = maximumUnitCurveError(method, spring: spring, h: h / 2, steps: 2 * steps).value
                    let observed = log2(coarse / fine)
                    #expect(abs(observed - p) < 0.15, "\(method.name) \(spring): order \(observed)")
                }
            }
        }

        @Test("Velocity Verlet needs the implicit damping half-kick: the explicit variant is only first order")
        func verletDampingVariant() {
            // The variant some engines use: the second half kick evaluates the damping at v_{n+½}.
            func explicitVariantError(_ h: Double) -> Double {
                var x = -1.0, v = 0.0, worst = 0.0
                for n in 1...Int((1 / h).rounded()) {
                    let half = v + h / 2 * (-100 * x - 10 * v)
                    x += h * half
                    v = half + h / 2 * (-100 * x - 10 * half)
                    let exact = float80ClosedForm(mass: 1, stiffness: 100, damping: 10, x0: -1, v0: 0, t: Double(n) * h)
                    worst = max(worst, abs(Double(Float80(x) - exact.x)))
                }
                return worst
            }
            let variantOrder = log2(explicitVariantError(1.0 / 200) / explicitVariantError(1.0 / 400))
            let verlet = { (h: Double) in
                maximumUnitCurveError(VelocityVerlet(), spring: .default, h: h, steps: Int((1 / h).rounded())).value
            }
            let verletOrder = log2(verlet(1.0 / 200) / verlet(1.0 / 400))
            #expect(abs(variantOrder - 1) < 0.1)
            #expect(abs(verletOrder - 2) < 0.05)
        }

        @Test("The exact step is the closed form: 1,000 steps of 1 ms within 1e-13 of it")
        func exactStepMatchesClosedForm() {
            for spring in Self.springs {
                let error = maximumUnitCurveError(ExactStep(), spring: spring, h: 1e-3, steps: 1000)
                #expect(error.value < 1e-13, "\(spring)")
                #expect(error.velocity < 1e-13 * spring.naturalFrequency, "\(spring)")
            }
        }

        @Test("Core Animation's default spring at frame and substep rates: error falls with the step as the order says")
        func defaultSpringTable() {
            let steps = [1.0 / 60, 1.0 / 120, 1.0 / 300, 1.0 / 1000]
            var table = "method | " + steps.map { "h = \($0)" }.joined(separator: " | ") + "\n"
            for method in explicitMethods + [ExactStep()] {
                var errors: [Double] = [], velocityErrors: [Double] = []
                for h in steps {
                    let error = maximumUnitCurveError(method, spring: .default, h: h, steps: Int((2 / h).rounded()))
                    errors.append(error.value)
                    velocityErrors.append(error.velocity)
                }
                table +=
                    method.name + " | "
                    + zip(errors, velocityErrors).map { String(format: "%.2e / %.2e", $0, $1) }
                    .joined(separator: " | ") + "\n"
                if let order = method.order {
                    for i in 1..<steps.count {
                        // Error ∝ h^p, within the spread the leading constant shows at 60 Hz.
                        let predicted = errors[0] * pow(steps[i] / steps[0], Double(order))
                        #expect(errors[i] < 2 * predicted && errors[i] > predicted / 2, "\(method.name) h=\(steps[i])")
                    }
                } else {
                    #expect(errors.allSatisfy { $0 < 1e-14 })
                }
            }
            if ProcessInfo.processInfo.environment["HARMONIC_PRINT_TABLES"] != nil { print(table) }
        }

        @Test("Stability limits of common springs (printed with HARMONIC_PRINT_TABLES=1)")
        func stabilityTable() {
            let springs: [(String, Spring)] = [
                ("CA default (k 100, c 10)", .default), ("SwiftUI smooth", .smooth), ("SwiftUI snappy", .snappy),
                ("SwiftUI bouncy", .bouncy),
                ("stiff (k 1500, ζ 0.5)", makeSpring(omega: 1500.0.squareRoot(), zeta: 0.5)),
                ("Android high (k 10000, ζ 0.2)", makeSpring(omega: 100, zeta: 0.2)),
                ("overdamped (ω0 10, ζ 10)", makeSpring(omega: 10, zeta: 10)),
            ]
            var table = "spring | ω0 | ζ | semi-implicit Euler | velocity Verlet | RK4\n"
            for (name, spring) in springs {
                let limits = explicitMethods.map { $0.stabilityLimit(for: spring) }
                // Every limit is the first step at which ρ exceeds 1 (checked in detail elsewhere).
                for (method, limit) in zip(explicitMethods, limits) {
                    #expect(method.spectralRadius(for: spring, step: 0.999 * limit) <= 1 + 1e-7)
                    #expect(method.spectralRadius(for: spring, step: 1.001 * limit) > 1)
                }
                table +=
                    "\(name) | " + String(format: "%.4g | %.4g | ", spring.naturalFrequency, spring.dampingRatio)
                    + limits.map { String(format: "%.4g ms", 1000 * $0) }.joined(separator: " | ") + "\n"
            }
            if ProcessInfo.processInfo.environment["HARMONIC_PRINT_TABLES"] != nil { print(table) }
        }

        @Test("Vector values step component by component, bit for bit")
        func vectorsStepPerComponent() {
            for method in explicitMethods + [ExactStep()] {
                let h = 0.3 * min(method.stabilityLimit(for: .default), 1)
                var vector = SpringState(value: SIMD3(0.0, 5, -2), velocity: SIMD3(1.0, 0, 3))
                var dynamic = SpringState(value: AnimatableVector([0.0, 5, -2]), velocity: [1.0, 0, 3])
                var scalars = [
                    SpringState(value: 0.0, velocity: 1), SpringState(value: 5.0, velocity: 0),
                    SpringState(value: -2.0, velocity: 3),
                ]
                let target = SIMD3(1.0, 1, 1)
                for _ in 0..<50 {
                    vector = method.uncheckedStep(vector, toward: target, spring: .default, by: h)
                    dynamic = method.uncheckedStep(dynamic, toward: [1, 1, 1], spring: .default, by: h)
                    scalars = scalars.map { method.uncheckedStep($0, toward: 1, spring: .default, by: h) }
                }
                for i in 0..<3 {
                    #expect(vector.value[i] == scalars[i].value && vector.velocity[i] == scalars[i].velocity)
                    #expect(dynamic.value[i] == scalars[i].value && dynamic.velocity[i] == scalars[i].velocity)
                }
            }
        }
    }
#endif
