import Benchmark
import Harmonic
import HarmonicEngine

/// The engine adapter's per-frame cost: `advance(to:)` on a scene with N animated
/// properties, a quarter each of springs (2-D position), eased basic animations (opacity),
/// linear basic animations (corner radius) and additive basic animations (z position), on
/// N/4 layers. Every animation repeats forever, so each frame does the same work.
func engineFrameBenchmarks() {
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 20, maxDuration: .seconds(3))
    for count in [1_000, 10_000] {
        Benchmark("Engine frame: \(count) animated properties", configuration: config) { benchmark in
            guard let engine = try? EngineWorkload.scene(animatedProperties: count) else { return }
            var frame = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                frame += 1
                blackHole(try? engine.advance(to: Double(frame) / 60))
            }
            benchmark.stopMeasurement()
        }
    }
}

enum EngineWorkload {
    /// A scene with `animatedProperties` running animations (see `engineFrameBenchmarks`).
    static func scene(animatedProperties: Int) throws -> AnimationEngine {
        let engine = try AnimationEngine()
        let forever = Double.infinity
        for i in 0..<(animatedProperties / 4) {
            let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
            let layer = try engine.makeLayer(named: "layer\(i)", values: ["position": [0, 0], "opacity": [1]])
            let spring = try Spring(mass: 1, stiffness: 80 + 200 * u, damping: 8 + 20 * u)
            try engine.add(
                SpringAnimation(
                    keyPath: "position", fromValue: [0, 0], toValue: [100 + u, 50], spring: spring,
                    timing: try MediaTiming(duration: 1.5, repeatCount: forever)),
                forKey: "move", to: layer)
            try engine.add(
                BasicAnimation(
                    keyPath: "opacity", from: 0, to: 1, timing: try MediaTiming(duration: 0.5 + u, repeatCount: forever, autoreverses: true),
                    timingFunction: CubicBezier.easeInEaseOut),
                forKey: "fade", to: layer)
            try engine.add(
                BasicAnimation(keyPath: "cornerRadius", from: 0, to: 12, timing: try MediaTiming(duration: 2, repeatCount: forever)),
                forKey: "round", to: layer)
            try engine.add(
                BasicAnimation(
                    keyPath: "zPosition", by: 10, timing: try MediaTiming(duration: 1, repeatCount: forever), isAdditive: true),
                forKey: "lift", to: layer)
        }
        return engine
    }
}
