import ArgumentParser
import Harmonic
@testable import HarmonicCommandLine
@testable import HarmonicSpec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole command lines, one argument per input line, run as the tool runs them: every
/// subcommand computes and writes its output, or stops with the one-line message the tool
/// prints and leaves no file behind. Output goes to a scratch folder of the fuzzing process
/// (under `$TMPDIR`) whatever file the command line names, and standard output to `/dev/null`;
/// written tables and images carry no non-finite number.
///
/// Inputs are never read from files or standard input: a spec or scene argument that is not
/// inline JSON is only parsed as options (``OptionsContract``).
enum CommandContract {
    /// The process's scratch folder (made once, with standard output sent to `/dev/null`).
    private static let scratch: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/harmonic-fuzz-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "cannot make a scratch folder")
        let null = open("/dev/null", O_WRONLY)
        precondition(null >= 0 && dup2(null, STDOUT_FILENO) >= 0, "cannot send standard output to /dev/null")
        close(null)
        return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }()

    static func check(_ text: String) {
        // A command line that does not parse is the options target's (its parser messages).
        let arguments = ContractCheck.arguments(text)
        guard let command = try? HarmonicCommand.parseAsRoot(arguments) else {
            OptionsContract.check(text)
            return
        }
        let output = scratch + "/output", particles = scratch + "/particles"
        unlink(output)
        unlink(particles)
        do throws(HarmonicError) {
            switch command {
            case var sample as Sample:
                guard isInline(sample.spec) else { return }
                sample.table.output = output
                try sample.execute()
            case var scene as Scene:
                guard isInline(scene.scene) else { return }
                scene.table.output = output
                if scene.events != nil { scene.events = scratch + "/events" }
                if scene.particles != nil { scene.particles = particles }
                try scene.execute()
            case var plot as Plot:
                guard isInline(plot.spec) else { return }
                // PNG rendering costs 100 times the chart; PlotContract samples it.
                if plot.resolvedFormat == .png { return }
                plot.output = output
                try plot.execute()
            case let convert as Convert:
                guard isInline(convert.spec) else { return }
                try convert.execute()
            case let settle as Settle:
                guard isInline(settle.spec) else { return }
                try settle.execute()
            default:
                return
            }
        } catch {
            ContractCheck.requireOneLine(error, context: "harmonic \(arguments)")
            ContractCheck.require(access(output, F_OK) != 0, "a failed command left \(output) behind: \(arguments)")
            ContractCheck.require(
                access(particles, F_OK) != 0, "a failed command left \(particles) behind: \(arguments)")
            return
        }
        for file in [output, particles] {
            if let written = try? String(contentsOfFile: file, encoding: .utf8) {
                ContractCheck.requireFiniteNumbers(written, "output of harmonic \(arguments)")
            }
        }
    }

    /// Inline JSON, which the tool reads from the argument itself (not a file name or `-`).
    private static func isInline(_ argument: String) -> Bool {
        argument.drop(while: \.isWhitespace).first == "{"
    }
}
