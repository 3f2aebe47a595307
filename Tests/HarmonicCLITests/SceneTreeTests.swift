import Foundation
import Testing

/// The layer-tree actions and derived key paths of `harmonic scene`.
@Suite struct SceneTreeTests {
    static let stage = """
        { "layers": [
            { "name": "stage", "values": { "bounds": [0, 0, 200, 200], "position": [100, 100] } },
            { "name": "a", "parent": "stage", "values": { "bounds": [0, 0, 100, 100], "position": [100, 100] } },
            { "name": "b", "parent": "stage", "values": { "bounds": [0, 0, 100, 100], "position": [100, 100] } } ],
          "actions": [ %@ ],
          "sample": { "times": [1] }, "record": [ %@ ] }
        """

    static func scene(actions: String, record: String = #"{"layer": "a", "keyPath": "frame"}"#) -> String {
        String(format: stage, actions, record)
    }

    @Test func hitTestAndConvertPointAnswerAsEvents() throws {
        let actions = """
            {"time": 0, "hitTest": {"point": [100, 100]}},
            {"time": 0.1, "addSublayer": {"layer": "a", "parent": "stage"}},
            {"time": 0.1, "hitTest": {"point": [100, 100]}},
            {"time": 0.2, "removeFromSuperlayer": "a"},
            {"time": 0.2, "hitTest": {"point": [100, 100], "layer": "b"}},
            {"time": 0.3, "convertPoint": {"point": [0, 0], "from": "b"}},
            {"time": 0.3, "convertPoint": {"point": [60, 70], "to": "b"}},
            {"time": 0.4, "hitTest": {"point": [500, 5], "presentation": true}}
            """
        let run = try CLIRun.run(["scene", Self.scene(actions: actions), "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        let summary = events.map { "\($0["time"]!) \($0["event"]!) \($0["layer"]!) \($0["detail"]!)" }
        #expect(
            summary == [
                "0 hitTest  layer=b", "0.1 hitTest  layer=a", "0.2 hitTest b layer=b",
                "0.3 convertPoint  x=50,y=50", "0.3 convertPoint b x=10,y=20", "0.4 hitTest  layer=",
            ])
    }

    @Test func frameAndWorldTransformAreRecorded() throws {
        // a turned by 90° about z: its 100 × 100 frame stays centred at (100, 100).
        let actions =
            #"{"time": 0, "set": {"layer": "a", "keyPath": "transform.rotation.z", "value": 1.5707963267948966}}"#
        let record = #"{"layer": "a", "keyPath": "frame"}, {"layer": "a", "keyPath": "worldTransform"}"#
        let run = try CLIRun.run(["scene", Self.scene(actions: actions, record: record), "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let samples = try #require(json["samples"] as? [String: Any])
        let frame = (0..<4).map { ((samples["value.\($0)"] as? [Any])?[0] as? Double) ?? .nan }
        #expect(zip(frame, [50.0, 50, 100, 100]).allSatisfy { abs($0 - $1) <= 1e-12 })
        // Row-major: rotation rows (0, 1), (−1, 0); translation (−50, −50)·R + (100, 100) = (150, 50).
        let world = (0..<16).map { ((samples["value.\($0)"] as? [Any])?[1] as? Double) ?? .nan }
        let expected: [Double] = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 150, 50, 0, 1]
        #expect(zip(world, expected).allSatisfy { abs($0 - $1) <= 1e-12 })
    }

    @Test func badTreeActionsAreOneLineErrorsWithNothingWritten() throws {
        for (actions, message) in [
            (#"{"time": 0, "addSublayer": {"layer": "stage", "parent": "a"}}"#, "actions[0].parent"),
            (#"{"time": 0, "addSublayer": {"layer": "a", "parent": "nobody"}}"#, "actions[0].addSublayer.parent"),
            (#"{"time": 0, "addSublayer": {"layer": "a", "parent": "stage", "index": 7}}"#, "actions[0].index"),
            (#"{"time": 0, "hitTest": {"point": [1]}}"#, "actions[0].hitTest.point"),
        ] {
            let run = try CLIRun.run(["scene", Self.scene(actions: actions)])
            #expect(run.status != 0)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }
}

@Suite struct SceneCheckTests {
    @Test func checkPerformsEveryActionAndWritesNoSamples() throws {
        let good = SceneTreeTests.scene(actions: #"{"time": 5, "addSublayer": {"layer": "b"}}"#)
        let ok = try CLIRun.run(["scene", good, "--check"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "scene ok: 3 layers, 1 action, 1 recorded key path, 1 sample time\n")
        // The cycle comes at 5 s, after the last sample time: a run would skip it, the check
        // finds it.
        let bad = SceneTreeTests.scene(actions: #"{"time": 5, "addSublayer": {"layer": "stage", "parent": "b"}}"#)
        let run = try CLIRun.run(["scene", bad, "--check"])
        #expect(run.status != 0 && run.stdout.isEmpty)
        #expect(run.stderr.contains("cycle"))
    }

    /// Converting into a layer scaled to zero needs an inverse that does not exist: an error
    /// naming the action; nothing is written.
    @Test func convertingIntoADegenerateLayerIsAnError() throws {
        let scene = """
            { "layers": [ { "name": "flat", "values": { "bounds": [0, 0, 10, 10],
                "transform": [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] } } ],
              "actions": [ {"time": 0, "convertPoint": {"point": [1, 1], "to": "flat"}} ],
              "sample": { "times": [0] }, "record": [ { "layer": "flat", "keyPath": "frame" } ] }
            """
        let out = try temporaryDirectory().appendingPathComponent("values.csv").path
        let run = try CLIRun.run(["scene", scene, "--output", out])
        #expect(run.status != 0 && run.stderr.filter { $0 == "\n" }.count == 1)
        #expect(run.stderr.contains(#"actions[0].convertPoint.to = "flat""#), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

@Suite struct SceneActionsTests {
    /// The layer's actions dictionary in a scene: a 2 s linear fade for opacity (keyPath left
    /// out), no action for position; the set of opacity then shows 1 − t/2, position jumps.
    @Test func setActionsChoosesTheAnimationPerKey() throws {
        let scene = """
            { "layers": [{"name": "a", "values": {"opacity": 1, "position": [0, 0]}}],
              "actions": [
                {"time": 0, "setActions": {"layer": "a", "actions": {
                    "opacity": {"timing": {"duration": 2}, "timingFunction": "linear"}, "position": null}}},
                {"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0}},
                {"time": 0, "set": {"layer": "a", "keyPath": "position.x", "value": 100}} ],
              "sample": {"times": [0.5, 1]},
              "record": [{"layer": "a", "keyPath": "opacity"}, {"layer": "a", "keyPath": "position.x"}] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.csv.rows.map { $0.last ?? .nan } == [0.75, 100, 0.5, 100])
        let bad = scene.replacingOccurrences(of: #""position": null"#, with: #""position": 3"#)
        let failed = try CLIRun.run(["scene", bad])
        #expect(failed.status != 0 && failed.stdout.isEmpty)
        #expect(failed.stderr.contains("actions[0].setActions.actions.position"), "\(failed.stderr)")
    }
}
