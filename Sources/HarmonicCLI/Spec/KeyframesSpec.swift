import Harmonic

/// The `keyframes` and `path` curves of the spec format: a ``KeyframeTrack``.
///
///     { "keyframes": { "values": [[0, 0], [100, 0], [100, 100]], "keyTimes": [0, 0.5, 1],
///                      "calculationMode": "cubic", "timingFunctions": ["easeIn", "easeOut"],
///                      "timingFunction": "linear",
///                      "tensionValues": [0, 0, 0], "continuityValues": [0, 0, 0], "biasValues": [0, 0, 0],
///                      "parameterization": "uniform", "endTangents": "duplicateEndValue",
///                      "tangentScaling": "keyTimes", "continuitySign": "appleDocumentation",
///                      "pacing": "exact" } }
///     { "path": { "d": "M0,0 C0,100 100,100 100,0", "calculationMode": "paced",
///                 "rotationMode": "auto", "keyTimes": [0, 1], "timingFunctions": [...],
///                 "timingFunction": "easeIn", "pacing": "table" } }
///
/// Only `values` (keyframes) and `d` (path) are required; every other key has Core Animation's
/// default (`calculationMode` `linear`) or the ``CubicKeyframeOptions`` default. Values are
/// numbers or arrays of numbers, all of the same length. Timing functions take every form of
/// ``TimingFunctionSpec``. `rotationMode` (`auto`, `autoReverse`) adds the `angle` column.
///
/// Without `timing` the track is sampled on its own progress axis (default domain `[0, 1]`)
/// and the velocity is per unit of progress. With a `timing` block (``MediaTimingSpec``),
/// samples are at parent times in seconds, the timing model gives the progress, and the
/// velocity is per second. `from`, `to` and `by` do not apply (a keyframe animation ignores
/// them, as Core Animation does) and are rejected as unknown keys.
struct KeyframesSpec: SampledCurve {
    let track: KeyframeTrack<AnimatableVector>
    let dimension: Int
    let timing: MediaTimingSpec?

    static func parse(_ value: JSONValue, _ top: inout SpecReader) throws(HarmonicError) -> any SampledCurve {
        var reader = try SpecReader(value, path: "keyframes")
        guard let list = reader.value("values") else {
            throw .invalidParameter(name: reader.name("values"), value: "missing", allowed: "an array of numbers or of arrays of numbers")
        }
        guard case let .array(items) = list, !items.isEmpty else {
            throw .invalidParameter(name: reader.name("values"), value: list.summary, allowed: "a non-empty array of keyframe values")
        }
        var values: [AnimatableVector] = []
        for (i, item) in items.enumerated() {
            let v = try SpecReader.vector(item, name: reader.name("values") + "[\(i)]")
            if let first = values.first, first.count != v.count {
                throw .invalidParameter(
                    name: reader.name("values") + "[\(i)]", value: item.summary,
                    allowed: "\(first.count) component\(first.count == 1 ? "" : "s"), like values[0]")
            }
            values.append(v)
        }
        let common = try CommonKeys.read(&reader)
        let options = try CubicKeyframeOptions(
            parameterization: enumeration(&reader, "parameterization") ?? .uniform,
            endTangents: enumeration(&reader, "endTangents") ?? .duplicateEndValue,
            tangentScaling: enumeration(&reader, "tangentScaling") ?? .keyTimes,
            continuitySign: enumeration(&reader, "continuitySign") ?? .appleDocumentation)
        let track: KeyframeTrack<AnimatableVector>
        do {
            track = try KeyframeTrack(
                values: values, keyTimes: common.keyTimes, calculationMode: common.mode,
                timingFunctions: common.timingFunctions, timingFunction: common.timingFunction,
                tensionValues: reader.numbers("tensionValues") ?? [], continuityValues: reader.numbers("continuityValues") ?? [],
                biasValues: reader.numbers("biasValues") ?? [], cubicOptions: options, pacingMethod: common.pacing)
        } catch {
            throw error.prefixingParameter(with: "keyframes")
        }
        try reader.finish(known: [
            "values", "keyTimes", "calculationMode", "timingFunctions", "timingFunction", "tensionValues",
            "continuityValues", "biasValues", "parameterization", "endTangents", "tangentScaling", "continuitySign", "pacing",
        ])
        return KeyframesSpec(track: track, dimension: values[0].count, timing: try MediaTimingSpec.read(&top))
    }

    var defaultDomain: ClosedRange<Double> { timing?.defaultDomain ?? 0...1 }

    func sample(at time: Double) -> CurveSample {
        let (p, rate) = timing?.progress(at: time, applying: IdentityTiming()) ?? (time, 1)
        let (value, velocity) = track.sample(at: p)
        return CurveSample(
            value: (0..<dimension).map { $0 < value.count ? value[$0] : 0 },
            velocity: (0..<dimension).map { $0 < velocity.count ? velocity[$0] * rate : 0 }, angle: nil)
    }
}

/// The `path` curve of the spec format (see ``KeyframesSpec``).
struct PathSpec: SampledCurve {
    let track: KeyframeTrack<SIMD2<Double>>
    let timing: MediaTimingSpec?

    static func parse(_ value: JSONValue, _ top: inout SpecReader) throws(HarmonicError) -> any SampledCurve {
        var reader = try SpecReader(value, path: "path")
        guard let d = try reader.string("d") else {
            throw .invalidParameter(name: reader.name("d"), value: "missing", allowed: "SVG path data such as \"M0,0 L100,0\"")
        }
        let path: Path
        do {
            path = try Path(svgPathData: d)
        } catch {
            guard case let .syntax(language, text, offset, expected) = error else { throw error }
            throw .syntax(language: "\(language) (path.d)", text: text, offset: offset, expected: expected)
        }
        let common = try CommonKeys.read(&reader)
        let rotation: RotationMode? = try enumeration(&reader, "rotationMode")
        try reader.finish(known: ["d", "keyTimes", "calculationMode", "timingFunctions", "timingFunction", "rotationMode", "pacing"])
        let track = KeyframeTrack(
            path: path, keyTimes: common.keyTimes, calculationMode: common.mode, timingFunctions: common.timingFunctions,
            timingFunction: common.timingFunction, rotationMode: rotation, pacingMethod: common.pacing)
        return PathSpec(track: track, timing: try MediaTimingSpec.read(&top))
    }

    var dimension: Int { 2 }

    var hasAngle: Bool { track.rotationMode != nil }

    var defaultDomain: ClosedRange<Double> { timing?.defaultDomain ?? 0...1 }

    func sample(at time: Double) -> CurveSample {
        let (p, rate) = timing?.progress(at: time, applying: IdentityTiming()) ?? (time, 1)
        let (value, velocity) = track.sample(at: p)
        return CurveSample(
            value: [value.x, value.y], velocity: [velocity.x * rate, velocity.y * rate],
            angle: hasAngle ? track.angle(at: p) : nil)
    }
}

/// The keys `keyframes` and `path` share.
private struct CommonKeys {
    var keyTimes: [Double]?
    var mode: CalculationMode
    var timingFunctions: [any TimingFunction]
    var timingFunction: (any TimingFunction)?
    var pacing: ArcLengthMethod

    static func read(_ reader: inout SpecReader) throws(HarmonicError) -> CommonKeys {
        let keyTimes = try reader.numbers("keyTimes")
        let mode: CalculationMode = try enumeration(&reader, "calculationMode") ?? .linear
        var functions: [any TimingFunction] = []
        if let list = reader.value("timingFunctions") {
            guard case let .array(items) = list else {
                throw .invalidParameter(name: reader.name("timingFunctions"), value: list.summary, allowed: "an array of timing functions")
            }
            for (i, item) in items.enumerated() {
                functions.append(try TimingFunctionSpec.parse(item, name: reader.name("timingFunctions") + "[\(i)]"))
            }
        }
        let overall = try reader.value("timingFunction").map { (v) throws(HarmonicError) in
            try TimingFunctionSpec.parse(v, name: reader.name("timingFunction"))
        }
        let pacing: ArcLengthMethod = try enumeration(&reader, "pacing") ?? .exact
        return CommonKeys(keyTimes: keyTimes, mode: mode, timingFunctions: functions, timingFunction: overall, pacing: pacing)
    }
}

/// A string key naming one case of `T`, or `nil` when absent.
private func enumeration<T: RawRepresentable & CaseIterable>(
    _ reader: inout SpecReader, _ key: String
) throws(HarmonicError) -> T? where T.RawValue == String {
    guard let text = try reader.string(key) else { return nil }
    guard let value = T(rawValue: text) else {
        throw .invalidParameter(
            name: reader.name(key), value: "\"\(text)\"", allowed: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
}

/// The identity, to read the plain progress out of the media-timing model.
private struct IdentityTiming: TimingFunction {
    func value(at x: Double) -> Double { x }
    func slope(at x: Double) -> Double { 1 }
}
