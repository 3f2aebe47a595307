import Foundation
import Testing

/// `harmonic sample` and `harmonic plot` with the `timingFunction`, `cubicBezier` and `css`
/// curve kinds and the `timing` block, end to end, including every error path.
@Suite("timing function specs")
struct TimingCommandTests {
    func rows(_ spec: String, _ extra: [String]) throws -> (header: [String], rows: [[Double]]) {
        let run = try CLIRun.run(["sample", spec] + extra)
        #expect(run.status == 0, "\(spec): \(run.stderr)")
        #expect(run.stderr.isEmpty)
        return run.csv
    }

    @Test("a named timing function is sampled on its own input")
    func named() throws {
        let out = try rows(#"{"timingFunction": "easeInEaseOut"}"#, ["--times", "0,0.5,1", "--velocity"])
        #expect(out.header == ["time", "value", "velocity"])
        #expect(out.rows.map { $0[1] } == [0, 0.5, 1])
        // Slopes at the ends: 0 (x1 = 0.42 > 0, y1 = 0) and 0.
        #expect(out.rows[0][2] == 0 && out.rows[2][2] == 0)
        // Default domain [0, 1] at 60 per second: 61 samples.
        #expect(try rows(#"{"timingFunction": "default"}"#, []).rows.count == 61)
        // Any CSS text is accepted there too.
        #expect(try rows(#"{"timingFunction": "steps(2)"}"#, ["--times", "0.6"]).rows[0][1] == 0.5)
        #expect(try rows(#"{"timingFunction": [0, 0, 1, 1]}"#, ["--times", "0.3"]).rows[0][1] == 0.3)
        #expect(try rows(#"{"timingFunction": {"css": "ease-in"}}"#, ["--times", "1"]).rows[0][1] == 1)
    }

    @Test("cubicBezier values and slopes, inside and outside [0, 1]")
    func cubicBezier() throws {
        let out = try rows(
            #"{"cubicBezier": [0.25, 0.1, 0.25, 1.0], "from": 10, "to": 20}"#, ["--times=-1,0,2", "--velocity"])
        // Below 0 the line y = 0.4·x; above 1 flat (x2 < 1, y2 = 1): the browsers' extrapolation rule.
        #expect(out.rows[0][1] == 10 + 10 * -0.4)
        #expect(out.rows[0][2] == 10 * 0.4)
        #expect(out.rows[1][1] == 10)
        #expect(out.rows[2][1] == 20 && out.rows[2][2] == 0)
        // x(t) = y(t) parametrically: the curve through (x(t), y(t)) at t = 0.5 is (0.3125, 0.5375).
        let mid = try rows(#"{"cubicBezier": [0.25, 0.1, 0.25, 1.0]}"#, ["--times", "0.3125"])
        #expect(abs(mid.rows[0][1] - 0.5375) < 1e-15)
    }

    @Test("CSS steps and linear()")
    func css() throws {
        let steps = try rows(#"{"css": "steps(4, jump-start)"}"#, ["--times", "0,0.3,0.99,1"])
        #expect(steps.rows.map { $0[1] } == [0.25, 0.5, 1, 1])
        let linear = try rows(#"{"css": "linear(0, 0.25 25% 75%, 1)"}"#, ["--times", "0.125,0.5,0.875,2"])
        #expect(linear.rows.map { $0[1] } == [0.125, 0.25, 0.625, 4])  // last segment continued: slope 3
    }

    @Test("a spring over a fixed span as a timing function, on its own and per keyframe segment")
    func springTimingFunction() throws {
        // Critically damped, ω0 = 10, at rest at the start: progress 1 − (1 + ω0·t)·e^(−ω0·t) and
        // d progress/dt = ω0²·t·e^(−ω0·t). Input x spans 2 s, so t = 2x and the slope is 2·dp/dt.
        func progress(_ t: Double) -> Double { 1 - (1 + 10 * t) * exp(-10 * t) }
        let spec =
            #"{"timingFunction": {"spring": {"mass": 1, "stiffness": 100, "damping": 20}, "duration": 2}, "from": "#
            + #"10, "to": 20}"#
        let out = try rows(spec, ["--times", "0,0.05,0.25,1", "--velocity"])
        #expect(out.rows.count == 4)
        for row in out.rows {
            let t = 2 * row[0]
            #expect(abs(row[1] - (10 + 10 * progress(t))) <= 1e-13, "value at \(row[0])")
            #expect(abs(row[2] - 10 * 2 * 100 * t * exp(-10 * t)) <= 1e-12, "velocity at \(row[0])")
        }
        // Without a duration the span is the spring's settling duration (CASpringAnimation's
        // estimate), so the output at x = 1 is within its threshold of the target, not 1.
        let settled = try rows(#"{"timingFunction": {"spring": {"stiffness": 100, "damping": 20}}}"#, ["--times", "1"])
        #expect(abs(settled.rows[0][1] - 1) < 1e-3 && settled.rows[0][1] != 1)
        // As a keyframe segment's timing function: segment 0 of [0, 4, 6] spans q ∈ [0, 0.5].
        let track = try rows(
            #"{"keyframes": {"values": [0, 4, 6], "timingFunctions": [{"spring": {"stiffness": 100, "damping": 20}, "#
                + #""duration": 2}]}}"#,
            ["--times", "0.25"])
        #expect(abs(track.rows[0][1] - 4 * progress(1)) <= 1e-13)
    }

    @Test("the timing block: repeats, autoreverse, fill, vectors and velocity")
    func timing() throws {
        let spec = #"""
            {"cubicBezier": [0, 0, 1, 1],
             "timing": {"beginTime": 0, "duration": 2, "speed": 1, "timeOffset": 0, "repeatCount": 1,
                        "repeatDuration": 0, "autoreverses": true, "fillMode": "both"},
             "from": [0, 0], "to": [200, 50]}
            """#
        let out = try rows(spec, ["--times=-1,0.5,3,4,9", "--velocity"])
        #expect(out.header == ["time", "value.0", "value.1", "velocity.0", "velocity.1"])
        #expect(out.rows[0] == [-1, 0, 0, 0, 0])  // backwards fill
        #expect(out.rows[1] == [0.5, 50, 12.5, 100, 25])  // forward half: rate 1/2 per second
        #expect(out.rows[2] == [3, 100, 25, -100, -25])  // backward half
        #expect(out.rows[3] == [4, 0, 0, 0, 0])  // the end: back at the start, filled
        #expect(out.rows[4] == [9, 0, 0, 0, 0])
        // Default domain: the active interval [beginTime, beginTime + activeDuration/speed].
        let grid = try rows(
            #"{"css": "linear", "timing": {"beginTime": 1, "duration": 0.5, "speed": 2}}"#, ["--fps", "8"])
        #expect(grid.rows.first?[0] == 1 && grid.rows.last?[0] == 1.25)
        // Removed fill: the value is `from` outside the active interval.
        let removed = try rows(
            #"{"css": "linear", "timing": {"beginTime": 1, "duration": 1}, "from": 5, "to": 6}"#,
            ["--times", "0,1.5,3"])
        #expect(removed.rows.map { $0[1] } == [5, 5.5, 5])
        // The before flag reaches step functions: step-start shows 0 in a backwards fill.
        let before = try rows(
            #"{"css": "step-start", "timing": {"beginTime": 1, "duration": 1, "fillMode": "backwards"}}"#,
            ["--times", "0.5,1"])
        #expect(before.rows.map { $0[1] } == [0, 1])
        // Infinite repeats and huge times.
        let forever = try rows(
            #"{"css": "linear", "timing": {"duration": 0.5, "repeatCount": "infinity"}}"#,
            ["--times", "1e9,1000000000.25"])
        #expect(forever.rows.map { $0[1] } == [0, 0.5])
        // timeOffset wraps around.
        let offset = try rows(#"{"css": "linear", "timing": {"duration": 4, "timeOffset": 1}}"#, ["--times", "0,3.5"])
        #expect(offset.rows.map { $0[1] } == [0.25, 0.125])
    }

    @Test("JSON output and plots")
    func jsonAndPlot() throws {
        let json = try CLIRun.run(["sample", #"{"css": "ease"}"#, "--times", "0,1", "--format", "json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["value"] as? [Double]) == [0, 1])
        let dir = try temporaryDirectory()
        let svg = dir.appendingPathComponent("ease.svg").path
        let plot = try CLIRun.run(["plot", #"{"css": "cubic-bezier(0.68, -0.55, 0.265, 1.55)"}"#, "--output", svg])
        #expect(plot.status == 0, "\(plot.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("<svg"))
    }

    @Test(
        "bad specs fail with one line on standard error and no output",
        arguments: [
            (#"{"cubicBezier": [1.2, 0, 1, 1]}"#, "cubicBezier[0] (x1) = 1.2 is invalid: must be finite and in [0, 1]"),
            (
                #"{"cubicBezier": [0.5, 0, 1]}"#,
                "cubicBezier = [0.5, 0.0, 1.0] is invalid: must be four numbers [x1, y1, x2, y2]"
            ),
            (#"{"cubicBezier": [0.5, "a", 1, 1]}"#, "cubicBezier[1] = \"a\" is invalid: must be a number"),
            (#"{"css": "bounce"}"#, "invalid CSS easing function (css) at offset 0 in \"bounce\""),
            (#"{"css": "steps(0)"}"#, "css: steps = 0 is invalid: must be an integer ≥ 1"),
            (#"{"css": "steps(1, jump-none)"}"#, "css: steps = 1 is invalid: must be an integer ≥ 2 with jump-none"),
            (
                #"{"css": "cubic-bezier(0.5, 0, 1.5, 1)"}"#,
                "css: cubic-bezier() x2 = 1.5 is invalid: must be finite and in [0, 1]"
            ),
            (
                #"{"css": "linear()"}"#,
                "invalid CSS easing function (css) at offset 7 in \"linear()\": expected a number (the stop's output)"
            ),
            (#"{"css": 3}"#, "css = 3.0 is invalid: must be a CSS easing function string"),
            (
                #"{"timingFunction": "easeInOut"}"#,
                "invalid CSS easing function (timingFunction) at offset 0 in \"easeInOut\""
            ),
            (
                #"{"timingFunction": {"css": "ease", "cubicBezier": [0, 0, 1, 1]}}"#,
                "timingFunction = {css, cubicBezier} is invalid"
            ),
            (#"{"timingFunction": true}"#, "timingFunction = true is invalid"),
            (
                #"{"timingFunction": {"spring": {"stiffness": -1}}}"#,
                "timingFunction.spring.stiffness = -1.0 is invalid: must be finite and > 0"
            ),
            (
                #"{"timingFunction": {"spring": {}, "duration": 0}}"#,
                "timingFunction.duration = 0.0 is invalid: must be finite and > 0"
            ),
            (
                #"{"timingFunction": {"spring": {}, "span": 1}}"#,
                "timingFunction.span = 1.0 is invalid: must be absent (unknown key; known keys: spring, duration)"
            ),
            (#"{"timingFunction": {"spring": {"bounce": 0.2}}}"#, "timingFunction.spring"),
            (#"{"timingFunction": {"spring": 3}}"#, "timingFunction.spring = 3.0 is invalid"),
            (
                #"{"css": "ease", "timing": {"duration": -1}}"#,
                "timing.duration = -1.0 is invalid: must be ≥ 0 (+inf allowed)"
            ),
            (
                #"{"css": "ease", "timing": {"fillMode": "sideways"}}"#,
                "timing.fillMode = \"sideways\" is invalid: must be removed, forwards, backwards, both"
            ),
            (
                #"{"css": "ease", "timing": {"durration": 1}}"#,
                "timing.durration = 1.0 is invalid: must be absent (unknown key"
            ),
            (
                #"{"css": "ease", "timing": {"repeatCount": 2, "repeatDuration": 1}}"#,
                "timing.repeatCount and timing.repeatDuration cannot be combined"
            ),
            (#"{"css": "ease", "timing": {"repeatCount": "lots"}}"#, "timing.repeatCount = \"lots\" is invalid"),
            (#"{"css": "ease", "timing": 2}"#, "timing = 2.0 is invalid: must be a JSON object"),
            (#"{"css": "ease", "from": 0, "to": 1, "by": 2}"#, "from and to and by cannot be combined"),
            (#"{"css": "ease", "cubicBezier": [0, 0, 1, 1]}"#, "css and cubicBezier cannot be combined"),
        ])
    func errors(spec: String, message: String) throws {
        let dir = try temporaryDirectory()
        let output = dir.appendingPathComponent("out.csv").path
        let run = try CLIRun.run(["sample", spec, "--output", output])
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("harmonic: "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
