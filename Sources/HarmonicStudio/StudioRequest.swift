import Foundation
import HarmonicCommandLine

/// One API call: `POST /api/COMMAND` with the body `{"spec": …, "args": […]}` — the command's
/// spec (a JSON object, or JSON text) and its options as on the command line — turned into the
/// argument list of `harmonic COMMAND SPEC ARGS…`, or refused.
///
/// The API reads and writes no files: the spec must be JSON (never a path, never `-` for
/// standard input), and only the options below pass — those that choose samples, formats and
/// tolerances, and `--output -` (standard output, which becomes the response body). Options that
/// write files (`--events`, `--particles`, `--frames`, `--output FILE`) are refused by name.
struct StudioRequest: Equatable {
    /// The commands the API serves (`harmonic studio` itself is not one).
    static let commands: Set<String> = ["sample", "settle", "convert", "plot", "scene"]
    /// Options that take a value, and flags, that pass unchanged.
    static let valueOptions: Set<String> = [
        "--times", "--start", "--end", "--fps", "--count", "--format", "--epsilon", "--to", "--tolerance", "--scale",
        "--viewport", "--output", "--frame-at",
    ]
    static let flags: Set<String> = ["--velocity", "--exact", "--check"]

    /// The command line after `harmonic`.
    let arguments: [String]
    /// The format asked for (`--format`), if any.
    let format: String?

    /// The request for `command` from a JSON body.
    ///
    /// - Throws: ``StudioError`` (400) naming what is wrong: a body that is not a JSON object, a
    ///   missing or non-JSON spec, `args` that is not a list of strings, an option the API does
    ///   not pass.
    init(command: String, body: Data) throws(StudioError) {
        guard Self.commands.contains(command) else {
            throw .notFound("no command \(command) (the API has \(Self.commands.sorted().joined(separator: ", ")))")
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw StudioError.badRequest("body: a JSON object {\"spec\": …, \"args\": […]} is expected")
            }
            object = parsed
        } catch let error as StudioError {
            throw error
        } catch {
            throw .badRequest("body: not JSON (\(error.localizedDescription))")
        }
        for key in object.keys where key != "spec" && key != "args" {
            throw .badRequest("body: unknown key \"\(key)\" (spec and args are allowed)")
        }
        let spec: String
        switch object["spec"] {
        case let text as String:
            guard text.first(where: { !$0.isWhitespace }) == "{" else {
                throw .badRequest("spec: JSON text or an object is expected (the API reads no files)")
            }
            spec = text
        case let value as [String: Any]:
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
                let text = String(data: data, encoding: .utf8)
            else { throw .badRequest("spec: not representable as JSON") }
            spec = text
        case nil:
            throw .badRequest("spec: missing (the command's JSON spec or scene)")
        default:
            throw .badRequest("spec: JSON text or an object is expected")
        }
        let given: [String]
        switch object["args"] {
        case nil: given = []
        case let list as [Any]:
            given = try list.map { (item: Any) throws(StudioError) -> String in
                guard let text = item as? String else { throw .badRequest("args: a list of strings is expected") }
                return text
            }
        default: throw .badRequest("args: a list of strings is expected")
        }
        var arguments = [command, spec]
        var format: String?
        var output: String?
        var k = 0
        while k < given.count {
            var option = given[k], value: String?
            if let equals = option.firstIndex(of: "="), option.hasPrefix("--") {
                value = String(option[option.index(after: equals)...])
                option = String(option[..<equals])
            }
            if Self.flags.contains(option), value == nil {
                arguments.append(option)
            } else if Self.valueOptions.contains(option) {
                if value == nil {
                    guard k + 1 < given.count else { throw .badRequest("args: \(option) needs a value") }
                    k += 1
                    value = given[k]
                }
                let v = value ?? ""
                if option == "--output" {
                    guard v == "-" else {
                        throw .badRequest("args: --output \(v): the API writes no files (the response is the output)")
                    }
                    output = v
                }
                if option == "--format" { format = v }
                // One word, so that a value starting with '-' (a negative viewport) stays a value.
                arguments.append(option + "=" + v)
            } else if option.hasPrefix("-") {
                throw .badRequest("args: \(option) is not available through the API")
            } else {
                throw .badRequest("args: \"\(option)\" is not an option (the spec goes in \"spec\")")
            }
            k += 1
        }
        // `plot` needs an output: the response.
        if command == "plot", output == nil { arguments += ["--output", "-"] }
        self.arguments = arguments
        self.format = format
    }

    /// The response's content type for a command's output.
    func contentType() -> String {
        let command = arguments[0]
        switch (command, format) {
        case ("plot", "png"): return "image/png"
        case ("plot", _): return "image/svg+xml"
        case ("scene", _) where arguments.contains(where: { $0.hasPrefix("--frame-at=") }): return "image/svg+xml"
        case (_, "json"): return "application/json"
        case ("sample", _), ("scene", _):
            return arguments.contains("--check") ? "text/plain; charset=utf-8" : "text/csv; charset=utf-8"
        default: return "text/plain; charset=utf-8"
        }
    }
}
