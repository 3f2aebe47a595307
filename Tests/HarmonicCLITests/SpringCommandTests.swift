import Foundation
import Testing

/// End-to-end tests of `harmonic sample` and `harmonic settle` on spring specs. Expected
/// values come from the damped oscillator's closed forms, evaluated here independently.
@Suite("harmonic sample/settle with springs")
struct SpringCommandTests {
    /// The CASpringAnimation unit curve for m = 1, k = 100, c = 10 from rest (ζ = 0.5).
    static func defaultProgress(_ t: Double) -> Double {
        let lambda = 5.0, omegaD = 75.0.squareRoot()
        return 1 - exp(-lambda * t) * (cos(omegaD * t) + lambda / omegaD * sin(omegaD * t))
    }

    @Test("CSV with header, explicit times including negative ones, and velocity columns")
    func csvSample() throws {
        let run = try CLIRun.run([
            "sample", #"{"spring": {"mass": 1, "stiffness": 100, "damping": 10}, "from": 0, "to": 10}"#,
            "--times=-0.5,0,0.25,2", "--velocity",
        ])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let (header, rows) = run.csv
        #expect(header == ["time", "value", "velocity"])
        #expect(rows.map { $0[0] } == [-0.5, 0, 0.25, 2])
        #expect(rows[0][1] == 0 && rows[1][1] == 0)
        #expect(abs(rows[2][1] - 10 * Self.defaultProgress(0.25)) <= 1e-12)
        #expect(abs(rows[3][1] - 10 * Self.defaultProgress(2)) <= 1e-12)
        let h = 1e-6
        let slope = 10 * (Self.defaultProgress(0.25 + h) - Self.defaultProgress(0.25 - h)) / (2 * h)
        #expect(abs(rows[2][2] - slope) <= 1e-6)
    }

    @Test("vector endpoints give value.N columns; JSON output has the same columns")
    func vectorJSON() throws {
        let spec = #"{"spring": {"duration": 0.5, "bounce": 0.3}, "from": [0, 0], "to": [200, 50]}"#
        let csv = try CLIRun.run(["sample", spec, "--start", "0", "--end", "1", "--count", "5", "--velocity"])
        #expect(csv.csv.header == ["time", "value.0", "value.1", "velocity.0", "velocity.1"])
        #expect(csv.csv.rows.count == 5)
        let json = try CLIRun.run(["sample", spec, "--start", "0", "--end", "1", "--count", "5", "--format", "json"])
        #expect(json.status == 0)
        let object = CLIRun.jsonColumns(json.stdout)
        #expect(object?.keys.sorted() == ["time", "value.0", "value.1"])
        #expect(object?["value.0"]?.count == 5)
        // Both components follow the same progress: value.1 is a quarter of value.0.
        for (a, b) in zip(object?["value.0"] ?? [], object?["value.1"] ?? []) { #expect(abs(a / 4 - b) <= 1e-12) }
        for (row, a) in zip(csv.csv.rows, object?["value.0"] ?? []) { #expect(row[1] == a) }
    }

    @Test("the three parameterisations describe the same spring")
    func parameterisations() throws {
        // duration 2π/10 s with bounce 0.5 is k = 100, ζ = 0.5, i.e. c = 10.
        let specs = [
            #"{"spring": {"stiffness": 100, "damping": 10}}"#,
            #"{"spring": {"duration": 0.6283185307179586, "bounce": 0.5}}"#,
            #"{"spring": {"response": 0.6283185307179586, "dampingRatio": 0.5}}"#,
        ]
        let outputs = try specs.map { try CLIRun.run(["sample", $0, "--times", "0.1,0.3,0.9"]).csv.rows }
        for rows in outputs.dropFirst() {
            for (a, b) in zip(rows, outputs[0]) { #expect(abs(a[1] - b[1]) <= 1e-12) }
        }
    }

    @Test("settle prints CASpringAnimation's settlingDuration, or the exact time with --exact")
    func settle() throws {
        let soft = try CLIRun.run(["settle", #"{"spring": {"stiffness": 100, "damping": 5}}"#])
        #expect(soft.status == 0)
        let lambda = 2.5, omegaD = (100 - 6.25).squareRoot()
        let expected = log((1 + lambda / omegaD) / 0.001) / lambda
        #expect(abs(Double(soft.stdout.trimmingCharacters(in: .whitespacesAndNewlines))! - expected) <= 1e-12)
        let exact = try CLIRun.run([
            "settle", #"{"spring": {"stiffness": 100, "damping": 5}}"#, "--exact", "--epsilon", "0.01",
        ])
        let t = Double(exact.stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
        // At the exact settling time the displacement is exactly epsilon.
        let x = exp(-lambda * t) * (cos(omegaD * t) + lambda / omegaD * sin(omegaD * t))
        #expect(abs(abs(x) - 0.01) <= 1e-12)
        let undamped = try CLIRun.run(["settle", #"{"spring": {"stiffness": 100, "damping": 0}}"#])
        #expect(undamped.stdout == "inf\n")
    }

    @Test("spec from standard input and from a file")
    func specSources() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("spec.json")
        try #"{"spring": {"response": 0.5, "dampingRatio": 0.8}}"#.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try CLIRun.run(["sample", file.path, "--times", "0.2"])
        let fromStdin = try CLIRun.run(
            ["sample", "-", "--times", "0.2"], stdin: #"{"spring": {"response": 0.5, "dampingRatio": 0.8}}"#)
        #expect(fromFile.status == 0 && fromStdin.status == 0)
        #expect(fromFile.stdout == fromStdin.stdout)
    }

    @Test("--output writes the file atomically and prints nothing")
    func outputFile() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("curve.csv")
        let run = try CLIRun.run([
            "sample", #"{"spring": {}}"#, "--count", "100", "--start", "0", "--end", "1", "--output", out.path,
        ])
        #expect(run.status == 0 && run.stdout.isEmpty)
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 101)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["curve.csv"])
    }

    @Test(
        "bad input exits 1 with one line naming the problem and writes no file",
        arguments: [
            (#"{"spring": {"stiffness": -1}}"#, "spring.stiffness = -1"),
            (#"{"spring": {"damping": "soft"}}"#, "spring.damping"),
            (#"{"spring": {"stifness": 100}}"#, "spring.stifness"),
            (#"{"spring": {}, "color": "red"}"#, "color"),
            (#"{"spring": {"duration": 0.5, "stiffness": 10}}"#, "cannot be combined"),
            (#"{"spring": {"duration": 0.5, "bounce": 2}}"#, "spring.bounce = 2"),
            (#"{"spring": {"mass": 0}}"#, "spring.mass = 0"),
            (#"{"spring": {"#, "invalid JSON spec"),
            (#"{"sprung": {}}"#, "one curve key"),
            (#"{"spring": {}, "from": [0, 1], "to": 3}"#, "same number of components"),
            ("/nonexistent/spec.json", "SPEC"),
        ])
    func badInput(spec: String, message: String) throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("curve.csv")
        let run = try CLIRun.run(["sample", spec, "--output", out.path])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("harmonic: "))
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test(
        "bad options exit non-zero and leave an existing output untouched",
        arguments: [
            ["--times", "0,abc"], ["--count", "0"], ["--fps", "-1"], ["--format", "xml"],
            ["--start", "2", "--end", "1"],
            ["--times", "1", "--count", "3"],
        ])
    func badOptions(options: [String]) throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("curve.csv")
        try "previous\n".write(to: out, atomically: true, encoding: .utf8)
        let run = try CLIRun.run(["sample", #"{"spring": {}}"#, "--output", out.path] + options)
        #expect(run.status != 0)
        #expect(run.stderr.split(separator: "\n").count >= 1)
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["curve.csv"])
    }

    @Test("an unwritable output path is an error, not a crash")
    func unwritable() throws {
        let run = try CLIRun.run(["sample", #"{"spring": {}}"#, "--output", "/nonexistent-dir/out.csv"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--output"))
    }
}
