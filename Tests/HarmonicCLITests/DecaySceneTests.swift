import Foundation
import Testing

/// Decays in scenes: a fling into a wall handing off to the bounce spring, a vector decay
/// animation, and an animator ended by a fling. Expected values are the closed forms written
/// out here (the exponential decay, the crossing time, the damped oscillator).
@Suite struct DecaySceneTests {
    /// Rows `time → value` (and velocity) of one recorded key path.
    static func series(_ text: String, keyPath: String) -> [(t: Double, x: Double, v: Double)] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let header = lines.first?.split(separator: ",").map(String.init) else { return [] }
        return lines.dropFirst().compactMap { line in
            let cells = Dictionary(
                uniqueKeysWithValues: zip(
                    header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
            guard cells["keyPath"] == keyPath, let t = Double(cells["time"] ?? ""), let x = Double(cells["value"] ?? "")
            else { return nil }
            return (t, x, Double(cells["velocity"] ?? "") ?? .nan)
        }
    }

    @Test func aFlingIntoAWallHandsOffAtTheExactCrossing() throws {
        let scene = """
            { "layers": [ { "name": "list", "values": { "position": [0, 0] } } ],
              "actions": [ { "time": 0, "fling": { "layer": "list", "keyPath": "position.y",
                  "decay": { "decelerationRate": "normal", "initialVelocity": 1000, "max": 300,
                             "bounce": { "stiffness": 500, "damping": 30 } } } } ],
              "sample": { "start": 0, "end": 3, "fps": 100 },
              "record": [ { "layer": "list", "keyPath": "position.y" } ] }
            """
        let run = try CLIRun.run(["scene", scene, "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let k = -1000 * log(0.998)
        let crossing = -log1p(-300 * k / 1000) / k
        let vc = 1000 * exp(-k * crossing)
        let rows = Self.series(run.stdout, keyPath: "position.y")
        #expect(rows.count == 301)
        for (t, x, v) in rows {
            if t < crossing {
                #expect(abs(x - 1000 / k * -expm1(-k * t)) <= 1e-10, "decay at \(t)")
                #expect(abs(v - 1000 * exp(-k * t)) <= 1e-9, "decay velocity at \(t)")
            } else {
                // The bounce spring: from the wall with the crossing velocity, toward the wall,
                // until it stays within 0.001 of its range (|v|/ω0) of the wall; then at rest.
                let lambda = 15.0, wd = (500 - lambda * lambda).squareRoot(), tau = t - crossing
                let displacement = exp(-lambda * tau) * vc / wd * sin(wd * tau)
                if x == 300 {
                    #expect(abs(displacement) <= 0.001 * vc / 500.0.squareRoot() * 1.0001, "at rest too early, \(t)")
                } else {
                    #expect(abs(x - (300 + displacement)) <= 1e-9, "spring at \(t)")
                }
            }
        }
        // At rest on the wall, which is now the model value.
        #expect(rows.last?.x == 300)
        #expect(rows.contains { $0.x > 300 })
    }

    @Test func aVectorDecayAnimationMovesEachComponent() throws {
        let scene = """
            { "layers": [ { "name": "card", "values": { "position": [10, 20] } } ],
              "actions": [ { "time": 0, "add": { "layer": "card", "key": "coast", "animation":
                  { "keyPath": "position", "decay": { "frictionMultiplier": 1, "initialVelocity": [600, -300] } } } } ],
              "sample": { "start": 0, "end": 1, "fps": 10 },
              "record": [ { "layer": "card", "keyPath": "position.x" }, { "layer": "card", "keyPath": "position.y" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        for (t, x, _) in Self.series(run.stdout, keyPath: "position.x") {
            #expect(abs(x - (10 + 600 / 4.2 * -expm1(-4.2 * t))) <= 1e-10)
        }
        for (t, y, _) in Self.series(run.stdout, keyPath: "position.y") {
            #expect(abs(y - (20 - 300 / 4.2 * -expm1(-4.2 * t))) <= 1e-10)
        }
    }

    @Test func anAnimatorScrubEndsWithAFling() throws {
        let scene = """
            { "layers": [ { "name": "sheet", "values": { "position": [0, 0] } } ],
              "actions": [
                { "time": 0, "animator": { "name": "a", "duration": 1, "timing": "linear",
                    "changes": [ { "layer": "sheet", "keyPath": "position.y", "value": 400 } ] } },
                { "time": 0, "pauseAnimator": "a" },
                { "time": 0.1, "scrub": { "animator": "a", "fractionComplete": 0.4 } },
                { "time": 0.2, "flingAnimator": { "name": "a", "velocity": 2.5 } } ],
              "sample": { "start": 0, "end": 4, "fps": 20 },
              "record": [ { "layer": "sheet", "keyPath": "position.y" } ] }
            """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-fling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let eventsFile = dir.appendingPathComponent("events.csv").path
        let run = try CLIRun.run(["scene", scene, "--events", eventsFile])
        #expect(run.status == 0, "\(run.stderr)")
        let k = -1000 * log(0.998)
        for (t, y, _) in Self.series(run.stdout, keyPath: "position.y") where t > 0.2 && t < 0.25 {
            #expect(abs(y - 400 * (0.4 + 2.5 / k * -expm1(-k * (t - 0.2)))) <= 1e-9)
        }
        #expect(try String(contentsOfFile: eventsFile, encoding: .utf8).contains("animatorFinished"))
        #expect(Self.series(run.stdout, keyPath: "position.y").last?.x == 400)
    }

    @Test func badFlingsNameTheAction() throws {
        let scene = """
            { "layers": [ { "name": "list", "values": { "position": [0, 0] } } ],
              "actions": [ { "time": 0, "fling": { "layer": "list", "keyPath": "position.y",
                  "decay": { "decelerationRate": 2, "initialVelocity": 1000 } } } ],
              "sample": { "start": 0, "end": 1, "fps": 10 },
              "record": [ { "layer": "list", "keyPath": "position.y" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status != 0 && run.stdout.isEmpty)
        #expect(run.stderr.contains("actions[0].fling.decay.decelerationRate = 2.0 is invalid"), "\(run.stderr)")
    }
}
