import ArgumentParser
import Foundation
import Harmonic

/// `harmonic`: export and inspect Harmonic's curves from the command line.
@main
struct HarmonicCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harmonic",
        abstract: "Sample, settle and export Core Animation-style motion curves.",
        discussion: """
            SPEC is a path to a JSON file, '-' for standard input, or the JSON text itself, \
            for example '{"spring": {"mass": 1, "stiffness": 100, "damping": 10}}'.
            """,
        subcommands: [Sample.self, Settle.self, Convert.self, Plot.self, Scene.self]
    )
}

/// Runs a command body, turning Harmonic's validation errors into the tool's error contract:
/// one line on standard error and exit status 1, with nothing written to the output.
func runReportingErrors(_ body: () throws(HarmonicError) -> Void) throws {
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("harmonic: \(error.description)\n".utf8))
        throw ExitCode(1)
    }
}
