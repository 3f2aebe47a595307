import Foundation
import Testing

/// The README's ```console examples, run as written: each `$ harmonic …` line is a command
/// (through /bin/sh, as a reader would type it), and the lines after it are its exact output.
@Suite struct ReadmeConsoleTests {
    static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The commands of every console block with the output printed under them.
    static func examples() throws -> [(command: String, output: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var examples: [(String, String)] = []
        for block in text.components(separatedBy: "```console\n").dropFirst() {
            let body = block.components(separatedBy: "```").first ?? ""
            var command: String?
            var output: [String] = []
            for line in body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line.hasPrefix("$ ") {
                    if let command { examples.append((command, output.joined(separator: "\n"))) }
                    command = String(line.dropFirst(2))
                    output = []
                } else if command != nil, !line.isEmpty {
                    output.append(line)
                }
            }
            if let command { examples.append((command, output.joined(separator: "\n"))) }
        }
        return examples
    }

    @Test func everyConsoleExamplePrintsWhatTheReadmeShows() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 4)
        for (command, expected) in examples {
            #expect(command.hasPrefix("harmonic "), "\(command)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let binary = CLIRun.executable.path
            process.arguments = ["-c", "\"$HARMONIC\"" + command.dropFirst("harmonic".count)]
            process.environment = ["HARMONIC": binary, "PATH": "/usr/bin:/bin"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(command)")
            let printed = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
            #expect(printed == expected, "README: \(command)")
        }
    }
}
