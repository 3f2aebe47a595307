import ArgumentParser
import Harmonic
@testable import HarmonicCommandLine
@testable import HarmonicSpec

/// Command lines: one argument per input line. Parsing gives a command or an error whose
/// message the tool prints as one line; a parsed command's time grid resolves to finite,
/// ordered times or to a one-line error; its spec text parses or fails with one line.
///
/// Nothing runs: running would read files the fuzzer names and write output.
enum OptionsContract {
    static func check(_ text: String) {
        let arguments = ContractCheck.arguments(text)
        let command: any ParsableCommand
        do {
            command = try HarmonicCommand.parseAsRoot(arguments)
        } catch {
            let message = HarmonicCommand.message(for: error)
            if HarmonicCommand.exitCode(for: error) != .success {
                // The tool joins the lines of a parser message into one (HarmonicCommand.main).
                let joined = message.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
                    .filter { !$0.isEmpty }.joined(separator: " ")
                ContractCheck.requireOneLine(joined, context: "arguments \(arguments)")
            }
            return
        }
        switch command {
        case let sample as Sample:
            checkGrid(sample.grid)
            checkSpec(sample.spec)
        case let plot as Plot:
            checkGrid(plot.grid)
        case let scene as Scene:
            checkGrid(scene.grid)
        case let convert as Convert:
            if let tolerance = convert.tolerance {
                do throws(HarmonicError) {
                    try CSSLinearEasing.requireTolerance(tolerance)
                } catch {
                    ContractCheck.requireOneLine(error, context: "--tolerance")
                }
            }
            checkSpec(convert.spec)
        default:
            break
        }
    }

    /// The grid over a unit domain: finite, non-decreasing times, or a one-line error.
    private static func checkGrid(_ options: TimeGridOptions) {
        do throws(HarmonicError) {
            let times = try options.resolve(defaultDomain: 0...1)
            let n = times.count
            ContractCheck.require(n >= 1 && n <= TimeGrid.maximumCount, "grid of \(n) times")
            let probes = Set([0, 1, n / 2, n - 2, n - 1].filter { $0 >= 0 && $0 < n }).sorted()
            var previous = -Double.infinity
            for i in probes {
                let t = times[i]
                ContractCheck.require(t.isFinite, "time[\(i)] = \(t)")
                if case .list = times {
                } else {
                    ContractCheck.require(t >= previous, "grid time[\(i)] = \(t) before \(previous)")
                }
                previous = t
            }
        } catch {
            ContractCheck.requireOneLine(error, context: "time grid")
        }
    }

    /// Spec text given inline (files are not read here).
    private static func checkSpec(_ argument: String) {
        guard argument.drop(while: \.isWhitespace).first == "{" else { return }
        SpecContract.check(argument)
    }
}
