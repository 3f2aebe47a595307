import ArgumentParser
import HarmonicPlatform
import Harmonic
import HarmonicSpec

/// `harmonic`: export and inspect Harmonic's curves from the command line.
public struct HarmonicCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "harmonic",
        abstract: "Sample, settle and export Core Animation-style motion curves.",
        discussion: """
            SPEC is a path to a JSON file, '-' for standard input, or the JSON text itself, \
            for example '{"spring": {"mass": 1, "stiffness": 100, "damping": 10}}'.
            """,
        version: HarmonicCommand.version,
        subcommands: [Sample.self, Settle.self, Convert.self, Plot.self, Scene.self, Lottie.self, Studio.self]
    )

    /// The tool's version (`harmonic --version`): ``HarmonicVersion/string``.
    public static var version: String { HarmonicVersion.string }

    public init() {}

    /// Parses and runs a command with the tool's error contract for command-line mistakes
    /// too: a misspelt option or a value outside a closed set (`--format xml`) is one line on
    /// standard error and exit status 1, not the usage text. `--help` still prints help.
    public static func main() {
        TemporaryFiles.removeOnInterrupt()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            // Already reported by the command (runReportingErrors).
            terminate(code.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            let lines = message(for: error).split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
            let text = lines.filter { !$0.isEmpty }.joined(separator: " ")
            FileDescriptor.report("harmonic: \(text)")
            terminate(1)
        }
    }
}

/// Runs a command body, turning Harmonic's validation errors into the tool's error contract:
/// one line on standard error and exit status 1, with nothing written to the output.
func runReportingErrors(_ body: () throws(HarmonicError) -> Void) throws {
    do {
        try body()
    } catch {
        FileDescriptor.report("harmonic: \(error.description)")
        throw ExitCode(1)
    }
}

/// Ends the process with `status` (the C library's `exit`, which the command types' own
/// `exit` members would shadow).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
