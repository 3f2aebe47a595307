// Worst output error of Harmonic's cubic-Bézier inverse and of the browser algorithm, over the
// curves and inputs of the 60-digit reference table committed with the tests
// (Tests/HarmonicTests/References/cubic_bezier_inverse.txt, written by
// scripts/references/cubic_bezier_reference.py).
//
//     swift run -c release bezier-accuracy [path/to/cubic_bezier_inverse.txt]
import BrowserBezier
import Foundation
import Harmonic

let defaultPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/HarmonicTests/References/cubic_bezier_inverse.txt").path
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : defaultPath
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("bezier-accuracy: cannot read \(path)\n".utf8))
    exit(1)
}

struct Row { var name: String; var scale: Double; var count = 0; var harmonic = 0.0; var browser = 0.0 }
var rows: [Row] = []
var harmonicCurve: CubicBezier?
var browserCurve: BrowserCubicBezier?

for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: " ")
    if fields.first == "curve" {
        let p = fields.dropFirst().compactMap { Double(String($0)) }
        harmonicCurve = try CubicBezier(p[0], p[1], p[2], p[3])
        browserCurve = BrowserCubicBezier(p[0], p[1], p[2], p[3])
        rows.append(Row(name: harmonicCurve!.description, scale: max(1, abs(p[1]), abs(p[3]))))
        continue
    }
    guard let h = harmonicCurve, let b = browserCurve, let x = Double(String(fields[0])),
        let y = Double(String(fields[1]))
    else { continue }
    let i = rows.count - 1
    rows[i].count += 1
    rows[i].harmonic = max(rows[i].harmonic, abs(h.value(at: x) - y) / rows[i].scale)
    rows[i].browser = max(rows[i].browser, abs(b.value(at: x) - y) / rows[i].scale)
}

func sci(_ v: Double) -> String { String(format: "%.2e", v) }
print("worst |output − reference| / max(1, |y1|, |y2|), per curve")
print("curve".padding(toLength: 48, withPad: " ", startingAt: 0), "inputs", "  harmonic", "   browser", "   ratio")
for r in rows {
    let ratio = r.harmonic > 0 ? r.browser / r.harmonic : .infinity
    print(
        r.name.padding(toLength: 48, withPad: " ", startingAt: 0), String(format: "%6d", r.count),
        sci(r.harmonic).padding(toLength: 10, withPad: " ", startingAt: 0),
        sci(r.browser).padding(toLength: 10, withPad: " ", startingAt: 0),
        ratio.isFinite ? String(format: "%.1e", ratio) : "inf")
}
let worstHarmonic = rows.map(\.harmonic).max() ?? 0
let worstBrowser = rows.map(\.browser).max() ?? 0
print(
    "all curves: \(rows.reduce(0) { $0 + $1.count }) inputs; worst harmonic \(sci(worstHarmonic)), worst browser "
        + "\(sci(worstBrowser)), ratio \(String(format: "%.1e", worstBrowser / worstHarmonic))"
)
