/// How Harmonic writes and reads numbers in CSS text.
///
/// Percentages are converted by moving the decimal point, never by multiplying or dividing by
/// 100 in binary: `fraction(percentageLiteral:)` reads `"9.7%"` as the double nearest to the
/// exact decimal 0.097, and `percentage(_:)` writes the shortest round-trip decimal of the
/// fraction with its point moved two places. So every fraction survives a trip through text.
package enum CSSNumber {
    /// The shortest decimal that reads back as the same `Double`, without a trailing `.0`
    /// (`0.25`, `1`, `-0.5`, `1e-07`; CSS accepts exponents): ``NumberText/text(_:)``.
    static func text(_ value: Double) -> String { NumberText.text(value) }

    /// `fraction` as a CSS percentage (`0.5` → `50%`, `0.097` → `9.7%`).
    package static func percentage(_ fraction: Double) -> String {
        let shortest = "\(fraction)"
        if let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }),
            // Int: parses text, giving nil rather than trapping on a bad exponent.
            let exponent = Int(shortest[shortest.index(after: e)...])
        {
            return String(shortest[..<e]) + "e" + String(exponent + 2) + "%"
        }
        var digits = shortest
        var sign = ""
        if digits.hasPrefix("-") { sign = "-"; digits.removeFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0])
        var fractional = parts.count > 1 ? String(parts[1]) : ""
        while fractional.count < 2 { fractional += "0" }
        var whole = integer + fractional.prefix(2)
        var rest = String(fractional.dropFirst(2))
        while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
        while rest.hasSuffix("0") { rest.removeLast() }
        let body = rest.isEmpty ? whole : whole + "." + rest
        return (body == "0" ? "" : sign) + body + "%"
    }

    /// The fraction a percentage literal (without its `%`) denotes: the decimal divided by 100
    /// exactly, then rounded once.
    static func fraction(percentageLiteral literal: String) -> Double? {
        if let e = literal.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            // Int: parses text, giving nil rather than trapping on a bad exponent.
            guard let exponent = Int(literal[literal.index(after: e)...]) else { return nil }
            return Double(String(literal[..<e]) + "e" + String(exponent - 2))
        }
        return Double(literal + "e-2")
    }
}
