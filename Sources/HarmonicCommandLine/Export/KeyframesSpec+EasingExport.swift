import Harmonic
import HarmonicSpec

extension KeyframesSpec: EasingExportable {
    /// A scalar keyframe track as one CSS easing between two values.
    ///
    /// CSS eases a progress between an animation's start and end values, so the track's value
    /// `v(p)` is exported as the progress `(v(p) − from)/(to − from)` with `from` the first
    /// keyframe value and `to` the last one — or, when the track returns to where it started,
    /// the value farthest from the first — both printed so that the CSS animation can be
    /// written `from { … } to { … }` with this easing. Outputs outside [0, 1] (values beyond
    /// `from`/`to`) are allowed in `linear()`. `--tolerance` is then in units of
    /// `|to − from|`. `discrete` tracks jump, which becomes coincident stops; with a `timing`
    /// block the export is one CSS animation as for timing functions. A `linear` or `paced`
    /// track without timing functions (and without a `timing` block) is exported exactly: one
    /// stop per keyframe, at its key time.
    ///
    /// - Throws: for vector values (CSS eases one progress per animation: export each component
    ///   as its own scalar `keyframes` spec) and for a track whose values are all equal.
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        guard dimension == 1 else {
            throw .invalidParameter(
                name: "keyframes.values", value: "\(dimension)-component values",
                allowed:
                    "numbers for --to css (CSS eases one progress per animation: export each component as its own "
                    + "keyframes spec)"
            )
        }
        let values = track.values.map { $0[0] }
        let from = values[0]
        var to = values[values.count - 1]
        if to == from {
            to = values.max { abs($0 - from) < abs($1 - from) } ?? from
        }
        guard to != from else {
            throw .invalidParameter(
                name: "keyframes.values", value: "all \(SampleWriter.text(from))",
                allowed: "at least two different values for --to css (a constant has no easing)")
        }
        let track = self.track, span = to - from
        let progress = { (p: Double) in (track.value(at: p)[0] - from) / span }
        var export: EasingExport
        if let timing {
            let model = timing.timing
            export = try timing.easingExport(tolerance: tolerance) { t in
                model.progress(atParentTime: t, applying: LinearEasing.identity).map(progress)
            }
        } else {
            export = EasingExport(
                duration: nil, lower: 0, upper: 1, startValue: progress(0), endValue: progress(1), progress: progress)
            // A linear or paced track without timing functions is piecewise linear already: its
            // keyframes are the stops, exactly, however many there are.
            let straight = track.calculationMode == .linear || track.calculationMode == .paced
            if straight, track.timingFunctions.isEmpty, track.timingFunction == nil {
                export.exactStops = zip(track.keyTimes, values).map { ($0, ($1 - from) / span) }
            }
        }
        export.from = from
        export.to = to
        return export
    }
}

extension PathSpec: EasingExportable {
    /// Refused: a path moves a point in the plane, and CSS eases one progress per animation
    /// (CSS `offset-path` with a `linear()` easing of `offset-distance` is the closest
    /// equivalent and is left to the author).
    func easingExport(tolerance: Double) throws(HarmonicError) -> EasingExport {
        throw .invalidParameter(
            name: "path", value: "a 2-D path",
            allowed: "a 1-D curve for --to css (CSS eases one progress per animation; sample the path instead)")
    }
}
