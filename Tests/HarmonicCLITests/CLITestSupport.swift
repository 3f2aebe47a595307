import Foundation
import Testing

/// Runs the built `harmonic` executable and captures what it did.
///
/// The binary is found through `HARMONIC_BIN` (set by the Makefile to
/// `$(swift build --show-bin-path)/harmonic`) or, failing that, next to the test bundle.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String

    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["HARMONIC_BIN"] {
            return URL(fileURLWithPath: path)
        }
        // swift test puts the test bundle and the executables in the same build folder.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("harmonic")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/harmonic")
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: String? = nil) throws -> CLIRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read before waiting so a large output cannot fill the pipe and deadlock.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The CSV output parsed into a header and rows of numbers.
    var csv: (header: [String], rows: [[Double]]) {
        let lines = stdout.split(separator: "\n").map(String.init)
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double(String($0)) } }
        return (header, rows)
    }
}

extension CLIRun {
    /// The columns of `harmonic sample --format json` output. The numbers are parsed with
    /// `Double(_:)` (correctly rounded) rather than JSONSerialization, whose number parsing
    /// can be off by an ulp, so round-trip precision can be checked exactly.
    static func jsonColumns(_ text: String) -> [String: [Double]]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            return nil
        }
        var columns: [String: [Double]] = [:]
        for key in object.keys {
            guard let start = text.range(of: "\"\(key)\": [") else { return nil }
            let rest = text[start.upperBound...]
            guard let end = rest.firstIndex(of: "]") else { return nil }
            columns[key] = rest[..<end].split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
        }
        return columns
    }
}

/// A fresh temporary directory for output files.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("harmonic-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
