import Benchmark
import Harmonic

/// One spring at unevenly spaced, unsorted times (the SIMD closed form).
func springTimesBenchmarks() {
    let n = Workloads.gridCount
    let times = Workloads.scatteredTimes(n)
    let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    values.initialize(repeating: 0)
    let config = Workloads.batchConfiguration
    Benchmark("Spring times: 1M values", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            times.withUnsafeBufferPointer { t in
                blackHole(Workloads.spring.sample(at: t, from: 0, to: 1, values: values))
            }
        }
    }
    Benchmark("Spring times: 1M values, 2 threads", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            times.withUnsafeBufferPointer { t in
                blackHole(Workloads.spring.sample(at: t, from: 0, to: 1, values: values, threads: 2))
            }
        }
    }
    Benchmark("Spring times: 1M values, one value(at:) each", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for (i, t) in times.enumerated() { values[i] = Workloads.spring.value(at: t, from: 0.0, to: 1.0) }
            blackHole(values[n - 1])
        }
    }
}
