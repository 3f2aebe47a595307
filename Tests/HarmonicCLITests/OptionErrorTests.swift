import Foundation
import Testing

/// Command-line mistakes follow the tool's error contract: one line on standard error, exit
/// status 1, nothing on standard output; a negative number is a value, not an option.
@Suite("option errors")
struct OptionErrorTests {
    @Test(arguments: [
        (["sample", #"{"spring": {}}"#, "--format", "xml"], "'xml' is invalid for '--format"),
        (["sample", #"{"spring": {}}"#, "--bogus"], "Unknown option '--bogus'"),
        (["sample", #"{"spring": {}}"#, "--count", "-5"], "--count = -5 is invalid"),
        (["sample", #"{"spring": {}}"#, "--fps", "-1"], "--fps = -1.0 is invalid"),
        (["settle", #"{"spring": {}}"#, "--exact", "--epsilon", "-1"], "epsilon"),
        (["scene", "{}", "--format", "yaml"], "'yaml' is invalid for '--format"),
    ])
    func oneLine(arguments: [String], message: String) throws {
        let run = try CLIRun.run(arguments)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("harmonic: "), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func negativeTimesAreValues() throws {
        let run = try CLIRun.run(["sample", #"{"spring": {}}"#, "--times", "-0.5,0", "--start", "-1"])
        #expect(run.status == 1)  // a list and a grid together
        #expect(run.stderr.contains("--times"))
        let ok = try CLIRun.run(["sample", #"{"spring": {}}"#, "--start", "-1", "--end", "0", "--count", "3"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.csv.rows.map { $0[0] } == [-1, -0.5, 0])
    }

    @Test func helpStillPrintsHelp() throws {
        let run = try CLIRun.run(["sample", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: harmonic sample"))
        #expect(run.stdout.contains("csv") && run.stdout.contains("json"))
    }
}
