import Foundation
import Testing

/// Output goes where the user pointed, and a write that fails is reported: one line, exit
/// status 1, no temporary file left behind, the destination as it was.
///
/// Devices are made in the test's own temporary directory (`mknod`, which needs root): a
/// character device 1,7 behaves as `/dev/full` (every write fails with ENOSPC) and 1,3 as
/// `/dev/null`.
@Suite("output destinations")
struct OutputDestinationTests {
    static let spring = #"{"spring": {}}"#
    static let scene = #"""
        {"layers": [{"name": "a", "values": {"opacity": 1}}],
         "actions": [{"time": 0, "set": {"layer": "a", "keyPath": "opacity", "value": 0}}]}
        """#
    static let isRoot = getuid() == 0

    /// A character device `major,minor` at `path` (the Linux encoding of small numbers).
    static func makeDevice(_ path: String, major: UInt32, minor: UInt32) throws {
        let device = dev_t((major << 8) | minor)
        guard mknod(path, S_IFCHR | 0o666, device) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }

    static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    /// Runs the tool with standard output opened onto `path`.
    static func run(_ arguments: [String], standardOutput path: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLIRun.executable
        process.arguments = arguments
        guard let out = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try out.close()
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }

    static func names(in directory: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    @Test(
        "A full standard output is an error for every command", .enabled(if: isRoot),
        arguments: [
            ["sample", spring], ["settle", spring], ["convert", spring, "--to", "swiftui"],
            ["convert", spring, "--to", "css"], ["scene", scene, "--count", "3"],
        ])
    func fullStandardOutput(arguments: [String]) throws {
        let dir = try temporaryDirectory()
        let full = dir.appendingPathComponent("full").path
        try Self.makeDevice(full, major: 1, minor: 7)
        let run = try Self.run(arguments, standardOutput: full)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("harmonic: ") && run.stderr.contains("No space left on device"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test("--output onto a device writes into it and keeps it a device", .enabled(if: isRoot))
    func deviceDestination() throws {
        let dir = try temporaryDirectory()
        let full = dir.appendingPathComponent("full").path, null = dir.appendingPathComponent("null").path
        try Self.makeDevice(full, major: 1, minor: 7)
        try Self.makeDevice(null, major: 1, minor: 3)
        let failed = try CLIRun.run(["sample", Self.spring, "--output", full])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("--output = \(full) is invalid") && failed.stderr.contains("No space left"))
        let written = try CLIRun.run(["sample", Self.spring, "--output", null])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(Self.isCharacterDevice(full) && Self.isCharacterDevice(null))
        #expect(try Self.names(in: dir) == ["full", "null"])
    }

    @Test("--output through a symbolic link writes the file it leads to; the link stays")
    func symbolicLink() throws {
        let dir = try temporaryDirectory()
        let target = dir.appendingPathComponent("real.csv"), link = dir.appendingPathComponent("link.csv")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.csv")
        let run = try CLIRun.run(["sample", Self.spring, "--count", "3", "--output", link.path])
        #expect(run.status == 0, "\(run.stderr)")
        let kind = try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("time,value\n0,0\n"))
        #expect(try Self.names(in: dir) == ["real.csv", "link.csv"])
    }

    @Test("Replacing a file keeps its permissions")
    func permissionsKept() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("private.csv")
        try "old\n".write(to: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let run = try CLIRun.run(["sample", Self.spring, "--count", "3", "--output", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("time,value\n"))
    }

    @Test("Every scene destination is checked before anything is written")
    func sceneDestinations() throws {
        let dir = try temporaryDirectory()
        let table = dir.appendingPathComponent("f.csv").path
        // A directory for --events: refused by name, nothing on standard output.
        let directory = try CLIRun.run(["scene", Self.scene, "--count", "3", "--events", dir.path + "/"])
        #expect(directory.status == 1)
        #expect(directory.stdout.isEmpty)
        #expect(directory.stderr.contains("--events = \(dir.path)/ is invalid"), "\(directory.stderr)")
        // A missing directory for --events: refused by name, no temporary file of --output left.
        let missing = try CLIRun.run([
            "scene", Self.scene, "--count", "3", "--output", table, "--events", dir.path + "/nodir/g.csv",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("--events = "), "\(missing.stderr)")
        // The same file twice: refused, and not written.
        let twice = try CLIRun.run([
            "scene", Self.scene, "--count", "3", "--output", table, "--events", dir.path + "/./f.csv",
        ])
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("--output and --events cannot be combined"), "\(twice.stderr)")
        #expect(try Self.names(in: dir).isEmpty)
    }

    @Test("An interrupted export leaves no temporary file", arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let dir = try temporaryDirectory()
        let process = Process()
        process.executableURL = CLIRun.executable
        process.arguments = [
            "sample", Self.spring, "--count", "30000000", "--output", dir.appendingPathComponent("big.csv").path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists (the export is under way), at most 20 s.
        let deadline = Date().addingTimeInterval(20)
        while try Self.names(in: dir).isEmpty, Date() < deadline { usleep(10_000) }
        #expect(try Self.names(in: dir).count == 1)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(try Self.names(in: dir).isEmpty)
    }
}

/// What a message repeats of the input stays short and on one line.
@Suite("message echoes")
struct MessageEchoTests {
    @Test func longKeysAreShortened() throws {
        let key = String(repeating: "k", count: 100_000)
        let run = try CLIRun.run(["sample", #"{"spring": {}, ""# + key + #"": 1}"#])
        #expect(run.status == 1)
        #expect(run.stderr.count < 400, "\(run.stderr.prefix(500))")
        #expect(run.stderr.contains("(100000 characters)"))
        #expect(run.stderr.contains("unknown key"))
    }

    @Test(arguments: [
        #"{"css": "ease\nfoo"}"#, #"{"path": {"d": "M0 0\nL 1 x"}}"#, #"{"css": "ease\tfoo\u001b"}"#,
    ])
    func controlCharactersAreEscaped(spec: String) throws {
        let run = try CLIRun.run(["sample", spec])
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\\n") || run.stderr.contains("\\t"), "\(run.stderr)")
    }

    @Test func aSyntaxErrorFarIntoLongTextShowsItsSurroundings() throws {
        let css = "cubic-bezier(0.1, 0.2, 0.3, 0.4)" + String(repeating: " ", count: 5_000) + "x"
        let run = try CLIRun.run(["sample", #"{"css": ""# + css + #""}"#])
        #expect(run.status == 1)
        #expect(run.stderr.count < 300)
        #expect(run.stderr.contains(" x (5033 characters)"), "\(run.stderr)")
    }
}
