import Foundation
import Testing

/// Scenes read keyframe animations with the spec format's own parser: every key of a
/// `keyframes` or `path` curve works in a scene, and gives the same values.
@Suite("one spec parser for curves and scenes")
struct SharedSpecParserTests {
    static let keyframes =
        #"{"values": [0, 40, 10, 100], "keyTimes": [0, 0.3, 0.6, 1], "calculationMode": "cubic", "timingFunction": "#
        + #""easeIn", "tensionValues": [0, 0.5, -0.3, 0], "parameterization": "centripetal"}"#

    @Test func sceneKeyframesMatchTheSampledCurve() throws {
        let times = [0.0, 0.3, 0.55, 0.8, 1.2, 1.6, 1.99]
        let list = times.map { "\($0)" }.joined(separator: ",")
        let curve = try CLIRun.run([
            "sample", #"{"keyframes": \#(Self.keyframes), "timing": {"duration": 2, "fillMode": "both"}}"#,
            "--times=\(list)",
        ])
        #expect(curve.status == 0, "\(curve.stderr)")
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 0 } } ],
              "actions": [ { "time": 0, "add": { "layer": "a", "key": "k", "animation": {
                  "keyPath": "opacity", "keyframes": \(Self.keyframes),
                  "timing": { "duration": 2, "fillMode": "both" }, "removedOnCompletion": false } } } ],
              "sample": { "times": [\(list)] },
              "record": [ { "layer": "a", "keyPath": "opacity" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let values = run.stdout.split(separator: "\n").dropFirst().compactMap {
            $0.split(separator: ",").last.flatMap { Double($0) }
        }
        #expect(values.count == times.count)
        for (a, b) in zip(values, curve.csv.rows.map { $0[1] }) { #expect(abs(a - b) <= 1e-12, "\(a) vs \(b)") }
    }

    @Test func pathPacingAndRotationModeAreAcceptedInScenes() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "position": [0, 0] } } ],
              "actions": [ { "time": 0, "add": { "layer": "a", "key": "k", "animation": {
                  "keyPath": "position", "path": { "d": "M0,0 C0,100 100,100 100,0", "calculationMode": "paced",
                                                   "pacing": "table", "rotationMode": "auto" },
                  "timing": { "duration": 1 } } } } ],
              "sample": { "times": [0.5] },
              "record": [ { "layer": "a", "keyPath": "position" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func twoOverallTimingFunctionsAreAConflict() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 0 } } ],
              "actions": [ { "time": 0, "add": { "layer": "a", "key": "k", "animation": {
                  "keyPath": "opacity", "timingFunction": "easeOut",
                  "keyframes": { "values": [0, 1], "timingFunction": "easeIn" } } } } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 1)
        #expect(run.stderr.contains("actions[0].add.animation.timingFunction"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func errorsNameTheFullKeyPath() throws {
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 0 } } ],
              "actions": [ { "time": 0, "commit": {} }, { "time": 0, "begin": {} }, { "time": 0, "commit": {} },
                { "time": 0, "add": { "layer": "a", "key": "k", "animation": {
                  "keyPath": "opacity", "keyframes": { "values": [0, 1], "keyTimes": [0, "x"] } } } } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 1)
        #expect(run.stderr.contains("actions[3].add.animation.keyframes.keyTimes[1]"), "\(run.stderr)")
    }
}
