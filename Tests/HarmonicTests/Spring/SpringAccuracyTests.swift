import Harmonic
import Testing

/// The closed-form spring against 50-digit references (scripts/references/spring_reference.py).
@Suite("Spring closed form against mpmath references")
struct SpringAccuracyTests {
    @Test("unit curve ≤ 1e-12 and velocity ≤ 1e-9·ω0 over every regime, frequency and time")
    func unitCurveAgainstReference() throws {
        let table = try ReferenceTable(named: "spring-unit-curve")
        #expect(table.rows.count > 2900)
        var worstValue = 0.0
        var worstVelocity = 0.0
        for r in table.records {
            let spring = try Spring(mass: r["m"]!, stiffness: r["k"]!, damping: r["c"]!)
            let t = r["t"]!, v0 = r["v0"]!
            let p = spring.progress(at: t, initialVelocity: v0)
            let v = spring.progressVelocity(at: t, initialVelocity: v0)
            #expect(p.isFinite && v.isFinite)
            let omega = spring.naturalFrequency
            let valueError = abs(p - r["progress"]!)
            let velocityError = abs(v - r["velocity"]!) / omega
            worstValue = max(worstValue, valueError)
            worstVelocity = max(worstVelocity, velocityError)
            #expect(valueError <= 1e-12, "value at t=\(t) for \(spring), v0=\(v0)")
            #expect(velocityError <= 1e-9, "velocity at t=\(t) for \(spring), v0=\(v0)")
        }
        print("spring unit curve: worst |Δprogress| = \(worstValue), worst |Δvelocity|/ω0 = \(worstVelocity)")
    }

    @Test("value and velocity of a general motion are the unit curve scaled and shifted")
    func generalMotionMatchesUnitCurve() throws {
        let spring = try Spring(mass: 2, stiffness: 300, damping: 7)
        let from = -40.0, to = 60.0, velocity = 250.0  // value units per second
        for t in stride(from: 0.0, through: 3, by: 0.05) {
            // Progress velocity is normalised by the distance (to − from).
            let p = spring.progress(at: t, initialVelocity: velocity / (to - from))
            let expected = from + (to - from) * p
            #expect(abs(spring.value(at: t, from: from, to: to, initialVelocity: velocity) - expected) <= 1e-12 * 100)
        }
    }

    @Test("acceleration equals −(k·x + c·v)/m and the derivative of velocity")
    func acceleration() throws {
        let spring = try Spring(mass: 1.5, stiffness: 120, damping: 9)
        for t in [0.0, 0.1, 0.37, 1.2] {
            let a = spring.acceleration(at: t, from: 1.0, to: 0.0, initialVelocity: 3.0)
            let h = 1e-6
            let numeric =
                (spring.velocity(at: t + h, from: 1.0, to: 0.0, initialVelocity: 3.0)
                    - spring.velocity(at: t - h, from: 1.0, to: 0.0, initialVelocity: 3.0)) / (2 * h)
            if t > h { #expect(abs(a - numeric) <= 1e-5 * max(1, abs(a))) }
            let s = spring.state(at: t, from: 1.0, to: 0.0, initialVelocity: 3.0)
            #expect(abs(a - -(120 * s.value + 9 * s.velocity) / 1.5) <= 1e-12 * max(1, abs(a)))
        }
    }

    @Test("vector values move component by component like scalars")
    func vectorValues() throws {
        let spring = try Spring(mass: 1, stiffness: 170, damping: 26)
        let from = SIMD3<Double>(0, 10, -5), to = SIMD3<Double>(100, 10, 5), v0 = SIMD3<Double>(-20, 3, 0)
        let dynamic = spring.value(
            at: 0.3, from: AnimatableVector([0, 10, -5]), to: [100, 10, 5], initialVelocity: [-20, 3, 0])
        let simd = spring.value(at: 0.3, from: from, to: to, initialVelocity: v0)
        for i in 0..<3 {
            let scalar = spring.value(at: 0.3, from: from[i], to: to[i], initialVelocity: v0[i])
            #expect(simd[i] == scalar)
            #expect(dynamic[i] == scalar)
        }
        let v2 = spring.velocity(at: 0.3, from: SIMD2<Double>(0, 1), to: SIMD2<Double>(1, 0))
        #expect(v2[0] == -v2[1])
        let v4 = spring.value(at: 0.3, from: SIMD4<Double>(repeating: 0), to: SIMD4<Double>(repeating: 1))
        #expect(v4[0] == spring.progress(at: 0.3))
    }

    @Test("the three regimes join continuously across ζ = 1")
    func continuityAcrossCriticalDamping() throws {
        let times = [0.01, 0.1, 0.3, 1.0, 3.0]
        for delta in [1e-3, 1e-6, 1e-9, 1e-12] {
            let below = try Spring(response: 1, dampingRatio: 1 - delta)
            let at = try Spring(response: 1, dampingRatio: 1)
            let above = try Spring(response: 1, dampingRatio: 1 + delta)
            for t in times {
                // p depends on ζ with derivative of order t²ω0²e^(−ω0t) ≲ 1: a change of δ in
                // ζ moves the curve by at most about δ.
                #expect(abs(below.progress(at: t) - at.progress(at: t)) <= 2 * delta)
                #expect(abs(above.progress(at: t) - at.progress(at: t)) <= 2 * delta)
            }
        }
    }

    @Test("before the start the motion holds its initial state")
    func negativeTime() throws {
        let spring = try Spring()
        for t in [-1e9, -1, -1e-300, 0] {
            #expect(spring.value(at: t, from: 3.0, to: 7.0, initialVelocity: 2.0) == 3)
            #expect(spring.velocity(at: t, from: 3.0, to: 7.0, initialVelocity: 2.0) == 2)
        }
    }

    @Test("every finite time gives a finite result, including extreme parameters")
    func totality() throws {
        let springs = [
            try Spring(mass: 1, stiffness: 1e-8, damping: 0), try Spring(mass: 1e-6, stiffness: 1e12, damping: 0),
            try Spring(mass: 1, stiffness: 1e6, damping: 1e9), try Spring(mass: 1, stiffness: 100, damping: 20),
            try Spring(mass: 1e100, stiffness: 1e100, damping: 1e100),
            try Spring(mass: 1, stiffness: 1e-100, damping: 1e-50),
        ]
        let times = [0, 1e-300, 1e-9, 1, 1e6, 1e9, 1e100, 1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        for spring in springs {
            for t in times {
                let s = spring.state(at: t, from: -1e6, to: 1e6, initialVelocity: 1e8)
                #expect(s.value.isFinite && s.velocity.isFinite, "\(spring) at t=\(t)")
                #expect(spring.acceleration(at: t, from: 0.0, to: 1.0).isFinite)
            }
        }
    }
}

/// The transition-matrix forms of a motion are the spring's own evaluators with `Φ(t)`
/// computed once.
@Suite("Spring transition applied to motions")
struct SpringTransitionMotionTests {
    @Test(arguments: [(1.0, 100.0, 10.0), (1, 100, 20), (2, 50, 40), (1, 300, 0)])
    func matchesTheSpringsEvaluators(mass: Double, stiffness: Double, damping: Double) throws {
        let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        for t in [0.0, 0.01, 0.3, 2.5] {
            let phi = spring.transition(over: t)
            let state = phi.state(from: 3.0, to: -2.0, initialVelocity: 5.0)
            #expect(state.value == spring.value(at: t, from: 3.0, to: -2.0, initialVelocity: 5.0))
            #expect(state.velocity == spring.velocity(at: t, from: 3.0, to: -2.0, initialVelocity: 5.0))
            #expect(phi.value(from: 3.0, to: -2.0, initialVelocity: 5.0) == state.value)
            #expect(phi.progress(initialVelocity: 0.5) == spring.progress(at: t, initialVelocity: 0.5))
            #expect(phi.progressVelocity(initialVelocity: 0.5) == spring.progressVelocity(at: t, initialVelocity: 0.5))
            // The unit curve is the motion from 0 to 1 with the normalised velocity.
            let unit = phi.state(from: 0.0, to: 1.0, initialVelocity: 0.5)
            #expect(abs(unit.value - phi.progress(initialVelocity: 0.5)) <= 1e-15)
        }
    }
}
