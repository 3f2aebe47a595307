import Foundation
import Testing
@testable import Harmonic

// Float80 references with complex arithmetic, cos and sin: x86-64 only.
#if arch(x86_64)

    /// A spring from its natural frequency (rad/s), damping ratio and mass.
    func makeSpring(omega: Double, zeta: Double, mass: Double = 1) -> Spring {
        let k = mass * omega * omega
        return try! Spring(mass: mass, stiffness: k, damping: 2 * zeta * (k * mass).squareRoot())
    }

    /// The test grid: damping ratios across every regime and its boundaries,
    /// natural frequencies 0.1–1000 rad/s, two masses.
    let stabilityGrid: [Spring] = {
        var springs: [Spring] = []
        for zeta in [0, 1e-6, 0.1, 0.5, 1 - 1e-9, 1, 1 + 1e-9, 2, 10, 1e4] {
            for omega in [0.1, 1, 10, 100, 1000] {
                for mass in [1, 0.01] { springs.append(makeSpring(omega: omega, zeta: zeta, mass: mass)) }
            }
        }
        return springs
    }()

    let explicitMethods: [any SpringIntegrator] = [SemiImplicitEuler(), VelocityVerlet(), RungeKutta4()]

    private func relativeError(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }

    @Suite("Integrator stability limits")
    struct IntegratorStabilityTests {
        @Test("Semi-implicit Euler: ω0·h_max = 2(√(1+ζ²) − ζ), the literature's closed form")
        func semiImplicitEulerClosedForm() {
            for spring in stabilityGrid {
                let limit = SemiImplicitEuler().stabilityLimit(for: spring)
                // The textbook form, evaluated in Float80 (its cancellation for ζ = 1e4 costs ~1e-11
                // relative there, still far below the tolerance).
                let zeta =
                    Float80(spring.damping) / (2 * (Float80(spring.stiffness) * Float80(spring.mass)).squareRoot())
                let omega = (Float80(spring.stiffness) / Float80(spring.mass)).squareRoot()
                let expected = 2 * ((1 + zeta * zeta).squareRoot() - zeta) / omega
                #expect(relativeError(limit, Double(expected)) < 1e-9, "\(spring)")
            }
        }

        @Test("Velocity Verlet: h_max = 2/ω0 for every damping")
        func velocityVerletClosedForm() {
            for spring in stabilityGrid {
                let omega = (Float80(spring.stiffness) / Float80(spring.mass)).squareRoot()
                #expect(relativeError(VelocityVerlet().stabilityLimit(for: spring), Double(2 / omega)) < 1e-15)
            }
        }

        @Test("RK4: 2√2/ω0 when undamped, 2.785…/|r_fast| when critical or overdamped")
        func rungeKuttaAxisConstants() {
            // The real root of x³ + 4x² + 12x + 24 (R(x) = 1, x ≠ 0), by Newton in Float80.
            var x: Float80 = -2.8
            for _ in 0..<50 { x -= (((x + 4) * x + 12) * x + 24) / ((3 * x + 8) * x + 12) }
            let realRadius = -x
            #expect(abs(Double(realRadius) - 2.785) < 5e-4)  // RK4's real stability limit, 2.785….
            for spring in stabilityGrid {
                let limit = RungeKutta4().stabilityLimit(for: spring)
                let m = Float80(spring.mass), k = Float80(spring.stiffness), c = Float80(spring.damping)
                let omega = (k / m).squareRoot()
                switch spring.regime {
                case .undamped:
                    #expect(relativeError(limit, Double(2 * Float80(2).squareRoot() / omega)) < 1e-13)
                case .criticallyDamped, .overdamped:
                    // Harmonic treats |ζ − 1| ≲ 5e-15 as critical (the parameters' own rounding);
                    // there the overdamped formula would add √(2·(ζ − 1)) ≈ 1e-8 of noise.
                    let zeta = spring.regime == .criticallyDamped ? 1 : c / (2 * (k * m).squareRoot())
                    let fastRate = omega * (zeta + (Swift.max(0, zeta * zeta - 1)).squareRoot())
                    #expect(relativeError(limit, Double(realRadius / fastRate)) < 1e-12, "\(spring)")
                case .underdamped:
                    break  // Checked against a direct search below.
                }
            }
        }

        @Test("RK4 underdamped: the limit is where |R(h·r)| = 1 for the complex root r = −λ + iωd")
        func rungeKuttaComplexRoot() {
            for spring in stabilityGrid where spring.regime == .underdamped {
                let m = Float80(spring.mass), k = Float80(spring.stiffness), c = Float80(spring.damping)
                let lambda = c / (2 * m)
                let wd = (k / m - lambda * lambda).squareRoot()
                // |R(h·r)|² − 1 in Float80 complex arithmetic, bisected from a bracket that the
                // scan below establishes.
                func excess(_ h: Float80) -> Float80 {
                    let zr = -lambda * h, zi = wd * h
                    var sr: Float80 = 1, si: Float80 = 0, tr: Float80 = 1, ti: Float80 = 0
                    for n in 1...4 {
                        (tr, ti) = ((tr * zr - ti * zi) / Float80(n), (tr * zi + ti * zr) / Float80(n))
                        sr += tr
                        si += ti
                    }
                    return sr * sr + si * si - 1
                }
                let omega = (k / m).squareRoot()
                var lower = 1 / omega, upper = 3.5 / omega
                #expect(excess(lower) < 0 && excess(upper) > 0)
                for _ in 0..<200 {
                    let mid = (lower + upper) / 2
                    if excess(mid) > 0 { upper = mid } else { lower = mid }
                }
                #expect(relativeError(RungeKutta4().stabilityLimit(for: spring), Double(lower)) < 1e-12, "\(spring)")
            }
        }

        @Test(
            "RK4's region: on every ray of the left half-plane |R|² − 1 < 0 on (0, 1], one sign change in [1, 3.5]"
        )
        func rungeKuttaRegionShape() {
            for i in 0...400 {
                let theta = Float80.pi / 2 + Float80(i) / 400 * Float80.pi / 2
                // The imaginary axis exactly for i = 0 (cos of a rounded π/2 is not 0).
                let ur: Float80 = i == 0 ? 0 : cos(theta), ui: Float80 = i == 0 ? 1 : sin(theta)
                var changes = 0
                var previousPositive = false
                for j in 1...3500 {
                    let s = Float80(j) / 1000
                    let zr = s * ur, zi = s * ui
                    var sr: Float80 = 1, si: Float80 = 0, tr: Float80 = 1, ti: Float80 = 0
                    for n in 1...4 {
                        (tr, ti) = ((tr * zr - ti * zi) / Float80(n), (tr * zi + ti * zr) / Float80(n))
                        sr += tr
                        si += ti
                    }
                    let positive = sr * sr + si * si - 1 > 0
                    if s <= 1 { #expect(!positive, "theta \(theta) s \(s)") }
                    if j > 1 && positive != previousPositive { changes += 1 }
                    previousPositive = positive
                }
                #expect(changes == 1, "theta \(theta)")
                #expect(previousPositive)
            }
        }

        @Test("Every closed-form limit matches a search on the spectral radius, and ρ ≤ 1 on all of (0, limit)")
        func limitsMatchSpectralRadius() {
            for method in explicitMethods {
                for spring in stabilityGrid {
                    let limit = method.stabilityLimit(for: spring)
                    let searched = method.searchedStabilityLimit(for: spring)
                    // Near critical damping M(h) is nearly defective: its eigenvalues, hence ρ and the
                    // searched limit, are only determined to about √ε ≈ 1.5e-8 relative.
                    let nearlyDefective = abs(spring.dampingRatio - 1) < 1e-6
                    // Elsewhere the search's margin ρ > 1 + 1e-14 moves it by 1e-14/(h·dρ/dh), which
                    // is ~1e-14·ζ for heavily damped velocity Verlet (see searchedStabilityLimit).
                    let tolerance = nearlyDefective ? 5e-8 : 1e-13 * Swift.max(1, spring.dampingRatio)
                    #expect(
                        relativeError(searched, limit) < tolerance, "\(method.name) \(spring): \(searched) vs \(limit)")
                    #expect(
                        method.spectralRadius(for: spring, step: limit * (1 + 1e-6)) > 1, "\(method.name) \(spring)")
                    for i in 1..<500 {
                        let h = limit * Double(i) / 500
                        #expect(
                            method.spectralRadius(for: spring, step: h) <= 1 + 1e-12, "\(method.name) \(spring) h \(h)")
                    }
                }
            }
        }

        @Test("The exact step is stable for every step: ρ(Φ(h)) = e^(r_slow·h) ≤ 1")
        func exactStepIsUnconditionallyStable() {
            for spring in stabilityGrid {
                #expect(ExactStep().stabilityLimit(for: spring) == .infinity)
                #expect(ExactStep().searchedStabilityLimit(for: spring) == .infinity)
                for h in [1e-4, 0.1, 10, 1e4].map({ $0 / spring.naturalFrequency }) {
                    let rho = ExactStep().spectralRadius(for: spring, step: h)
                    #expect(rho <= 1 + 1e-12)
                    let slowRate = spring.regime == .overdamped ? spring.constants.slowRate : -spring.decayRate
                    // A double eigenvalue (critical damping) is only determined to about √ε.
                    let tolerance = abs(spring.dampingRatio - 1) < 1e-6 ? 1e-7 : 1e-13
                    #expect(abs(rho - exp(slowRate * h)) < tolerance, "\(spring) h \(h)")
                }
            }
        }

        @Test("Steps just past the limit really diverge (the limit is not conservative)")
        func pastTheLimitGrows() {
            for method in explicitMethods {
                for spring in [Spring.default, makeSpring(omega: 30, zeta: 0), makeSpring(omega: 5, zeta: 3)] {
                    let h = method.stabilityLimit(for: spring) * 1.02
                    var state = SpringState(value: 1.0, velocity: 0)
                    for _ in 0..<400 { state = method.uncheckedStep(state, toward: 0, spring: spring, by: h) }
                    #expect(abs(state.value) > 10, "\(method.name) \(spring)")
                }
            }
        }
    }

    @Suite("Checked stepping: refuse or subdivide")
    struct CheckedSteppingTests {
        @Test("A step at or beyond the limit is refused with an error naming the step, its value and the limit")
        func refusal() throws {
            for method in explicitMethods {
                let limit = method.stabilityLimit(for: .default)
                for h in [limit, limit * 1.5, 1.0] {
                    do {
                        _ = try method.advance(SpringState(value: 0.0), toward: 1, spring: .default, by: h)
                        Issue.record("\(method.name) accepted \(h) ≥ \(limit)")
                    } catch {
                        guard case let .invalidParameter(name, value, allowed) = error else {
                            Issue.record("wrong error \(error)")
                            continue
                        }
                        #expect(name == "step")
                        #expect(value == "\(h) s")
                        #expect(allowed.contains("\(limit) s"))
                        #expect(allowed.contains(method.name))
                    }
                }
                // Just below the limit is accepted and finite.
                let below = try method.advance(SpringState(value: 0.0), toward: 1, spring: .default, by: limit * 0.999)
                #expect(below.value.isFinite && below.velocity.isFinite)
            }
        }

        @Test("Subdividing takes equal substeps of at most half the limit, and equals stepping them by hand")
        func subdivision() throws {
            for method in explicitMethods {
                let limit = method.stabilityLimit(for: .default)
                let duration = 1.0 / 60 * 7
                let n = try method.substepCount(for: .default, duration: duration, policy: .subdivide)
                #expect(duration / Double(n) <= 0.5 * limit)
                #expect(n == 1 || duration / Double(n - 1) > 0.5 * limit)
                let state = try method.advance(
                    SpringState(value: 0.0), toward: 1, spring: .default, by: duration, policy: .subdivide)
                var manual = SpringState(value: 0.0)
                for _ in 0..<n {
                    manual = method.uncheckedStep(manual, toward: 1, spring: .default, by: duration / Double(n))
                }
                #expect(state == manual)
            }
            // The exact step never needs to subdivide.
            #expect(try ExactStep().substepCount(for: .default, duration: 1e6, policy: .subdivide) == 1)
        }

        @Test("Subdivided long runs stay finite and settle to the target, even for stiff springs")
        func subdividedRunsSettle() throws {
            let stiff = makeSpring(omega: 1000, zeta: 0.2)
            for method in explicitMethods {
                let state = try method.advance(
                    SpringState(value: 0.0), toward: 1, spring: stiff, by: 1, policy: .subdivide)
                #expect(abs(state.value - 1) < 1e-9, "\(method.name)")
            }
        }

        @Test("Invalid durations are errors naming `duration`; zero is the identity")
        func invalidDurations() throws {
            for bad in [-1.0, .nan, .infinity] {
                #expect(throws: HarmonicError.self) {
                    try RungeKutta4().advance(
                        SpringState(value: 0.0), toward: 1, spring: .default, by: bad, policy: .subdivide)
                }
            }
            do {
                _ = try RungeKutta4().advance(SpringState(value: 0.0), toward: 1, spring: .default, by: -1)
            } catch {
                guard case let .invalidParameter(name, _, _) = error else { throw error }
                #expect(name == "duration")
            }
            let state = SpringState(value: 0.25, velocity: 3.0)
            #expect(try RungeKutta4().advance(state, toward: 1, spring: .default, by: 0) == state)
            // More than 10^7 substeps is an error, not a hang.
            #expect(throws: HarmonicError.self) {
                try SemiImplicitEuler().advance(
                    SpringState(value: 0.0), toward: 1, spring: .default, by: 1e9, policy: .subdivide)
            }
        }
    }
#endif
