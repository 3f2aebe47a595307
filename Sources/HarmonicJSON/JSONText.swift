/// JSON text written by the formats: string literals, and an animation's `userInfo` as a
/// compact object.
package enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259,
    /// section 7).
    package static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `{"key":"value",…}` with the keys sorted (an event's `userInfo`).
    package static func object(_ tags: [String: String]) -> String {
        "{" + tags.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + quoted($0.value) }.joined(separator: ",")
            + "}"
    }
}
