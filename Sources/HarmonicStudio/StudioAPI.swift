import FlyingFox
import Foundation
import HarmonicCommandLine
import Synchronization

/// The JSON API: `POST /api/COMMAND` runs `harmonic COMMAND` in the server's process
/// (``HarmonicCommand/runCaptured(_:)``) and answers with its output — the same bytes the tool
/// writes — or with `{"error": "…"}` and the tool's one-line message.
///
/// | status | when |
/// |---|---|
/// | 200 | the command's output (CSV, JSON, SVG, PNG or text, by command and `--format`) |
/// | 400 | the body, the spec or an option is wrong, or the command refuses its input |
/// | 404 | no such command |
/// | 413 | a body over ``StudioLimits/requestBytes`` |
/// | 503 | ``StudioLimits/concurrentCommands`` commands are running and ``StudioLimits/waitingCommands`` waiting |
final class StudioAPI: Sendable {
    private let slots = CommandSlots()

    /// The response to `POST /api/COMMAND`.
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        do throws(StudioError) {
            let command = String(request.path.dropFirst("/api/".count))
            let body = try await Self.body(of: request)
            let call = try StudioRequest(command: command, body: body)
            let (run, elapsed) = try await runCommand(call.arguments)
            let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
            guard run.status == 0 else { throw .badRequest(run.message ?? "the command failed") }
            guard run.output.count <= StudioLimits.responseBytes else {
                throw .badRequest(
                    "output: \(run.output.count) bytes, more than the API's \(StudioLimits.responseBytes) "
                        + "(ask for fewer samples)")
            }
            return HTTPResponse(
                statusCode: .ok,
                headers: [
                    .contentType: call.contentType(), .cacheControl: "no-store",
                    // The command's time in the server, for the page's status line and the tests.
                    HTTPHeader("Server-Timing"): "run;dur=\(String(format: "%.2f", milliseconds))",
                ],
                body: Data(run.output))
        } catch {
            return Self.failure(error)
        }
    }

    /// `{"error": "…"}` with the error's status.
    static func failure(_ error: StudioError) -> HTTPResponse {
        let text =
            (try? JSONSerialization.data(withJSONObject: ["error": error.message], options: [.sortedKeys]))
            ?? Data("{\"error\": \"failed\"}".utf8)
        var headers: HTTPHeaders = [.contentType: "application/json", .cacheControl: "no-store"]
        if case .busy = error { headers[HTTPHeader("Retry-After")] = "1" }
        return HTTPResponse(
            statusCode: HTTPStatusCode(error.status, phrase: phrase(error.status)), headers: headers, body: text)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 404: "Not Found"
        case 413: "Content Too Large"
        default: "Service Unavailable"
        }
    }

    /// The request's body, refused past ``StudioLimits/requestBytes`` — by its declared length
    /// before reading, or as it arrives.
    static func body(of request: HTTPRequest) async throws(StudioError) -> Data {
        let limit = StudioLimits.requestBytes
        let tooLarge = StudioError.tooLarge("body: more than \(limit) bytes")
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { throw tooLarge }
        var data = Data()
        do {
            for try await chunk in request.bodySequence {
                data.append(chunk)
                if data.count > limit { throw tooLarge }
            }
        } catch let error as StudioError {
            throw error
        } catch {
            throw .badRequest("body: could not be read (\(error))")
        }
        return data
    }

    /// Runs a command on a thread of its own (the commands are synchronous and bounded by the
    /// tool's work budget) once a slot is free, or refuses when the queue is full.
    /// Returns the run and the time it took (its own, not the wait for a slot).
    func runCommand(_ arguments: [String]) async throws(StudioError) -> (CapturedRun, Duration) {
        guard await slots.acquire() else {
            throw .busy(
                "busy: \(StudioLimits.concurrentCommands) commands are running and "
                    + "\(StudioLimits.waitingCommands) waiting; try again")
        }
        let started = ContinuousClock.now
        let run = await Self.onThread(arguments)
        let elapsed = ContinuousClock.now - started
        await slots.release()
        return (run, elapsed)
    }

    /// A captured run on a new thread, awaited.
    static func onThread(_ arguments: [String]) async -> CapturedRun {
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: HarmonicCommand.runCaptured(arguments)) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
