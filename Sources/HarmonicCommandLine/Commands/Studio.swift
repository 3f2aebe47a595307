import ArgumentParser
import Harmonic

/// `harmonic studio`: serves the studio (the page and its JSON API) on the loopback interface
/// and prints its address; runs until interrupted.
struct Studio: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve Harmonic Studio: the page and a JSON API over these commands, on 127.0.0.1.",
        discussion: """
            The API: POST /api/COMMAND with {"spec": …, "args": […]} answers with what \
            'harmonic COMMAND SPEC ARGS…' writes (COMMAND: sample, settle, convert, plot, scene), \
            or HTTP 400 and {"error": "…"}. It reads and writes no files. Stop it with Ctrl-C.

            Example: harmonic studio --port 8765
            """
    )

    @Option(help: "The port (0: one the system chooses; the address is printed).")
    var port: Int = 8765

    @Option(help: "The IPv4 address to listen on; anything but 127.x.x.x is reachable from other machines.")
    var host: String = "127.0.0.1"

    func run() throws {
        try runReportingErrors(execute)
    }

    func execute() throws(HarmonicError) {
        guard (0...65535).contains(port) else {
            throw .invalidParameter(name: "--port", value: "\(port)", allowed: "0...65535")
        }
        guard let serve = HarmonicCommand.studio else {
            throw .invalidParameter(
                name: "studio", value: "not in this build", allowed: "the harmonic executable (it links the server)")
        }
        if !host.hasPrefix("127.") {
            FileDescriptor.report(
                "harmonic: warning: serving on \(host): other machines can reach the studio (it has no authentication)")
        }
        do {
            // Int: checked to be in 0...65535 above.
            try serve(host, UInt16(port)) { address in
                try? OutputSink.printLine("Harmonic Studio: \(address)")
            }
        } catch let error as HarmonicError {
            throw error
        } catch {
            throw .invalidParameter(
                name: "--host/--port", value: "\(host):\(port)", allowed: "an address to listen on (\(error))")
        }
    }
}

extension HarmonicCommand {
    /// The studio's server, supplied by the executable (`HarmonicStudio`'s `StudioServer.serve`):
    /// this library does not link it, so front ends that only parse commands stay small. Set
    /// once, before ``main()``.
    nonisolated(unsafe) public static var studio:
        ((_ host: String, _ port: UInt16, _ listening: @escaping @Sendable (String) -> Void) throws -> Void)?
}
