// Only the JSON decoder: FoundationEssentials where it exists (Linux), which the argument
// parser loads anyway, rather than all of Foundation and its ICU data.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Harmonic

/// A parsed JSON document, kept as a tree so the spec reader can reject unknown keys and
/// report the exact path of a bad value (`spring.stiffness`).
package enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text.
    ///
    /// - Throws: ``HarmonicError/syntax(language:text:offset:expected:)`` for malformed JSON.
    package static func parse(_ text: String) throws(HarmonicError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        } catch {
            var reason = "well-formed JSON"
            if case let DecodingError.dataCorrupted(context) = error {
                // The decoder's generic "not valid JSON" adds nothing; a specific cause does.
                if let underlying = context.underlyingError { reason += " (\(underlying))" }
            }
            throw .syntax(language: "JSON spec", text: Self.excerpt(text), offset: nil, expected: reason)
        }
    }

    /// A short one-line excerpt of `text` for error messages.
    package static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 60 ? String(line.prefix(57)) + "..." : line
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Order matters: JSON true/false must not be read as numbers.
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A compact rendering used in error messages.
    package var summary: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return "\(b)"
        case let .number(n): return "\(n)"
        case let .string(s): return "\"\(s)\""
        case let .array(a): return "[" + a.map(\.summary).joined(separator: ", ") + "]"
        case .object: return "{…}"
        }
    }
}
