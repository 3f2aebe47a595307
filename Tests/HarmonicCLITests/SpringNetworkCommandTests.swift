import Foundation
import Testing

/// End-to-end tests of the `springNetwork` curve: sample, settle, plot and their errors.
/// Expected values are closed forms evaluated here: one node is a damped spring, two equal
/// masses in series split into their in-phase and out-of-phase modes.
@Suite("harmonic with spring networks")
struct SpringNetworkCommandTests {
    /// Two unit masses, each tied to its wall (k) and to each other (k): modes ω₁ = √k (in
    /// phase), ω₂ = √(3k) (out of phase). Undamped, from x = (1, 0) at rest:
    /// x₁ = (cos ω₁t + cos ω₂t)/2, x₂ = (cos ω₁t − cos ω₂t)/2.
    static let pair = """
        {"springNetwork": {"anchors": [0, 0],
          "nodes": [{"position": 1}, {"position": 0}],
          "edges": [{"from": 0, "anchor": 0, "stiffness": 25}, {"from": 1, "anchor": 1, "stiffness": 25},
                    {"from": 0, "to": 1, "stiffness": 25}]}}
        """

    @Test("two coupled masses are the sum of their two modes")
    func twoModes() throws {
        let run = try CLIRun.run(["sample", Self.pair, "--times=0,0.1,0.77,3.2,10", "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let (header, rows) = run.csv
        #expect(header == ["time", "value.0", "value.1", "velocity.0", "velocity.1"])
        let w1 = 5.0, w2 = 75.0.squareRoot()
        for row in rows {
            let t = row[0]
            #expect(abs(row[1] - (cos(w1 * t) + cos(w2 * t)) / 2) <= 1e-13, "t = \(t)")
            #expect(abs(row[2] - (cos(w1 * t) - cos(w2 * t)) / 2) <= 1e-13, "t = \(t)")
            #expect(abs(row[3] - -(w1 * sin(w1 * t) + w2 * sin(w2 * t)) / 2) <= 1e-12, "t = \(t)")
        }
        // Undamped, it never rests.
        let settle = try CLIRun.run(["settle", Self.pair])
        #expect(settle.status == 0 && settle.stdout == "inf\n")
    }

    @Test("one anchored node settles when its spring does")
    func settleOneNode() throws {
        let spec = """
            {"springNetwork": {"nodes": [{"position": 1}], "anchors": [0],
              "edges": [{"from": 0, "anchor": 0, "stiffness": 100, "damping": 4}]}}
            """
        let network = try CLIRun.run(["settle", spec, "--epsilon", "0.001"])
        let spring = try CLIRun.run(["settle", #"{"spring": {"stiffness": 100, "damping": 4}}"#, "--exact"])
        #expect(network.status == 0 && spring.status == 0)
        let a = Double(network.stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
        let b = Double(spring.stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
        #expect(abs(a - b) <= 1e-9 * b)
    }

    @Test("a free network is solved, and settle says why it never rests")
    func freeNetwork() throws {
        let spec = """
            {"springNetwork": {"nodes": [{"position": 0}, {"position": 1, "velocity": 2}],
              "edges": [{"from": 1, "to": 0, "stiffness": 50, "damping": 1, "rest": "initial"}]}}
            """
        let run = try CLIRun.run(["settle", spec])
        #expect(run.status == 0 && run.stdout == "inf\n")
        #expect(
            run.stderr.hasPrefix("harmonic: note: the network has 1 rigid motion (no anchor or pinned node holds it)"))
        // Momentum is conserved: the centre moves at 1 unit/s.
        let sample = try CLIRun.run(["sample", spec, "--times=2"])
        let row = sample.csv.rows[0]
        #expect(abs((row[1] + row[2]) / 2 - (0.5 + 2)) <= 1e-12)
    }

    @Test("a retarget moves the anchor without a jump")
    func retarget() throws {
        let spec = """
            {"springNetwork": {"nodes": [{"position": 0}], "anchors": [0],
              "edges": [{"from": 0, "anchor": 0, "stiffness": 100, "damping": 20}],
              "retarget": [{"time": 0.5, "anchors": [10]}]}}
            """
        let run = try CLIRun.run(["sample", spec, "--times=0.4999999,0.5,0.5000001,0.6", "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.csv.rows
        #expect(rows[0][1] == 0 && rows[1][1] == 0)
        // Critically damped from rest at 0 toward 10: 10·(1 − (1 + ωt)·e^(−ωt)), ω = 10.
        let t = 0.1, w = 10.0
        #expect(abs(rows[3][1] - 10 * (1 - (1 + w * t) * exp(-w * t))) <= 1e-12)
        #expect(abs(rows[2][1]) <= 1e-10)
    }

    @Test("plot draws every node; the SVG names them")
    func plot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("net-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("pair.svg").path
        let run = try CLIRun.run(["plot", Self.pair, "--end", "2", "--output", out])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains("Spring network · 2 nodes in 1-D · modal solver"))
        #expect(svg.contains("node 0") && svg.contains("node 1"))
    }

    @Test("bad networks are one line naming the key, with nothing written")
    func errors() throws {
        let cases: [(String, String)] = [
            (#"{"springNetwork": {"nodes": []}}"#, "springNetwork.nodes = not a non-empty array"),
            (#"{"springNetwork": {"nodes": [{"position": 0, "mass": -1}]}}"#, "springNetwork.nodes[0].mass = -1"),
            (
                #"{"springNetwork": {"nodes": [{"position": 0}], "edges": [{"from": 0, "to": 4, "stiffness": 1}]}}"#,
                "springNetwork.edges[0].to = 4"
            ),
            (
                #"{"springNetwork": {"nodes": [{"position": 0}], "#
                    + #""edges": [{"from": 0, "anchor": 0, "stiffness": 1}]}}"#,
                "springNetwork.edges[0].anchor = 0 is invalid: must be an anchor, but the network has none"
            ),
            (
                #"{"springNetwork": {"nodes": [{"position": 0}], "edges": [{"from": 0, "to": 0, "stiffness": "x"}]}}"#,
                "springNetwork.edges[0].stiffness"
            ),
            (
                #"{"springNetwork": {"nodes": [{"position": [0, 0]}], "gravity": [1]}}"#,
                "springNetwork.gravity = 1 numbers"
            ),
            (#"{"springNetwork": {"nodes": [{"position": 0}], "method": "euler"}}"#, "springNetwork.method = euler"),
            (
                #"{"springNetwork": {"nodes": [{"position": 0}, {"position": 1}], "#
                    + #""edges": [{"from": 0, "to": 1, "stiffness": 1, "directed": true}], "method": "modal"}}"#,
                "springNetwork.method and springNetwork.edges cannot be combined"
            ),
            (#"{"springNetwork": {"nodes": [{"position": 0, "mas": 1}]}}"#, "springNetwork.nodes[0].mas"),
            (#"{"springNetwork": {"nodes": [{"position": 0}]}, "from": 1}"#, "from = given"),
            (
                #"{"springNetwork": {"nodes": [{"position": 0}], "retarget": [{"time": -1}]}}"#,
                "springNetwork.retarget[0].time = -1.0"
            ),
        ]
        for (spec, message) in cases {
            let run = try CLIRun.run(["sample", spec, "--count", "3"])
            #expect(run.status != 0 && run.stdout.isEmpty, "\(spec)")
            #expect(run.stderr.hasPrefix("harmonic: " + message), "\(spec): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }
}

/// A scene's `addNetwork`: a follow-through list, each layer a node of one network.
@Suite("scenes with spring networks")
struct SpringNetworkSceneTests {
    static let network = """
        {"nodes": [{"position": [200, 0], "pinned": true}, {"position": [0, 0]}, {"position": [0, 50]},
                   {"position": [0, 100]}],
         "edges": [{"from": 1, "to": 0, "stiffness": 200, "damping": 20},
                   {"from": 2, "to": 1, "stiffness": 180, "damping": 18, "rest": [0, 50], "directed": true},
                   {"from": 3, "to": 2, "stiffness": 160, "damping": 16, "rest": [0, 50], "directed": true}]}
        """

    @Test("each layer plays its node of the network, from the action's time")
    func followThrough() throws {
        let scene = """
            {"layers": [{"name": "a", "values": {"position": [0, 0]}}, {"name": "b", "values": {"position": [0, 50]}},
                        {"name": "c", "values": {"position": [0, 100]}}],
             "actions": [{"time": 0.1, "addNetwork": {"layers": [null, "a", "b", "c"], "key": "follow",
                          "keyPath": "position", "springNetwork": \(Self.network)}}],
             "sample": {"times": [0.15, 0.3, 0.7]},
             "record": [{"layer": "a", "keyPath": "position"}, {"layer": "b", "keyPath": "position"},
                        {"layer": "c", "keyPath": "position"}]}
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.csv.rows
        let sample = try CLIRun.run(["sample", "{\"springNetwork\": \(Self.network)}", "--times=0.05,0.2,0.6"])
        #expect(sample.status == 0, "\(sample.stderr)")
        for (k, expected) in sample.csv.rows.enumerated() {
            for node in 1...3 {
                // Scene rows: time, then x, y; one row per layer per time (a, b, c).
                let row = rows[k * 3 + node - 1]
                // To 1e-13 of the motion (200 points): the scene reaches the same times as t − 0.1.
                #expect(abs(row[1] - expected[1 + 2 * node]) <= 2e-11, "t \(expected[0]) node \(node)")
                #expect(abs(row[2] - expected[2 + 2 * node]) <= 2e-11, "t \(expected[0]) node \(node)")
            }
        }
    }

    @Test("addNetwork errors name the key")
    func errors() throws {
        let scene = """
            {"layers": [{"name": "a", "values": {"position": [0, 0]}}],
             "actions": [{"time": 0, "addNetwork": {"layers": ["a"], "key": "f", "keyPath": "position",
                          "springNetwork": \(Self.network)}}]}
            """
        let run = try CLIRun.run(["scene", scene])
        #expect(run.status != 0 && run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix(
                "harmonic: actions[0].addNetwork.layers = 1 entries is invalid: must be one a node (4)"))
        let missing = scene.replacingOccurrences(of: #""layers": ["a"]"#, with: #""layers": [null, "a", "zz", null]"#)
        let other = try CLIRun.run(["scene", missing])
        #expect(other.stderr.hasPrefix("harmonic: actions[0].addNetwork.layers[2] = \"zz\""), "\(other.stderr)")
    }
}
