import Foundation
import Testing

/// `harmonic sample` and `harmonic plot` with the `keyframes` and `path` curve kinds, end to
/// end, including error paths.
@Suite("keyframes and path specs")
struct KeyframesCommandTests {
    func rows(_ spec: String, _ extra: [String]) throws -> (header: [String], rows: [[Double]]) {
        let run = try CLIRun.run(["sample", spec] + extra)
        #expect(run.status == 0, "\(spec): \(run.stderr)")
        #expect(run.stderr.isEmpty)
        return run.csv
    }

    func failure(_ spec: String) throws -> String {
        let run = try CLIRun.run(["sample", spec, "--times", "0"])
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.split(separator: "\n").count == 1)
        return run.stderr
    }

    @Test("scalar keyframes: key times, per-segment timing functions, velocity per unit progress")
    func scalarKeyframes() throws {
        let out = try rows(
            #"{"keyframes": {"values": [0, 10, 30], "keyTimes": [0, 0.25, 1], "timingFunctions": ["linear", "#
                + #""easeIn"]}}"#,
            ["--times", "0.125,0.25,1", "--velocity"])
        #expect(out.header == ["time", "value", "velocity"])
        #expect(out.rows[0][1] == 5 && out.rows[0][2] == 40)
        #expect(out.rows[1][1] == 10)
        #expect(out.rows[2][1] == 30)
        // Default domain [0, 1] at 60 per second.
        #expect(try rows(#"{"keyframes": {"values": [0, 1]}}"#, []).rows.count == 61)
    }

    @Test("vector keyframes in every calculation mode")
    func modes() throws {
        for mode in ["linear", "discrete", "paced", "cubic", "cubicPaced"] {
            let out = try rows(
                #"{"keyframes": {"values": [[0, 0], [100, 0], [100, 100]], "calculationMode": "\#(mode)"}}"#,
                ["--times", "0,0.5,1", "--velocity"])
            #expect(out.header == ["time", "value.0", "value.1", "velocity.0", "velocity.1"])
            #expect(out.rows[0][1] == 0 && out.rows[2][1] == 100 && out.rows[2][2] == 100, "\(mode)")
            if mode != "discrete" { #expect(out.rows[1][1] == 100 && out.rows[1][2] == 0, "\(mode)") }
        }
        // cubicPaced: constant speed, the total arc length per unit progress.
        let paced = try rows(
            #"{"keyframes": {"values": [[0, 0], [100, 0], [100, 100]], "calculationMode": "cubicPaced", "pacing": "#
                + #""table"}}"#,
            ["--count", "11", "--velocity"])
        let speeds = paced.rows.map { ($0[3] * $0[3] + $0[4] * $0[4]).squareRoot() }
        for s in speeds { #expect(abs(s - speeds[0]) <= 1e-9 * speeds[0]) }
    }

    @Test("cubic options and TCB values")
    func cubicOptions() throws {
        // Apple's continuity sign: +1 everywhere gives straight segments.
        let sharp = try rows(
            #"{"keyframes": {"values": [[0, 0], [10, 0], [10, 10]], "calculationMode": "cubic", "continuityValues": "#
                + #"[1, 1, 1]}}"#,
            ["--times", "0.25"])
        #expect(abs(sharp.rows[0][1] - 5) <= 1e-12 && abs(sharp.rows[0][2]) <= 1e-12)
        let boxy = try rows(
            #"{"keyframes": {"values": [[0, 0], [10, 0], [10, 10]], "calculationMode": "cubic", "continuityValues": "#
                + #"[1, 1, 1], "continuitySign": "kochanekBartels", "parameterization": "centripetal", "#
                + #""endTangents": "zero", "tangentScaling": "none"}}"#,
            ["--times", "0.25"])
        #expect(abs(boxy.rows[0][2]) > 0.1)
    }

    @Test("paths: SVG data, paced motion, rotation angle column")
    func path() throws {
        let out = try rows(
            #"{"path": {"d": "M0,0 C0,100 100,100 100,0", "calculationMode": "paced", "rotationMode": "auto"}}"#,
            ["--times", "0,0.5,1", "--velocity"])
        #expect(out.header == ["time", "value.0", "value.1", "velocity.0", "velocity.1", "angle"])
        #expect(abs(out.rows[0][5] - Double.pi / 2) <= 1e-15)
        #expect(abs(out.rows[1][1] - 50) <= 1e-9 && abs(out.rows[1][2] - 75) <= 1e-9)
        #expect(abs(out.rows[1][5]) <= 1e-9)
        #expect(abs(out.rows[2][5] + Double.pi / 2) <= 1e-15)
        // No rotation mode: no angle column.
        let plain = try rows(#"{"path": {"d": "M0 0 L10 0"}}"#, ["--times", "0.5"])
        #expect(plain.header == ["time", "value.0", "value.1"])
        #expect(plain.rows[0] == [0.5, 5, 0])
        // autoReverse, JSON output.
        let run = try CLIRun.run([
            "sample", #"{"path": {"d": "M0 0 L10 0", "rotationMode": "autoReverse"}}"#, "--times", "0.5", "--format",
            "json",
        ])
        #expect(run.status == 0)
        #expect(run.stdout.contains("\"angle\": [3.141592653589793]"))
    }

    @Test("a timing block gives seconds and per-second velocity")
    func timing() throws {
        let out = try rows(
            #"{"path": {"d": "M0 0 L100 0"}, "timing": {"duration": 2, "fillMode": "both"}}"#,
            ["--times", "0,1,3", "--velocity"])
        #expect(out.rows[1][1] == 50 && out.rows[1][3] == 50)
        #expect(out.rows[2][1] == 100 && out.rows[2][3] == 0)
        // The track's own timing function is applied first.
        let eased = try rows(
            #"{"keyframes": {"values": [0, 100], "timingFunction": "easeIn"}, "timing": {"duration": 2}}"#,
            ["--times", "1"])
        #expect(eased.rows[0][1] < 50)
    }

    @Test("plot accepts keyframes and paths")
    func plot() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("path.svg").path
        let run = try CLIRun.run([
            "plot", #"{"path": {"d": "M0,0 Q50,100 100,0", "calculationMode": "paced", "rotationMode": "auto"}}"#,
            "--output", file,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test("errors: one line naming the problem")
    func errors() throws {
        #expect(try failure(#"{"keyframes": {}}"#).contains("keyframes.values"))
        #expect(try failure(#"{"keyframes": {"values": []}}"#).contains("keyframes.values"))
        #expect(try failure(#"{"keyframes": {"values": [0, [1, 2]]}}"#).contains("keyframes.values[1]"))
        #expect(try failure(#"{"keyframes": {"values": [0, "a"]}}"#).contains("keyframes.values[1]"))
        #expect(
            try failure(#"{"keyframes": {"values": [0, 1], "calculationMode": "smooth"}}"#).contains(
                "keyframes.calculationMode"))
        #expect(
            try failure(#"{"keyframes": {"values": [0, 1], "timingFunctions": ["bogus"]}}"#).contains(
                "keyframes.timingFunctions[0]"))
        #expect(try failure(#"{"keyframes": {"values": [0, 1], "tension": [1]}}"#).contains("keyframes.tension"))
        #expect(try failure(#"{"keyframes": {"values": [0, 1]}, "to": 3}"#).contains("to"))
        #expect(try failure(#"{"path": {}}"#).contains("path.d"))
        #expect(try failure(#"{"path": {"d": "M0 0 A1 1 0 2 1 2 2"}}"#).contains("arc flag"))
        #expect(try failure(#"{"path": {"d": "L1 1"}}"#).contains("offset 0"))
        #expect(try failure(#"{"path": {"d": "M0 0 L1 1", "rotationMode": "tangent"}}"#).contains("path.rotationMode"))
        #expect(try failure(#"{"path": {"d": "M0 0 L1 1", "pacing": "fast"}}"#).contains("path.pacing"))
        #expect(
            try failure(#"{"path": {"d": "M0 0 L1 1"}, "keyframes": {"values": [1]}}"#).contains("exactly one curve"))
    }
}

/// `trim` on a path spec: the sub-path between two fractions of the length.
@Suite struct PathTrimCommandTests {
    @Test func aTrimmedPathSamplesItsMiddle() throws {
        let run = try CLIRun.run([
            "sample",
            #"{"path": {"d": "M0,0 L100,0 L100,100", "trim": {"start": 0.25, "end": 0.75}, "#
                + #""calculationMode": "paced"}}"#,
            "--times=0,0.5,1",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.csv.rows.map { [$0[1], $0[2]] } == [[50, 0], [100, 0], [100, 50]])
    }

    @Test func badTrimsAreOneLineErrors() throws {
        let empty = try CLIRun.run(["sample", #"{"path": {"d": "M0,0 L1,0", "trim": {"start": 0.5, "end": 0.5}}}"#])
        #expect(empty.status != 0 && empty.stderr.contains("path.trim.start and path.trim.end cannot be combined"))
        let range = try CLIRun.run(["sample", #"{"path": {"d": "M0,0 L1,0", "trim": {"end": 1.5}}}"#])
        #expect(
            range.status != 0 && range.stderr.contains("path.trim.end = 1.5 is invalid: must be finite and in [0, 1]"))
    }
}
