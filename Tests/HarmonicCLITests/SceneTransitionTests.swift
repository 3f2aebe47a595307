import Foundation
import Testing

/// The `transition` action and the `transition.*` record keys of `harmonic scene`.
@Suite struct SceneTransitionTests {
    /// A 200 × 100 card; a transition of `effect` (JSON members) at 0 over 2 s, linear,
    /// sampled at 0, 1 and 1.999… (progress 0, ½ and just before 1) — and at 2 with a
    /// forwards fill to see progress 1 itself.
    func run(_ effect: String) throws -> [String: [[Double]]] {
        let scene = """
            { "layers": [ { "name": "card", "values": { "bounds": [0, 0, 200, 100] } } ],
              "actions": [ { "time": 0, "add": { "layer": "card", "key": "transition", "animation": {
                  "transition": { \(effect) }, "timing": { "duration": 2, "fillMode": "forwards" },
                  "timingFunction": "linear", "removedOnCompletion": false } } } ],
              "sample": { "times": [0, 1, 2] },
              "record": [
                { "layer": "card", "keyPath": "transition.progress" },
                { "layer": "card", "keyPath": "transition.outgoing.opacity" },
                { "layer": "card", "keyPath": "transition.incoming.opacity" },
                { "layer": "card", "keyPath": "transition.outgoing.offset" },
                { "layer": "card", "keyPath": "transition.incoming.offset" } ] }
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        var columns: [String: [[Double]]] = [:]
        for line in run.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            columns[cells[2], default: []].append(cells[3...].compactMap { Double($0) })
        }
        return columns
    }

    /// Expected (progress, outgoing opacity, incoming opacity, outgoing offset, incoming
    /// offset) at progress `p` for a 200 × 100 layer, written from the definitions.
    func expected(_ type: String, _ side: String, _ p: Double) -> [[Double]] {
        let e: [Double] =
            switch side {
            case "fromLeft": [-200, 0]
            case "fromRight": [200, 0]
            case "fromTop": [0, -100]
            default: [0, 100]
            }
        let entering = e.map { $0 * (1 - p) + 0 }
        let leaving = e.map { -$0 * p + 0 }
        switch type {
        case "fade": return [[p], [1 - p], [p], [0, 0], [0, 0]]
        case "moveIn": return [[p], [1], [1], [0, 0], entering]
        case "push": return [[p], [1], [1], leaving, entering]
        default: return [[p], [1], [1], leaving, [0, 0]]  // reveal
        }
    }

    @Test(arguments: ["fade", "moveIn", "push", "reveal"])
    func eachTypeFromEachSide(type: String) throws {
        for side in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
            let columns = try run(#""type": "\#(type)", "subtype": "\#(side)""#)
            let keys = [
                "transition.progress", "transition.outgoing.opacity", "transition.incoming.opacity",
                "transition.outgoing.offset", "transition.incoming.offset",
            ]
            for (k, p) in [0, 0.5, 1].enumerated() {
                let got = keys.map { columns[$0]?[k] ?? [] }
                #expect(got == expected(type, side, p), "\(type) \(side) at \(p)")
            }
        }
    }

    /// Without a `type` a transition fades, as `CATransition`'s default type does.
    @Test func theTypeDefaultsToFade() throws {
        let columns = try run(#""subtype": "fromRight""#)
        let keys = [
            "transition.progress", "transition.outgoing.opacity", "transition.incoming.opacity",
            "transition.outgoing.offset", "transition.incoming.offset",
        ]
        #expect(keys.map { columns[$0]?[1] ?? [] } == expected("fade", "fromRight", 0.5))
    }

    @Test func startAndEndProgressPlayPartOfTheEffect() throws {
        let columns = try run(#""type": "push", "subtype": "fromBottom", "startProgress": 0.2, "endProgress": 0.6"#)
        #expect(columns["transition.progress"] == [[0.2], [0.4], [0.6]])
        #expect(columns["transition.incoming.offset"] == [[0, 80], [0, 60], [0, 40]])
        #expect(columns["transition.outgoing.offset"] == [[0, -20], [0, -40], [0, -60]])
    }

    @Test func theActionAddsATransitionThatEndsAndReports() throws {
        let scene = """
            { "layers": [ { "name": "card", "values": { "bounds": [0, 0, 200, 100] } } ],
              "actions": [ { "time": 1, "transition": { "layer": "card", "type": "fade", "duration": 0.5,
                             "timingFunction": "easeIn" } } ],
              "sample": { "times": [0.5, 1.25, 2] },
              "record": [ { "layer": "card", "keyPath": "transition.progress" } ] }
            """
        let run = try CLIRun.run(["scene", scene, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let values = try #require((json["samples"] as? [String: Any])?["value"] as? [Double])
        // No transition yet and none after its end: progress 1 (only the current rendering).
        #expect(values[0] == 1 && values[2] == 1)
        // easeIn (0.42, 0, 1, 1) half-way in time, by bisection on x(t).
        func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(0.42, 1, mid) < 0.5 { lo = mid } else { hi = mid }
        }
        #expect(abs(values[1] - bezier(0, 1, (lo + hi) / 2)) < 1e-12)
        let events = try #require(json["events"] as? [[String: Any]])
        #expect(
            events.map { "\($0["time"]!) \($0["event"]!) \($0["key"]!)" } == [
                "1 didStart transition", "1.5 didStop transition",
            ])
    }

    @Test func badTransitionsAreOneLineErrorsNamingTheAction() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("values.csv").path
        let cases: [(String, String)] = [
            (#""type": "dissolve""#, #"actions[0].transition.type = "dissolve""#),
            (#""type": "push", "subtype": "fromAbove""#, "actions[0].transition.subtype"),
            (#""type": "fade", "startProgress": 0.8, "endProgress": 0.5"#, "actions[0].transition.endProgress"),
            (#""type": "fade", "startProgress": -1"#, "actions[0].transition.startProgress"),
            (#""type": "fade", "duration": 0"#, "actions[0].transition.duration"),
            (#""type": "fade", "speed": 2"#, "actions[0].transition.speed"),
        ]
        for (members, fragment) in cases {
            let scene = """
                { "layers": [ { "name": "card" } ],
                  "actions": [ { "time": 0, "transition": { "layer": "card", \(members) } } ],
                  "sample": { "times": [0] }, "record": [ { "layer": "card", "keyPath": "transition.progress" } ] }
                """
            let run = try CLIRun.run(["scene", scene, "--output", out])
            #expect(run.status != 0, "\(members)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1 && run.stderr.contains(fragment), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let unknownLayer = """
            { "layers": [ { "name": "card" } ],
              "actions": [ { "time": 0, "transition": { "layer": "x", "type": "fade" } } ] }
            """
        let run = try CLIRun.run(["scene", unknownLayer, "--check"])
        #expect(run.status != 0 && run.stderr.contains("actions[0].transition.layer"), "\(run.stderr)")
    }
}
