import Foundation
import Harmonic
import Testing

@Suite("Spring settling")
struct SpringSettlingTests {
    @Test("CASpringAnimation examples: damping 5 ≈ 2.85 s, damping 15 just over 1 s")
    func appleExamples() throws {
        let soft = try Spring(stiffness: 100, damping: 5).settlingDuration()
        #expect(abs(soft - 2.85) < 0.01)
        let firm = try Spring(stiffness: 100, damping: 15).settlingDuration()
        #expect(firm > 1 && firm < 1.05)
    }

    @Test("underdamped settlingDuration is ln((1 + |(λ − v0)/ωd|)/0.001)/λ")
    func underdampedFormula() throws {
        for (k, c, v0) in [(100.0, 10.0, 0.0), (250, 3, 4), (60, 8, -7), (1, 0.2, 0.5)] {
            let lambda = c / 2
            let omegaD = (k - lambda * lambda).squareRoot()
            let expected = log((1 + abs((lambda - v0) / omegaD)) / 0.001) / lambda
            let actual = try Spring(stiffness: k, damping: c).settlingDuration(initialVelocity: v0)
            #expect(abs(actual - expected) <= 1e-13 * expected)
        }
    }

    @Test("critically and overdamped settlingDuration is the first 0.1 s sample within 0.001")
    func overdampedSampling() throws {
        for (k, c, v0) in [(100.0, 20.0, 0.0), (100, 60, 0), (100, 20, 40), (100, 60, -30), (400, 100, 5)] {
            let spring = try Spring(stiffness: k, damping: c)
            // Independent reference: walk the 0.1 s grid like Core Animation does.
            var n = 0
            while abs(1 - spring.progress(at: Double(n) / 10, initialVelocity: v0)) >= 0.001 { n += 1 }
            #expect(spring.settlingDuration(initialVelocity: v0) == Double(n) / 10)
        }
    }

    @Test("undamped springs never settle")
    func undamped() throws {
        let spring = try Spring(stiffness: 100, damping: 0)
        #expect(spring.settlingDuration() == .infinity)
        #expect(spring.settlingTime() == .infinity)
        // A motion whose amplitude stays inside the band is settled from the start.
        #expect(spring.settlingTime(epsilon: 1, displacement: 0.5, velocity: 0) == 0)
    }

    @Test("exact settling time matches the dense-scan reference to 1e-9 s")
    func exactAgainstReference() throws {
        let table = try ReferenceTable(named: "spring-settling")
        #expect(table.rows.count >= 40)
        var worst = 0.0
        for r in table.records {
            let spring = try Spring(mass: r["m"]!, stiffness: r["k"]!, damping: r["c"]!)
            let t = spring.settlingTime(epsilon: r["epsilon"]!, displacement: r["x0"]!, velocity: r["v0"]!)
            worst = max(worst, abs(t - r["settle"]!))
            #expect(abs(t - r["settle"]!) <= 1e-9, "\(spring) x0=\(r["x0"]!) v0=\(r["v0"]!) eps=\(r["epsilon"]!)")
        }
        print("exact settling time: worst error \(worst) s")
    }

    @Test(
        "after the exact settling time the displacement stays inside ±ε",
        arguments: [
            (100.0, 10.0, 0.0), (100, 2, 25), (100, 20, 40), (100, 60, -30), (9, 0.01, 3), (1, 30, 0),
        ])
    func staysSettled(k: Double, c: Double, v0: Double) throws {
        let spring = try Spring(stiffness: k, damping: c)
        let eps = 1e-3
        let settle = spring.settlingTime(epsilon: eps, initialVelocity: v0)
        #expect(abs(abs(1 - spring.progress(at: settle, initialVelocity: v0)) - eps) <= 1e-12)
        let span = max(settle, 1)
        for i in 1...20_000 {
            let t = settle + span * Double(i) / 5_000
            #expect(abs(1 - spring.progress(at: t, initialVelocity: v0)) < eps)
        }
    }

    @Test(
        "A very heavily damped spring settles after ln(1000)·c/k, finite and found at once",
        arguments: [1e17, 1e19, 1e20, 1e25, 1e100])
    func extremeDamping(damping c: Double) throws {
        let k = 170.0
        let spring = try Spring(stiffness: k, damping: c)
        // Overdamped with c ≫ √(km): x(t) = e^(r_slow·t) to double precision, r_slow = −k/c.
        let expected = log(1000) * c / k
        for t in [spring.settlingDuration(), spring.settlingTime()] {
            #expect(abs(t - expected) <= 1e-12 * expected, "\(t) vs \(expected)")
        }
    }

    @Test("A slow, heavily damped spring: the rounded and the exact settling agree")
    func slowStiffness() throws {
        let spring = try Spring(stiffness: 1e-12, damping: 1e6)
        let exact = spring.settlingTime()
        #expect(exact.isFinite && abs(exact - log(1000) * 1e18) <= 1e-9 * exact)
        #expect(spring.settlingDuration() == exact)
    }

    @Test(
        "A huge initial velocity settles where the envelope meets the band",
        arguments: [1e160, -1e200, 1e300])
    func hugeInitialVelocity(v0: Double) throws {
        let spring = try Spring(stiffness: 100, damping: 10)
        let lambda = 5.0, omegaD = 75.0.squareRoot()
        // |x(t)| ≤ (|v0|/ωd)·e^(−λt) up to a relative 1e-150 (x0 = −1 is negligible); the
        // last crossing of 0.001 lies within half a period before the envelope's.
        let envelope = (log(abs(v0) / omegaD) + log(1000)) / lambda
        let t = spring.settlingTime(initialVelocity: v0)
        #expect(t <= envelope && t >= envelope - .pi / omegaD, "\(t) vs \(envelope)")
        let rounded = spring.settlingDuration(initialVelocity: v0)
        #expect(rounded.isFinite && rounded >= t)
    }
}
