import Foundation
import Testing

@testable import HarmonicCommandLine

/// Every command answers or refuses within its work budget (`WorkBudget`): a request past it is
/// refused at once, with one line naming what to lower, and nothing is written.
@Suite("work budgets")
struct WorkBudgetTests {
    @Test(
        "Requests past the budget are refused before any work, with one line and no file",
        arguments: [
            // 10⁸ rows of two CSV columns: 2·10⁸ units.
            (["sample", #"{"spring": {}}"#, "--count", "100000000"], "100000000 times × 2 csv columns"),
            // A keyframe track weighs 10: 4·10⁶ rows × 3 columns × 10.
            (
                ["sample", #"{"keyframes": {"values": [0, 1, 0]}}"#, "--count", "4000000", "--velocity"],
                "4000000 times × 3 csv columns"
            ),
            // JSON evaluates each column's pass over every component: 2·10⁶ × 33 columns × 32.
            (
                [
                    "sample",
                    #"{"css": "ease", "from": [0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0], "#
                        + #""to": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}"#,
                    "--count", "2000000", "--velocity", "--format", "json",
                ],
                "2000000 times × 33 json columns"
            ),
            (["plot", #"{"path": {"d": "M0 0 C0 100 100 100 100 0"}}"#, "--count", "300000"], "300000 times"),
            (["plot", #"{"spring": {}}"#, "--count", "3000000"], "3000000 times"),
        ])
    func refusedAtOnce(arguments: [String], asked: String) throws {
        let directory = try temporaryDirectory()
        let output = directory.appendingPathComponent(arguments[0] == "plot" ? "out.svg" : "out.csv").path
        let run = try CLIRun.run(arguments + ["--output", output])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix("harmonic: samples = \(asked) is invalid: must be a request within"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("A scene past its row or evaluation budget is refused")
    func sceneBudgets() throws {
        let scene = #"""
            {"layers": [{"name": "a", "values": {"opacity": 1}}],
             "actions": [{"time": 0, "add": {"layer": "a", "key": "f", "animation":
                 {"keyPath": "opacity", "from": 0, "to": 1, "timing": {"duration": 1}}}}],
             "record": [{"layer": "a", "keyPath": "opacity"}, {"layer": "a", "keyPath": "position"}]}
            """#
        // 300,000 times × 2 recorded key paths = 600,000 rows > 500,000.
        let rows = try CLIRun.run(["scene", scene, "--count", "300000"])
        #expect(rows.status == 1)
        #expect(rows.stderr.contains("300000 times × 2 recorded key paths"), "\(rows.stderr)")
        // Within it: 200,000 × 2 rows.
        let kept = try CLIRun.run(["scene", scene, "--count", "200000"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.split(separator: "\n").count == 400_001)
    }

    @Test("Within the budget, the largest requests still answer")
    func withinTheBudget() throws {
        // 5·10⁷ units: a keyframe track's 10 × 3 columns × 1.6 million rows.
        let run = try CLIRun.run([
            "sample", #"{"keyframes": {"values": [0, 1, 0]}}"#, "--count", "1600000", "--velocity",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 1_600_001)
    }

    @Test("The two reproductions of the reliability report answer with a finite plot and a one-line error")
    func reproductions() throws {
        let directory = try temporaryDirectory()
        let svg = directory.appendingPathComponent("p.svg").path
        let plot = try CLIRun.run([
            "plot",
            #"{"cubicBezier":[0.42,0,0.58,1e308],"timing":{"duration":2,"repeatCount":2,"autoreverses":true,"#
                + #""fillMode":"both"},"from":[0,0],"to":[200,50]}"#,
            "--output", svg,
        ])
        #expect(plot.status == 0, "\(plot.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(!text.lowercased().contains("nan") && !text.contains("inf"))
        for last in ["1e-320", "2.5e-5"] {
            let convert = try CLIRun.run([
                "convert",
                #"{"keyframes":{"values":[0,10,5,\#(last)],"calculationMode":"cubicPaced","#
                    + #""parameterization":"centripetal"}}"#,
                "--to", "css",
            ])
            #expect(convert.status == 1)
            #expect(convert.stderr.hasPrefix("harmonic: "))
            #expect(convert.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("A series of thousands of runs is thinned to the vertex budget, keeping each kept run's ends")
    func thinning() {
        let runs = (0..<30_000).map { r in (0..<5).map { (Double(r), Double($0)) } }
        let thinned = PolylineSimplification.thin(runs)
        let total = thinned.reduce(0) { $0 + $1.count }
        #expect(total <= PolylineSimplification.maximumVertices)
        #expect(thinned.first?.first?.0 == 0)
        #expect(thinned.allSatisfy { $0.count >= 2 && $0.last?.1 == 4 })
        // A series within the budget is unchanged.
        let small = [[(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)]]
        #expect(PolylineSimplification.thin(small).map { $0.map(\.0) } == [[0, 1, 2]])
    }
}
