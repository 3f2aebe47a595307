import Harmonic
import HarmonicJSON

/// The `path` curve of the spec format (see ``KeyframesSpec``).
package struct PathSpec: SampledCurve {
    package let track: KeyframeTrack<SIMD2<Double>>
    package let timing: MediaTimingSpec?

    package static func parse(_ value: JSONValue, _ top: inout JSONObjectReader) throws(HarmonicError) -> PathSpec {
        guard let track = try KeyframesObject.parse(value, path: "path", isPath: true).pathTrack() else {
            throw .invalidParameter(name: "path", value: "values", allowed: "path data in d")
        }
        return PathSpec(track: track, timing: try MediaTimingSpec.read(&top))
    }

    package var dimension: Int { 2 }

    package var hasAngle: Bool { track.rotationMode != nil }

    package var defaultDomain: ClosedRange<Double> { timing?.defaultDomain ?? 0...1 }

    package func sample(at time: Double) -> CurveSample {
        let (p, rate) = timing?.progress(at: time, applying: nil) ?? (time, 1)
        let (value, velocity) = track.sample(at: p)
        return CurveSample(
            value: [value.x, value.y], velocity: [velocity.x * rate, velocity.y * rate],
            angle: hasAngle ? track.angle(at: p) : nil)
    }
}
