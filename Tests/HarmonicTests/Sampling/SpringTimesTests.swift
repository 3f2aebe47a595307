import CHarmonicKernels
import Testing

@testable import Harmonic

@Suite("Spring at arbitrary times")
struct SpringTimesTests {
    /// Compares the batch path with closed-form evaluation at `times` for every test motion.
    /// Both the AVX2/FMA kernels (where the processor has them) and the Swift loops.
    static func check(_ spring: Spring, _ times: [Double], _ label: String) {
        for allowingAVX2FMA in [true, false] {
            check(spring, times, "\(label) AVX2/FMA \(allowingAVX2FMA)", allowingAVX2FMA: allowingAVX2FMA)
        }
    }

    static func check(_ spring: Spring, _ times: [Double], _ label: String, allowingAVX2FMA: Bool) {
        for m in BatchFixtures.motions {
            var values = [Double](repeating: .nan, count: times.count)
            var velocities = [Double](repeating: .nan, count: times.count)
            times.withUnsafeBufferPointer { t in
                values.withUnsafeMutableBufferPointer { v in
                    velocities.withUnsafeMutableBufferPointer { dv in
                        let n = spring.sample(
                            at: t, from: m.from, to: m.to, initialVelocity: m.velocity, values: v, velocities: dv,
                            threads: 1, allowingAVX2FMA: allowingAVX2FMA)
                        #expect(n == times.count)
                    }
                }
            }
            let refValues = times.map { spring.value(at: $0, from: m.from, to: m.to, initialVelocity: m.velocity) }
            let refVelocities = times.map {
                spring.velocity(at: $0, from: m.from, to: m.to, initialVelocity: m.velocity)
            }
            let (e, range) = values.withUnsafeBufferPointer {
                BatchFixtures.compare($0, refValues, endpoints: [m.from, m.to])
            }
            let (ev, vrange) = velocities.withUnsafeBufferPointer {
                BatchFixtures.compare($0, refVelocities, endpoints: [m.velocity, 0])
            }
            #expect(e <= 1e-12 * range, "\(label) \(m): \(e / range)")
            #expect(ev <= 1e-12 * vrange, "velocity \(label) \(m): \(ev / vrange)")
            // The values-only path is a separate loop: it must agree with the one above.
            var only = [Double](repeating: .nan, count: times.count)
            times.withUnsafeBufferPointer { t in
                only.withUnsafeMutableBufferPointer { v in
                    _ = spring.sample(
                        at: t, from: m.from, to: m.to, initialVelocity: m.velocity, values: v, velocities: nil,
                        threads: 1, allowingAVX2FMA: allowingAVX2FMA)
                }
            }
            #expect(only == values, "values-only \(label) \(m)")
        }
    }

    /// Many unsorted times over a few periods (negative ones and zero included): the Taylor
    /// table path where its node count allows, the SIMD closed form otherwise.
    @Test(arguments: BatchFixtures.shapes.indices)
    func denseTimesMatchClosedForm(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        var times = LaneMathTests.sweep(-0.1, 5 / omega, 60_000)
        times += [0, -0.0, 1e-12, 1e-300, 5 / omega]
        Self.check(spring, times, "ω0=\(omega) ζ=\(zeta) dense")
    }

    /// A few times spread from −1e300 to 1e300, including phases beyond the SIMD reduction's
    /// range (scalar fallback): always the SIMD closed form.
    @Test(arguments: BatchFixtures.shapes.indices)
    func sparseTimesMatchClosedForm(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        var times = LaneMathTests.sweep(-0.5, 40 / omega, 4_003)
        times += [0, -0.0, 1e-12, 1e-300, 3e5 / omega, 1e9, 5e6 / omega, 1e300, -1e300]
        Self.check(spring, times, "ω0=\(omega) ζ=\(zeta) sparse")
    }

    /// The dense test above really exercises the table for the common springs.
    @Test func tableIsUsedForDenseBatches() throws {
        let spring = Spring.default
        let plan = try #require(SpringTaylorTable.nodeCount(spring.constants, lower: 1e-9, upper: 5 / 10))
        #expect(plan.count <= 60_000 / 4)
    }

    /// The span scan that chooses the table: positive times only (NaN, zero, −0 and negative
    /// times skipped) and whether all are finite, every length modulo the eight-lane step,
    /// against a plain loop.
    @Test func positiveSpanMatchesPlainLoop() {
        var generator = SplitMix64(seed: 7)
        for n in 0..<40 {
            var times = (0..<n).map { _ in Double(generator.next() % 2001) / 100 - 10 }
            // NaN (in the eight-wide steps or the tail), −∞ and +∞, or all finite.
            if n > 3, n % 4 == 0 { times[n / 2] = .nan }
            if n > 3, n % 4 == 1 { times[n - 1] = .nan }
            if n > 3, n % 4 == 2 { times[n / 3] = -.infinity }
            if n > 5 { times[n - 2] = -0.0 }
            if n > 8, n % 4 == 3 { times[1] = .infinity }
            var lower = Double.infinity, upper = -Double.infinity
            for t in times where t > 0 {
                lower = min(lower, t)
                upper = max(upper, t)
            }
            let swift = times.withUnsafeBufferPointer {
                Spring.positiveSpan($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, n)
            }
            let finite = times.allSatisfy { $0.isFinite }
            #expect(swift.lower == lower && swift.upper == upper && swift.finite == finite, "n=\(n)")
            if SpringGridKernel.hasAVX2FMA {
                var l = 0.0, u = 0.0, f = false
                let found = times.withUnsafeBufferPointer { harmonic_positive_span_avx2($0.baseAddress, n, &l, &u, &f) }
                #expect(found == (lower <= upper) && l == lower && u == upper && f == finite, "AVX2 n=\(n)")
            }
        }
    }

    @Test func arraysAndThreads() throws {
        let spring = Spring.default
        let times = LaneMathTests.sweep(0, 3, 50_001)
        var one = [Double](), two = [Double]()
        spring.sample(at: times, from: 2, to: -1, initialVelocity: 3, values: &one)
        spring.sample(at: times, from: 2, to: -1, initialVelocity: 3, values: &two, threads: 2)
        #expect(one == two)
        #expect(one.count == times.count)
        for i in stride(from: 0, to: times.count, by: 997) {
            #expect(abs(one[i] - spring.value(at: times[i], from: 2.0, to: -1.0, initialVelocity: 3.0)) <= 1e-14)
        }
    }
}
