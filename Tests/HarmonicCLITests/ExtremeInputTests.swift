import Foundation
import Testing

/// Finite input gives finite output promptly, or a one-line error at parse time.
@Suite("extreme input")
struct ExtremeInputTests {
    @Test("A spring damped by 1e20 settles after ln(1000)·c/k", arguments: ["settle", "settle --exact"])
    func heavilyDampedSettle(command: String) throws {
        let arguments = command.split(separator: " ").map(String.init)
        let run = try CLIRun.run(
            [arguments[0], #"{"spring": {"stiffness": 170, "damping": 1e20}}"#] + arguments.dropFirst())
        #expect(run.status == 0, "\(run.stderr)")
        let seconds = try #require(Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let expected = log(1000) * 1e20 / 170
        #expect(abs(seconds - expected) <= 1e-12 * expected)
    }

    @Test func heavilyDampedSampleIsFinite() throws {
        let run = try CLIRun.run([
            "sample", #"{"spring": {"stiffness": 170, "damping": 1e20}}"#, "--count", "3", "--velocity",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.csv.rows
        #expect(rows.count == 3 && rows.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isFinite) })
        #expect(abs(rows[2][1] - 0.999) < 1e-12)
    }

    @Test func hugeInitialVelocitySettlesFinitely() throws {
        let run = try CLIRun.run(["settle", #"{"spring": {"initialVelocity": 1e160}}"#, "--exact"])
        #expect(run.status == 0, "\(run.stderr)")
        let seconds = try #require(Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Where (v0/ωd)·e^(−5t) meets 0.001, less at most half a period.
        let envelope = (log(1e160 / 75.0.squareRoot()) + log(1000)) / 5
        #expect(seconds <= envelope && seconds >= envelope - .pi / 75.0.squareRoot())
    }

    @Test(arguments: [
        (#"{"spring": {}, "from": 1e308, "to": -1e308}"#, "from and to cannot be combined"),
        (#"{"cubicBezier": [0.4, 0, 0.2, 1], "from": 1e308, "by": 1e308}"#, "from and by cannot be combined"),
        (#"{"css": "ease", "from": [0, 1e308], "to": [1, -1e308]}"#, "in component 1"),
    ])
    func endpointsBeyondTheDoubleRangeAreRefused(spec: String, message: String) throws {
        let run = try CLIRun.run(["sample", spec, "--count", "3"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message) && run.stderr.contains("largest double"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func tangentsPastTheDoubleRangeAreRefused() throws {
        for spec in [
            #"{"keyframes": {"values": [0, 100, 0], "calculationMode": "cubic", "tensionValues": [1e307, -1e307, 0]}}"#,
            #"{"keyframes": {"values": [0, 100, 0], "calculationMode": "cubic", "biasValues": [1e307, -1e307, "#
                + #"1e307]}}"#,
        ] {
            let run = try CLIRun.run(["sample", spec, "--times", "0.5"])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("keyframe 0's tangents stay finite"), "\(run.stderr)")
        }
    }

    @Test func hugeButFiniteTangentsKeepTheKeyframes() throws {
        let spec =
            #"{"keyframes": {"values": [0, 100, 0], "calculationMode": "cubic", "biasValues": [1e100, -1e100, 1e100]}}"#
        let run = try CLIRun.run(["sample", spec, "--times", "0,0.25,0.5,1"])
        #expect(run.status == 0, "\(run.stderr)")
        let values = run.csv.rows.map { $0[1] }
        #expect(values.allSatisfy { $0.isFinite })
        #expect(values[0] == 0 && values[2] == 100 && values[3] == 0)
    }

    @Test(
        "Tolerances finer than a browser can show are refused at once",
        arguments: ["1e-15", "1e-9", "5e-324", "1e-7.5"])
    func unreachableTolerance(tolerance: String) throws {
        let start = Date()
        let run = try CLIRun.run([
            "convert", #"{"spring": {"stiffness": 100, "damping": 10}}"#, "--to", "css", "--tolerance", tolerance,
        ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--tolerance") && !run.stderr.contains("damping"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(start) < 30, "refused, not searched for")
    }

    @Test(
        "A linear() easing exports as its own stops",
        arguments: [
            ("linear(0, 0.5 50%, 1000)", "linear(0, 0.5 50%, 1000)"),
            ("linear(0, 0.25, 1 50% 60%, 0.3 60%, 1)", "linear(0, 0.25 25%, 1 50%, 1 60%, 0.3 60%, 1)"),
            ("linear(0.2 -20%, 1 120%)", "linear(0.2 -20%, 1 120%)"),
        ])
    func linearExportsExactly(css: String, expected: String) throws {
        let run = try CLIRun.run(["convert", #"{"css": ""# + css + #""}"#, "--to", "css"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""css": ""# + expected + #"""#), "\(run.stdout)")
        #expect(run.stdout.contains(#""maxError": 0"#))
    }

    /// Found by fuzzing: a finite span times a large progress rate left the double range
    /// (`-inf` at t ≈ 0.184 for a spring from 1e304 to −1e308). Such values are held at the
    /// largest double, as a vertical tangent's slope is.
    @Test(arguments: [
        (#"{"spring": {}, "from": 1e304, "to": -1e308}"#, "--start 0 --end 2 --count 401"),
        (#"{"cubicBezier": [0, 1, 1, 0], "to": 2}"#, "--times 0,0.5,1"),
        (#"{"cubicBezier": [0.1, 1e300, 0.9, -1e300], "from": -1e8, "to": 1e8}"#, "--start 0 --end 1 --count 101"),
    ])
    func valuesBeyondTheDoubleRangeAreHeld(spec: String, grid: String) throws {
        for format in ["csv", "json"] {
            let run = try CLIRun.run(
                ["sample", spec, "--velocity", "--format", format] + grid.split(separator: " ").map(String.init))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stdout.contains("inf") && !run.stdout.contains("nan"), "\(run.stdout.prefix(300))")
        }
        let run = try CLIRun.run(["sample", spec, "--velocity"] + grid.split(separator: " ").map(String.init))
        let rows = run.csv.rows
        #expect(!rows.isEmpty && rows.allSatisfy { $0.allSatisfy(\.isFinite) })
        #expect(rows.contains { $0.contains { abs($0) == .greatestFiniteMagnitude } })
    }

    /// Spec and scene text is read up to 32 MiB; more (or an endless input) is refused at
    /// once, without parsing.
    @Test func oversizedSpecIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(32 << 20) + 1)  // Sparse: zeros, no disk used.
        try handle.close()
        for command in ["sample", "scene"] {
            let run = try CLIRun.run([command, file.path])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(
                run.stderr.contains("at most 32 MiB") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        let stdin = String(repeating: " ", count: (32 << 20) + 1)
        let piped = try CLIRun.run(["sample", "-"], stdin: stdin)
        #expect(piped.status == 1 && piped.stderr.contains("standard input of more than"), "\(piped.stderr)")
    }

    /// A path whose length would overflow (`M1e308 0 L-1e308 0` measured an infinite length
    /// and printed an infinite velocity) is refused at parse time, naming the element as SVG.
    @Test func hugePathCoordinatesAreRefused() throws {
        let run = try CLIRun.run(["sample", #"{"path": {"d": "M1e308 0 L-1e308 0"}}"#, "--velocity"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.contains("path.d.elements[0] = M 1e+308,0 is invalid") && run.stderr.contains("1e150"),
            "\(run.stderr)")
    }
}

/// The two reproductions of a mutation run over whole command lines: a plot of saturated
/// values (a cubic Bézier with y = 1e308 played through a timing block) and a CSS export of a
/// keyframe track whose first and last values nearly coincide. Each answers at once: a finite
/// plot, or a one-line error naming what to change.
@Suite("extreme input: plots and exports")
struct ExtremeExportTests {
    static let timing = #""timing": {"duration": 2, "repeatCount": 2, "autoreverses": true, "fillMode": "both"}"#

    @Test(arguments: ["1e308", "-1e308"])
    func plotOfSaturatedValuesIsDrawn(y: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("p.svg").path
        let spec =
            #"{"cubicBezier": [0.42, 0, 0.58, "# + y + "], " + Self.timing
            + #", "from": [0, 0], "to": [200, 50]}"#
        let run = try CLIRun.run(["plot", spec, "--output", output])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") || svg.hasPrefix("<svg"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test(arguments: ["1e-320", "2.5e-5"])
    func exportOfANearlyClosedTrackAnswersAtOnce(last: String) throws {
        let spec =
            #"{"keyframes": {"values": [0, 10, 5, "# + last
            + #"], "calculationMode": "cubicPaced", "parameterization": "centripetal"}}"#
        let started = Date()
        let run = try CLIRun.run(["convert", spec, "--to", "css"])
        #expect(Date().timeIntervalSince(started) < 30, "an answer, not a search to a budget")
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("curve") || run.stderr.contains("tolerance"), "\(run.stderr)")
    }
}
