/// The one error type Harmonic throws.
///
/// Harmonic validates a description once, when a value is built from it (a spring from its
/// parameters, a timing function from CSS text, a keyframe track from its values), and never
/// again: evaluating a valid value cannot fail. Every error therefore carries what a user needs
/// to fix the input: which parameter, the value that was given, and what is allowed.
///
/// `description` is a single line suitable for a command-line message, for example
/// `stiffness = -1 is invalid: must be finite and > 0`.
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
        switch self {
        case let .invalidParameter(name, value, allowed):
            return "\(name) = \(value) is invalid: must be \(allowed)"
        case let .syntax(language, text, offset, expected):
            let place = offset.map { " at offset \($0)" } ?? ""
            return "invalid \(language)\(place) in \"\(text)\": expected \(expected)"
        case let .conflict(parameters, reason):
            return "\(parameters.joined(separator: " and ")) cannot be combined: \(reason)"
        }
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
