import Foundation
import Testing

/// Every subcommand's help shows an example, and the example runs.
@Suite("help examples")
struct HelpExampleTests {
    /// The example command line in a help text: the text after `harmonic ` on the line that
    /// follows an `Example` paragraph, split as a shell would split single-quoted words.
    static func example(in help: String) -> [String]? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("Example") }) else { return nil }
        guard let line = lines[start...].first(where: { $0.contains("harmonic ") }),
            let range = line.range(of: "harmonic ")
        else { return nil }
        var words: [String] = [], word = "", quoted = false, inWord = false
        for character in line[range.upperBound...] {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    @Test(arguments: ["sample", "settle", "convert", "plot", "scene", "lottie"])
    func exampleRuns(command: String) throws {
        let help = try CLIRun.run([command, "--help"])
        #expect(help.status == 0)
        var arguments = try #require(Self.example(in: help.stdout), "no example in \(command) --help")
        #expect(arguments.first == command)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        if let output = arguments.firstIndex(of: "--output") {
            arguments[output + 1] = directory.appendingPathComponent(arguments[output + 1]).path
        }
        let run = try CLIRun.run(arguments)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        #expect(!run.stdout.isEmpty || arguments.contains("--output"))
    }

    @Test func version() throws {
        let run = try CLIRun.run(["--version"])
        #expect(run.status == 0)
        let parts = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(run.stdout)")
    }
}
