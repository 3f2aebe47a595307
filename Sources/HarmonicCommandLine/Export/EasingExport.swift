import Harmonic
import HarmonicSpec

/// What a curve offers for export as a CSS easing: a progress function on an input interval.
///
/// CSS applies an easing to an animation's progress between its start and end values, so a
/// curve is exported in progress units: a spring as its unit curve (0 → 1), a timing function
/// as itself. The interval's length in seconds becomes the CSS duration.
struct EasingExport {
    /// Seconds the easing spans, or `nil` when the curve's input is progress (a bare timing
    /// function has no duration of its own).
    var duration: Double?
    /// For a curve with a media timing: the CSS `animation-delay` (seconds; the start of the
    /// active interval in the spec's parent time, which CSS counts from when the animation is
    /// applied) and `animation-fill-mode` (`none`, `forwards`, `backwards`, `both`).
    var delay: Double? = nil
    var fillMode: String? = nil
    /// For a curve in value units (a keyframe track): the values progress 0 and 1 stand for,
    /// the CSS animation's start and end values.
    var from: Double? = nil
    var to: Double? = nil
    var lower: Double
    var upper: Double
    /// Pinned first and last outputs, when the curve has exact ones (a spring starts at 0 and
    /// comes to rest at 1).
    var startValue: Double?
    var endValue: Double?
    var progress: (Double) -> Double
    /// The curve's own stops when it is piecewise linear (a CSS `linear()` easing), inputs as
    /// fractions of `[lower, upper]`: exported as they are rather than fitted.
    var exactStops: [(x: Double, y: Double)]? = nil
}

/// A spec curve that can be exported as CSS `linear()`.
protocol EasingExportable {
    /// The export for a given tolerance (progress units): a spring's interval ends where it
    /// has settled within that tolerance.
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport
}

extension SpringSpec: EasingExportable {
    /// The most oscillations a spring exported as `linear()` may make before it settles, 256:
    /// the fit sizes its grid from a pilot of 1,024 intervals, which sees a cycle only with at
    /// least 4 samples; past that it would alias and size the grid wrongly (a spring of
    /// stiffness 1e9, 7,000 cycles, failed its fit after seconds).
    static let maximumCycles = 256.0

    /// The unit curve on `[0, T]`, with `T` the exact time after which the spring stays within
    /// `0.9·tolerance` of its target; the last stop is pinned to exactly 1 (the element's final
    /// value), which is then within tolerance of the spring at `T` and at every later time.
    /// The remaining tenth of the tolerance is left to the fit near the end.
    ///
    /// With a `timing` block, the spring as that timing plays it over its active interval
    /// (``MediaTimingSpec/easingExport(tolerance:effect:)``).
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        if let timing {
            let spring = self.spring, velocity = initialVelocity, media = timing.timing
            return try timing.easingExport(tolerance: tolerance) { t in
                media.curveTime(atParentTime: t).map { spring.progress(at: $0.time, initialVelocity: velocity) }
            }
        }
        let duration = spring.settlingTime(epsilon: 0.9 * tolerance, initialVelocity: initialVelocity)
        guard duration.isFinite else {
            throw .invalidParameter(
                name: "spring.damping", value: "0",
                allowed: "> 0 for --to css (an undamped spring never settles, so it has no CSS duration)")
        }
        // More cycles than the fit's pilot grid can see are refused here, before sampling a
        // curve no linear() could follow (stiffness 1.1e21 makes 7 billion of them).
        let cycles = spring.dampedFrequency * duration / (2 * Double.pi)
        guard cycles <= Self.maximumCycles else {
            throw .invalidParameter(
                name: "spring", value: "\(spring)",
                allowed: "a spring that settles within --tolerance in at most \(Int(Self.maximumCycles)) oscillations "
                    + "for --to css (this one takes about \(SampleWriter.text(cycles.rounded())))")
        }
        guard duration > 0 else {
            throw .invalidParameter(
                name: "spring", value: "already within --tolerance of its target",
                allowed: "a motion that leaves the tolerance band")
        }
        let spring = self.spring, velocity = initialVelocity
        return EasingExport(
            duration: duration, lower: 0, upper: duration, startValue: 0, endValue: 1,
            progress: { spring.progress(at: $0, initialVelocity: velocity) })
    }
}

extension TimingFunctionCurveSpec: EasingExportable {
    /// Without a `timing` block: the timing function on its input `[0, 1]`, with no duration of
    /// its own; the ends are pinned to the function's values at 0 and 1. With one: see
    /// ``MediaTimingSpec/easingExport(_:tolerance:)``.
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        let function = self.function
        if let timing { return try timing.easingExport(function, tolerance: tolerance) }
        return EasingExport(
            duration: nil, lower: 0, upper: 1, startValue: function.value(at: 0), endValue: function.value(at: 1),
            progress: { function.value(at: $0) },
            exactStops: Self.stops(of: function))
    }

    /// The points of a CSS `linear()` easing (given as such or through `{"css": …}`), or `nil`.
    static func stops(of function: any TimingFunction) -> [(x: Double, y: Double)]? {
        var linear = function as? LinearEasing
        if case let .linearFunction(f)? = function as? CSSEasingFunction { linear = f }
        return linear?.points.map { ($0.input, $0.output) }
    }
}

extension TimingFunctionCurveSpec: PlotDescribing {
    var plotTitle: String { "Timing function · \(function)" }
    var plotSubtitle: String {
        timing == nil ? "output progress against input progress" : "through the media-timing model"
    }
    var plotReferences: [ReferenceLine] {
        dimension == 1
            ? [
                ReferenceLine(
                    orientation: .horizontal, value: endpoints.to[0], label: "to \(CurvePlot.short(endpoints.to[0]))")
            ]
            : []
    }
    var plotTimeLabel: String { timing == nil ? "progress" : "time (s)" }
    var plotsPastDefaultDomain: Bool { timing != nil }
}
