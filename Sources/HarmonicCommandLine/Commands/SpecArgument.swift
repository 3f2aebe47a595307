import Harmonic
import HarmonicSpec

/// Reading the `SPEC` and `SCENE` arguments of the commands: a path, `-` for standard input,
/// or the JSON text itself.
extension Spec {
    /// The longest spec or scene text read, 32 MiB. Parsed JSON takes about 35 times its
    /// text (a 5 MB track of a million keyframes needs 177 MB), so the limit keeps memory
    /// near a gigabyte; an endless input (`/dev/zero`) is refused after this much.
    static let maximumTextBytes = 32 << 20

    /// Reads the spec argument: `-` for standard input, JSON text if it starts with `{`,
    /// otherwise a file path. Errors name the argument `name` (`SPEC`, `SCENE`).
    static func text(ofArgument argument: String, name: String = "SPEC") throws(HarmonicError) -> String {
        let bytes: [UInt8]
        if argument == "-" {
            do throws(SystemFailure) {
                bytes = try FileDescriptor.readAll(FileDescriptor.standardInput, limit: maximumTextBytes)
            } catch {
                throw .invalidParameter(
                    name: name, value: argument, allowed: "readable standard input (\(error.reason))")
            }
        } else if argument.drop(while: \.isWhitespace).first == "{" {
            bytes = Array(argument.utf8)
        } else {
            guard let data = try? FileDescriptor.contents(ofFile: argument, limit: maximumTextBytes) else {
                throw .invalidParameter(
                    name: name, value: argument,
                    allowed: "a readable JSON file, '-' for standard input, or JSON text")
            }
            bytes = data
        }
        guard bytes.count <= maximumTextBytes else {
            let source = argument == "-" ? "standard input" : argument
            throw .invalidParameter(
                name: name, value: "\(source) of more than \(maximumTextBytes) bytes",
                allowed: "at most 32 MiB (\(maximumTextBytes) bytes) of JSON")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Loads and parses the spec argument.
    static func load(_ argument: String) throws(HarmonicError) -> Spec {
        try parse(text(ofArgument: argument))
    }
}
