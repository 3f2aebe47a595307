import Harmonic
import HarmonicJSON
import HarmonicEngine

/// The `keyframes` and `path` objects of the spec format, read once for every place that
/// takes them: the `keyframes` and `path` curves of `sample`, `plot` and `convert`, and
/// keyframe animations in scenes. A key that works in one place works in all of them.
///
///     { "values": [[0, 0], [100, 0], [100, 100]], "keyTimes": [0, 0.5, 1],
///       "calculationMode": "cubic", "timingFunctions": ["easeIn", "easeOut"],
///       "timingFunction": "linear",
///       "tensionValues": [0, 0, 0], "continuityValues": [0, 0, 0], "biasValues": [0, 0, 0],
///       "parameterization": "uniform", "endTangents": "duplicateEndValue",
///       "tangentScaling": "keyTimes", "continuitySign": "appleDocumentation",
///       "pacing": "exact" }
///     { "d": "M0,0 C0,100 100,100 100,0", "calculationMode": "paced",
///       "rotationMode": "auto", "keyTimes": [0, 1], "timingFunctions": […],
///       "timingFunction": "easeIn", "pacing": "table" }
///
/// Only `values` (keyframes) or `d` (path) is required; every other key has Core Animation's
/// default (`calculationMode` `linear`) or the ``CubicKeyframeOptions`` default. Values are
/// numbers or arrays of numbers, all of the same length. Timing functions take every form of
/// ``TimingFunctionSpec``. Errors name the key path the user wrote
/// (`actions[3].add.animation.keyframes.keyTimes[1]`).
package struct KeyframesObject {
    package enum Geometry {
        case values([AnimatableVector])
        case path(Path)
    }

    package var geometry: Geometry
    package var keyTimes: [Double]?
    package var calculationMode: CalculationMode
    package var timingFunctions: [any TimingFunction]
    package var timingFunction: (any TimingFunction)?
    package var tensionValues: [Double]
    package var continuityValues: [Double]
    package var biasValues: [Double]
    package var cubicOptions: CubicKeyframeOptions
    package var pacing: ArcLengthMethod
    package var rotationMode: RotationMode?

    /// Reads a `keyframes` object (`isPath` false) or a `path` object at `path` in the spec.
    ///
    /// With `allowsPathValues` (a scene, where a key path may name a path property), keyframe
    /// values may be SVG path data.
    package static func parse(_ value: JSONValue, path: String, isPath: Bool, allowsPathValues: Bool = false)
        throws(HarmonicError) -> KeyframesObject
    {
        var reader = try JSONObjectReader(value, path: path)
        let geometry: Geometry
        if isPath {
            geometry = .path(try readPath(&reader))
        } else {
            geometry = .values(try readValues(&reader, allowsPath: allowsPathValues))
        }
        let keyTimes = try reader.numbers("keyTimes")
        let mode: CalculationMode = try enumeration(&reader, "calculationMode") ?? .linear
        var functions: [any TimingFunction] = []
        if let list = reader.value("timingFunctions") {
            guard case let .array(items) = list else {
                throw .invalidParameter(
                    name: reader.name("timingFunctions"), value: list.summary, allowed: "an array of timing functions")
            }
            for (i, item) in items.enumerated() {
                functions.append(try TimingFunctionSpec.parse(item, name: reader.name("timingFunctions") + "[\(i)]"))
            }
        }
        let overall = try reader.value("timingFunction").map { (v) throws(HarmonicError) in
            try TimingFunctionSpec.parse(v, name: reader.name("timingFunction"))
        }
        let pacing: ArcLengthMethod = try enumeration(&reader, "pacing") ?? .exact
        var object = KeyframesObject(
            geometry: geometry, keyTimes: keyTimes, calculationMode: mode, timingFunctions: functions,
            timingFunction: overall, tensionValues: [], continuityValues: [], biasValues: [],
            cubicOptions: CubicKeyframeOptions(), pacing: pacing, rotationMode: nil)
        var known = ["keyTimes", "calculationMode", "timingFunctions", "timingFunction", "pacing"]
        if isPath {
            object.rotationMode = try enumeration(&reader, "rotationMode")
            known = ["d", "trim"] + known + ["rotationMode"]
        } else {
            object.tensionValues = try reader.numbers("tensionValues") ?? []
            object.continuityValues = try reader.numbers("continuityValues") ?? []
            object.biasValues = try reader.numbers("biasValues") ?? []
            do {
                object.cubicOptions = try CubicKeyframeOptions(
                    parameterization: enumeration(&reader, "parameterization") ?? .uniform,
                    endTangents: enumeration(&reader, "endTangents") ?? .duplicateEndValue,
                    tangentScaling: enumeration(&reader, "tangentScaling") ?? .keyTimes,
                    continuitySign: enumeration(&reader, "continuitySign") ?? .appleDocumentation)
            } catch {
                throw error.prefixingParameter(with: path)
            }
            known =
                ["values"] + known + [
                    "tensionValues", "continuityValues", "biasValues", "parameterization", "endTangents",
                    "tangentScaling",
                    "continuitySign",
                ]
        }
        try reader.finish(known: known)
        return object
    }

    /// The number of components of a value (2 for a path).
    package var dimension: Int {
        switch geometry {
        case let .values(values): return values.first?.count ?? 0
        case .path: return 2
        }
    }

    /// The track of a `keyframes` curve.
    package func valuesTrack(path: String) throws(HarmonicError) -> KeyframeTrack<AnimatableVector>? {
        guard case let .values(values) = geometry else { return nil }
        do {
            return try KeyframeTrack(
                values: values, keyTimes: keyTimes, calculationMode: calculationMode,
                timingFunctions: timingFunctions, timingFunction: timingFunction, tensionValues: tensionValues,
                continuityValues: continuityValues, biasValues: biasValues, cubicOptions: cubicOptions,
                pacingMethod: pacing)
        } catch {
            throw error.prefixingParameter(with: path)
        }
    }

    /// The track of a `path` curve.
    package func pathTrack() -> KeyframeTrack<SIMD2<Double>>? {
        guard case let .path(geometry) = geometry else { return nil }
        return KeyframeTrack(
            path: geometry, keyTimes: keyTimes, calculationMode: calculationMode, timingFunctions: timingFunctions,
            timingFunction: timingFunction, rotationMode: rotationMode, pacingMethod: pacing)
    }

    /// A keyframe animation of `keyPath` with these keyframes (validated when it is added).
    package func animation(keyPath: String) -> KeyframeAnimation {
        var animation: KeyframeAnimation
        switch geometry {
        case let .values(values):
            animation = KeyframeAnimation(
                keyPath: keyPath, values: values, keyTimes: keyTimes, calculationMode: calculationMode,
                timingFunctions: timingFunctions, tensionValues: tensionValues, continuityValues: continuityValues,
                biasValues: biasValues, cubicOptions: cubicOptions)
            animation.pacingMethod = pacing
        case let .path(path):
            animation = KeyframeAnimation(
                keyPath: keyPath, path: path, keyTimes: keyTimes, calculationMode: calculationMode,
                timingFunctions: timingFunctions, rotationMode: rotationMode, pacingMethod: pacing)
        }
        animation.timingFunction = timingFunction
        return animation
    }

    private static func readValues(_ reader: inout JSONObjectReader, allowsPath: Bool) throws(HarmonicError)
        -> [AnimatableVector]
    {
        guard let list = reader.value("values") else {
            throw .invalidParameter(
                name: reader.name("values"), value: "missing", allowed: "an array of numbers or of arrays of numbers")
        }
        guard case let .array(items) = list, !items.isEmpty else {
            throw .invalidParameter(
                name: reader.name("values"), value: list.summary, allowed: "a non-empty array of keyframe values")
        }
        var values: [AnimatableVector] = []
        for (i, item) in items.enumerated() {
            let v = try JSONObjectReader.vector(item, name: reader.name("values") + "[\(i)]", allowsPath: allowsPath)
            if let first = values.first, first.count != v.count {
                throw .invalidParameter(
                    name: reader.name("values") + "[\(i)]", value: item.summary,
                    allowed: "\(first.count) component\(first.count == 1 ? "" : "s"), like values[0]")
            }
            values.append(v)
        }
        return values
    }

    private static func readPath(_ reader: inout JSONObjectReader) throws(HarmonicError) -> Path {
        guard let d = try reader.string("d") else {
            throw .invalidParameter(
                name: reader.name("d"), value: "missing", allowed: "SVG path data such as \"M0,0 L100,0\"")
        }
        return try readTrim(&reader, try JSONObjectReader.pathData(d, name: reader.name("d")))
    }

    /// `trim: {start, end}` (CAShapeLayer's `strokeStart`/`strokeEnd`, fractions of the arc
    /// length, defaults 0 and 1): the exact sub-path (``Path/trimmed(from:to:)``).
    private static func readTrim(_ reader: inout JSONObjectReader, _ path: Path) throws(HarmonicError) -> Path {
        guard let value = reader.value("trim") else { return path }
        var trim = try JSONObjectReader(value, path: reader.name("trim"))
        let fraction = { (key: String, fallback: Double) throws(HarmonicError) -> Double in
            try HarmonicError.require(try trim.number(key) ?? fallback, named: trim.name(key), "in [0, 1]") {
                (0...1).contains($0)
            }
        }
        let start = try fraction("start", 0), end = try fraction("end", 1)
        try trim.finish()
        guard end > start else {
            throw .conflict(
                parameters: [trim.name("start"), trim.name("end")],
                reason: "the trimmed path is empty unless end (\(end)) is above start (\(start))")
        }
        return try path.trimmed(from: start, to: end)
    }
}

/// A string key naming one case of `T`, or `nil` when absent.
package func enumeration<T: RawRepresentable & CaseIterable>(
    _ reader: inout JSONObjectReader, _ key: String
) throws(HarmonicError) -> T? where T.RawValue == String {
    guard let text = try reader.string(key) else { return nil }
    guard let value = T(rawValue: text) else {
        throw .invalidParameter(
            name: reader.name(key), value: "\"\(text)\"",
            allowed: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return value
}
