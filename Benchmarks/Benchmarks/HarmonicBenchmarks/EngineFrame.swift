import Benchmark
import EngineWorkloads
import Harmonic
import HarmonicEngine

/// The engine adapter's per-frame cost: `advance(to:)` on a scene with N animated
/// properties on N/4 layers, a quarter each of springs (2-D position), eased basic animations
/// (opacity), keyframe animations (corner radius: five values, cubic on odd layers, linear on
/// even ones) and additive basic animations (z position). Every animation repeats forever, so
/// each frame does the same work.
///
/// Each sample builds the scene and advances one frame first (outside the measurement: the
/// first frame builds the frame plan), then measures the second frame. "after a change" adds
/// an animation to one layer before the measured frame, which rebuilds that layer's part of
/// the plan inside the measurement.
func engineFrameBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 3, scalingFactor: .one,
        maxDuration: .seconds(5))
    for count in [1_000, 10_000] {
        for changing in [false, true] {
            let name = "Engine frame: \(count) animated properties" + (changing ? ", after a change" : "")
            Benchmark(name, configuration: config) { benchmark in
                guard let engine = try? EngineWorkload.scene(animatedProperties: count),
                    let probe = engine.layer(named: "layer0")
                else { return }
                _ = try? engine.advance(to: 1.0 / 60)
                let fade = BasicAnimation(keyPath: "opacity", from: 0, to: 1)
                benchmark.startMeasurement()
                if changing { try? engine.add(fade, forKey: "fade", to: probe) }
                blackHole(try? engine.advance(to: 2.0 / 60))
                benchmark.stopMeasurement()
            }
        }
        // The floor the engine is compared with: the same curves and timings evaluated with the
        // library's own kernels, without layers, key paths or events.
        Benchmark("Engine frame: \(count) animated properties, library kernels only", configuration: config) {
            benchmark in
            let kernels = KernelWorkload(animatedProperties: count)
            var out = [Double](repeating: 0, count: kernels.outputCount)
            benchmark.startMeasurement()
            kernels.evaluate(at: 2.0 / 60, into: &out)
            benchmark.stopMeasurement()
            blackHole(out)
        }
    }
}
