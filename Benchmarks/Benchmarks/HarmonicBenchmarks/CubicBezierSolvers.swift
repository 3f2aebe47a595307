import Benchmark
import BrowserBezier
import Harmonic

/// Single `value(at:)` calls of Harmonic's output-accurate cubic-Bézier inverse against the
/// browser algorithm (BrowserCubicBezier: 11-sample table, up to 4 Newton steps, bisection to
/// 1e-7 in x), on the same curves and inputs. Each scaled iteration is one call, so the time
/// per iteration is the time per call. Worst output errors of both: `bezier-accuracy`. The same
/// loops timed in alternation, for ratios that do not depend on the machine's changing speed
/// between two benchmarks: `bezier-speed`.
func cubicBezierSolverBenchmarks() {
    // The named curves users meet most, and the flat-end and inflection cases where the two
    // solvers differ most in accuracy.
    let controlPoints: [(Double, Double, Double, Double)] = [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0),
        (0.68, -0.55, 0.265, 1.55), (0.0, 0.5, 1.0, 0.5), (1.0, 0.0, 0.0, 1.0), (0.3, 0.0, 0.3 + 1.0 / 3, 1.0),
    ]
    // Deterministic inputs in (0, 1) (a 64-bit linear congruential generator).
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let inputs: [Double] = (0..<4096).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Double(state >> 11) + 0.5) * 0x1p-53
    }
    let harmonic = controlPoints.map { try! CubicBezier($0.0, $0.1, $0.2, $0.3) }
    let browser = controlPoints.map { BrowserCubicBezier($0.0, $0.1, $0.2, $0.3) }
    let configuration = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(2))

    Benchmark("CubicBezier solver: Harmonic, eight curves", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(harmonic[i & 7].value(at: inputs[(i >> 3) & 4095]))
            i &+= 1
        }
    }
    Benchmark("CubicBezier solver: browser algorithm, eight curves", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(browser[i & 7].value(at: inputs[(i >> 3) & 4095]))
            i &+= 1
        }
    }
    Benchmark("CubicBezier solver: Harmonic, ease", configuration: configuration) { benchmark in
        let curve = harmonic[0]
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(curve.value(at: inputs[i & 4095]))
            i &+= 1
        }
    }
    Benchmark("CubicBezier solver: browser algorithm, ease", configuration: configuration) { benchmark in
        let curve = browser[0]
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(curve.value(at: inputs[i & 4095]))
            i &+= 1
        }
    }
}
