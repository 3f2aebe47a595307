import Foundation
import Testing

/// End-to-end tests of the `decay` and `rubberBand` curves: sample, settle, convert, plot and
/// their errors. Expected values are the closed forms, evaluated here independently.
@Suite("harmonic with decays and rubber bands")
struct DecayCommandTests {
    @Test("UIKit's normal rate: value and velocity follow v0·r^(1000t) and its integral")
    func uiKitSample() throws {
        let run = try CLIRun.run([
            "sample", #"{"decay": {"decelerationRate": "normal", "initialVelocity": 1000}, "from": 20}"#,
            "--times=0,0.1,0.5,2", "--velocity",
        ])
        #expect(run.status == 0 && run.stderr.isEmpty)
        let (header, rows) = run.csv
        #expect(header == ["time", "value", "velocity"])
        let lnr = log(0.998)
        for row in rows {
            let t = row[0]
            let value = 20 + 1000 * (pow(0.998, 1000 * t) - 1) / (1000 * lnr)
            #expect(abs(row[1] - value) <= 1e-12 * 500, "t = \(t)")
            #expect(abs(row[2] - 1000 * pow(0.998, 1000 * t)) <= 1e-12 * 1000, "t = \(t)")
        }
    }

    @Test("the grid path and point-by-point sampling agree to 1e-13")
    func gridAgreesWithPoints() throws {
        for spec in [
            #"{"decay": {"frictionMultiplier": 0.8, "initialVelocity": -3000}}"#,
            #"{"decay": {"type": "inertia", "velocity": 1200, "min": -100, "max": 400}}"#,
            #"{"decay": {"density": 2.625, "initialVelocity": 5000}}"#,
        ] {
            let grid = try CLIRun.run(["sample", spec, "--start", "0", "--end", "3", "--count", "301", "--velocity"])
            #expect(grid.status == 0, "\(grid.stderr)")
            let times = grid.csv.rows.map { $0[0] }
            let points = try CLIRun.run([
                "sample", spec, "--times=" + times.map { "\($0)" }.joined(separator: ","), "--velocity",
            ])
            for (a, b) in zip(grid.csv.rows, points.csv.rows) {
                #expect(a[0] == b[0])
                #expect(abs(a[1] - b[1]) <= 1e-13 * max(1, abs(b[1])), "\(spec) at \(a[0])")
                #expect(abs(a[2] - b[2]) <= 1e-13 * max(1, abs(b[2])), "\(spec) at \(a[0])")
            }
        }
    }

    @Test("settle prints the rest time: Compose's ln(threshold/|v0|)/(−4.2·f)")
    func settle() throws {
        let run = try CLIRun.run(["settle", #"{"decay": {"frictionMultiplier": 1, "initialVelocity": 2000}}"#])
        #expect(run.status == 0)
        let seconds = try #require(Double(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(seconds - log(0.1 / 2000) / -4.2) <= 1e-15)
        let motion = try CLIRun.run(["settle", #"{"decay": {"type": "inertia", "velocity": 800}}"#])
        let motionSeconds = try #require(Double(motion.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(motionSeconds - 0.325 * log(640 / 0.5)) <= 1e-14)
    }

    @Test("convert between the exponential vocabularies: every object reads back as the same curve")
    func convertRoundTrip() throws {
        let source = #"{"decay": {"decelerationRate": 0.995, "initialVelocity": 1800, "restSpeed": 2}, "from": 5}"#
        let times = "--times=0,0.05,0.3,1,2.5"
        let reference = try CLIRun.run(["sample", source, times, "--velocity"]).csv.rows
        let restTime = try CLIRun.run(["settle", source]).stdout
        for target in ["uikit", "android", "flutter", "motion"] {
            let converted = try CLIRun.run(["convert", source, "--to", target])
            #expect(converted.status == 0, "\(converted.stderr)")
            let spec = converted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let rows = try CLIRun.run(["sample", spec, times, "--velocity"]).csv.rows
            for (a, b) in zip(rows, reference) where a[0] < 2.5 {
                #expect(abs(a[1] - b[1]) <= 1e-11 * 400, "\(target) at \(a[0]): \(spec)")
                #expect(abs(a[2] - b[2]) <= 1e-11 * 1800, "\(target) at \(a[0])")
            }
            // The rest time carries over (Motion's rest rule converts by equal rest times).
            let rest = try CLIRun.run(["settle", spec]).stdout
            #expect(
                abs(
                    Double(rest.trimmingCharacters(in: .whitespacesAndNewlines))!
                        - Double(restTime.trimmingCharacters(in: .whitespacesAndNewlines))!) <= 1e-12, "\(target)")
        }
        let spline = try CLIRun.run(["convert", #"{"decay": {"density": 2, "initialVelocity": 900}}"#, "--to", "uikit"])
        #expect(spline.status != 0)
        #expect(spline.stderr.contains("fling spline is another curve"))
        let css = try CLIRun.run(["convert", #"{"decay": {"density": 2, "initialVelocity": 900}}"#, "--to", "css"])
        #expect(css.status == 0 && css.stdout.contains("linear("))
    }

    @Test("the rubber band: b(x) = x·c·d/(x·c + d) and its slope, sampled on its own input")
    func rubberBand() throws {
        let run = try CLIRun.run(["sample", #"{"rubberBand": {"dimension": 400}}"#, "--times=0,100,800", "--velocity"])
        #expect(run.status == 0)
        for row in run.csv.rows {
            let x = row[0]
            #expect(abs(row[1] - x * 0.55 * 400 / (x * 0.55 + 400)) <= 1e-12 * 400)
            #expect(abs(row[2] - 0.55 / pow(x * 0.55 / 400 + 1, 2)) <= 1e-15)
        }
    }

    @Test("plot draws the rest value, the wall and the handoff")
    func plot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-decay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("fling.svg").path
        let run = try CLIRun.run([
            "plot", #"{"decay": {"type": "inertia", "velocity": 1500, "max": 600}}"#, "--output", file,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.contains("Decay · Motion inertia"))
        #expect(svg.contains("max 600") || svg.contains("rest 600"))
        #expect(svg.contains("wall "))
        #expect(svg.contains("at rest "))
    }

    @Test(
        "bad decays fail with one line naming the key",
        arguments: [
            (
                #"{"decay": {"decelerationRate": 1.5}}"#,
                "decay.decelerationRate = 1.5 is invalid: must be finite and in (0, 1)"
            ),
            (#"{"decay": {"decelerationRate": "slow"}}"#, "decay.decelerationRate = \"slow\" is invalid"),
            (
                #"{"decay": {"frictionMultiplier": -1}}"#,
                "decay.frictionMultiplier = -1.0 is invalid: must be finite and > 0"
            ),
            (#"{"decay": {"drag": 0.5, "absVelocityThreshold": 0}}"#, "cannot be combined"),
            (#"{"decay": {"drag": 0.5, "restSpeed": 0}}"#, "decay.restSpeed = 0.0 is invalid: must be finite and > 0"),
            (#"{"decay": {"drag": 0.5}, "to": 3}"#, "to = given is invalid: must be absent"),
            (#"{"decay": {"initialVelocity": 3}}"#, "decay = {initialVelocity} is invalid: must be one decay form"),
            (#"{"decay": {"drag": 0.5, "min": 3, "max": 1}}"#, "decay.min and decay.max cannot be combined"),
            (#"{"decay": {"drag": 0.5, "bounce": {"damping": 3}}}"#, "bounce = given without walls"),
            (#"{"rubberBand": {"dimension": -4}}"#, "rubberBand.dimension = -4.0 is invalid: must be finite and > 0"),
        ])
    func errors(spec: String, message: String) throws {
        let run = try CLIRun.run(["sample", spec])
        #expect(run.status != 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
