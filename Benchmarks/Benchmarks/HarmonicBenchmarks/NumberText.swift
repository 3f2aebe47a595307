import Benchmark
import Harmonic

/// Printing numbers: `NumberText.write(_:to:)` (the exporters' writer; non-integers through
/// the Ryu-based shortest-decimal code) against `Double.description` on the same doubles,
/// which print the same digits. The ratio of the two medians is the figure the writer's
/// documentation points to (`Benchmarks/README.md`, "Number text").
func numberTextBenchmarks() {
    // Full-precision non-integers of the sizes an export prints (times and curve values),
    // with the first and last a million times apart.
    let doubles = Workloads.scatteredTimes(100_000, span: 1).enumerated().map { i, u in
        (u + 1e-9) * (i % 2 == 0 ? 1e-3 : 1e3)
    }
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: NumberText.maximumLength)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(2))
    Benchmark("Number text: 100k doubles, NumberText.write", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for x in doubles { bytes &+= NumberText.write(x, to: buffer) }
            blackHole(bytes)
        }
    }
    Benchmark("Number text: 100k doubles, description", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for x in doubles { bytes &+= x.description.utf8.count }
            blackHole(bytes)
        }
    }
}
