import Harmonic

/// A parsed JSON document (RFC 8259), kept as a tree so that a reader can reject unknown keys
/// and report the exact path of a bad value (`spring.stiffness`, `layers[3].ks.p.k[2].t`).
///
/// Numbers are `Double`s, read with correct rounding. An object keeps the last of repeated
/// names (RFC 8259, section 4, leaves them to the implementation).
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text (``JSONParser``).
    ///
    /// - Parameter language: What the text is, for the error message (`"JSON spec"`,
    ///   `"Lottie JSON"`).
    /// - Throws: ``/Harmonic/HarmonicError/syntax(language:text:offset:expected:)`` for
    ///   malformed JSON, naming the line and column of the first character that does not fit.
    package static func parse(_ text: String, language: String = "JSON spec") throws(HarmonicError) -> JSONValue {
        try JSONParser.parse(text, language: language)
    }

    /// A short one-line excerpt of `text` for error messages.
    package static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 60 ? String(line.prefix(57)) + "..." : line
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
