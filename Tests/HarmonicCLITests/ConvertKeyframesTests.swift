import Foundation
import Testing

/// `harmonic convert --to css` for keyframe tracks: scalar tracks as an easing between two
/// values, vector tracks and paths refused.
@Suite("harmonic convert --to css with keyframes")
struct ConvertKeyframesTests {
    /// Linear interpolation through (keyTimes[i], values[i]), written here.
    static func piecewiseLinear(_ times: [Double], _ values: [Double], _ p: Double) -> Double {
        var i = 0
        while i + 2 < times.count, times[i + 1] <= p { i += 1 }
        let u = (p - times[i]) / (times[i + 1] - times[i])
        return values[i] + (values[i + 1] - values[i]) * min(max(u, 0), 1)
    }

    @Test("A linear or paced track without timing functions is its own linear(), exactly, however long")
    func linearTrackIsExact() throws {
        // 5,000 keyframes zigzagging: a fit would need a grid past its budget; the stops are exact.
        let values: [Double] = (0..<5_000).map { (k: Int) -> Double in
            k % 2 == 0 ? Double(k) : Double(k) - 3
        }
        let list = values.map { "\($0)" }.joined(separator: ", ")
        let spec = #"{"keyframes": {"values": ["# + list + "]}}"
        let run = try CLIRun.run(["convert", spec, "--to", "css"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try ConvertTests.object(run)
        #expect(ConvertTests.number(object, "stops") == 5_000)
        #expect(ConvertTests.number(object, "maxError") == 0)
        let paced = try CLIRun.run([
            "convert", #"{"keyframes": {"values": [0, 10, 5], "calculationMode": "paced"}}"#, "--to", "css",
        ])
        // Paced key times by distance: 0, 10/15 and 1; progress 0, 1 and 0.5 of the way to 5.
        #expect(try ConvertTests.object(paced)["css"] as? String == "linear(0, 2 66.66666666666666%, 1)")
    }

    @Test("A linear scalar track: progress between the first and last values, within tolerance")
    func linearTrack() throws {
        let (object, xs, ys) = try ConvertJumpTests.export(
            #"{"keyframes": {"values": [0, 100, 50, 200], "keyTimes": [0, 0.25, 0.5, 1]}}"#)
        #expect(ConvertTests.number(object, "from") == 0 && ConvertTests.number(object, "to") == 200)
        #expect(object["duration"] == nil)
        var worst = 0.0
        for k in 0...20_000 {
            let p = Double(k) / 20_000
            let expected = Self.piecewiseLinear([0, 0.25, 0.5, 1], [0, 100, 50, 200], p) / 200
            worst = max(worst, abs(ConvertJumpTests.css(xs, ys, p) - expected))
        }
        #expect(worst <= 0.001, "max error \(worst)")
    }

    @Test(
        "A discrete track jumps: coincident stops at each key time; one ending where it began uses its farthest value"
    )
    func discreteAndReturning() throws {
        let (object, xs, ys) = try ConvertJumpTests.export(
            #"{"keyframes": {"values": [0, 100, 50], "calculationMode": "discrete"}}"#)
        #expect(ConvertTests.number(object, "from") == 0 && ConvertTests.number(object, "to") == 50)
        #expect(ConvertTests.number(object, "maxError") == 0)
        for k in 0...9_999 {
            let p = Double(k) / 10_000
            // Core Animation's discrete mode: values[i] from i/3 to (i+1)/3 (n + 1 key times).
            let expected = [0.0, 100, 50][min(Int(3 * p), 2)] / 50
            if abs(p - 1.0 / 3) > 1e-9, abs(p - 2.0 / 3) > 1e-9 {
                #expect(ConvertJumpTests.css(xs, ys, p) == expected, "p = \(p)")
            }
        }
        let back = try ConvertJumpTests.export(
            #"{"keyframes": {"values": [10, -30, 40, 10], "calculationMode": "cubic"}}"#)
        // −30 is 40 away from 10, 40 only 30.
        #expect(ConvertTests.number(back.object, "from") == 10 && ConvertTests.number(back.object, "to") == -30)
        #expect(back.ys.first == 0 && back.ys.last == 0)
    }

    @Test("A cubic track with a timing block agrees with harmonic sample of the same spec")
    func cubicWithTiming() throws {
        let spec =
            #"{"keyframes": {"values": [0, 80, 30, 100], "calculationMode": "cubic"}, "timing": {"beginTime": 0.25, "#
            + #""duration": 1.5, "autoreverses": true, "fillMode": "forwards"}}"#
        let (object, xs, ys) = try ConvertJumpTests.export(spec, ["--tolerance", "0.0005"])
        let duration = try #require(ConvertTests.number(object, "duration"))
        #expect(duration == 3 && ConvertTests.number(object, "delay") == 0.25)
        #expect(object["fillMode"] as? String == "forwards")
        let times = (0...400).map { 0.25 + duration * Double($0) / 400 }
        let run = try CLIRun.run(["sample", spec, "--times=" + times.map { "\($0)" }.joined(separator: ",")])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",").map { Double(String($0))! }
        }
        var worst = 0.0
        for row in rows {
            let x = (row[0] - 0.25) / duration
            worst = max(worst, abs(ConvertJumpTests.css(xs, ys, x) * 100 - row[1]) / 100)
        }
        #expect(worst <= 0.0005, "max error \(worst)")
    }

    @Test(
        "Vector keyframes, paths and constant tracks are refused with one line",
        arguments: [
            (
                #"{"keyframes": {"values": [[0, 0], [10, 5]]}}"#,
                "keyframes.values = 2-component values is invalid: must be numbers for --to css"
            ),
            (#"{"path": {"d": "M0,0 L10,0"}}"#, "path = a 2-D path is invalid"),
            (#"{"keyframes": {"values": [5, 5, 5]}}"#, "keyframes.values = all 5 is invalid"),
        ])
    func refused(spec: String, message: String) throws {
        let run = try CLIRun.run(["convert", spec, "--to", "css"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
