import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// The particle kernels: the counter-based generator against the uniform distribution, the
/// kinematics against their closed forms, the birth schedule against exact integrals.
@Suite struct ParticleTests {
    /// Kolmogorov–Smirnov: 100,000 draws of one attribute over consecutive particle indices.
    /// The statistic's 1 % critical value is 1.63/√n (asymptotic Kolmogorov distribution),
    /// 0.00515 here; a fixed key makes the test deterministic.
    @Test(arguments: [(UInt64(1), UInt64(0)), (0xDEAD_BEEF, 7), (42, 3)])
    func drawsAreUniform(seed: UInt64, draw: UInt64) {
        let n = 100_000
        let u = (0..<n).map { ParticleRandom.uniform(seed: seed, stream: 2, index: UInt64($0), draw: draw) }
        let d = kolmogorovSmirnov(u)
        #expect(d < kolmogorovSmirnovCritical(n), "KS statistic \(d)")
        #expect(u.min()! >= 0 && u.max()! < 1)
    }

    /// Neighbouring keys are independent: the correlation between consecutive indices, between
    /// two draws of one particle and between two streams is within 4 standard errors (1/√n) of 0.
    @Test func neighbouringKeysAreIndependent() {
        let n = 100_000
        func correlation(_ a: [Double], _ b: [Double]) -> Double {
            let ma = a.reduce(0, +) / Double(n), mb = b.reduce(0, +) / Double(n)
            var sab = 0.0, saa = 0.0, sbb = 0.0
            for i in 0..<n {
                sab += (a[i] - ma) * (b[i] - mb)
                saa += (a[i] - ma) * (a[i] - ma)
                sbb += (b[i] - mb) * (b[i] - mb)
            }
            return sab / (saa * sbb).squareRoot()
        }
        let bound = 4 / Double(n).squareRoot()
        let base = (0..<n).map { ParticleRandom.uniform(seed: 9, stream: 1, index: UInt64($0), draw: 0) }
        let next = (0..<n).map { ParticleRandom.uniform(seed: 9, stream: 1, index: UInt64($0 + 1), draw: 0) }
        let otherDraw = (0..<n).map { ParticleRandom.uniform(seed: 9, stream: 1, index: UInt64($0), draw: 1) }
        let otherStream = (0..<n).map { ParticleRandom.uniform(seed: 9, stream: 2, index: UInt64($0), draw: 0) }
        #expect(abs(correlation(base, next)) < bound)
        #expect(abs(correlation(base, otherDraw)) < bound)
        #expect(abs(correlation(base, otherStream)) < bound)
        // Swapped words give other numbers.
        #expect(
            ParticleRandom.bits(seed: 1, stream: 2, index: 3, draw: 4)
                != ParticleRandom.bits(seed: 2, stream: 1, index: 3, draw: 4))
    }

    /// `value ± range` covers `[value − range, value + range)` evenly: the mean within 4
    /// standard errors (range/√(3n)) of `value`.
    @Test func rangesAreCentred() {
        let n = 50_000
        let values = (0..<n).map {
            ParticleRandom.around(10, range: 2, seed: 3, stream: 0, index: UInt64($0), draw: 5)
        }
        #expect(values.allSatisfy { $0 >= 8 && $0 < 12 })
        let mean = values.reduce(0, +) / Double(n)
        #expect(abs(mean - 10) < 4 * 2 / (3 * Double(n)).squareRoot())
        #expect(ParticleRandom.around(10, range: 0, seed: 3, stream: 0, index: 0, draw: 5) == 10)
    }

    /// Ballistic without drag; with drag, the exact solution of dv/dt = a − k·v, checked
    /// against its closed form in extended precision and against its limits (terminal velocity,
    /// small k·t, where the series takes over).
    @Test(arguments: [0.0, 1e-9, 0.03, 0.7, 5.0, 80.0])
    func kinematicsMatchTheirClosedForm(drag k: Double) {
        let motion = ParticleKinematics(drag: k)
        for t in [0.0, 1e-6, 0.01, 0.13, 1.0, 2.5, 10.0] {
            let (x, v) = motion.state(at: t, position: 3, velocity: -40, acceleration: 980)
            let expected: (Double, Double)
            if k == 0 {
                expected = (3 - 40 * t + 490 * t * t, -40 + 980 * t)
            } else {
                // x = x₀ + v₀·E₁ + a·E₂, v = v₀·e^(−kt) + a·E₁ with E₁ = (1 − e^(−kt))/k and
                // E₂ = (t − E₁)/k, in extended precision: by their series t·Σ(−z)ⁿ/(n+1)! and
                // t²·Σ(−z)ⁿ/(n+2)! for z = kt ≤ 1 (no cancellation), directly above.
                let K = HighPrecision(k), T = HighPrecision(t), z = k * t
                var e1 = HighPrecision(0), e2 = HighPrecision(0), decay = HighPrecision(1)
                if z <= 1 {
                    var t1 = T, t2 = T * T / HighPrecision(2), d = HighPrecision(1)
                    for n in 0...40 {
                        e1 = e1 + t1
                        e2 = e2 + t2
                        if n > 0 { decay = decay + d }
                        t1 = t1 * (HighPrecision(0) - K * T) / HighPrecision(n + 2)
                        t2 = t2 * (HighPrecision(0) - K * T) / HighPrecision(n + 3)
                        d = n == 0 ? HighPrecision(0) - K * T : d * (HighPrecision(0) - K * T) / HighPrecision(n + 1)
                    }
                } else {
                    decay = HighPrecision(exp(-z))
                    e1 = (HighPrecision(1) - decay) / K
                    e2 = (T - e1) / K
                }
                let a = HighPrecision(980), v0 = HighPrecision(-40)
                let xr = HighPrecision(3) + v0 * e1 + a * e2
                let vr = v0 * decay + a * e1
                expected = (Double(xr), Double(vr))
            }
            let scale = 1 + abs(expected.0) + 40 * t
            if k * t < 30 {
                #expect(abs(x - expected.0) <= 1e-13 * scale, "k \(k) t \(t): \(x) vs \(expected.0)")
                #expect(abs(v - expected.1) <= 1e-13 * (1 + abs(expected.1) + 980 * t), "k \(k) t \(t)")
            }
        }
        if k > 0 {
            // Far out the velocity is the terminal velocity a/k.
            let (_, v) = motion.state(at: 200 / k, position: 0, velocity: 5, acceleration: 9.8)
            #expect(abs(v - 9.8 / k) <= 1e-12 * (9.8 / k))
        }
    }

    /// A constant rate: births at begin + (i + ½)/r, ⌊r·(t − begin) + ½⌋ born by t, none at or
    /// after end.
    @Test func constantRateBirths() throws {
        let births = try ParticleBirths(rate: 30, begin: 0.5, end: 2.5)
        for i in 0..<60 {
            #expect(abs(births.birthTime(of: Double(i)) - (0.5 + (Double(i) + 0.5) / 30)) <= 1e-15 * 3)
        }
        #expect(births.birthTime(of: 60) == .infinity)
        #expect(births.bornCount(at: 0.4) == 0)
        #expect(births.bornCount(at: 0.5 + 0.5 / 30) == 1)
        #expect(births.bornCount(at: 1.5) == 30)
        #expect(births.bornCount(at: 10) == 60)
        #expect(births.rate(at: 2.5) == 0 && births.rate(at: 1) == 30)
    }

    /// An animated rate (0 → 100 /s over a second, then 40 /s): N(t) is the exact integral, each
    /// birth solves N(tᵢ) = i + ½ exactly, and the count born by t is ⌊N(t) + ½⌋.
    @Test func animatedRateBirths() throws {
        let births = try ParticleBirths(times: [0, 1, 1.5], rates: [0, 100, 40], begin: 0, end: 4)
        // N(t) = 50t² on [0, 1]; 50 + 100τ − 60τ² on [1, 1.5] (τ = t − 1); 50 + 35 + 40·(t − 1.5) after.
        func n(_ t: Double) -> Double {
            if t <= 1 { return 50 * t * t }
            if t <= 1.5 { let tau = t - 1; return 50 + 100 * tau - 60 * tau * tau }
            return 85 + 40 * (min(t, 4) - 1.5)
        }
        for t in [0.3, 0.99, 1.2, 1.5, 2, 3.99, 5] {
            #expect(abs(births.expectedCount(at: t) - n(t)) <= 1e-12 * n(t), "N(\(t))")
            #expect(births.bornCount(at: t) == (n(t) + 0.5).rounded(.down))
        }
        let total = 185.0
        for i in stride(from: 0.0, to: total, by: 1) {
            let t = births.birthTime(of: i)
            #expect(abs(n(t) - (i + 0.5)) <= 1e-11 * (i + 1), "birth \(i) at \(t)")
        }
        #expect(births.birthTime(of: total) == .infinity)
    }

    @Test func badSchedulesNameTheKey() {
        #expect(throws: HarmonicError.self) { try ParticleBirths(rate: -1) }
        #expect(throws: HarmonicError.self) { try ParticleBirths(rate: .nan) }
        #expect(throws: HarmonicError.self) { try ParticleBirths(times: [0, 0], rates: [1, 2], begin: 0, end: 1) }
        #expect(throws: HarmonicError.self) { try ParticleBirths(rate: 1, begin: 2, end: 1) }
        do {
            _ = try ParticleBirths(times: [0, 1], rates: [1, -2], begin: 0, end: 1)
        } catch {
            #expect(error.description.hasPrefix("rates[1] = -2"))
        }
    }
}

/// Emission directions: unit vectors, uniform over the cone's solid angle.
@Suite struct EmissionConeTests {
    /// The axis from longitude and latitude; a zero range emits along it exactly.
    @Test func theAxisFollowsLongitudeAndLatitude() throws {
        let flat = try EmissionCone(longitude: .pi / 2, latitude: 0, range: 0)
        #expect(abs(flat.axis.x) < 1e-16 && flat.axis.y == 1 && flat.axis.z == 0)
        #expect(flat.direction(0.3, 0.8) == flat.axis)
        let raised = try EmissionCone(longitude: 0, latitude: .pi / 6, range: 0)
        #expect(abs(raised.axis.x - 3.0.squareRoot() / 2) < 1e-15 && abs(raised.axis.z - 0.5) < 1e-15)
        #expect(throws: HarmonicError.self) { try EmissionCone(longitude: .nan, latitude: 0, range: 1) }
    }

    /// For 50,000 directions keyed by the particle generator: unit length, inside the cone, the
    /// cosine of the angle from the axis uniform on [cos r, 1] and the angle around it uniform
    /// on [0, 2π) — both Kolmogorov–Smirnov below the 1 % critical value 1.63/√n.
    @Test(arguments: [0.05, 0.8, 2.0, 3.5])
    func directionsAreUniformOverTheCap(range: Double) throws {
        let cone = try EmissionCone(longitude: 0.7, latitude: -0.4, range: range)
        let r = min(range, .pi)
        // Any orthonormal frame around the axis: uniformity of the angle around it does not
        // depend on where that angle starts.
        let a = cone.axis
        var e1 = SIMD3(-a.y, a.x, 0)
        e1 /= (e1 * e1).sum().squareRoot()
        let e2 = SIMD3(a.y * e1.z - a.z * e1.y, a.z * e1.x - a.x * e1.z, a.x * e1.y - a.y * e1.x)
        let n = 50_000
        var cosines: [Double] = [], turns: [Double] = []
        for i in 0..<n {
            let u = ParticleRandom.uniform(seed: 11, stream: 4, index: UInt64(i), draw: 0)
            let v = ParticleRandom.uniform(seed: 11, stream: 4, index: UInt64(i), draw: 1)
            let d = cone.direction(u, v)
            #expect(abs((d * d).sum() - 1) < 1e-14)
            let c = (d * cone.axis).sum()
            #expect(c >= cos(r) - 1e-14)
            cosines.append((1 - c) / (1 - cos(r)))  // uniform on [0, 1]
            let around = atan2((d * e2).sum(), (d * e1).sum())
            turns.append((around < 0 ? around + 2 * .pi : around) / (2 * .pi))
        }
        let critical = kolmogorovSmirnovCritical(n)
        #expect(kolmogorovSmirnov(cosines) < critical, "cos θ, range \(range)")
        #expect(kolmogorovSmirnov(turns) < critical, "φ, range \(range)")
    }
}
