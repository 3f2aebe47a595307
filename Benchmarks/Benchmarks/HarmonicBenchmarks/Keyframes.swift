import Benchmark
import Harmonic

/// Per-call cost of `KeyframeTrack.value(at:)` from another module (the way engines call it):
/// a scalar cubic track with eight keys and uneven key times, and a 2-D linear track with
/// Core Animation's named timing functions per segment. Each scaled iteration is one call.
func keyframeBenchmarks() {
    let values: [Double] = [0, 40, 10, 90, 60, 100, 70, 120]
    let keyTimes: [Double] = [0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.9, 1]
    let cubic = try! KeyframeTrack(values: values, keyTimes: keyTimes, calculationMode: .cubic)
    let points: [SIMD2<Double>] = (0..<8).map { SIMD2(Double($0) * 10, values[$0]) }
    let eased = try! KeyframeTrack(
        values: points, keyTimes: keyTimes,
        timingFunctions: Array(repeating: CubicBezier.easeInEaseOut, count: 7))
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let progress: [Double] = (0..<4096).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53
    }
    let configuration = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(2))

    Benchmark("Keyframes: scalar cubic track value, 8 keys", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(cubic.value(at: progress[i & 4095]))
            i &+= 1
        }
    }
    Benchmark("Keyframes: 2-D linear track value with easeInEaseOut segments, 8 keys", configuration: configuration) {
        benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(eased.value(at: progress[i & 4095]))
            i &+= 1
        }
    }
}
