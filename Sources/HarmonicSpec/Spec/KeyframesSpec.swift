import Harmonic
import HarmonicJSON

/// The `keyframes` and `path` curves of the spec format: a ``KeyframeTrack`` built from a
/// ``KeyframesObject`` (the same object scenes take for keyframe animations).
///
///     { "keyframes": { "values": [[0, 0], [100, 0], [100, 100]], "calculationMode": "cubic" } }
///     { "path": { "d": "M0,0 C0,100 100,100 100,0", "calculationMode": "paced", "rotationMode": "auto" } }
///
/// `rotationMode` (`auto`, `autoReverse`) adds the `angle` column.
///
/// Without `timing` the track is sampled on its own progress axis (default domain `[0, 1]`)
/// and the velocity is per unit of progress. With a `timing` block (``MediaTimingSpec``),
/// samples are at parent times in seconds, the timing model gives the progress, and the
/// velocity is per second. `from`, `to` and `by` do not apply (a keyframe animation ignores
/// them, as Core Animation does) and are rejected as unknown keys.
package struct KeyframesSpec: SampledCurve {
    package let track: KeyframeTrack<AnimatableVector>
    package let dimension: Int
    package let timing: MediaTimingSpec?

    package static func parse(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError) -> KeyframesSpec
    {
        let object = try KeyframesObject.parse(value, path: "keyframes", isPath: false)
        guard let track = try object.valuesTrack(path: "keyframes") else {
            throw .invalidParameter(name: "keyframes", value: "a path", allowed: "values")
        }
        return KeyframesSpec(track: track, dimension: object.dimension, timing: try MediaTimingSpec.read(&top))
    }

    package var defaultDomain: ClosedRange<Double> { timing?.defaultDomain ?? 0...1 }

    package func sample(at time: Double) -> CurveSample {
        let (p, rate) = timing?.progress(at: time, applying: nil) ?? (time, 1)
        let (value, velocity) = track.sample(at: p)
        return CurveSample(
            value: (0..<dimension).map { $0 < value.count ? value[$0] : 0 },
            velocity: (0..<dimension).map { $0 < velocity.count ? velocity[$0] * rate : 0 }, angle: nil)
    }
}
