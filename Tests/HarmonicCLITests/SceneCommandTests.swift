import Foundation
import Testing

/// An underdamped spring's displacement and velocity from (x0, v0), in closed form
/// (the damped oscillator's closed form), independent of the library.
private func spring(k: Double, c: Double, x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    let lambda = c / 2
    let wd = (k - lambda * lambda).squareRoot()
    let b = (v0 + lambda * x0) / wd
    let e = exp(-lambda * t)
    let x = e * (x0 * cos(wd * t) + b * sin(wd * t))
    let v = e * ((b * wd - lambda * x0) * cos(wd * t) - (x0 * wd + lambda * b) * sin(wd * t))
    return (x, v)
}

/// A cubic Bézier timing function by bisection on x(t).
private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    func f(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if f(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return f(y1, y2, (lo + hi) / 2)
}

/// The scene of the README: an implicit spring interrupted mid-flight, and an implicit fade.
let interruptionScene = """
    { "layers": [ { "name": "ball", "values": { "position": [0, 0], "opacity": 1 } } ],
      "actions": [
        { "time": 0, "set": { "layer": "ball", "keyPath": "position.x", "value": 300,
                              "transaction": { "spring": { "stiffness": 170, "damping": 15 } } } },
        { "time": 0.3, "set": { "layer": "ball", "keyPath": "position.x", "value": 100,
                                "transaction": { "spring": { "stiffness": 170, "damping": 15 } } } },
        { "time": 0.5, "begin": { "duration": 0.5, "timingFunction": "easeOut" } },
        { "time": 0.5, "set": { "layer": "ball", "keyPath": "opacity", "value": 0.25 } },
        { "time": 0.5, "commit": {} }
      ],
      "sample": { "start": 0, "end": 2, "fps": 20 },
      "record": [ { "layer": "ball", "keyPath": "position.x" }, { "layer": "ball", "keyPath": "opacity" } ] }
    """

/// Parsed CSV rows as dictionaries.
private func rows(_ text: String) -> [[String: String]] {
    let lines = text.split(separator: "\n").map(String.init)
    guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else {
        return []
    }
    return lines.dropFirst().map { line in
        let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return Dictionary(uniqueKeysWithValues: zip(header, cells))
    }
}

@Suite struct SceneCommandTests {
    @Test func interruptedSpringKeepsVelocityAndFollowsTheClosedForm() throws {
        let run = try CLIRun.run(["scene", interruptionScene, "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let table = rows(run.stdout)
        #expect(table.first?.keys.sorted() == ["keyPath", "layer", "time", "value", "velocity"])
        func sample(_ t: Double, _ keyPath: String) -> (Double, Double)? {
            guard let row = table.first(where: { Double($0["time"] ?? "") == t && $0["keyPath"] == keyPath }),
                let v = Double(row["value"] ?? ""), let dv = Double(row["velocity"] ?? "")
            else { return nil }
            return (v, dv)
        }
        // Before the interruption: the spring from 0 toward 300.
        let before = spring(k: 170, c: 15, x0: -300, v0: 0, t: 0.3)
        let (x, v) = (300 + before.x, before.v)
        let at15 = spring(k: 170, c: 15, x0: -300, v0: 0, t: 0.15)
        let s15 = try #require(sample(0.15, "position.x"))
        #expect(abs(s15.0 - (300 + at15.x)) < 1e-9 && abs(s15.1 - at15.v) < 1e-8)
        // At the interruption the value and velocity carry over…
        let s30 = try #require(sample(0.3, "position.x"))
        #expect(abs(s30.0 - x) < 1e-9 && abs(s30.1 - v) < 1e-8)
        // …and after it the closed form from (x, v) toward 100.
        for t in [0.35, 0.6, 1.0] {
            let after = spring(k: 170, c: 15, x0: x - 100, v0: v, t: t - 0.3)
            let s = try #require(sample(t, "position.x"))
            #expect(abs(s.0 - (100 + after.x)) < 1e-9 && abs(s.1 - after.v) < 1e-8)
        }
        // The implicit fade: 0.5 s with easeOut from the value shown at 0.5.
        let fade = try #require(sample(0.75, "opacity"))
        #expect(abs(fade.0 - (1 - 0.75 * bezier(0, 0, 0.58, 1, 0.5))) < 1e-12)
        #expect(try #require(sample(1.0, "opacity")).0 == 0.25)
    }

    @Test func eventLogIsWrittenInTimeOrder() throws {
        let dir = try temporaryDirectory()
        let events = dir.appendingPathComponent("events.csv").path
        let out = dir.appendingPathComponent("values.csv").path
        let run = try CLIRun.run(["scene", interruptionScene, "--output", out, "--events", events])
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run.stderr)")
        let log = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").map(String.init)
        // The first implicit transaction completes when its spring is replaced.
        #expect(
            log.prefix(6) == [
                "time,event,layer,key,detail",
                "0,didStart,ball,position.x,",
                "0.3,didStop,ball,position.x,finished=false",
                "0.3,transactionCompleted,,,transaction=1",
                "0.3,didStart,ball,position.x,",
                "0.5,didStart,ball,opacity,",
            ])
        #expect(log.contains("1,didStop,ball,opacity,finished=true"))
        #expect(log.contains("1,transactionCompleted,,,transaction=3"))
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func animatorScrubbingAndReversing() throws {
        let scene = """
            { "layers": [ { "name": "card", "values": { "position": [0, 0] } } ],
              "actions": [
                { "time": 0, "animator": { "name": "drag", "duration": 1, "timing": "linear",
                    "changes": [ { "layer": "card", "keyPath": "position", "value": [200, 100] } ] } },
                { "time": 0, "pauseAnimator": "drag" },
                { "time": 0.1, "scrub": { "animator": "drag", "fractionComplete": 0.3 } },
                { "time": 0.2, "startAnimator": "drag" },
                { "time": 0.4, "reverseAnimator": "drag" }
              ],
              "sample": { "times": [0, 0.1, 0.15, 0.3, 0.4, 0.6, 1.5] } }
            """
        let run = try CLIRun.run(["scene", scene, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let samples = try #require(object["samples"] as? [String: [Any]])
        let x = try #require(samples["value.0"] as? [Double])
        // Paused at 0, scrubbed to 0.3, resumed at 0.2 over the remaining 0.7 s (linear),
        // reversed at 0.4 (p = 0.5) back to 0 over 0.5 s, finished at 0.9.
        #expect(x.count == 7)
        #expect(x[0] == 0 && x[1] == 60 && x[2] == 60)
        #expect(abs(x[3] - 80) < 1e-12 && abs(x[4] - 100) < 1e-12 && abs(x[5] - 60) < 1e-12)
        #expect(x[6] == 0)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.count == 1 && events[0]["event"] as? String == "animatorFinished")
        #expect(events[0]["key"] as? String == "drag" && events[0]["detail"] as? String == "position=start")
        #expect(abs((events[0]["time"] as? Double ?? 0) - 0.9) < 1e-12)
    }

    @Test func explicitAnimationsGroupsAndLayerPause() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 1, "position": [0, 0] } } ],
              "actions": [
                { "time": 0, "add": { "layer": "a", "key": "g", "animation": {
                    "group": [ { "keyPath": "opacity", "from": 0, "to": 1, "timing": { "duration": 2 } },
                               { "keyPath": "position.y", "by": 10, "timing": { "beginTime": 0.5, "duration": 0.5 } } ],
                    "timing": { "duration": 1 } } } },
                { "time": 0.25, "pauseLayer": "a" },
                { "time": 1.25, "resumeLayer": "a" }
              ],
              "sample": { "times": [0.25, 1, 1.5, 1.75, 2.5] },
              "record": [ { "layer": "a", "keyPath": "opacity" }, { "layer": "a", "keyPath": "position.y" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let values = rows(run.stdout).compactMap { Double($0["value"] ?? "") }
        // Paused from 0.25 to 1.25: local time 0.25 throughout, then 0.5 at 1.5, 0.75 at 1.75;
        // the group ends at local time 1 (root 2) and is removed.
        #expect(values == [0.125, 0, 0.125, 0, 0.25, 0, 0.375, 5, 1, 0])
    }

    @Test func keyframesAndPaths() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "position": [0, 0], "opacity": 1 } } ],
              "actions": [
                { "time": 0, "add": { "layer": "a", "key": "fade", "animation": { "keyPath": "opacity",
                    "keyframes": { "values": [0, 10, 5], "keyTimes": [0, 0.25, 1] }, "timing": { "duration": 2 } } } },
                { "time": 0, "add": { "layer": "a", "key": "walk", "animation": { "keyPath": "position",
                    "path": { "d": "M0,0 L100,0 L100,100", "rotationMode": "auto" }, "timing": { "duration": 2 } } } }
              ],
              "sample": { "times": [0.25, 1.5] },
              "record": [ { "layer": "a", "keyPath": "opacity" }, { "layer": "a", "keyPath": "position" },
                          { "layer": "a", "keyPath": "transform.rotation.z" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let table = rows(run.stdout)
        let cells = table.map { [$0["keyPath"] ?? "", $0["value.0"] ?? "", $0["value.1"] ?? ""] }
        #expect(cells.count == 6)
        #expect(
            cells[0] == ["opacity", "5", ""] && cells[1] == ["position", "25", "0"]
                && cells[2] == ["transform.rotation.z", "0", ""])
        #expect(cells[3] == ["opacity", "6.666666666666667", ""] && cells[4] == ["position", "100", "50"])
        #expect(abs((Double(cells[5][1]) ?? 0) - Double.pi / 2) < 1e-14)
        let bad = try CLIRun.run([
            "scene",
            #"{"layers": [{"name": "a"}], "actions": [{"time": 0, "add": {"layer": "a", "key": "k", "animation": "#
                + #"{"keyPath": "position", "path": {"d": "M0,0 Q"}}}}]}"#,
        ])
        #expect(bad.status != 0 && bad.stderr.contains("path.d"))
    }

    @Test func valueFunctionsAndTransformKeyframes() throws {
        // rotateZ 0 → 2π over 2 s turns once: at 0.5 s a quarter turn, m11 = cos, m12 = sin.
        // Keyframes of whole transforms: a scale of 1 → 3 → 1 over 2 s, at 0.5 s half-way up.
        let scene = """
            { "layers": [ { "name": "a" }, { "name": "b" } ],
              "actions": [
                { "time": 0, "add": { "layer": "a", "key": "spin", "animation": { "keyPath": "transform",
                    "valueFunction": "rotateZ", "from": 0, "to": 6.283185307179586, "timing": { "duration": 2 } } } },
                { "time": 0, "add": { "layer": "b", "key": "pulse", "animation": { "keyPath": "transform",
                    "keyframes": { "values": [[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1],
                                              [3,0,0,0, 0,3,0,0, 0,0,3,0, 0,0,0,1],
                                              [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]] },
                    "timing": { "duration": 2 } } } }
              ],
              "sample": { "times": [0.5] },
              "record": [ { "layer": "a", "keyPath": "transform" }, { "layer": "b", "keyPath": "transform.scale.x" } ] }
            """
        let run = try CLIRun.run(["scene", scene, "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let table = rows(run.stdout)
        #expect(table.count == 2)
        let m = (0..<16).map { Double(table[0]["value.\($0)"] ?? "") ?? .nan }
        #expect(abs(m[0]) < 1e-15 && m[1] == 1 && m[4] == -1 && abs(m[5]) < 1e-15)
        // d/dt: θ′ = π per second; d(cos θ)/dt = −π at θ = π/2.
        #expect(abs((Double(table[0]["velocity.0"] ?? "") ?? .nan) + .pi) < 1e-14)
        #expect(abs((Double(table[1]["value.0"] ?? "") ?? .nan) - 2) < 1e-14)
        let bad = try CLIRun.run([
            "scene",
            #"{"layers": [{"name": "a"}], "actions": [{"time": 0, "add": {"layer": "a", "key": "k", "animation": "#
                + #"{"keyPath": "transform", "valueFunction": "spin", "to": 1}}}]}"#,
        ])
        #expect(bad.status != 0 && bad.stderr.contains("valueFunction") && bad.stderr.contains("rotateZ"))
    }

    @Test func shapePathsMorphAndStrokesDraw() throws {
        let scene = """
            { "layers": [ { "name": "s", "values": { "path": "M0 0 L10 0 L10 10 L0 10 Z" } } ],
              "actions": [
                { "time": 0, "add": { "layer": "s", "key": "morph", "animation": { "keyPath": "path",
                    "to": "M0 0 L30 0 L30 10 L0 10 Z", "timing": { "duration": 2 } } } },
                { "time": 0, "add": { "layer": "s", "key": "draw", "animation": { "keyPath": "strokeEnd",
                    "from": 0, "to": 1, "timing": { "duration": 2 } } } }
              ],
              "sample": { "times": [1] },
              "record": [ { "layer": "s", "keyPath": "path" }, { "layer": "s", "keyPath": "strokeEnd" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let table = rows(run.stdout)
        // Coordinates: M 0 0, L 20 0, L 20 10, L 0 10, Z — the right side half-way to x = 30.
        let path = (0..<13).map { table.first?["value.\($0)"] ?? "" }
        #expect(path == ["1", "0", "0", "2", "20", "0", "2", "20", "10", "2", "0", "10", "6"])
        #expect(table.last?["value.0"] == "0.5")
        let bad = try CLIRun.run([
            "scene",
            #"{"layers": [{"name": "s", "values": {"path": "M0 0 L1 1"}}], "actions": [{"time": 0, "add": "#
                + #"{"layer": "s", "key": "k", "animation": {"keyPath": "path", "to": "M0 0 Q1 1 2 2"}}}]}"#,
        ])
        #expect(bad.status != 0 && bad.stderr.contains("\"M Q\"") && bad.stderr.contains("\"M L\""), "\(bad.stderr)")
    }

    @Test func errorsAreOneLineAndLeaveNoFiles() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("values.csv").path
        let events = dir.appendingPathComponent("events.csv").path
        let bad: [(String, String)] = [
            ("{", "invalid JSON"),
            (#"{"layers": [{"name": "a"}], "oops": 1}"#, "oops"),
            (#"{"layers": [{"name": "a"}], "actions": [{"time": 0, "commit": {}}]}"#, "begin"),
            (
                #"{"layers": [{"name": "a"}], "actions": [{"time": 0, "remove": {"layer": "b", "key": "k"}}]}"#,
                "actions[0].remove.layer"
            ),
            (
                #"{"layers": [{"name": "a"}], "actions": [{"time": 1, "commit": {}}, {"time": 0, "begin": {}}]}"#,
                "actions[1].time"
            ),
            (#"{"layers": [{"name": "a"}], "actions": [{"time": 0, "pauseAnimator": "x"}]}"#, "animator"),
            (
                #"{"layers": [{"name": "a"}], "actions": [{"time": 0, "set": {"layer": "a", "keyPath": "opacity.x", "#
                    + #""value": 1}}]}"#,
                "opacity"
            ),
            (
                #"{"layers": [{"name": "a"}], "actions": [{"time": 0, "begin": {}, "commit": {}}]}"#,
                "cannot be combined"
            ),
            (
                #"{"layers": [{"name": "a"}], "actions": [{"time": 0, "add": {"layer": "a", "key": "k", "animation": "#
                    + #"{"keyPath": "opacity", "from": 0, "to": 1, "by": 1}}}]}"#,
                "at most two"
            ),
            (#"{"layers": [{"name": "a"}], "sample": {"times": [1, 0]}}"#, "non-decreasing"),
            (#"{"layers": [{"name": "a", "parent": "zz"}]}"#, "parent"),
        ]
        for (scene, fragment) in bad {
            let run = try CLIRun.run(["scene", scene, "--output", out, "--events", events])
            #expect(run.status != 0, "\(scene)")
            #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains(fragment), "\(scene): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: events))
        }
        let conflict = try CLIRun.run(["scene", interruptionScene, "--format", "json", "--events", events])
        #expect(conflict.status != 0 && conflict.stderr.contains("--events"))
        let missing = try CLIRun.run(["scene", dir.appendingPathComponent("nope.json").path])
        #expect(missing.status != 0 && missing.stderr.hasPrefix("harmonic: "))
    }

    @Test func commandLineGridOverridesTheScene() throws {
        let run = try CLIRun.run(["scene", interruptionScene, "--times", "0,0.5"])
        #expect(run.status == 0)
        #expect(rows(run.stdout).map { $0["time"] ?? "" } == ["0", "0", "0.5", "0.5"])
    }
}

/// Nested scene transactions inherit what they do not set: the outer one's 2 s duration with
/// the inner one's linear timing function gives 0.75 at 0.5 s.
@Suite struct SceneNestedTransactionTests {
    @Test func innerBeginInheritsTheOuterDuration() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 1 } } ],
              "actions": [
                { "time": 0, "begin": { "duration": 2 } },
                { "time": 0, "begin": { "timingFunction": "linear" } },
                { "time": 0, "set": { "layer": "a", "keyPath": "opacity", "value": 0 } },
                { "time": 0, "commit": {} },
                { "time": 0, "commit": {} }
              ],
              "sample": { "times": [0.5, 1.5] },
              "record": [ { "layer": "a", "keyPath": "opacity" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let values = run.stdout.split(separator: "\n").dropFirst().compactMap {
            $0.split(separator: ",").last.flatMap { Double($0) }
        }
        #expect(values.count == 2)
        #expect(values.count == 2 && abs(values[0] - 0.75) <= 1e-15 && abs(values[1] - 0.25) <= 1e-15)
    }
}

/// A group's child whose timing gives no duration spans the group, as one without a timing
/// does (the engine's default), instead of the spec format's 0.25 s.
@Suite struct SceneGroupChildDurationTests {
    @Test func childTimingWithoutDurationSpansTheGroup() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 1 } } ],
              "actions": [
                { "time": 0, "add": { "layer": "a", "key": "g", "animation": {
                    "group": [ { "keyPath": "opacity", "from": 0, "to": 1, "timing": { "beginTime": 0 } } ],
                    "timing": { "duration": 2 } } } }
              ],
              "sample": { "times": [1, 1.5] },
              "record": [ { "layer": "a", "keyPath": "opacity" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let values = run.stdout.split(separator: "\n").dropFirst().compactMap {
            $0.split(separator: ",").last.flatMap { Double($0) }
        }
        #expect(values == [0.5, 0.75])
    }
}
