import Benchmark
import Harmonic

/// One closed-form evaluation of a spring (the cost a caller pays per `value(at:)`).
func springSingleBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(2))
    let spring = Workloads.spring
    let times = Workloads.scatteredTimes(1000)
    Benchmark("Spring.value(at:) underdamped", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for t in times { blackHole(spring.value(at: t, from: 0.0, to: 1.0)) }
        }
    }
    let overdamped = try! Spring(mass: 1, stiffness: 100, damping: 30)
    Benchmark("Spring.value(at:) overdamped", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for t in times { blackHole(overdamped.value(at: t, from: 0.0, to: 1.0)) }
        }
    }
    Benchmark("Spring.state(at:) SIMD2", configuration: config) { benchmark in
        for _ in benchmark.scaledIterations {
            for t in times {
                blackHole(spring.state(at: t, from: SIMD2(0.0, 5.0), to: SIMD2(1.0, -2.0)))
            }
        }
    }
}
