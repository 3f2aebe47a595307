#if arch(x86_64)
    import Foundation
    import Testing
    @testable import Harmonic

    @Suite("SpringMotion: absolute time, retargeting, rest")
    struct SpringMotionTests {
        let bouncy = try! Spring(mass: 1, stiffness: 170, damping: 6)

        @Test("Value and velocity at absolute times match the Float80 closed form shifted by beginTime")
        func absoluteTime() throws {
            for spring in [Spring.default, bouncy, makeSpring(omega: 12, zeta: 1), makeSpring(omega: 2, zeta: 6)] {
                let motion = try SpringMotion(
                    spring: spring, from: 40.0, to: -10, initialVelocity: 300, beginTime: 1234.5)
                for t in stride(from: 1234.5, through: 1240, by: 0.0625) {
                    let exact = float80ClosedForm(
                        mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, x0: 50, v0: 300,
                        t: t - 1234.5)
                    #expect(abs(Float80(motion.value(at: t)) + 10 - exact.x) < 1e-12 * 50)
                    #expect(
                        abs(Float80(motion.velocity(at: t)) - exact.v) < 1e-12 * 50 * Float80(spring.naturalFrequency))
                    #expect(
                        motion.state(at: t) == SpringState(value: motion.value(at: t), velocity: motion.velocity(at: t))
                    )
                }
                // Before the start: the motion has not begun.
                #expect(motion.state(at: 0) == SpringState(value: 40.0, velocity: 300))
            }
        }

        @Test("Non-finite inputs are errors naming the parameter")
        func validation() {
            func name(_ body: () throws -> Void) -> String? {
                do { try body() } catch let error as HarmonicError {
                    if case let .invalidParameter(name, _, _) = error { return name }
                } catch {}
                return nil
            }
            #expect(name { _ = try SpringMotion(spring: .default, from: Double.nan, to: 1) } == "from")
            #expect(
                name { _ = try SpringMotion(spring: .default, from: SIMD2(0.0, 0), to: SIMD2(1, .infinity)) } == "to")
            #expect(
                name { _ = try SpringMotion(spring: .default, from: 0, to: 1, initialVelocity: -Double.infinity) }
                    == "initialVelocity")
            #expect(name { _ = try SpringMotion(spring: .default, from: 0, to: 1.0, beginTime: .nan) } == "beginTime")
            let motion = try! SpringMotion(spring: .default, from: 0, to: 1.0)
            #expect(name { _ = try motion.retargeted(to: .nan, at: 1) } == "to")
            #expect(name { _ = try motion.retargeted(to: 2, at: .infinity) } == "time")
        }

        @Test(
            "Retargeting keeps value and velocity continuous (1e-12) and then follows the spring toward the new target")
        func retargetContinuity() throws {
            let first = try SpringMotion(
                spring: bouncy, from: SIMD2(0.0, 0), to: SIMD2(100, 50), initialVelocity: SIMD2(0, 400), beginTime: 2)
            for change in [2.0, 2.013, 2.25, 2.5, 3.7, 10] {
                let second = try first.retargeted(to: SIMD2(-30, 80), at: change)
                let before = first.state(at: change), after = second.state(at: change)
                #expect((after.value - before.value).magnitude <= 1e-12 * 100)
                #expect((after.velocity - before.velocity).magnitude <= 1e-12 * 100)
                // One-sided difference quotients agree at the junction (velocity continuity seen
                // from the values alone, without trusting either velocity).
                // Each quotient is v ± (d/2)·a + O(d²); rounding adds ~ε·|x|/d. (At the start
                // time itself the left side is the not-yet-started motion, which holds still.)
                let accelerationBefore = bouncy.acceleration(
                    at: 0, from: before.value, to: SIMD2(100, 50), initialVelocity: before.velocity)
                let accelerationAfter = bouncy.acceleration(
                    at: 0, from: after.value, to: SIMD2(-30, 80), initialVelocity: after.velocity)
                if change > first.beginTime {
                    let d = 1e-7
                    let left = (first.value(at: change) - first.value(at: change - d)).scaled(by: 1 / d)
                    let right = (second.value(at: change + d) - second.value(at: change)).scaled(by: 1 / d)
                    let truncation = d / 2 * (accelerationBefore.magnitude + accelerationAfter.magnitude)
                    #expect((left - right).magnitude < 1.01 * truncation + 1e-6)
                }
                // The acceleration jumps by −ω0²·(old target − new target).
                let jump = accelerationAfter - accelerationBefore
                #expect((jump - (SIMD2(100, 50) - SIMD2(-30, 80)).scaled(by: -170)).magnitude < 1e-9 * 170 * 130)
                // Afterwards: the Float80 closed form from the handed-over state.
                for t in stride(from: change, through: change + 3, by: 0.1) {
                    for i in 0..<2 {
                        let exact = float80ClosedForm(
                            mass: 1, stiffness: 170, damping: 6, x0: after.value[i] - second.to[i],
                            v0: after.velocity[i], t: t - change)
                        #expect(abs(Float80(second.value(at: t)[i] - second.to[i]) - exact.x) < 1e-12 * 200)
                    }
                }
            }
            // Changing the spring as well keeps the state.
            let stiffer = try first.retargeted(to: SIMD2(0, 0), at: 2.3, spring: .default)
            #expect(stiffer.spring == .default && stiffer.state(at: 2.3) == first.state(at: 2.3))
        }

        @Test("Retargeting every frame (60 Hz, 3 s, random targets) stays continuous and finite")
        func retargetEveryFrame() throws {
            var generator = SplitMix64(seed: 7)
            var motion = try SpringMotion(spring: .default, from: 0.0, to: 1)
            for frame in 1...180 {
                let t = Double(frame) / 60
                let before = motion.state(at: t)
                motion = try motion.retargeted(to: generator.uniform(-500, 500), at: t)
                #expect(motion.state(at: t) == before)
                #expect(before.value.isFinite && before.velocity.isFinite)
            }
        }

        @Test("Range: |to − from|, or |v0|/ω0 when the motion starts on its target")
        func range() throws {
            #expect(try SpringMotion(spring: .default, from: SIMD2(0.0, 0), to: SIMD2(3, 4)).range == 5)
            #expect(try SpringMotion(spring: .default, from: 2.0, to: 2, initialVelocity: -30).range == 3)
            #expect(try SpringMotion(spring: .default, from: 2.0, to: 2).range == 0)
            #expect(try SpringMotion(spring: .default, from: 2.0, to: 2).isAtRest(at: 0))
        }

        @Test("At rest: the same answer at every scale, and energy keeps it near the target afterwards")
        func atRestScales() throws {
            let thresholds = SpringRestThresholds.default
            for spring in [Spring.default, bouncy, makeSpring(omega: 1, zeta: 0.05), makeSpring(omega: 300, zeta: 2)] {
                let unit = try SpringMotion(spring: spring, from: 0.0, to: 1, initialVelocity: 3)
                let large = try SpringMotion(spring: spring, from: 500.0, to: 2500, initialVelocity: 6000)
                let tiny = try SpringMotion(spring: spring, from: 1.0, to: 1.001, initialVelocity: 0.003)
                var firstRest: Double?
                let horizon = 30 / (spring.decayRate == 0 ? 1 : min(spring.decayRate, spring.naturalFrequency))
                for i in 0...6000 {
                    let t = horizon * Double(i) / 6000
                    let rest = unit.isAtRest(at: t)
                    #expect(large.isAtRest(at: t) == rest && tiny.isAtRest(at: t) == rest, "\(spring) t \(t)")
                    if rest, firstRest == nil { firstRest = t }
                    if firstRest != nil {
                        // Energy ½k·x² + ½m·v² never increases, so |x| stays within
                        // √(value² + (velocity/ω0)²)·R once both thresholds hold.
                        let bound =
                            (thresholds.value * thresholds.value
                            + pow(thresholds.velocity / spring.naturalFrequency, 2)).squareRoot() * unit.range
                        #expect(abs(unit.value(at: t) - 1) <= bound * (1 + 1e-9))
                    }
                }
                #expect(firstRest != nil, "\(spring) never rests")
                #expect(!unit.isAtRest(at: 0))
            }
            #expect(throws: HarmonicError.self) { try SpringRestThresholds(value: 0) }
            #expect(throws: HarmonicError.self) { try SpringRestThresholds(velocity: .nan) }
        }

        @Test("Settling time of a vector motion is the ∞-norm's: the largest component's, found exactly")
        func vectorSettlingTime() throws {
            let motion = try SpringMotion(
                spring: bouncy, from: SIMD3(0.0, 10, -4), to: SIMD3(1, 10, 6), initialVelocity: SIMD3(-20, 3, 0),
                beginTime: 5)
            let epsilon = 1e-3
            let settle = motion.settlingTime(epsilon: epsilon)
            let perComponent = (0..<3).map { i in
                bouncy.settlingTime(
                    epsilon: epsilon, displacement: (motion.from - motion.to)[i], velocity: motion.initialVelocity[i])
            }
            #expect(settle == perComponent.max()!)
            func infinityNorm(_ t: Double) -> Double {
                let x = motion.value(at: t) - motion.to
                return max(abs(x[0]), abs(x[1]), abs(x[2]))
            }
            // At the settling time the ∞-norm is ε; after it, below.
            #expect(abs(infinityNorm(5 + settle) - epsilon) < 1e-9 * epsilon)
            for i in 1...2000 { #expect(infinityNorm(5 + settle + Double(i) * 1e-3) < epsilon) }
            // Relative form: ε = 0.001 × range.
            #expect(motion.settlingTime() == motion.settlingTime(epsilon: 0.001 * motion.range))
            // An undamped spring never settles; a motion at rest settles at once.
            let undamped = try SpringMotion(spring: makeSpring(omega: 5, zeta: 0), from: 0.0, to: 1)
            #expect(undamped.settlingTime(epsilon: 1e-3) == .infinity)
            #expect(try SpringMotion(spring: .default, from: SIMD2(1.0, 1), to: SIMD2(1, 1)).settlingTime() == 0)
            // AnimatableVector: same rule.
            let dynamic = try SpringMotion(
                spring: bouncy, from: AnimatableVector([0.0, 10, -4]), to: [1, 10, 6], initialVelocity: [-20, 3, 0],
                beginTime: 5)
            #expect(dynamic.settlingTime(epsilon: epsilon) == settle)
        }
    }
#endif
