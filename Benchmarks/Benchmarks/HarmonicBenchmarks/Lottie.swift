import Benchmark
import Foundation
import HarmonicLottie

/// A frame of the 100-layer Lottie animation of `peers/lottie_players.py` (the fixture
/// `Fixtures/lottie-100.json`): evaluated, and evaluated and written as SVG. The peers (rlottie's
/// render tree, ThorVG's scene update) are timed on the same file by that script.
func lottieBenchmarks() {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/lottie-100.json").path
    guard let animation = try? LottieAnimation(contentsOf: path) else { return }
    let config = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 5, maxDuration: .seconds(2))
    Benchmark("Lottie: 100 layers, evaluate a frame", configuration: config) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame = (frame + 37) % 120
            blackHole(animation.frame(at: Double(frame)))
        }
    }
    Benchmark("Lottie: 100 layers, evaluate and write SVG", configuration: config) { benchmark in
        var frame = 0
        for _ in benchmark.scaledIterations {
            frame = (frame + 37) % 120
            blackHole(animation.frame(at: Double(frame)).svg())
        }
    }
}
