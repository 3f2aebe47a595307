import Foundation
import Testing

/// Key paths in scenes: a typo fails with the closest known key, custom properties are
/// declared, `frame` sets position and bounds.
@Suite struct SceneKeyPathTests {
    func scene(layer: String, action: String, record: String) -> String {
        """
        { "layers": [ \(layer) ],
          "actions": [ { "time": 0, \(action) } ],
          "sample": { "times": [0, 0.125, 1] }, "record": [ \(record) ] }
        """
    }

    @Test func aTypoIsAOneLineErrorNamingTheClosestKeyAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("values.csv").path
        let cases: [(String, String, String)] = [
            (
                #""set": { "layer": "box", "keyPath": "opacty", "value": 0 }"#, #""opacty""#,
                "the closest is opacity"
            ),
            (
                #""add": { "layer": "box", "key": "a", "animation": { "keyPath": "postion.x", "to": 1 } }"#,
                #""postion.x""#, "the closest is position"
            ),
            (#""set": { "layer": "box", "keyPath": "progres", "value": 1 }"#, #""progres""#, "the closest is progress"),
        ]
        for (action, named, hint) in cases {
            let text = scene(
                layer: #"{ "name": "box", "custom": { "progress": 0 } }"#, action: action,
                record: #"{ "layer": "box", "keyPath": "opacity" }"#)
            let run = try CLIRun.run(["scene", text, "--output", out])
            #expect(run.status != 0, "\(action)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("actions[0]") && run.stderr.contains(named) && run.stderr.contains(hint))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let record = try CLIRun.run([
            "scene",
            scene(
                layer: #"{ "name": "box" }"#, action: #""flush": {}"#,
                record: #"{ "layer": "box", "keyPath": "opasity" }"#),
        ])
        #expect(record.status != 0 && record.stderr.contains("record[0]") && record.stderr.contains("opacity"))
        let values = try CLIRun.run([
            "scene",
            scene(layer: #"{ "name": "box", "values": { "opcity": 1 } }"#, action: #""flush": {}"#, record: ""),
        ])
        #expect(values.status != 0 && values.stderr.contains("layers[0]") && values.stderr.contains("opacity"))
    }

    @Test func declaredCustomPropertiesAnimate() throws {
        let text = scene(
            layer: #"{ "name": "box", "custom": { "progress": 0 } }"#,
            action: #""add": { "layer": "box", "key": "p", "animation": { "keyPath": "progress", "from": 0, "to": 1, "#
                + #""timing": { "duration": 1 }, "timingFunction": "linear" } }"#,
            record: #"{ "layer": "box", "keyPath": "progress" }"#)
        let run = try CLIRun.run(["scene", text])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.map { $0[3] } == ["0", "0.125", "0"])
    }

    /// Setting `frame` sets the bounds' size and the position; the implicit animations of the
    /// two move the frame together (0.25 s, default timing).
    @Test func setFrameMovesPositionAndBounds() throws {
        let text = scene(
            layer: #"{ "name": "box", "values": { "frame": [0, 0, 100, 40] } }"#,
            action: #""set": { "layer": "box", "keyPath": "frame", "value": [20, 10, 200, 80] }"#,
            record: #"{ "layer": "box", "keyPath": "position" }, { "layer": "box", "keyPath": "bounds" }, "#
                + #"{ "layer": "box", "keyPath": "frame" }"#)
        let run = try CLIRun.run(["scene", text])
        #expect(run.status == 0, "\(run.stderr)")
        var columns: [String: [[Double]]] = [:]
        for line in run.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            columns[cells[2], default: []].append(cells[3...].compactMap { Double($0) })
        }
        #expect(columns["position"]?.first?.prefix(2) == [50, 20])
        #expect(columns["position"]?.last?.prefix(2) == [120, 50])
        #expect(columns["bounds"]?.last?.prefix(4) == [0, 0, 200, 80])
        #expect(columns["frame"]?.last == [20, 10, 200, 80])
        // Half-way through the implicit animations the frame is between the two.
        let middle = try #require(columns["frame"]?[1])
        #expect(middle[0] > 0 && middle[0] < 20 && middle[2] > 100 && middle[2] < 200)
    }
}
