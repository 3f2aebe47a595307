/// The one error type Harmonic throws.
///
/// Harmonic validates a description once, when a value is built from it (a spring from its
/// parameters, a timing function from CSS text, a keyframe track from its values), and never
/// again: evaluating a valid value cannot fail. Every error therefore carries what a user needs
/// to fix the input: which parameter, the value that was given, and what is allowed.
///
/// `description` is a single line suitable for a command-line message, for example
/// `stiffness = -1 is invalid: must be finite and > 0`. What it echoes of the input (names,
/// values, text) is kept short and on one line: control characters are escaped (`\n`) and
/// anything longer than ``echoLimit`` characters is shortened around the part that matters.
public enum HarmonicError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A numeric or enumerated parameter is outside its allowed range.
    ///
    /// - Parameters:
    ///   - name: The parameter's name as the API or the spec format spells it (`damping`,
    ///     `keyTimes[2]`, `cubicBezier[0]`).
    ///   - value: The offending value, rendered as text.
    ///   - allowed: What would have been accepted (`finite and > 0`).
    case invalidParameter(name: String, value: String, allowed: String)

    /// Text in a small language (CSS easing functions, SVG path data, JSON specs) does not parse.
    ///
    /// - Parameters:
    ///   - language: What was being parsed (`CSS easing function`, `SVG path data`).
    ///   - text: The input, or the part of it that failed.
    ///   - offset: The character offset of the failure in the original input, when known.
    ///   - expected: What the parser expected at that point.
    case syntax(language: String, text: String, offset: Int?, expected: String)

    /// Two or more parameters are individually valid but cannot be used together
    /// (for example `repeatCount` and `repeatDuration` both set).
    case conflict(parameters: [String], reason: String)

    public var description: String {
        // What the user wrote is echoed (shortened); what Harmonic says is only kept on one line.
        let echo = Self.echo, line = Self.escaped
        switch self {
        case let .invalidParameter(name, value, allowed):
            return "\(echo(name, nil)) = \(echo(value, nil)) is invalid: must be \(line(allowed))"
        case let .syntax(language, text, offset, expected):
            let place = offset.map { " at offset \($0)" } ?? ""
            return "invalid \(line(language))\(place) in \"\(echo(text, offset))\": expected \(line(expected))"
        case let .conflict(parameters, reason):
            return "\(parameters.map { echo($0, nil) }.joined(separator: " and ")) cannot be combined: \(line(reason))"
        }
    }

    /// The most characters of one piece of input a message repeats.
    public static let echoLimit = 80

    /// `text` as a message repeats it: on one line (newlines, tabs and other control
    /// characters escaped as `\n`, `\t`, `\u{1B}`) and at most about ``echoLimit``
    /// characters — a longer text keeps its start and end (or, given the character `offset`
    /// of a syntax error, the stretch around it) and says how long it was.
    static func echo(_ text: String, _ offset: Int?) -> String {
        let characters = Array(text)
        guard characters.count > echoLimit else { return escaped(text) }
        let shown: String
        if let offset, offset > echoLimit / 2 {
            let start = Swift.min(offset - echoLimit / 2, characters.count - echoLimit)
            let end = Swift.min(start + echoLimit, characters.count)
            shown = "…" + escaped(String(characters[start..<end])) + (end < characters.count ? "…" : "")
        } else {
            let head = echoLimit * 3 / 4
            shown =
                escaped(String(characters[..<head])) + "…"
                + escaped(String(characters[(characters.count - (echoLimit - head))...]))
        }
        return shown + " (\(characters.count) characters)"
    }

    /// `text` with its control characters escaped, so that it stays on one line.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension HarmonicError {
    /// Renders a `Double` the way the error messages show it: shortest round-trip text,
    /// with `nan`, `inf` and `-inf` spelled out.
    @inlinable
    static func text(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return "\(value)"
    }

    /// Checks that `value` is finite and satisfies `isAllowed`, throwing
    /// ``invalidParameter(name:value:allowed:)`` otherwise.
    ///
    /// - Parameters:
    ///   - value: The user-supplied number.
    ///   - name: The parameter name used in the message.
    ///   - allowed: A description of the allowed range, without the word "finite"
    ///     (for example `"> 0"`); "finite and" is prefixed automatically, and an empty
    ///     string means any finite value.
    ///   - isAllowed: The range test; only called for finite values.
    /// - Returns: `value`, so the call can be used inline.
    @discardableResult
    public static func require(
        _ value: Double, named name: String, _ allowed: String = "",
        _ isAllowed: (Double) -> Bool = { _ in true }
    ) throws(HarmonicError) -> Double {
        guard value.isFinite, isAllowed(value) else {
            let rule = allowed.isEmpty ? "finite" : "finite and \(allowed)"
            throw .invalidParameter(name: name, value: text(value), allowed: rule)
        }
        return value
    }
}
