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
            #expect(
                Self.agree(printed: printed, shown: expected), "README: \(command)\n\(printed)\n≠\n\(expected)")
        }
    }

    @Test func aNumberMayDifferInItsLastPlaceAndNothingElseMay() {
        let shown = "0.5,-0.5134488162967943,-0.1886348128024543"
        #expect(Self.agree(printed: "0.5,-0.5134488162967945,-0.1886348128024543", shown: shown))
        #expect(!Self.agree(printed: "0.5,-0.5134488162967953,-0.1886348128024543", shown: shown))
        #expect(!Self.agree(printed: "0.5;-0.5134488162967943,-0.1886348128024543", shown: shown))
        #expect(!Self.agree(printed: "0.5,-0.5134488162967943", shown: shown))
        #expect(!Self.agree(printed: "time,value", shown: "time,values"))
    }

    /// Whether printed output is what the README shows: the same text, except that a number may
    /// differ from the one shown by at most 4 units in its last place.
    ///
    /// Why the slack: a spring network's modes come from LAPACK through OpenBLAS, which picks its
    /// kernels for the CPU it runs on (with fused multiply–adds on Haswell and later, without on
    /// Sandybridge and earlier), and the two round differently in the last bit or two. Setting
    /// `OPENBLAS_CORETYPE=Sandybridge` moves the README's network example from
    /// `-0.5134488162967943` to `-0.5134488162967945`. Everything else — every character that is
    /// not part of a number, and each number to 4 ulps — must match.
    static func agree(printed: String, shown: String) -> Bool {
        let a = tokens(printed)
        let b = tokens(shown)
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            guard let u = Double(x), let v = Double(y), u.isFinite, v.isFinite else { return false }
            let unit = max(u.magnitude, v.magnitude).ulp
            if (u - v).magnitude > 4 * unit { return false }
        }
        return true
    }

    /// The text cut into numbers and the runs between them.
    static func tokens(_ text: String) -> [Substring] {
        var tokens: [Substring] = []
        var start = text.startIndex
        var inNumber = false
        for index in text.indices {
            let character = text[index]
            let numeric =
                character.isNumber || character == "." || character == "-" || character == "e"
                || character == "+"
            if numeric != inNumber, index != start {
                tokens.append(text[start..<index])
                start = index
            }
            inNumber = numeric
        }
        if start < text.endIndex { tokens.append(text[start...]) }
        return tokens
    }
}
