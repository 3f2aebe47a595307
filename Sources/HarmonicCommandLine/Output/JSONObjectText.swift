import HarmonicSpec
import HarmonicJSON
/// A JSON object printed with its members in a chosen order, on one line, numbers in
/// round-trip precision: what `harmonic convert` prints.
struct JSONObjectText {
    enum Member {
        case number(Double)
        case integer(Int)
        case string(String)
        case object(JSONObjectText)
    }

    private(set) var members: [(key: String, value: Member)] = []

    mutating func add(_ key: String, _ value: Double) { members.append((key, .number(value))) }
    mutating func add(_ key: String, _ value: Int) { members.append((key, .integer(value))) }
    mutating func add(_ key: String, _ value: String) { members.append((key, .string(value))) }
    mutating func add(_ key: String, _ value: JSONObjectText) { members.append((key, .object(value))) }

    var text: String {
        "{" + members.map { "\(Self.quoted($0.key)): \(Self.render($0.value))" }.joined(separator: ", ") + "}"
    }

    static func render(_ member: Member) -> String {
        switch member {
        case let .number(x): return SampleWriter.text(x)
        case let .integer(n): return "\(n)"
        case let .string(s): return quoted(s)
        case let .object(o): return o.text
        }
    }

    /// A JSON string literal (``/HarmonicJSON/JSONText/quoted(_:)``).
    static func quoted(_ s: String) -> String { JSONText.quoted(s) }
}
