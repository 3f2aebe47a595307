import Foundation
import Testing

/// What scenes reach besides values: userInfo on events, a transaction delay, time conversion,
/// view-backed layers, and the actions of a layer and of its style.
@Suite struct SceneBehaviourTests {
    func run(_ scene: String) throws -> (events: [String], rows: [String]) {
        let run = try CLIRun.run(["scene", scene, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let events = try #require(json["events"] as? [[String: Any]])
        let samples = try #require(json["samples"] as? [String: [Any]])
        let values = (samples["value"] ?? []).map { "\($0)" }
        return (events.map { "\($0["time"]!) \($0["event"]!) \($0["key"]!) \($0["detail"]!)" }, values)
    }

    @Test func userInfoComesBackWithTheEvents() throws {
        let scene = """
            { "layers": [ { "name": "box", "values": { "opacity": 1 } } ],
              "actions": [ { "time": 0, "add": { "layer": "box", "key": "fade", "animation": {
                  "keyPath": "opacity", "to": 0, "timing": { "duration": 0.5 },
                  "userInfo": { "name": "fadeOut", "step": 2 } } } } ],
              "sample": { "times": [1] }, "record": [ { "layer": "box", "keyPath": "opacity" } ] }
            """
        let (events, _) = try run(scene)
        #expect(
            events == [
                #"0 didStart fade userInfo={"name":"fadeOut","step":"2"}"#,
                #"0.5 didStop fade finished=true userInfo={"name":"fadeOut","step":"2"}"#,
            ])
    }

    /// UIKit's `animate(withDuration: 1, delay: 0.5)`: the change waits half a second showing
    /// its start value, then runs a second.
    @Test func aTransactionDelayStartsTheAnimationsLater() throws {
        let scene = """
            { "layers": [ { "name": "box", "values": { "opacity": 1 } } ],
              "actions": [ { "time": 0, "set": { "layer": "box", "keyPath": "opacity", "value": 0,
                  "transaction": { "duration": 1, "delay": 0.5, "timingFunction": "linear" } } } ],
              "sample": { "times": [0.25, 0.5, 1, 1.5] }, "record": [ { "layer": "box", "keyPath": "opacity" } ] }
            """
        let (events, values) = try run(scene)
        #expect(values == ["1", "1", "0.5", "0"])
        #expect(events.first == "0.5 didStart opacity ")
    }

    @Test func convertTimeIsAnsweredAsAnEvent() throws {
        let scene = """
            { "layers": [ { "name": "slow", "timing": { "speed": 0.5, "beginTime": 1 } } ],
              "actions": [ { "time": 2, "convertTime": { "time": 3, "to": "slow" } },
                           { "time": 2, "convertTime": { "time": 1, "from": "slow" } } ],
              "sample": { "times": [2] }, "record": [ { "layer": "slow", "keyPath": "opacity" } ] }
            """
        let (events, _) = try run(scene)
        // (3 − 1)·0.5 = 1 in the slow layer; its 1 is root time 1 + 1/0.5 = 3.
        #expect(events == ["2 convertTime  time=1", "2 convertTime  time=3"])
    }

    /// A view-backed layer does not animate a change made outside an animation block; its
    /// style's action runs when the layer's own dictionary has none for the key.
    @Test func viewBackedLayersAndStyleActions() throws {
        let scene = """
            { "layers": [
                { "name": "view", "viewBacked": true, "values": { "opacity": 1 } },
                { "name": "styled", "values": { "opacity": 1 },
                  "style": { "opacity": { "timing": { "duration": 2 }, "timingFunction": "linear" } } } ],
              "actions": [ { "time": 0, "set": { "layer": "view", "keyPath": "opacity", "value": 0 } },
                           { "time": 0, "set": { "layer": "styled", "keyPath": "opacity", "value": 0 } } ],
              "sample": { "times": [1] },
              "record": [ { "layer": "view", "keyPath": "opacity" }, { "layer": "styled", "keyPath": "opacity" } ] }
            """
        let (_, values) = try run(scene)
        #expect(values == ["0", "0.5"])
    }
}
