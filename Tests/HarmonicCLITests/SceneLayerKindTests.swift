import Foundation
import Testing

/// Layer kinds in scenes: their properties and attributes, and one-line errors for the
/// values they refuse.
@Suite struct SceneLayerKindTests {
    func scene(_ layers: String, actions: String = "", record: String = "") -> String {
        """
        { "layers": [ \(layers) ], "actions": [ \(actions) ], "sample": { "times": [0] },
          "record": [ \(record) ] }
        """
    }

    @Test func kindsHaveTheirPropertiesAndAttributes() throws {
        let text = scene(
            #"{ "name": "g", "kind": "gradient", "values": { "colors": [1, 0, 0, 1, 0, 0, 1, 1], "type": "radial" } },"#
                + #"{ "name": "r", "kind": "replicator", "values": { "instanceCount": 3 } },"#
                + #"{ "name": "t", "kind": "text", "values": { "string": "Hi", "fontSize": 12 } }"#,
            actions: #"{ "time": 0, "set": { "layer": "t", "keyPath": "alignmentMode", "value": "center" } }"#,
            record: #"{ "layer": "g", "keyPath": "startPoint" }, { "layer": "r", "keyPath": "instanceCount" },"#
                + #"{ "layer": "t", "keyPath": "fontSize" }"#)
        let run = try CLIRun.run(["scene", text])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("0,g,startPoint,0.5,0") && run.stdout.contains("0,r,instanceCount,3"))
    }

    @Test func refusedValuesAreOneLineErrors() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("values.csv").path
        let cases: [(String, String, String)] = [
            (#"{ "name": "x", "kind": "sphere" }"#, "", "layers[0].kind"),
            (#"{ "name": "r", "kind": "replicator", "values": { "instanceCount": -1 } }"#, "", "instanceCount"),
            (
                #"{ "name": "r", "kind": "replicator" }"#,
                #"{ "time": 0, "set": { "layer": "r", "keyPath": "instanceCount", "value": 1e9 } }"#, "instanceCount"
            ),
            (
                #"{ "name": "g", "kind": "gradient", "values": { "colors": [1, 0, 0, 1, 0, 0, 1, 1], "#
                    + #""locations": [0.5, 0.2] } }"#,
                "", "locations"
            ),
            (
                #"{ "name": "g", "kind": "gradient", "values": { "colors": [1, 0, 0, 1], "locations": [0, 1] } }"#, "",
                "one per"
            ),
            (#"{ "name": "s", "values": { "lineCap": "pointy" } }"#, "", "lineCap"),
            (#"{ "name": "s", "values": { "instanceCount": 2 } }"#, "", "instanceCount"),
        ]
        for (layers, actions, fragment) in cases {
            let run = try CLIRun.run(["scene", scene(layers, actions: actions), "--output", out])
            #expect(run.status != 0, "\(layers)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1 && run.stderr.contains(fragment), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}

/// Replicator instances recorded: `instance[i].KEYPATH` reads the sublayer `i·instanceDelay`
/// earlier, `instance[i].worldTransform` places it `i` steps of `instanceTransform` on.
@Suite struct SceneReplicatorInstanceTests {
    @Test func instancesAreRecordedDelayedAndPlaced() throws {
        let scene = """
            { "layers": [
                { "name": "r", "kind": "replicator", "values": { "frame": [0, 0, 200, 200], "instanceCount": 3,
                  "instanceDelay": 0.5, "instanceTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 40, 0, 0, 1] } },
                { "name": "dot", "parent": "r", "values": { "frame": [0, 0, 20, 20] } } ],
              "actions": [ { "time": 0, "add": { "layer": "dot", "key": "slide", "animation": {
                  "keyPath": "position.y", "from": 10, "to": 110, "timing": { "duration": 2 },
                  "timingFunction": "linear" } } } ],
              "sample": { "times": [1] },
              "record": [ { "layer": "dot", "keyPath": "instance[1].position" },
                          { "layer": "dot", "keyPath": "instance[2].worldTransform" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        // Instance 1 at 0.5 s: y = 10 + 100·0.25; instance 2 at 0 s: y = 10, moved 80 right.
        #expect(run.stdout.contains("1,dot,instance[1].position,10,35"))
        // The dot's own map puts its origin at (0, 0) at time 0: world = T(0, 0)·T(80, 0).
        #expect(run.stdout.contains("1,dot,instance[2].worldTransform,1,0,0,0,0,1,0,0,0,0,1,0,80,0,0,1"))
        let bad = try CLIRun.run([
            "scene", scene.replacingOccurrences(of: "instance[2].worldTransform", with: "instance[3].worldTransform"),
        ])
        #expect(bad.status != 0 && bad.stderr.contains("instanceCount"))
    }
}

/// A scene layer's `mask`: drawn as the layer's alpha, refused when the mask has a superlayer.
@Suite struct SceneMaskTests {
    @Test func aMaskIsALayerOutsideTheTree() throws {
        let dir = try temporaryDirectory().appendingPathComponent("frames").path
        let scene = """
            { "layers": [
                { "name": "card", "values": { "frame": [0, 0, 100, 100], "backgroundColor": [1, 0, 0, 1] },
                  "mask": "hole" },
                { "name": "hole", "values": { "frame": [0, 0, 50, 100], "backgroundColor": [0, 0, 0, 1] } } ],
              "sample": { "times": [0] } }
            """
        let run = try CLIRun.run(["scene", scene, "--frames", "svg", "--output", dir, "--viewport", "0,0,100,100"])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: dir + "/frame-0000.svg", encoding: .utf8)
        #expect(svg.contains("<mask id=") && svg.contains("mask=\"url(#"))
        let nested = scene.replacingOccurrences(
            of: #"{ "name": "hole","#, with: #"{ "name": "hole", "parent": "card","#)
        let bad = try CLIRun.run(["scene", nested])
        #expect(bad.status != 0 && bad.stderr.contains("layers[0].mask") && bad.stderr.contains("superlayer"))
    }
}
