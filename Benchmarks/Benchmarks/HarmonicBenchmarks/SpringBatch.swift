import Benchmark
import Harmonic

/// The per-frame case: 10,000 different springs evaluated at one clock time.
func springBatchBenchmarks() {
    let n = 10_000
    let batch = SpringBatch(Workloads.frameMotions(n))
    let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    let velocities = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    values.initialize(repeating: 0)
    velocities.initialize(repeating: 0)
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 10, maxDuration: .seconds(2))
    Benchmark("Per frame: 10k springs, values", configuration: config) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame += 1
            blackHole(batch.evaluate(at: Double(frame % 120) / 60, values: values))
        }
    }
    Benchmark("Per frame: 10k springs, values + velocities", configuration: config) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame += 1
            blackHole(batch.evaluate(at: Double(frame % 120) / 60, values: values, velocities: velocities))
        }
    }
    let motions = batch.motions
    Benchmark("Per frame: 10k springs, one state(at:) each", configuration: config) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame += 1
            let t = Double(frame % 120) / 60
            for (i, m) in motions.enumerated() {
                values[i] = m.spring.value(
                    at: t - m.beginTime, from: m.from, to: m.to, initialVelocity: m.initialVelocity)
            }
            blackHole(values[0])
        }
    }
}
