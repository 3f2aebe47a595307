// Accuracy of constant-speed motion along paths: Harmonic's exact arc-length inversion, its
// cubic-Hermite table, and a 200-chord linear table (the three.js method), side by side.
//
//     swift run -c release pacing-accuracy [path/to/arc-length.json]
//
// Columns, per curve:
//   length error   |L − L_ref| / L_ref against mpmath (Tests/HarmonicTests/References/
//                  arc-length.json, written by scripts/references/arc_length.py); for the
//                  multi-segment path, against the sum of the per-segment references
//   position       worst |P(method, s) − P(ref, s)| / L; the reference is mpmath's parameter at
//                  the 19 tabulated lengths (exact method) or the exact method at 20,000
//                  lengths (table and chords, whose errors are 5+ orders larger)
//   ripple         worst |ΔS/Δs − 1| over 20,000 equal steps Δs of the requested length, where
//                  ΔS is the true arc length between the points the method returns (measured by
//                  Harmonic's quadrature, accurate to ~1e-15 of L): the relative speed error of
//                  an object moved by the method, frame to frame
import ChordTable
import Foundation
import Harmonic

struct Reference: Decodable {
    struct Sample: Decodable { let fraction: Double; let length: Double; let t: Double }
    struct Curve: Decodable { let name: String; let points: [[Double]]; let length: Double; let samples: [Sample] }
    let curves: [Curve]
}

let defaultPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/HarmonicTests/References/arc-length.json").path
let file = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : defaultPath
guard let data = FileManager.default.contents(atPath: file),
    let reference = try? JSONDecoder().decode(Reference.self, from: data)
else {
    FileHandle.standardError.write(Data("pacing-accuracy: cannot read \(file)\n".utf8))
    exit(1)
}

func sci(_ v: Double) -> String { String(format: "%.1e", v) }
func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }

/// Worst ripple of a length → location map over `steps` equal steps.
func ripple(_ path: Path, steps: Int, _ locate: (Double) -> CurveLocation) -> Double {
    let length = path.length
    let h = length / Double(steps)
    var worst = 0.0
    var previous = path.arcLength.length(to: locate(0))
    for k in 1...steps {
        let current = path.arcLength.length(to: locate(Double(k) * h))
        worst = max(worst, abs((current - previous) / h - 1))
        previous = current
    }
    return worst
}

func positionError(_ path: Path, samples: Int, _ locate: (Double) -> CurveLocation) -> Double {
    let length = path.length
    var worst = 0.0
    for k in 0...samples {
        let s = length * Double(k) / Double(samples)
        let exact = path.point(at: path.location(atLength: s, method: .exact))
        let p = path.point(at: locate(s))
        worst = max(worst, ((p - exact) * (p - exact)).sum().squareRoot() / length)
    }
    return worst
}

struct Case { var name: String; var path: Path; var referenceLength: Double; var exactPosition: Double }

var cases: [Case] = []
for curve in reference.curves where curve.points[0].count == 2 {
    let p = curve.points.map { SIMD2($0[0], $0[1]) }
    let path = try Path(elements: [.move(to: p[0]), .curve(to: p[3], control1: p[1], control2: p[2])])
    var worst = 0.0
    for sample in curve.samples {
        let expected = path.segments[0].point(at: sample.t)
        let got = path.point(atLength: sample.length, method: .exact)
        worst = max(worst, ((got - expected) * (got - expected)).sum().squareRoot() / curve.length)
    }
    cases.append(Case(name: curve.name, path: path, referenceLength: curve.length, exactPosition: worst))
}
// A path of all the planar reference curves joined end to end (each translated to start where
// the previous one ended).
do {
    var elements: [PathElement] = [.move(to: .zero)]
    var offset = SIMD2<Double>.zero
    var total = 0.0
    for curve in reference.curves where curve.points[0].count == 2 {
        let p = curve.points.map { SIMD2($0[0], $0[1]) - SIMD2(curve.points[0][0], curve.points[0][1]) + offset }
        elements.append(.curve(to: p[3], control1: p[1], control2: p[2]))
        offset = p[3]
        total += curve.length
    }
    cases.append(
        Case(
            name: "all joined (\(elements.count - 1) segments)", path: try Path(elements: elements),
            referenceLength: total, exactPosition: .nan))
}

let steps = 20_000
print(
    "constant-speed motion along Bézier paths: exact inversion, Hermite table (ripple tolerance 1e-6), 200-chord table")
print(
    pad("curve", 26), pad("length err", 11), pad("exact pos", 10), pad("table pos", 10), pad("chord pos", 10),
    pad("exact rip", 10), pad("table rip", 10), pad("chord rip", 10), "table intervals")
var worst = [Double](repeating: 0, count: 7)
for c in cases {
    let chords = ChordLengthTable(path: c.path)
    let lengthError = abs(c.path.length - c.referenceLength) / c.referenceLength
    let tablePosition = positionError(c.path, samples: steps) { c.path.location(atLength: $0, method: .table) }
    // The chord table measures a shorter length; scale so both cover the same curve.
    let scale = chords.length / c.path.length
    let chordPosition = positionError(c.path, samples: steps) { chords.location(atLength: $0 * scale) }
    let exactRipple = ripple(c.path, steps: steps) { c.path.location(atLength: $0, method: .exact) }
    let tableRipple = ripple(c.path, steps: steps) { c.path.location(atLength: $0, method: .table) }
    let chordRipple = ripple(c.path, steps: steps) { chords.location(atLength: $0 * scale) }
    let row = [lengthError, c.exactPosition, tablePosition, chordPosition, exactRipple, tableRipple, chordRipple]
    for (i, v) in row.enumerated() where v.isFinite { worst[i] = max(worst[i], v) }
    print(
        pad(c.name, 26), row.map { pad($0.isFinite ? sci($0) : "—", 10) }.joined(separator: " "),
        c.path.arcLength.tableIntervalCount)
}
print(pad("worst", 26), worst.map { pad(sci($0), 10) }.joined(separator: " "))
let chordLengthErrors = cases.map {
    abs(ChordLengthTable(path: $0.path).length - $0.referenceLength) / $0.referenceLength
}
print("200-chord length estimate: worst relative error \(sci(chordLengthErrors.max() ?? 0))")
