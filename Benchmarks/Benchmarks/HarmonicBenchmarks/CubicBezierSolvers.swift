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
    let controlPoints = BezierSolverWorkload.controlPoints
    let inputs = BezierSolverWorkload.inputs
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
