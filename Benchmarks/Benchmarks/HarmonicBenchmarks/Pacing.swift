import Benchmark
import ChordTable
import Harmonic

/// Per-evaluation cost of constant-speed motion along a path: the point at a given arc length
/// by Harmonic's exact inversion (Newton on the Gauss–Legendre quadrature, started from the
/// table), by its cubic-Hermite table alone, and by a 200-chord linear table (three.js's
/// method, `ChordLengthTable`), on the same path and lengths. Each scaled iteration is one
/// lookup plus the Bézier evaluation of the point. Accuracy of the three: `pacing-accuracy`.
func pacingBenchmarks() {
    // A five-segment path mixing cubic, quadratic and line segments, one with a cusp.
    let path = try! Path(
        svgPathData: "M0,0 C0,100 100,100 100,0 Q150,-80 200,0 L260,40 C300,80 240,80 280,40 C290,30 300,40 310,50")
    let chords = ChordLengthTable(path: path)
    let track = KeyframeTrack(path: path, calculationMode: .paced)
    let tableTrack = KeyframeTrack(path: path, calculationMode: .paced, pacingMethod: .table)
    // Deterministic lengths in [0, L) (a 64-bit linear congruential generator).
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let fractions: [Double] = (0..<4096).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) * 0x1p-53
    }
    let lengths = fractions.map { $0 * path.length }
    let chordLengths = fractions.map { $0 * chords.length }
    let configuration = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(2))

    Benchmark("Pacing: exact (Newton on quadrature)", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(path.point(atLength: lengths[i & 4095], method: .exact))
            i &+= 1
        }
    }
    Benchmark("Pacing: Hermite table", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(path.point(atLength: lengths[i & 4095], method: .table))
            i &+= 1
        }
    }
    Benchmark("Pacing: 200-chord table (three.js)", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(chords.point(atLength: chordLengths[i & 4095]))
            i &+= 1
        }
    }
    Benchmark("Pacing: keyframe track value, paced, exact", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(track.value(at: fractions[i & 4095]))
            i &+= 1
        }
    }
    Benchmark("Pacing: keyframe track value, paced, table", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(tableTrack.value(at: fractions[i & 4095]))
            i &+= 1
        }
    }
    // The same lookups along five exact elliptical arcs (a circle, eccentric and rotated
    // ellipses, a large arc), against the five Bézier segments above.
    let arcPath = try! Path(
        svgPathData: "M0,0 A50,50 0 0 1 100,0 A60,20 30 0 0 200,0 A100,15 -20 1 1 260,40 A30,30 0 0 1 280,40 "
            + "A5,40 80 0 1 310,50")
    let arcLengths = fractions.map { $0 * arcPath.length }
    Benchmark("Pacing: arcs, exact (Newton on quadrature)", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(arcPath.point(atLength: arcLengths[i & 4095], method: .exact))
            i &+= 1
        }
    }
    Benchmark("Pacing: arcs, Hermite table", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(arcPath.point(atLength: arcLengths[i & 4095], method: .table))
            i &+= 1
        }
    }
    // Evaluation alone, at a parameter: a cubic Bézier against an elliptical arc.
    let cubic = path.segments[0], arc = arcPath.segments[1]
    Benchmark("Segment: cubic Bézier point at t", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(cubic.point(at: fractions[i & 4095]))
            i &+= 1
        }
    }
    Benchmark("Segment: elliptical arc point at t", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            blackHole(arc.point(at: fractions[i & 4095]))
            i &+= 1
        }
    }
    // Trimming (strokeStart/strokeEnd) a 1,000-segment path: locating both cuts is O(log n).
    let long = try! Path(
        svgPathData: "M0,0 " + (0..<500).map { k in "c5,-10 10,10 15,0 a8,8 0 0 1 16,0" }.joined(separator: " "))
    _ = long.location(atLength: 1, method: .table)
    Benchmark("Trimming: cut locations on a 1,000-segment path", configuration: configuration) { benchmark in
        var i = 0
        for _ in benchmark.scaledIterations {
            let f = fractions[i & 4095]
            blackHole(long.trimLocations(from: f * 0.5, to: 0.5 + f * 0.5))
            i &+= 1
        }
    }
    Benchmark(
        "Pacing: build path (arc length and table)",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                try! Path(
                    svgPathData:
                        "M0,0 C0,100 100,100 100,0 Q150,-80 200,0 L260,40 C300,80 240,80 280,40 C290,30 300,40 310,50"))
        }
    }
}
