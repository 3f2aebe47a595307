import Harmonic
import HarmonicEngine

/// A paint's look on its shape layer: colour, opacity (its own and the fades around it), the
/// stroke's width, joins and dashes, and a trim played as the stroke's ends.
extension LottieEngineShapes {
    /// The whole turns `k` for which a copy of the stroke draws `[s + o − k, e + o − k]` (each
    /// copy clamped to `[0, 1]` by `strokeStart`/`strokeEnd`), so that together they draw the
    /// trim wrapped past the path's end, `s` and `e` the ends in order and clamped to `[0, 1]`
    /// (``LottieTrimEnds``); `nil` (and listed) where the trim is not that: ends whose
    /// crossings are not found, or an offset turning more than 64 times.
    func trimCopies(_ trim: LottieTrim) -> [Double]? {
        guard let ends = LottieTrimEnds.ordered(start: trim.start, end: trim.end) else {
            builder.skip(trim.path, .trimCrossing)
            return nil
        }
        // Every value the ends and the offset take, overshoots included.
        let s = ends.start.valueRange(component: 0), e = ends.end.valueRange(component: 0)
        let o = trim.offset.map { $0.timeline.valueRange(component: 0) } ?? 0...0
        let low = (s.lowerBound + o.lowerBound / 360).rounded(.down)
        let high = (e.upperBound + o.upperBound / 360).rounded(.down)
        // An offset turning n times needs n + 1 copies; more than a few is no stroke to copy.
        guard high - low < 64 else {
            builder.skip(trim.path, .trimOffsetRange)
            return nil
        }
        // Int: fewer than 64 whole turns between `low` and `high`, by the guard above.
        return Array(stride(from: low, through: high, by: 1))
    }

    /// `strokeStart = s + o − shift` and `strokeEnd = e + o − shift` (fractions; the offset in
    /// turns; `s` and `e` the ends in order, ``LottieTrimEnds``): the ends as the value, an
    /// animated offset added on top (an additive animation).
    func playTrim(_ trim: LottieTrim, shift: Double, on layer: LayerID) throws(HarmonicError) {
        // `trimCopies` has found the ordered ends before any layer is trimmed.
        guard let ends = LottieTrimEnds.ordered(start: trim.start, end: trim.end) else { return }
        let engine = builder.engine
        let offsetIsAnimated = trim.offset?.isAnimated == true
        let o = (offsetIsAnimated ? 0 : (trim.offset?.scalar(at: 0) ?? 0) / 360) - shift
        for (end, keyPath) in [(ends.start, "strokeStart"), (ends.end, "strokeEnd")] {
            let timeline = try builder.mapped(
                end, clock: clock, values: LottieEngineBuilder.ValueMap(sources: [0]).offset(by: o))
            try engine.setValue(timeline.keyframes[0].value, forKeyPath: keyPath, of: layer)
            if !timeline.isStatic { try builder.add(timeline, keyPath: keyPath, to: layer) }
            if offsetIsAnimated {
                try builder.play(
                    trim.offset, keyPath: keyPath, on: layer, clock: clock,
                    values: LottieEngineBuilder.ValueMap(sources: [0], scale: 1.0 / 360), additive: true)
            }
        }
    }

    func style(_ shape: LottieShape, path: String, layer: LayerID, fade: Fade) throws(HarmonicError) {
        let engine = builder.engine
        switch shape {
        case let .fill(fill):
            try builder.play(fill.color, keyPath: "fillColor", on: layer, clock: clock, values: .color)
            try playOpacity(fill.opacity, fade: fade, on: layer, path: path)
            if fill.evenOdd { try engine.setAttribute(.name("evenOdd"), forKey: "fillRule", of: layer) }
        case let .stroke(stroke):
            try engine.setValue([0, 0, 0, 1], forKeyPath: "strokeColor", of: layer)
            try builder.play(stroke.color, keyPath: "strokeColor", on: layer, clock: clock, values: .color)
            try playOpacity(stroke.opacity, fade: fade, on: layer, path: path)
            try strokeGeometry(stroke, path: path, on: layer)
        default:
            break
        }
    }

    /// A paint's opacity: its own (percent) times the fixed part of the fade around it (the
    /// moving parts are the layers ``fadeHolder(_:in:)`` puts around it).
    func playOpacity(_ own: LottieProperty?, fade: Fade, on layer: LayerID, path: String)
        throws(HarmonicError)
    {
        if let own {
            let percent = LottieEngineBuilder.ValueMap(sources: [0], scale: 0.01 * fade.factor)
            try builder.play(own, keyPath: "opacity", on: layer, clock: clock, values: percent)
        } else {
            try builder.engine.setValue(fade.factor, forKeyPath: "opacity", of: layer)
        }
    }

    /// The layer a paint's layers go in: `parent`, inside one layer per animated fade around the
    /// paint, each with that fade as its opacity animation (nested, their opacities multiply;
    /// each holds one paint, so it fades it on its own).
    func fadeHolder(_ fade: Fade, in parent: LayerID) throws(HarmonicError) -> LayerID {
        var holder = parent
        for m in fade.moving {
            holder = try builder.layer("fade", parent: holder, values: ["anchorPoint": [0, 0]])
            var first = m.timeline.keyframes[0].value
            if let added = m.added { first = AnimatableVector([first[0] + added.keyframes[0].value[0]]) }
            try builder.engine.setValue(first, forKeyPath: "opacity", of: holder)
            if !m.timeline.isStatic { try builder.add(m.timeline, keyPath: "opacity", to: holder) }
            if let added = m.added, !added.isStatic {
                try builder.add(added, keyPath: "opacity", to: holder, additive: true)
            }
        }
        return holder
    }

    /// A stroke's width, caps, joins, miter limit and dashes on `layer`, with no fill.
    func strokeGeometry(_ stroke: LottieStroke, path: String, on layer: LayerID) throws(HarmonicError) {
        let engine = builder.engine
        try engine.setValue([0, 0, 0, 0], forKeyPath: "fillColor", of: layer)
        if let width = stroke.width {
            try builder.play(width, keyPath: "lineWidth", on: layer, clock: clock, values: .scalar)
        }
        try engine.setAttribute(.name(stroke.cap), forKey: "lineCap", of: layer)
        try engine.setAttribute(.name(stroke.join), forKey: "lineJoin", of: layer)
        try engine.setValue(stroke.miterLimit, forKeyPath: "miterLimit", of: layer)
        let lengths = stroke.dashes.filter { $0.kind != "o" }.map(\.length)
        if !lengths.isEmpty {
            let moving = lengths.filter(\.isAnimated)
            // Lengths that are all 0 dash nothing: the stroke is solid, as SVG draws an all-zero
            // `stroke-dasharray` and direct evaluation writes none (the engine refuses such a
            // pattern rather than guess).
            let still = lengths.map { max($0.scalar(at: 0), 0) }
            if moving.isEmpty {
                if still.contains(where: { $0 > 0 }) {
                    try engine.setAttribute(.numbers(still), forKey: "lineDashPattern", of: layer)
                }
            } else if let pattern = try? KeyframeTimeline(combining: lengths.map(\.timeline)) {
                // Moving lengths: the pattern as a list value, each length eased by its own
                // keyframes (cut at the others'; ``/Harmonic/KeyframeTimeline/init(combining:)``),
                // which the frame renderer clamps at 0 as direct evaluation does.
                let keys = try clock.timeline(pattern)
                try engine.setValue(
                    AnimatableVector(keys.keyframes[0].value.map { max($0, 0) }),
                    forKeyPath: StandardLayerProperty.dashPattern, of: layer)
                try builder.add(keys, keyPath: StandardLayerProperty.dashPattern, to: layer)
            } else {
                builder.skip(path, .animatedDashes)
                if still.contains(where: { $0 > 0 }) {
                    try engine.setAttribute(.numbers(still), forKey: "lineDashPattern", of: layer)
                }
            }
            let offset = stroke.dashes.first { $0.kind == "o" }?.length
            try builder.play(offset, keyPath: "lineDashPhase", on: layer, clock: clock, values: .scalar)
        }
    }
}
