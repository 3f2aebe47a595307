import Harmonic
import HarmonicJSON

/// Reads a timing function wherever the spec format accepts one: the top-level
/// `timingFunction` key, and each entry of a keyframe track's `timingFunctions`.
///
/// Accepted forms:
///
/// - a Core Animation name: `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInEaseOut"`, `"default"`;
/// - any CSS `<easing-function>` text: `"ease-in-out"`, `"cubic-bezier(0.3, 0, 0.2, 1.4)"`,
///   `"steps(4, jump-start)"`, `"linear(0, 0.8 40%, 1)"`;
/// - four numbers, the control points of a cubic Bézier: `[0.25, 0.1, 0.25, 1]`;
/// - an object with one key, `{"cubicBezier": [x1, y1, x2, y2]}` or `{"css": "…"}`;
/// - a spring over a fixed span, `{"spring": {…}, "duration": 0.8}`: the spring object takes
///   every parameterisation of the `spring` curve (``SpringSpec``) and `initialVelocity`;
///   progress 0…1 spans `duration` seconds of spring time, by default the spring's settling
///   duration (``SpringTimingFunction``). The output is `CASpringAnimation`'s unit progress,
///   so it overshoots for a bouncy spring and is not exactly 1 at the end.
///
/// Errors name the value's path in the spec (`keyframes.timingFunctions[1]`).
package enum TimingFunctionSpec {
    package static func parse(_ value: JSONValue, name: String) throws(HarmonicError) -> any TimingFunction {
        switch value {
        case let .string(text):
            if let named = MediaTimingFunctionName(rawValue: text) { return named.curve }
            return try css(text, name: name)
        case .array:
            return try cubicBezier(value, name: name)
        case .object:
            var reader = try JSONObjectReader(value, path: name)
            let keys = reader.keys
            if keys.contains("spring") { return try spring(&reader) }
            guard keys.count == 1, let key = keys.first, ["cubicBezier", "css"].contains(key) else {
                throw .invalidParameter(
                    name: name, value: "{" + keys.sorted().joined(separator: ", ") + "}",
                    allowed: "an object with one key, cubicBezier or css, or a spring with an optional duration")
            }
            let inner = reader.value(key) ?? .null
            let function: any TimingFunction
            if key == "css" {
                guard case let .string(text) = inner else {
                    throw .invalidParameter(
                        name: reader.name(key), value: inner.summary, allowed: "a CSS easing function string")
                }
                function = try css(text, name: reader.name(key))
            } else {
                function = try cubicBezier(inner, name: reader.name(key))
            }
            try reader.finish()
            return function
        default:
            throw .invalidParameter(
                name: name, value: value.summary,
                allowed:
                    "a Core Animation name "
                    + "(\(MediaTimingFunctionName.allCases.map(\.rawValue).joined(separator: ", "))), "
                    + "a CSS easing function, or [x1, y1, x2, y2]")
        }
    }

    /// `{"spring": {…}, "duration": seconds}` (duration optional); errors name the key.
    package static func spring(_ reader: inout JSONObjectReader) throws(HarmonicError) -> SpringTimingFunction {
        var inner = try JSONObjectReader(reader.value("spring") ?? .null, path: reader.name("spring"))
        let spring = try SpringSpec.readSpring(&inner)
        let velocity = try inner.number("initialVelocity") ?? 0
        try HarmonicError.require(velocity, named: inner.name("initialVelocity"))
        try inner.finish()
        let duration = try reader.number("duration")
        try reader.finish(known: ["spring", "duration"])
        do {
            return try SpringTimingFunction(spring: spring, duration: duration, initialVelocity: velocity)
        } catch {
            throw error.prefixingParameter(with: reader.path)
        }
    }

    /// `[x1, y1, x2, y2]` with `x1`, `x2` in `[0, 1]`; errors name `name[i]`.
    package static func cubicBezier(_ value: JSONValue, name: String) throws(HarmonicError) -> CubicBezier {
        let numbers = try JSONObjectReader.numbers(value, name: name)
        guard numbers.count == 4 else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "four numbers [x1, y1, x2, y2]")
        }
        do {
            return try CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
        } catch {
            guard case let .invalidParameter(parameter, text, allowed) = error else { throw error }
            let index = ["x1": 0, "y1": 1, "x2": 2, "y2": 3][parameter] ?? 0
            throw .invalidParameter(name: "\(name)[\(index)] (\(parameter))", value: text, allowed: allowed)
        }
    }

    /// CSS easing text; errors say which spec value was being read.
    package static func css(_ text: String, name: String) throws(HarmonicError) -> CSSEasingFunction {
        do {
            return try CSSEasingFunction(parsing: text)
        } catch {
            switch error {
            case let .syntax(language, text, offset, expected):
                throw .syntax(language: "\(language) (\(name))", text: text, offset: offset, expected: expected)
            case let .invalidParameter(parameter, value, allowed):
                throw .invalidParameter(name: "\(name): \(parameter)", value: value, allowed: allowed)
            default:
                throw error
            }
        }
    }
}
