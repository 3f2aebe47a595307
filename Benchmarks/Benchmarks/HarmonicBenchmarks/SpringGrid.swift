import Benchmark
import Harmonic

/// Evenly spaced samples of one spring (the exact recurrence) and the floor it is measured
/// against: storing the same number of doubles.
func springGridBenchmarks() {
    let n = Workloads.gridCount
    let grid = try! SampleGrid(start: 0, step: 2.0 / Double(n), count: n)
    let config = Workloads.batchConfiguration
    let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    let velocities = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    values.initialize(repeating: 0)
    velocities.initialize(repeating: 0)
    Benchmark("Store floor: 1M doubles", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for i in 0..<n { values[i] = 1 }
            blackHole(values[n - 1])
        }
    }
    Benchmark("Spring grid: 1M values", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.spring.sample(on: grid, from: 0, to: 1, values: values))
        }
    }
    Benchmark("Spring grid: 1M values + velocities", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.spring.sample(on: grid, from: 0, to: 1, values: values, velocities: velocities))
        }
    }
    Benchmark("Spring grid: 1M values, 2 threads", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.spring.sample(on: grid, from: 0, to: 1, values: values, threads: 2))
        }
    }
    let transitions = UnsafeMutableBufferPointer<SpringTransition>.allocate(capacity: n)
    transitions.initialize(repeating: .identity)
    Benchmark("Spring grid: 1M transition matrices", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Workloads.spring.sampleTransitions(on: grid, into: transitions))
        }
    }
}
