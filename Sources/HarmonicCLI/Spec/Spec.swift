import Foundation
import Harmonic

/// A parsed spec: one curve, ready to sample.
///
/// A spec is one JSON object with exactly one curve key (`spring`, `timingFunction`,
/// `cubicBezier`, `css`, `keyframes`, `path`) and the optional keys that kind understands
/// (`from`, `to`, `by`, `timing`). Unknown keys anywhere are errors.
struct Spec {
    var curve: any SampledCurve

    /// A parser for one curve kind. It receives the value under its key and the top-level
    /// reader, from which it reads the shared keys it supports (`from`, `to`, `by`, `timing`).
    typealias CurveParser = @Sendable (JSONValue, inout SpecReader) throws(HarmonicError) -> any SampledCurve

    /// The curve kinds, by their key in the spec.
    static let curveParsers: [String: CurveParser] = [
        "spring": SpringSpec.parse,
        "timingFunction": TimingFunctionCurveSpec.parseTimingFunction,
        "cubicBezier": TimingFunctionCurveSpec.parseCubicBezier,
        "css": TimingFunctionCurveSpec.parseCSS,
        "keyframes": KeyframesSpec.parse,
        "path": PathSpec.parse,
    ]

    /// Parses spec text.
    static func parse(_ text: String) throws(HarmonicError) -> Spec {
        var top = try SpecReader(JSONValue.parse(text), path: "")
        let kinds = top.keys.filter { curveParsers[$0] != nil }.sorted()
        guard kinds.count == 1, let kind = kinds.first, let parser = curveParsers[kind] else {
            let known = curveParsers.keys.sorted().joined(separator: ", ")
            if kinds.isEmpty {
                throw .invalidParameter(
                    name: "spec", value: "{" + top.keys.sorted().joined(separator: ", ") + "}",
                    allowed: "an object with one curve key (\(known))")
            }
            throw .conflict(parameters: kinds, reason: "a spec describes exactly one curve")
        }
        let value = top.value(kind) ?? .null
        let curve = try parser(value, &top)
        try top.finish()
        return Spec(curve: curve)
    }

    /// Reads the spec argument: `-` for standard input, JSON text if it starts with `{`,
    /// otherwise a file path.
    static func text(ofArgument argument: String) throws(HarmonicError) -> String {
        if argument == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return String(decoding: data, as: UTF8.self)
        }
        if argument.drop(while: \.isWhitespace).first == "{" { return argument }
        guard let data = FileManager.default.contents(atPath: argument) else {
            throw .invalidParameter(
                name: "SPEC", value: argument,
                allowed: "a readable JSON file, '-' for standard input, or JSON text")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Loads and parses the spec argument.
    static func load(_ argument: String) throws(HarmonicError) -> Spec {
        try parse(text(ofArgument: argument))
    }
}
