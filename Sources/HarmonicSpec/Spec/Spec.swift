import Harmonic
import HarmonicJSON

/// A parsed spec: one curve, ready to sample.
///
/// A spec is one JSON object with exactly one curve key (`spring`, `timingFunction`,
/// `cubicBezier`, `css`, `keyframes`, `path`, `decay`, `rubberBand`, `springNetwork`) and the
/// optional keys that kind understands (`from`, `to`, `by`, `timing`). Unknown keys anywhere
/// are errors.
package struct Spec {
    package var curve: SpecCurve

    /// A parser for one curve kind. It receives the value under its key and the top-level
    /// reader, from which it reads the shared keys it supports (`from`, `to`, `by`, `timing`).
    package typealias CurveParser = @Sendable (JSONValue, inout JSONObjectReader) throws(HarmonicError) -> SpecCurve

    /// The curve kinds, by their key in the spec.
    package static let curveParsers: [String: CurveParser] = [
        "spring": { (v, top) throws(HarmonicError) in .spring(try SpringSpec.parse(v, &top)) },
        "timingFunction": { (v, top) throws(HarmonicError) in
            .timingFunction(try TimingFunctionCurveSpec.parseTimingFunction(v, &top))
        },
        "cubicBezier": { (v, top) throws(HarmonicError) in
            .timingFunction(try TimingFunctionCurveSpec.parseCubicBezier(v, &top))
        },
        "css": { (v, top) throws(HarmonicError) in .timingFunction(try TimingFunctionCurveSpec.parseCSS(v, &top)) },
        "keyframes": { (v, top) throws(HarmonicError) in .keyframes(try KeyframesSpec.parse(v, &top)) },
        "path": { (v, top) throws(HarmonicError) in .path(try PathSpec.parse(v, &top)) },
        "decay": { (v, top) throws(HarmonicError) in .decay(try DecaySpec.parse(v, &top)) },
        "rubberBand": { (v, top) throws(HarmonicError) in .rubberBand(try RubberBandSpec.parse(v, &top)) },
        "springNetwork": { (v, top) throws(HarmonicError) in .springNetwork(try SpringNetworkSpec.parse(v, &top)) },
    ]

    /// Parses spec text.
    package static func parse(_ text: String) throws(HarmonicError) -> Spec {
        var top = try JSONObjectReader(JSONValue.parse(text), path: "")
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
}
