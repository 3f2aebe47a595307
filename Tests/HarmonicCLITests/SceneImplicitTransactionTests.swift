import Foundation
import Testing

/// Changes a scene makes outside `begin`/`commit` at one time are one run-loop turn: they
/// commit together before the next sample or action time, or at a `flush` action.
@Suite struct SceneImplicitTransactionTests {
    /// Core Animation's default timing function (0.25, 0.1, 0.25, 1) by bisection.
    func ease(_ x: Double) -> Double {
        func f(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if f(0.25, 0.25, mid) < x { lo = mid } else { hi = mid }
        }
        return f(0.1, 1, (lo + hi) / 2)
    }

    func run(_ actions: String) throws -> (x: [Double], events: [String]) {
        let scene = """
            { "layers": [ { "name": "a", "values": { "opacity": 1, "position": [0, 0] } } ],
              "actions": [ \(actions) ],
              "sample": { "times": [0, 0.1, 0.2] }, "record": [ { "layer": "a", "keyPath": "opacity" } ] }
            """
        let run = try CLIRun.run(["scene", scene, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let samples = try #require(json["samples"] as? [String: [Any]])
        let events = try #require(json["events"] as? [[String: Any]])
        return (
            try #require(samples["value"] as? [Double]),
            events.map { "\($0["time"]!) \($0["event"]!) \($0["key"]!)" }
        )
    }

    @Test func twoSetsInOneTurnMakeOneAnimation() throws {
        let (x, events) = try run(
            """
            {"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0.5}},
            {"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0}}
            """)
        #expect(events == ["0 didStart opacity"])
        #expect(x[0] == 1)
        #expect(abs(x[1] - (1 - ease(0.4))) < 1e-12 && abs(x[2] - (1 - ease(0.8))) < 1e-12)
    }

    @Test func aFlushEndsTheTurnEarly() throws {
        // The second set starts from what the first animation shows at the same instant (1).
        let (_, events) = try run(
            """
            {"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0.5}},
            {"time": 0, "flush": {}},
            {"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0}}
            """)
        #expect(events == ["0 didStart opacity", "0 didStop opacity", "0 didStart opacity"])
    }

    @Test func explicitTransactionsInTheTurnCommitWithIt() throws {
        let (x, _) = try run(
            """
            {"time": 0, "set": {"layer": "a", "keyPath": "position.x", "value": 10}},
            {"time": 0, "begin": {"duration": 1, "timingFunction": "linear"}},
            {"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0}},
            {"time": 0, "commit": {}}
            """)
        #expect(x[0] == 1 && abs(x[1] - 0.9) < 1e-15 && abs(x[2] - 0.8) < 1e-15)
    }

    @Test func aFlushTakesNoArguments() throws {
        let scene = """
            { "layers": [ { "name": "a" } ], "actions": [ {"time": 0, "flush": {"now": true}} ],
              "sample": { "times": [0] }, "record": [ { "layer": "a", "keyPath": "opacity" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status != 0 && run.stdout.isEmpty)
        #expect(run.stderr.contains("actions[0].flush.now"), "\(run.stderr)")
    }
}
