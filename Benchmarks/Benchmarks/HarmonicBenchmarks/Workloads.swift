import Benchmark
import Harmonic

/// Shared workload definitions, the same ones `harmonic-peers` and `peers/compare.py` use.
enum Workloads {
    /// Core Animation's default spring (ζ = 0.5, ω0 = 10 rad/s).
    static let spring = Spring.default

    /// Sample counts of the batch benchmarks.
    static let gridCount = 1_000_000

    /// `count` times in [0, span) from the golden-ratio sequence `span·frac(i·φ⁻¹)`:
    /// deterministic, uneven, unsorted, and computed identically by numpy.
    static func scatteredTimes(_ count: Int, span: Double = 2) -> [Double] {
        (0..<count).map { span * (Double($0) * 0.6180339887498949).truncatingRemainder(dividingBy: 1) }
    }

    /// `count` springs with stiffness 50…350 and damping 5…35 (ζ from about 0.13 to 2.5, so
    /// every regime occurs), each with its own start, target and velocity.
    static func frameMotions(_ count: Int) -> [SpringBatch.Motion] {
        (0..<count).map { i in
            let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
            let w = (Double(i) * 0.7548776662466927).truncatingRemainder(dividingBy: 1)
            let spring = try! Spring(mass: 1, stiffness: 50 + 300 * u, damping: 5 + 30 * w)
            return SpringBatch.Motion(
                spring: spring, from: Double(i % 100), to: Double(i % 7), initialVelocity: Double(i % 13) - 6,
                beginTime: -0.01 * Double(i % 50))
        }
    }

    static var batchConfiguration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(2))
    }
}
