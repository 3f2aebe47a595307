import Foundation
import Testing

@testable import Harmonic

/// Springs across every damping regime and a range of frequencies, shared by the batch tests.
enum BatchFixtures {
    /// `(ω0, ζ)` pairs: undamped, light, Core Animation's default, the critical neighbourhood
    /// from both sides, overdamped and very overdamped.
    static let shapes: [(omega: Double, zeta: Double)] = [
        (10, 0), (10, 0.05), (10, 0.5), (10, 1 - 1e-9), (10, 1), (10, 1 + 1e-9), (10, 1.5), (10, 20),
        (3, 1000), (1, 0.3), (300, 0.1), (0.5, 2),
    ]

    static func spring(omega: Double, zeta: Double, mass: Double = 2) throws -> Spring {
        try Spring(mass: mass, stiffness: omega * omega * mass, damping: 2 * zeta * omega * mass)
    }

    /// Start, target and initial velocity of the motions tested on every spring.
    static let motions: [(from: Double, to: Double, velocity: Double)] = [
        (0, 1, 0), (-3, 250, 40), (5, 5, -12), (1e6, -2e6, 3e7),
    ]

    /// The worst absolute difference and the span (max − min) of the reference values,
    /// including the endpoints, so that errors are judged against the motion's range.
    static func compare(_ got: UnsafeBufferPointer<Double>, _ reference: [Double], endpoints: [Double] = [])
        -> (error: Double, range: Double)
    {
        var worst = 0.0
        var lo = Double.infinity, hi = -Double.infinity
        for (i, r) in reference.enumerated() {
            let d = abs(got[i] - r)
            worst = d.isNaN ? .infinity : max(worst, d)
            lo = min(lo, r)
            hi = max(hi, r)
        }
        for e in endpoints {
            lo = min(lo, e)
            hi = max(hi, e)
        }
        return (worst, hi - lo)
    }
}

@Suite("SampleGrid")
struct SampleGridTests {
    @Test func validation() throws {
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, step: 0, count: 3) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: .nan, step: 1, count: 3) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, step: 1, count: -1) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, step: 1e308, count: 3) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 1, end: 1, count: 2) }
        let g = try SampleGrid(start: -1, end: 1, count: 5)
        #expect(g.step == 0.5)
        #expect(g.times == [-1, -0.5, 0, 0.5, 1])
        #expect(try SampleGrid(start: 2, end: 0, count: 1).times == [2])
    }
}

@Suite("Spring on a grid")
struct SpringGridTests {
    /// Every regime, several motions, grids long enough to cross many re-anchorings, starting
    /// before, at and after t = 0: the recurrence agrees with closed-form evaluation at each
    /// sample time to 1e-12 of the motion's range (values) and of the velocity's range.
    @Test(arguments: BatchFixtures.shapes.indices)
    func gridMatchesClosedForm(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        // Cover about 30 natural periods (or the decay) with 4,000–20,000 samples.
        let grids = [
            try SampleGrid(start: 0, step: 1.0 / 60, count: 12_345),
            try SampleGrid(start: -0.1, step: 0.37 / omega, count: 9_000),
            try SampleGrid(start: 0.25, step: 0.013 / omega, count: 20_001),
            // Very fine: the recurrence's rotation per step is tiny (where two-term
            // recurrences are weakest).
            try SampleGrid(start: 0.5 / omega, step: 2e-6 / omega, count: 40_000),
        ]
        for grid in grids {
            for m in BatchFixtures.motions {
                var values = [Double](repeating: .nan, count: grid.count)
                var velocities = [Double](repeating: .nan, count: grid.count)
                values.withUnsafeMutableBufferPointer { v in
                    velocities.withUnsafeMutableBufferPointer { dv in
                        let written = spring.sample(
                            on: grid, from: m.from, to: m.to, initialVelocity: m.velocity, values: v, velocities: dv)
                        #expect(written == grid.count)
                    }
                }
                let times = grid.times
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
                #expect(e <= 1e-12 * range, "ω0=\(omega) ζ=\(zeta) grid=\(grid) motion=\(m): \(e / range)")
                #expect(ev <= 1e-12 * vrange, "velocity ω0=\(omega) ζ=\(zeta) grid=\(grid) motion=\(m): \(ev / vrange)")
            }
        }
    }

    /// The values-only recurrence, through the AVX2/FMA kernel where the processor has it and
    /// through the Swift loop everywhere: both agree with the closed form to 1e-12 of the
    /// motion's range, on every regime and motion, over grids that cross many blocks.
    @Test(arguments: BatchFixtures.shapes.indices)
    func valuesOnlyMatchClosedFormOnBothPaths(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        let grids = [
            try SampleGrid(start: 0, step: 1.0 / 60, count: 12_345),
            try SampleGrid(start: -0.1, step: 0.37 / omega, count: 9_003),
            try SampleGrid(start: 0.5 / omega, step: 2e-6 / omega, count: 40_000),
        ]
        for grid in grids {
            let times = grid.times
            for m in BatchFixtures.motions {
                let reference = times.map { spring.value(at: $0, from: m.from, to: m.to, initialVelocity: m.velocity) }
                for allowingAVX2FMA in [true, false] {
                    var values = [Double](repeating: .nan, count: grid.count)
                    values.withUnsafeMutableBufferPointer { v in
                        let kernel = SpringGridKernel(
                            constants: spring.constants, grid: grid, from: m.from, to: m.to,
                            initialVelocity: m.velocity, values: v.baseAddress!, velocities: nil,
                            allowingAVX2FMA: allowingAVX2FMA)
                        kernel.fill(0..<grid.count)
                    }
                    let (e, range) = values.withUnsafeBufferPointer {
                        BatchFixtures.compare($0, reference, endpoints: [m.from, m.to])
                    }
                    #expect(
                        e <= 1e-12 * range,
                        "AVX2/FMA \(allowingAVX2FMA) ω0=\(omega) ζ=\(zeta) grid=\(grid) motion=\(m): \(e / range)")
                }
            }
        }
    }

    /// The run-time check agrees with what the kernel reports about this processor (Linux:
    /// the `avx2` and `fma` flags of /proc/cpuinfo).
    @Test func vectorExtensionCheckMatchesTheProcessor() throws {
        #if os(Linux) && arch(x86_64)
            let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
            let flags =
                info.split(separator: "\n").first { $0.hasPrefix("flags") }.map { Set($0.split(separator: " ")) } ?? []
            #expect(SpringGridKernel.hasAVX2FMA == (flags.contains("avx2") && flags.contains("fma")))
        #elseif !arch(x86_64)
            #expect(!SpringGridKernel.hasAVX2FMA)
        #endif
    }

    /// Splitting the grid over two threads re-anchors each half on its own; the samples are
    /// the same to the recurrence's accuracy.
    @Test func twoThreadsAgree() throws {
        let spring = Spring.default
        let grid = try SampleGrid(start: 0, step: 1e-4, count: 300_001)
        var one = [Double](), two = [Double]()
        spring.sample(on: grid, from: 0, to: 1, values: &one)
        spring.sample(on: grid, from: 0, to: 1, values: &two, threads: 2)
        #expect(one.count == grid.count && two.count == grid.count)
        let worst = zip(one, two).map { abs($0 - $1) }.max()!
        #expect(worst <= 1e-12)
        #expect(abs(one[grid.count - 1] - spring.value(at: grid.time(at: grid.count - 1), from: 0.0, to: 1.0)) <= 1e-12)
    }

    /// The shared basis Φ(tᵢ) on a grid agrees with `transition(over:)` entry by entry.
    @Test(arguments: BatchFixtures.shapes.indices)
    func transitionsMatch(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        let grid = try SampleGrid(start: -0.05, step: 0.21 / omega, count: 5_000)
        let basis = [SpringTransition](unsafeUninitializedCapacity: grid.count) { buffer, count in
            count = spring.sampleTransitions(on: grid, into: buffer)
        }
        #expect(basis.count == grid.count)
        // Scale: Φ's entries in the units of (x, v/ω0) are O(1).
        var worst = 0.0
        for (i, phi) in basis.enumerated() {
            let ref = spring.transition(over: grid.time(at: i))
            worst = max(
                worst, abs(phi.xFromX - ref.xFromX), abs(phi.xFromV - ref.xFromV) * omega,
                abs(phi.vFromX - ref.vFromX) / omega, abs(phi.vFromV - ref.vFromV))
        }
        #expect(worst <= 1e-12, "ω0=\(omega) ζ=\(zeta): \(worst)")
    }

    /// The shared basis at arbitrary times (scattered, unsorted, some ≤ 0 — the identity)
    /// agrees with `transition(over:)` entry by entry too, on the SIMD path (few times) and the
    /// Taylor-table path (many times in a short span).
    @Test(arguments: BatchFixtures.shapes.indices)
    func transitionsAtTimesMatch(shape: Int) throws {
        let (omega, zeta) = BatchFixtures.shapes[shape]
        let spring = try BatchFixtures.spring(omega: omega, zeta: zeta)
        for count in [37, 20_000] {
            // Golden-ratio scatter over [−0.2, 3)·(1/ω0), unsorted.
            let times = (0..<count).map {
                (Double($0) * 0.6180339887498949).truncatingRemainder(dividingBy: 1) * 3.2 / omega - 0.2 / omega
            }
            let basis = [SpringTransition](unsafeUninitializedCapacity: count) { buffer, written in
                written = times.withUnsafeBufferPointer { spring.sampleTransitions(at: $0, into: buffer) }
            }
            #expect(basis.count == count)
            var worst = 0.0
            for (i, phi) in basis.enumerated() {
                let ref = spring.transition(over: times[i])
                worst = max(
                    worst, abs(phi.xFromX - ref.xFromX), abs(phi.xFromV - ref.xFromV) * omega,
                    abs(phi.vFromX - ref.vFromX) / omega, abs(phi.vFromV - ref.vFromV))
            }
            #expect(worst <= 1e-12, "ω0=\(omega) ζ=\(zeta), \(count) times: \(worst)")
        }
    }

    /// Short buffers get the prefix that fits; an empty grid writes nothing; undamped springs
    /// never come to rest and stay finite over long grids.
    @Test func edges() throws {
        let spring = Spring.default
        let grid = try SampleGrid(start: 0, step: 0.01, count: 100)
        var short = [Double](repeating: .nan, count: 10)
        let written = short.withUnsafeMutableBufferPointer {
            spring.sample(on: grid, from: 0, to: 1, values: $0)
        }
        #expect(written == 10)
        #expect(short.allSatisfy { $0.isFinite })
        let empty = try SampleGrid(start: 0, step: 0.01, count: 0)
        var none = [Double]()
        spring.sample(on: empty, from: 0, to: 1, values: &none)
        #expect(none.isEmpty)

        let undamped = try Spring(mass: 1, stiffness: 4, damping: 0)
        let long = try SampleGrid(start: 0, step: 0.1, count: 100_000)
        var values = [Double]()
        undamped.sample(on: long, from: 1, to: 0, values: &values)
        #expect(values.allSatisfy { abs($0) <= 1 + 1e-12 })
        // A heavily damped motion is written as exactly at rest once it has decayed.
        let stiff = try Spring(mass: 1, stiffness: 1e4, damping: 200)
        var rest = [Double]()
        stiff.sample(on: try SampleGrid(start: 0, step: 0.01, count: 100_000), from: 0, to: 7, values: &rest)
        #expect(rest.last == 7)
    }
}
