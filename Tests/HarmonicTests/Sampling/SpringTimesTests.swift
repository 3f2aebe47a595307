import Testing

@testable import Harmonic

@Suite("Spring at arbitrary times")
struct SpringTimesTests {
    /// Unsorted, unevenly spaced times including negative ones, zero, long after settling, and
    /// phases beyond the SIMD reduction's range (scalar fallback): the SIMD path equals
    /// closed-form evaluation to 1e-12 of the range, values and velocities.
    @Test(arguments: BatchFixtures.shapes.indices)
    func timesMatchClosedForm(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        var times = LaneMathTests.sweep(-0.5, 40 / omega, 4_003)
        times += [0, -0.0, 1e-12, 1e-300, 3e5 / omega, 1e9, 5e6 / omega, 1e300, -1e300]
        for m in BatchFixtures.motions {
            var values = [Double](repeating: .nan, count: times.count)
            var velocities = [Double](repeating: .nan, count: times.count)
            times.withUnsafeBufferPointer { t in
                values.withUnsafeMutableBufferPointer { v in
                    velocities.withUnsafeMutableBufferPointer { dv in
                        let n = spring.sample(at: t, from: m.from, to: m.to, initialVelocity: m.velocity, values: v, velocities: dv)
                        #expect(n == times.count)
                    }
                }
            }
            let refValues = times.map { spring.value(at: $0, from: m.from, to: m.to, initialVelocity: m.velocity) }
            let refVelocities = times.map { spring.velocity(at: $0, from: m.from, to: m.to, initialVelocity: m.velocity) }
            let (e, range) = values.withUnsafeBufferPointer { BatchFixtures.compare($0, refValues, endpoints: [m.from, m.to]) }
            let (ev, vrange) = velocities.withUnsafeBufferPointer {
                BatchFixtures.compare($0, refVelocities, endpoints: [m.velocity, 0])
            }
            #expect(e <= 1e-12 * range, "ω0=\(omega) ζ=\(zeta) \(m): \(e / range)")
            #expect(ev <= 1e-12 * vrange, "velocity ω0=\(omega) ζ=\(zeta) \(m): \(ev / vrange)")
            #expect(values.allSatisfy { $0.isFinite } && velocities.allSatisfy { $0.isFinite })
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
