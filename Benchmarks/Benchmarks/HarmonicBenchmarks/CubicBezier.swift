import Benchmark
import Harmonic

/// Cubic Bézier timing functions: one inversion (`value(at:)`) and a progress grid with
/// `sample(on:values:)`.
func cubicBezierBenchmarks() {
    let curve = try! CubicBezier(0.42, 0, 0.58, 1)  // easeInEaseOut
    let inputs = Workloads.scatteredTimes(1000, span: 1)
    let single = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(2))
    Benchmark("CubicBezier: value(at:) easeInEaseOut", configuration: single) { benchmark in
        for _ in benchmark.scaledIterations {
            for x in inputs { blackHole(curve.value(at: x)) }
        }
    }
    let n = Workloads.gridCount
    let grid = try! SampleGrid(start: 0, end: 1, count: n)
    let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
    values.initialize(repeating: 0)
    Benchmark("CubicBezier grid: 1M values, sample(on:)", configuration: Workloads.batchConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(curve.sample(on: grid, values: values))
        }
    }
    Benchmark("CubicBezier grid: 1M values, one value(at:) each", configuration: Workloads.batchConfiguration) {
        benchmark in
        for _ in benchmark.scaledIterations {
            for i in 0..<n { values[i] = curve.value(at: grid.time(at: i)) }
            blackHole(values[n - 1])
        }
    }
}
