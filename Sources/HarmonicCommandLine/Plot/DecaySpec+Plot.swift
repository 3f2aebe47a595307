import Harmonic
import HarmonicSpec

extension DecaySpec: PlotDescribing {
    var plotTitle: String {
        switch motion.curve {
        case let .exponential(decay):
            return "Decay · \(form.rawValue), k = \(CurvePlot.short(decay.decayConstant))/s"
        case let .spline(decay):
            return "Decay · Android fling spline, density \(CurvePlot.short(decay.density))"
        }
    }

    var plotSubtitle: String {
        var parts = [
            "from \(CurvePlot.short(motion.from))", "initialVelocity \(CurvePlot.short(motion.initialVelocity))/s",
            "rests at \(CurvePlot.short(motion.restValue)) after \(CurvePlot.short(motion.restTime)) s",
        ]
        if let handoff = motion.handoff {
            parts.append("spring from the wall at \(CurvePlot.short(handoff.beginTime)) s")
        }
        return parts.joined(separator: " · ")
    }

    var plotReferences: [ReferenceLine] {
        var lines = [
            ReferenceLine(
                orientation: .horizontal, value: motion.restValue, label: "rest \(CurvePlot.short(motion.restValue))")
        ]
        for (name, wall) in [("min", motion.bounds?.lower), ("max", motion.bounds?.upper)] {
            if let wall, wall != motion.restValue {
                lines.append(
                    ReferenceLine(
                        orientation: .horizontal, value: wall, label: "\(name) \(CurvePlot.short(wall))",
                        color: "#D55E00"))
            }
        }
        guard timing == nil else { return lines }
        lines.append(
            ReferenceLine(
                orientation: .vertical, value: motion.restTime, label: "at rest \(CurvePlot.short(motion.restTime)) s",
                color: "#009E73", labelRow: 0))
        if let handoff = motion.handoff, handoff.beginTime > 0 {
            lines.append(
                ReferenceLine(
                    orientation: .vertical, value: handoff.beginTime,
                    label: "wall \(CurvePlot.short(handoff.beginTime)) s",
                    color: "#D55E00", labelRow: 1))
        }
        return lines
    }

    var plotTimeLabel: String { "time (s)" }
    var plotsPastDefaultDomain: Bool { true }
}

extension RubberBandSpec: PlotDescribing {
    var plotTitle: String {
        "Rubber band · dimension \(CurvePlot.short(band.dimension)), c = \(CurvePlot.short(band.coefficient))"
    }
    var plotSubtitle: String { "offset shown against the drag past the edge; velocity is the slope" }
    var plotReferences: [ReferenceLine] {
        [
            ReferenceLine(
                orientation: .horizontal, value: band.dimension, label: "limit \(CurvePlot.short(band.dimension))")
        ]
    }
    var plotTimeLabel: String { "drag past the edge" }
    var plotsPastDefaultDomain: Bool { false }
}
