// instruction-counts: runs one workload a given number of times, for
// `valgrind --tool=callgrind` (see `instruction-counts.sh`, which runs each workload at two
// counts and prints the instructions of one operation: the difference over the extra runs, so
// set-up and start-up cancel). Instruction counts are repeatable on a noisy machine where
// times are not; they are a stable proxy for cost, not a time.
//
//   instruction-counts WORKLOAD COUNT [PROPERTIES]
//
// PROPERTIES sets the engine and kernel scenes' size (default 10,000; below 4,096 the engine
// evaluates a frame on one thread, so the counts repeat exactly).
//
// Workloads:
//   engine-frame     one frame of the engine scene (warm, frames 1/60 s apart)
//   kernel-frame     the same curves through the library's kernels alone (`KernelWorkload`)
//   cubic-point      a point at a parameter on a cubic Bézier segment
//   arc-point        a point at a parameter on an elliptical-arc segment
//   cubic-exact      a point at an arc length on a five-cubic path, exact pacing
//   arc-exact        a point at an arc length on a five-arc path, exact pacing
//   cubic-table      the same as cubic-exact by the Hermite table
//   arc-table        the same as arc-exact by the Hermite table
import EngineWorkloads
import Foundation
import Harmonic
import HarmonicEngine

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let count = Int(arguments[2]), count >= 0,
    let properties = arguments.count == 4 ? Int(arguments[3]) : 10_000, properties >= 4
else {
    print("usage: instruction-counts WORKLOAD COUNT [PROPERTIES ≥ 4]")
    exit(2)
}

/// Fractions in [0, 1) from a fixed linear congruential sequence (the same inputs every run).
let fractions: [Double] = {
    var state: UInt64 = 1
    return (0..<4096).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / 0x1p53
    }
}()

// Five arcs (a circle, eccentric and rotated ellipses, a large arc) and five cubics over
// similar extents: the ordo-one `Pacing.*` arcs, and curves of the same spans.
let arcs = try Path(
    svgPathData: "M0,0 A50,50 0 0 1 100,0 A60,20 30 0 0 200,0 A100,15 -20 1 1 260,40 A30,30 0 0 1 280,40 "
        + "A5,40 80 0 1 310,50")
let cubics = try Path(
    svgPathData: "M0,0 C0,100 100,100 100,0 C120,-50 150,80 200,0 C210,40 250,60 260,40 C265,30 275,30 280,40 "
        + "C300,80 305,40 310,50")

var sink = SIMD2<Double>.zero
func pace(_ path: Path, _ method: ArcLengthMethod) -> SIMD2<Double> {
    let length = path.length
    var sum = path.point(atLength: length / 2, method: method)  // builds the table before counting
    for i in 0..<count { sum += path.point(atLength: fractions[i & 4095] * length, method: method) }
    return sum
}

switch arguments[1] {
case "engine-frame":
    let engine = try EngineWorkload.scene(animatedProperties: properties)
    try engine.advance(to: 1.0 / 60)
    for frame in 0..<count { try engine.advance(to: Double(frame + 2) / 60) }
case "kernel-frame":
    let kernels = KernelWorkload(animatedProperties: properties)
    var out = [Double](repeating: 0, count: kernels.outputCount)
    for frame in 0..<count { kernels.evaluate(at: Double(frame + 2) / 60, into: &out) }
    sink.x += out[0]
case "cubic-point":
    let segment = cubics.segments[1]
    for i in 0..<count { sink += segment.point(at: fractions[i & 4095]) }
case "arc-point":
    let segment = arcs.segments[1]
    for i in 0..<count { sink += segment.point(at: fractions[i & 4095]) }
case "cubic-exact": sink = pace(cubics, .exact)
case "arc-exact": sink = pace(arcs, .exact)
case "cubic-table": sink = pace(cubics, .table)
case "arc-table": sink = pace(arcs, .table)
default:
    print("unknown workload \(arguments[1])")
    exit(2)
}
print(sink.x.isFinite ? "done" : "not finite")
