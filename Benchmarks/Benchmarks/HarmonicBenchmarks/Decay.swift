import Benchmark
import Harmonic

/// Decays at the springs' standard: an evenly spaced grid of 1M samples (one multiply-add per
/// sample; compare "Spring grid: 1M values" and "Store floor: 1M doubles") and 10,000 releases
/// per frame (compare "Per frame: 10k springs, values").
func decayBenchmarks() {
    let n = Workloads.gridCount
    // A release that is still moving at the end of the grid, so every sample is a decay sample.
    let motion = try! DecayMotion(
        curve: .exponential(.normal), from: 0, initialVelocity: 2000, rest: .speed(1e-6))
    let grid = try! SampleGrid(start: 0, step: 2.0 / Double(n), count: n)
    let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    let velocities = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    values.initialize(repeating: 0)
    velocities.initialize(repeating: 0)
    let config = Workloads.batchConfiguration
    Benchmark("Decay grid: 1M values", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(motion.sample(on: grid, values: values)) }
    }
    Benchmark("Decay grid: 1M values + velocities", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(motion.sample(on: grid, values: values, velocities: velocities))
        }
    }
    Benchmark("Decay grid: 1M values, closed form per sample", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for i in 0..<n { values[i] = motion.value(at: grid.time(at: i)) }
            blackHole(values[n - 1])
        }
    }

    let count = 10_000
    let releases = (0..<count).map { i -> DecayMotion in
        let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
        return try! DecayMotion(
            curve: .exponential(try! ExponentialDecay(decelerationRate: 0.99 + 0.009 * u)), from: 100 * u,
            initialVelocity: 4000 * (u - 0.5), rest: .speed(1e-3), beginTime: -u)
    }
    let batch = DecayBatch(releases)
    let frameConfig = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 10, maxDuration: .seconds(2))
    Benchmark("Per frame: 10k decays, values + velocities", configuration: frameConfig) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame += 1
            blackHole(batch.evaluate(at: Double(frame % 120) / 60, values: values, velocities: velocities))
        }
    }
    Benchmark("Per frame: 10k decays, one state(at:) each", configuration: frameConfig) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame += 1
            let t = Double(frame % 120) / 60
            for (i, m) in releases.enumerated() {
                let s = m.state(at: t)
                values[i] = s.value
                velocities[i] = s.velocity
            }
            blackHole(values[0])
        }
    }
}
