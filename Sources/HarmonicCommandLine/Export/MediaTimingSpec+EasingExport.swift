import Harmonic
import HarmonicSpec

extension MediaTimingSpec {
    /// A timing function played through this timing, exported as one CSS animation.
    ///
    /// The easing is the progress over the active interval in parent time (as `harmonic sample`
    /// prints it), so everything Core Animation does inside that interval — repeats,
    /// `autoreverses`, `speed` (also negative), `timeOffset` — is baked into the `linear()`
    /// stops, and the returns to the start of a repeat become coincident stops. The CSS
    /// animation that reproduces the spec plays once, in the normal direction, with
    ///
    /// - `animation-duration` = the active interval's length (`duration` in the output),
    /// - `animation-delay` = its start (`delay`), counted from when the animation is applied
    ///   (the spec's parent time 0),
    /// - `animation-fill-mode` = `backwards` if the timing has an effect before the interval,
    ///   `forwards` if after it (`fillMode`).
    ///
    /// - Throws: ``HarmonicError`` when no single CSS animation is equivalent: a paused
    ///   (`speed` 0), empty (`duration` 0) or endless active interval, or a fill that holds a
    ///   value other than the easing's end (the CSS before flag of `steps()` during a
    ///   backwards fill, which `linear()` does not have).
    func easingExport(_ function: any TimingFunction, tolerance: Double) throws(HarmonicError) -> EasingExport {
        let timing = self.timing
        return try easingExport(tolerance: tolerance) { timing.progress(atParentTime: $0, applying: function) }
    }

    /// The same for any curve driven by this timing: `effect` gives the curve's progress at a
    /// parent time, or `nil` where the timing has no effect.
    func easingExport(tolerance: Double, effect: @escaping (Double) -> Double?) throws(HarmonicError) -> EasingExport {
        let timing = self.timing
        guard timing.speed != 0 else {
            throw .invalidParameter(
                name: "timing.speed", value: "0", allowed: "≠ 0 for --to css (a paused timing has no CSS animation)")
        }
        guard timing.duration > 0 else {
            throw .invalidParameter(
                name: "timing.duration", value: SampleWriter.text(timing.duration),
                allowed: "> 0 for --to css (an empty active interval has no CSS easing)")
        }
        let span = timing.activeParentDuration
        guard span.isFinite, span > 0 else {
            throw .invalidParameter(
                name: "timing", value: "an endless active interval",
                allowed: "finite for --to css (export one iteration without the timing block and repeat it in CSS)")
        }
        let lower = defaultDomain.lowerBound, upper = defaultDomain.upperBound
        // At the interval's exit end the timing may have no effect (no forwards fill): the
        // easing ends with the value just before it.
        let inside = { (t: Double) in effect(t) ?? effect(t.nextDown) ?? effect(t.nextUp) ?? 0 }
        let first = inside(lower), last = inside(upper)

        var fills: [String] = []
        let checks = [("backwards", lower - span, first), ("forwards", upper + span, last)]
        for (direction, time, easingEnd) in checks {
            guard let held = effect(time) else { continue }
            guard abs(held - easingEnd) <= tolerance else {
                throw .invalidParameter(
                    name: "timing.fillMode", value: "\"\(timing.fillMode.rawValue)\"",
                    allowed: "a fill CSS can reproduce for --to css: the timing holds \(SampleWriter.text(held)) "
                        + "\(direction == "backwards" ? "before" : "after") its active interval but the easing "
                        + "\(direction == "backwards" ? "starts" : "ends") at \(SampleWriter.text(easingEnd)) "
                        + "(the before flag of steps()); fill "
                        + "\(direction == "backwards" ? "forwards or removed" : "backwards or removed")"
                )
            }
            fills.append(direction)
        }
        let fillMode = fills.count == 2 ? "both" : fills.first ?? "none"
        return EasingExport(
            duration: upper - lower, delay: lower, fillMode: fillMode, lower: lower, upper: upper,
            startValue: first, endValue: last, progress: inside)
    }
}
