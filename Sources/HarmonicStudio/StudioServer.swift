import FlyingFox
import FlyingSocks
import Foundation
import HarmonicCommandLine

/// `harmonic studio`: an HTTP server on one address — the loopback interface unless told
/// otherwise — serving the studio's page and its JSON API (``StudioAPI``). The page and
/// everything it loads are built into the binary: nothing is fetched from elsewhere, and the
/// server reads no files.
public struct StudioServer: Sendable {
    /// The IPv4 address to listen on (`127.0.0.1` by default).
    public let host: String
    /// The port (0: one the system chooses).
    public let port: UInt16

    public init(host: String = "127.0.0.1", port: UInt16 = 8765) {
        self.host = host
        self.port = port
    }

    /// Whether `host` is a loopback address (reachable from this machine only).
    public static func isLoopback(_ host: String) -> Bool {
        host.hasPrefix("127.")
    }

    /// Listens, calls `listening` with the page's address, and serves until the process ends.
    ///
    /// - Throws: when `host` is not an IPv4 address or the port cannot be bound.
    public func run(listening: @Sendable (String) -> Void) async throws {
        let address = try sockaddr_in.inet(ip4: host, port: port)
        let server = HTTPServer(address: address, timeout: StudioLimits.requestSeconds, logger: .disabled)
        let api = StudioAPI()
        await server.appendRoute("POST /api/*") { request in await api.respond(to: request) }
        await server.appendRoute("GET /api/version") { _ in
            HTTPResponse(
                statusCode: .ok, headers: [.contentType: "application/json"],
                body: Data("{\"version\": \"\(HarmonicCommand.version)\"}".utf8))
        }
        await server.appendRoute("GET /") { _ in
            HTTPResponse(
                statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: Data(StudioPage.index.utf8))
        }
        await server.appendRoute("*") { request in
            StudioAPI.failure(.notFound("no page \(request.method.rawValue) \(request.path)"))
        }
        let serving = Task { try await server.run() }
        try await server.waitUntilListening()
        var bound = port
        if case let .ip4(_, port)? = await server.listeningAddress { bound = port }
        listening("http://\(host):\(bound)/")
        try await serving.value
    }

    /// Serves from a synchronous caller (the tool's `studio` command) until the process ends.
    public static func serve(host: String, port: UInt16, listening: @escaping @Sendable (String) -> Void) throws {
        let failure = ErrorBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await StudioServer(host: host, port: port).run(listening: listening) } catch { failure.set(error) }
            done.signal()
        }
        done.wait()
        if let error = failure.get() { throw error }
    }
}

/// The error of a task, handed to a waiting thread.
private final class ErrorBox: @unchecked Sendable {
    // `@unchecked Sendable`: written once by the task before the semaphore is signalled, read
    // after the wait.
    private var error: (any Error)?
    func set(_ error: any Error) { self.error = error }
    func get() -> (any Error)? { error }
}
