import Harmonic
import HarmonicJSON

/// The spec format's `timing` block: Core Animation's `CAMediaTiming` properties.
///
///     "timing": { "beginTime": 0, "duration": 2, "speed": 1, "timeOffset": 0,
///                 "repeatCount": 2, "repeatDuration": 0, "autoreverses": true,
///                 "fillMode": "both" }
///
/// Every key is optional: `duration` defaults to 0.25 s (Core Animation's default animation
/// duration), the others to Core Animation's defaults (`fillMode` `removed`). `repeatCount` and
/// `repeatDuration` also accept the string `"infinity"`. With a timing block, samples are taken
/// at parent times in seconds; the default domain is the active interval.
///
/// Curve kinds that take a timing (timing functions, keyframes) call ``read(_:)`` on the
/// top-level reader and ``progress(at:applying:)`` per sample. Where the timing has no effect
/// (outside the active interval with `fillMode` `removed`) the progress is 0, i.e. the value is
/// `from`: a spec has no separate model value, and `from` stands in for it.
package struct MediaTimingSpec: Sendable {
    package let timing: MediaTiming

    /// The default duration when `timing` omits `duration`: Core Animation's
    /// (``/Harmonic/MediaTiming/defaultDuration``).
    package static let defaultDuration = MediaTiming.defaultDuration

    /// Reads the optional `timing` key of `top`; a missing `duration` is `defaultDuration`
    /// (0.25 s unless the curve has a natural length, as a spring's settling duration).
    package static func read(_ top: inout JSONObjectReader, defaultDuration: Double = defaultDuration)
        throws(HarmonicError)
        -> MediaTimingSpec?
    {
        guard let value = top.value("timing") else { return nil }
        var reader = try JSONObjectReader(value, path: "timing")
        let fill: FillMode
        if let text = try reader.string("fillMode") {
            guard let mode = FillMode(rawValue: text) else {
                throw .invalidParameter(
                    name: reader.name("fillMode"), value: "\"\(text)\"",
                    allowed: FillMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            fill = mode
        } else {
            fill = .removed
        }
        do {
            let timing = try MediaTiming(
                beginTime: reader.number("beginTime") ?? 0,
                duration: reader.number("duration") ?? defaultDuration,
                speed: reader.number("speed") ?? 1,
                timeOffset: reader.number("timeOffset") ?? 0,
                repeatCount: countOrInfinity(&reader, "repeatCount"),
                repeatDuration: countOrInfinity(&reader, "repeatDuration"),
                autoreverses: reader.bool("autoreverses") ?? false,
                fillMode: fill)
            try reader.finish()
            return MediaTimingSpec(timing: timing)
        } catch {
            switch error {
            case .invalidParameter: throw error.prefixingParameter(with: "timing")
            case let .conflict(parameters, reason):
                throw .conflict(
                    parameters: parameters.map { $0.hasPrefix("timing.") ? $0 : "timing.\($0)" }, reason: reason)
            default: throw error
            }
        }
    }

    /// A number, or the string `"infinity"` / `"inf"`.
    private static func countOrInfinity(_ reader: inout JSONObjectReader, _ key: String) throws(HarmonicError) -> Double
    {
        guard let value = reader.value(key) else { return 0 }
        if case let .string(text) = value, ["infinity", "inf"].contains(text.lowercased()) { return .infinity }
        guard case let .number(n) = value else {
            throw .invalidParameter(
                name: reader.name(key), value: value.summary, allowed: "a number ≥ 0 or \"infinity\"")
        }
        return n
    }

    /// The parent-time interval of the active period (for negative speed it lies before
    /// `beginTime`); for an endless or paused timing, one `duration` (or one second) from
    /// `beginTime`.
    package var defaultDomain: ClosedRange<Double> {
        let begin = timing.beginTime
        let span = timing.activeParentDuration
        if span.isFinite, span > 0 {
            return timing.speed > 0 ? begin...(begin + span) : (begin - span)...begin
        }
        let d = timing.duration
        let fallback = d.isFinite && d > 0 ? d / max(abs(timing.speed), 1e-300) : 1
        return begin...(begin + (fallback.isFinite ? fallback : 1))
    }

    /// The function's output at parent time `time` and its rate of change per second (`nil`:
    /// the directed progress itself).
    package func progress(at time: Double, applying function: (any TimingFunction)?) -> (progress: Double, rate: Double)
    {
        let state = timing.state(atParentTime: time)
        guard let p = state.transformedProgress(function) else { return (0, 0) }
        return (p, state.transformedProgressRate(function))
    }
}
