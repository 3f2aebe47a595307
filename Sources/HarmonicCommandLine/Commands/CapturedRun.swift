import ArgumentParser
import Harmonic
import Synchronization

import HarmonicPlatform

/// A command run inside the process — what `harmonic` would write to standard output, and the
/// one-line message it would write to standard error — for front ends that serve the tool's
/// commands (the studio's JSON API) without starting a process per request.
public struct CapturedRun: Sendable {
    /// 0 when the command succeeded, 1 when it refused its input.
    public var status: Int32
    /// Its standard output.
    public var output: [UInt8]
    /// The one-line message of a refusal (what `harmonic` prints after `harmonic: `).
    public var message: String?
}

/// Where a captured run's output and diagnostics go: a temporary file of the run's own
/// (unlinked as soon as it is made, so nothing is left on disk) and a list of lines.
final class CommandCapture: Sendable {
    let descriptor: Int32
    private let lines = Mutex<[String]>([])

    init() throws(HarmonicError) {
        var template = Array((CommandCapture.temporaryFolder + "/harmonic-run-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .invalidParameter(
                name: "temporary folder", value: CommandCapture.temporaryFolder,
                allowed: "writable (\(SystemFailure.current.reason))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit { _ = close(descriptor) }

    /// `TMPDIR`, or `/tmp`.
    static var temporaryFolder: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    func report(_ line: String) { lines.withLock { $0.append(line) } }

    var reported: [String] { lines.withLock { $0 } }

    /// Everything written so far.
    func output() -> [UInt8] {
        lseek(descriptor, 0, SEEK_SET)
        return (try? FileDescriptor.readAll(descriptor)) ?? []
    }
}

extension HarmonicCommand {
    /// The capture of the run in progress on this task (nil: the process's own streams).
    @TaskLocal static var capture: CommandCapture?

    /// Runs `arguments` (as after `harmonic` on a command line) inside this process and returns
    /// what it wrote: the same bytes and the same one-line refusals as the tool, `--help` and
    /// `--version` included. Options that name files (`--output`, `--frames`, …) write those
    /// files, as the tool does: a caller that must not touch the file system refuses them
    /// first.
    public static func runCaptured(_ arguments: [String]) -> CapturedRun {
        let capture: CommandCapture
        do throws(HarmonicError) { capture = try CommandCapture() } catch {
            return CapturedRun(status: 1, output: [], message: error.description)
        }
        return $capture.withValue(capture) {
            func refusal(_ text: String) -> CapturedRun {
                let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }
                return CapturedRun(status: 1, output: [], message: lines.filter { !$0.isEmpty }.joined(separator: " "))
            }
            do {
                var command = try parseAsRoot(arguments)
                try command.run()
                return CapturedRun(status: 0, output: capture.output(), message: nil)
            } catch is ExitCode {
                // Reported by the command (runReportingErrors), into the capture.
                let line = capture.reported.last ?? "harmonic: failed"
                return refusal(line.hasPrefix("harmonic: ") ? String(line.dropFirst(10)) : line)
            } catch {
                if exitCode(for: error) == .success {
                    return CapturedRun(status: 0, output: Array((fullMessage(for: error) + "\n").utf8), message: nil)
                }
                return refusal(message(for: error))
            }
        }
    }
}
