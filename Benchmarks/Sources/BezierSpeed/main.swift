// Harmonic's cubic-Bézier inverse against the browser algorithm, timed in alternation.
//
// The ordo-one suite (`CubicBezierSolvers.swift`) runs its four benchmarks one after another,
// two seconds each; on a shared machine whose speed changes between states lasting seconds (this
// 2-core VM moves between ~15 and ~22 ns per call for the same code), a ratio taken across two
// of them can be off by 1.4× either way. Here the same four loops run in 200 rounds, each round
// timing 32,768 calls of every loop in turn, so both solvers see the same states; the medians
// and the ratio come from the same rounds.
//
//     swift run -c release bezier-speed                 # interleaved timing, medians and ratios
//     swift run -c release bezier-speed per-curve       # the same, plus each curve on its own
//     swift run -c release bezier-speed count CASE N    # N calls of one loop (none, harmonic-eight,
//                                                       # browser-eight, harmonic-ease, browser-ease)
//
// `count` exists for instruction counts, which do not depend on the machine's state:
// `valgrind --tool=callgrind .build/release/bezier-speed count harmonic-eight 100000`, minus the
// same with `none`, divided by N.
import BrowserBezier
import Foundation
import Harmonic

// The curves and inputs of the ordo-one `CubicBezier solver.*` benchmarks.
let controlPoints = BezierSolverWorkload.controlPoints
let inputs = BezierSolverWorkload.inputs
let harmonic = controlPoints.map { try! CubicBezier($0.0, $0.1, $0.2, $0.3) }
let browser = controlPoints.map { BrowserCubicBezier($0.0, $0.1, $0.2, $0.3) }

/// Keeps each result observable (the role of the suite's `blackHole`).
nonisolated(unsafe) var sink = 0.0
@inline(never) func consume(_ value: Double) { sink = value }

@inline(never) func harmonicEight(_ calls: Int) {
    for i in 0..<calls { consume(harmonic[i & 7].value(at: inputs[(i >> 3) & 4095])) }
}
@inline(never) func browserEight(_ calls: Int) {
    for i in 0..<calls { consume(browser[i & 7].value(at: inputs[(i >> 3) & 4095])) }
}
@inline(never) func harmonicEase(_ calls: Int) {
    let curve = harmonic[0]
    for i in 0..<calls { consume(curve.value(at: inputs[i & 4095])) }
}
@inline(never) func browserEase(_ calls: Int) {
    let curve = browser[0]
    for i in 0..<calls { consume(curve.value(at: inputs[i & 4095])) }
}

@inline(never) func harmonicSingle(_ calls: Int, _ index: Int) {
    let curve = harmonic[index]
    for i in 0..<calls { consume(curve.value(at: inputs[i & 4095])) }
}
@inline(never) func browserSingle(_ calls: Int, _ index: Int) {
    let curve = browser[index]
    for i in 0..<calls { consume(curve.value(at: inputs[i & 4095])) }
}

var cases: [(name: String, run: (Int) -> Void)] = [
    ("harmonic-eight", harmonicEight), ("browser-eight", browserEight),
    ("harmonic-ease", harmonicEase), ("browser-ease", browserEase),
]
if CommandLine.arguments.dropFirst().first == "per-curve" {
    for index in controlPoints.indices {
        cases.append(("harmonic-\(index)", { harmonicSingle($0, index) }))
        cases.append(("browser-\(index)", { browserSingle($0, index) }))
    }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "count", let calls = Int(arguments[3]) {
    if arguments[2] != "none" {
        guard let chosen = cases.first(where: { $0.name == arguments[2] }) else {
            FileHandle.standardError.write(Data("bezier-speed: unknown case \(arguments[2])\n".utf8))
            exit(1)
        }
        chosen.run(calls)
    }
    exit(0)
}

let rounds = 200, calls = 32_768
var nanoseconds = [[Double]](repeating: [], count: cases.count)
let clock = ContinuousClock()
for _ in 0..<rounds {
    for (index, entry) in cases.enumerated() {
        let elapsed = clock.measure { entry.run(calls) }
        let (seconds, attoseconds) = elapsed.components
        nanoseconds[index].append((Double(seconds) * 1e9 + Double(attoseconds) * 1e-9) / Double(calls))
    }
}
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[Int(p * Double(sorted.count - 1))]
}
let medians = nanoseconds.map { percentile($0, 0.5) }
print("ns per call over \(rounds) interleaved rounds of \(calls) calls (median, p10)")
for (index, entry) in cases.enumerated() {
    let line = "\(entry.name)".padding(toLength: 16, withPad: " ", startingAt: 0)
    print(line + String(format: "%6.1f %6.1f", medians[index], percentile(nanoseconds[index], 0.1)))
}
print(
    String(
        format: "ratio harmonic/browser: eight curves %.2f, ease %.2f", medians[0] / medians[1], medians[2] / medians[3]
    ))
for index in stride(from: 4, to: cases.count, by: 2) {
    let p = controlPoints[(index - 4) / 2]
    print(String(format: "curve (%g, %g, %g, %g): ratio %.2f", p.0, p.1, p.2, p.3, medians[index] / medians[index + 1]))
}
