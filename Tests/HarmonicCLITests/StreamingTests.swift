import Foundation
import Testing

/// Long exports: JSON and CSV stream the same numbers, and progress goes to standard error
/// only when it is a terminal.
@Suite("Streaming exports")
struct StreamingTests {
    @Test("JSON columns equal the CSV rows, for a vector spec with velocity")
    func jsonMatchesCSV() throws {
        let spec = #"{"spring": {"stiffness": 300, "damping": 12}, "from": [0, 5], "to": [100, -5]}"#
        let grid = ["--start", "0", "--end", "2", "--count", "5001", "--velocity"]
        let csv = try CLIRun.run(["sample", spec, "--format", "csv"] + grid)
        let json = try CLIRun.run(["sample", spec, "--format", "json"] + grid)
        #expect(csv.status == 0 && json.status == 0, "\(csv.stderr)\(json.stderr)")
        // Parse the numbers with Double(_:) (Foundation's JSON parser does not round-trip
        // every double on Linux), column by column.
        var object: [String: [Double]] = [:]
        for line in json.stdout.split(separator: "\n") where line.contains(": [") {
            let parts = line.split(separator: ":", maxSplits: 1)
            let name = parts[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
            let list = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " [],"))
            object[name] = list.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? .nan }
        }
        let (header, rows) = csv.csv
        #expect(header == ["time", "value.0", "value.1", "velocity.0", "velocity.1"])
        #expect(Set(object.keys) == Set(header))
        #expect(rows.count == 5001)
        for (c, name) in header.enumerated() {
            let column = try #require(object[name])
            let mismatches = zip(column, rows.map { $0[c] }).filter { $0 != $1 }.count
            #expect(column.count == rows.count && mismatches == 0, "\(name): \(mismatches) mismatches")
        }
    }

    @Test("Progress is shown on a terminal and never in a pipe")
    func progress() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("big.csv")
        let arguments = [
            "sample", #"{"spring": {}}"#, "--start", "0", "--end", "4", "--count", "200001", "--output", file.path,
        ]
        // Standard error is a pipe here: no progress line.
        let piped = try CLIRun.run(arguments)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty)
        // Under a pseudo-terminal (util-linux `script`), the meter runs and erases itself.
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "util-linux script is needed")
        let quoted = ([CLIRun.executable.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qec", quoted.joined(separator: " "), "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = Pipe()
        try process.run()
        let terminal = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.contains("harmonic: sampling 100% (200001 of 200001)"), "\(terminal.suffix(200))")
        #expect(terminal.hasSuffix("\r\u{1B}[K"))
        // The file is complete either way.
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 200_002)
        #expect(lines.last?.hasPrefix("4,") == true)
    }

    @Test("A failed export leaves neither the file nor a temporary beside it")
    func noPartialFile() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("out.csv")
        for arguments in [
            ["sample", #"{"spring": {"mass": 0}}"#, "--output", file.path],
            ["sample", #"{"spring": {}}"#, "--format", "xml", "--output", file.path],
            ["sample", #"{"spring": {}}"#, "--times", "0,x", "--output", file.path],
        ] {
            let run = try CLIRun.run(arguments)
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        }
    }
}
