import Harmonic
import HarmonicEngine

/// A layer's masks as the engine's mask (`CALayer.mask`) of the layer's content: a tree of
/// layers whose alpha is the coverage the masks leave, built the way lottie-ios's Core
/// Animation engine builds one — painting for `add`, a mask on what came before for
/// `intersect` and `subtract`, and the even–odd rule against a region larger than any
/// composition for an inverted area.
///
/// With `c` the coverage so far (empty, or full when the first mask subtracts or intersects)
/// and `m` a mask's coverage (its opacity `o` inside its area, 0 outside):
///
/// - add, `c + m·(1 − c)`: the area painted over what came before (source-over is that union);
/// - intersect, `c·m`: what came before, masked by the area;
/// - subtract, `c·(1 − m)`: what came before, masked by the rest — the area's complement
///   opaque, the area itself at `1 − o`;
/// - inverted: the area is the path's outside (`everywhere` and the path, even–odd);
/// - expansion `x ≥ 0`: the area is the path filled and stroked `2x` wide with round joins
///   (every point within `x` of the path).
///
/// A mask's area is filled by the even–odd rule, as ``LottieAnimation/frame(at:)`` fills it.
/// What no painting of alphas says — lighten, darken and difference (they compare coverages), a
/// shrinking or inverted expansion and an expanded area subtracted (their complements are no
/// even–odd area) — is said by the masks' luminance instead (the engine's `maskMode`, which Core
/// Animation does not have; `playMasksByLuminance`); an expansion whose sign changes too, its
/// outline cut where it crosses 0 (``magnitudeAndSign(of:)``); a grey's opacity clamped to
/// `[0, 100]` % as direct evaluation clamps it (``/Harmonic/KeyframeTimeline/clamped(to:)``).
/// A morph eased per component, or one whose vertices change in number between keyframes, plays
/// as a motion of the file's path. Listed, and the masks left out (the layer drawn unmasked):
/// such morphs past the scene's motion budget. In
/// a time-remapped precomposition every mask hangs from the precompositions' time maps
/// (``attachMask(_:to:remaps:)``).
///
/// Source: Adobe, After Effects User Guide, "Mask modes"; the Lottie format, "Mask"
/// (lottie.github.io/lottie-spec).
extension LottieEngineBuilder {
    /// A region far larger than any composition (sizes are at most 100,000 pixels), as path
    /// coordinates: the outside of an inverted area is this and the path, by the even–odd rule.
    static let everywhere: [Double] = [
        1, -1_000_000, -1_000_000, 2, 1_000_000, -1_000_000, 2, 1_000_000, 1_000_000, 2, -1_000_000, 1_000_000, 6,
    ]

    func playMasks(_ layer: LottieLayer, on target: LayerID, clock: Clock, remaps: [KeyframeTimeline])
        throws(HarmonicError)
    {
        // Every mask's path first: each one's coverage is needed by the masks after it.
        var shapes: [MaskPath] = []
        for mask in layer.masks {
            // A mask encloses an area: an open path closes as a fill would close it.
            let keyframes = mask.shape.timeline.keyframes.map { k in
                KeyframeTimeline.Keyframe(
                    time: k.time,
                    value: AnimatableVector(
                        LottieGeometry(LottieBezier(flattened: k.value, closed: true)).pathCoordinates),
                    holds: k.holds, easing: Array(k.easing.prefix(1)))
            }
            guard !keyframes[0].value.isEmpty else {
                skip(mask.shape.path, .emptyPath)
                return
            }
            // A morph eased per component has one progress per number, and a path whose vertices
            // change in number between keyframes has nothing to morph between: no keyframes of
            // the path carry either, a motion of the file's path does (each of its up to two
            // layers a motion).
            let perComponent = mask.shape.timeline.keyframes.contains {
                $0.easing.count > 1 && Set($0.easing).count > 1
            }
            let restructures = !keyframes.allSatisfy { $0.value.count == keyframes[0].value.count }
            guard !(perComponent || restructures) || budget.charge(work: 0, motions: 2) else {
                skip(mask.shape.path, restructures ? .pathStructureChanges : .pathEasingPerComponent)
                return
            }
            // A motion's timeline holds the first path only: the motion draws every frame.
            let timeline = try KeyframeTimeline(restructures ? [.init(time: 0, value: keyframes[0].value)] : keyframes)
            shapes.append(
                MaskPath(
                    timeline: try clock.timeline(timeline), morph: perComponent || restructures ? mask : nil,
                    restructures: restructures))
        }
        let byAlpha = layer.masks.allSatisfy { m in
            [.add, .subtract, .intersect].contains(m.mode)
                && (m.expansion == nil || (Self.onlyGrows(m.expansion) && !m.inverted && m.mode != .subtract))
        }
        guard byAlpha else {
            try playMasksByLuminance(layer.masks, shapes, on: target, clock: clock, remaps: remaps)
            return
        }
        // The coverage so far, as a layer outside the tree; `masked` once it has a mask of its
        // own (an area painted into it then would be masked too: it is wrapped first).
        var coverage = try self.layer("masks", parent: nil, values: ["anchorPoint": [0, 0]])
        var masked = false
        func wrapped() throws(HarmonicError) -> LayerID {
            guard masked else { return coverage }
            let outer = try self.layer("masks", parent: nil, values: ["anchorPoint": [0, 0]])
            try engine.addSublayer(coverage, to: outer)
            masked = false
            return outer
        }
        if layer.masks[0].mode != .add {
            try maskShape(Self.everywhere, in: coverage, clock: clock)
        }
        for (mask, shape) in zip(layer.masks, shapes) {
            switch mask.mode {
            case .add:
                coverage = try wrapped()
                try maskArea(mask, shape, in: coverage, clock: clock)
            case .intersect, .subtract:
                let holder = try self.layer("mask", parent: nil, values: ["anchorPoint": [0, 0]])
                if mask.mode == .intersect {
                    try maskArea(mask, shape, in: holder, clock: clock)
                } else {
                    try maskRest(mask, shape, in: holder, clock: clock)
                }
                coverage = try wrapped()
                try attachMask(holder, to: coverage, remaps: remaps)
                masked = true
            default:
                break
            }
        }
        try attachMask(coverage, to: target, remaps: remaps)
    }

    /// Masks no painting of alphas says — lighten, darken, difference, a shrinking or inverted
    /// expansion, a grown area subtracted — by the mask's luminance (the target's `maskMode`),
    /// painted as direct evaluation paints its SVG mask: coverage is white, an added area white
    /// at the mask's opacity, a subtracted one black; lighten, darken and difference paint the
    /// area opaque grey at the mask's opacity with that blend mode (`compositingFilter`) over an
    /// opaque black start (darken over black everywhere, since darkening with nothing leaves
    /// nothing); an intersection masks what came before by the area. An expanded area is its
    /// paint everywhere, masked by the path filled and stroked `2|x|` wide with round joins —
    /// white to grow, black to shrink, the other way round over white when inverted.
    private func playMasksByLuminance(
        _ masks: [LottieMask], _ shapes: [MaskPath], on target: LayerID, clock: Clock,
        remaps: [KeyframeTimeline]
    ) throws(HarmonicError) {
        let blends = masks.contains { [.lighten, .darken, .difference].contains($0.mode) }
        let white: AnimatableVector = [1, 1, 1, 1], black: AnimatableVector = [0, 0, 0, 1]
        var root = try self.layer("masks", parent: nil, values: ["anchorPoint": [0, 0]])
        if masks[0].mode == .subtract || masks[0].mode == .intersect {
            try paintEverywhere(white, in: root)
        } else if blends {
            try paintEverywhere(black, in: root)
        }
        for (mask, shape) in zip(masks, shapes) {
            switch mask.mode {
            case .add, .subtract:
                try luminanceArea(
                    mask, shape, color: mask.mode == .add ? white : black, in: root, clock: clock, remaps: remaps)
            case .lighten, .difference, .darken:
                let names: [LottieMask.Mode: String] = [
                    .lighten: "lightenBlendMode", .darken: "darkenBlendMode", .difference: "differenceBlendMode",
                ]
                let blend = try self.layer("mask blend", parent: root, values: ["anchorPoint": [0, 0]])
                try engine.setAttribute(
                    .name(names[mask.mode] ?? "lightenBlendMode"), forKey: "compositingFilter", of: blend)
                if mask.mode == .darken { try paintEverywhere(black, in: blend) }
                try luminanceArea(mask, shape, color: nil, in: blend, clock: clock, remaps: remaps)
            case .intersect:
                let kept = try self.layer("mask", parent: nil, values: ["anchorPoint": [0, 0]])
                try luminanceArea(mask, shape, color: white, in: kept, clock: clock, remaps: remaps)
                let outer = try self.layer("masks", parent: nil, values: ["anchorPoint": [0, 0]])
                // Black behind what the intersection keeps, so a blend that follows has a backdrop.
                if blends { try paintEverywhere(black, in: outer) }
                try engine.addSublayer(root, to: outer)
                try engine.setAttribute(.name("luminance"), forKey: "maskMode", of: root)
                try attachMask(kept, to: root, remaps: remaps)
                root = outer
            case .none:
                break
            }
        }
        try engine.setAttribute(.name("luminance"), forKey: "maskMode", of: target)
        try attachMask(root, to: target, remaps: remaps)
    }

    /// An opaque layer of `color` over everywhere.
    @discardableResult
    private func paintEverywhere(_ color: AnimatableVector, in holder: LayerID) throws(HarmonicError) -> LayerID {
        let layer = try self.layer(
            "mask everywhere", parent: holder, values: ["anchorPoint": [0, 0], "fillColor": color])
        try engine.setPath(try PathCoordinates(numbers: Self.everywhere).path(), of: layer)
        return layer
    }

    /// A mask's area painted `color` at the mask's opacity, or (`color` `nil`) opaque grey at the
    /// mask's opacity; an expanded area is the paint everywhere, masked by its region.
    private func luminanceArea(
        _ mask: LottieMask, _ shape: MaskPath, color: AnimatableVector?, in holder: LayerID, clock: Clock,
        remaps: [KeyframeTimeline]
    ) throws(HarmonicError) {
        let areas: [LayerID]
        if let x = mask.expansion {
            let area = try paintEverywhere(color ?? [0, 0, 0, 1], in: holder)
            areas = [area]
            let white: AnimatableVector = [1, 1, 1, 1], black: AnimatableVector = [0, 0, 0, 1]
            let inside = mask.inverted ? black : white
            let outside = mask.inverted ? white : black
            let region = try self.layer("mask region", parent: nil, values: ["anchorPoint": [0, 0]])
            if mask.inverted { try paintEverywhere(white, in: region) }
            // The outline 2|x| wide, in the inside's colour while x grows the area and the
            // outside's while it shrinks it.
            let (width, grows) = try Self.magnitudeAndSign(of: x.timeline)
            let seconds = try mapped(width, clock: clock, values: .init(sources: [0], scale: 2))
            let colors = try clock.timeline(
                KeyframeTimeline(
                    grows.keyframes.map { k in
                        .init(time: k.time, value: k.value[0] > 0 ? inside : outside, holds: true)
                    }))
            for outline in try maskShape(shape, in: region, clock: clock) {
                try engine.setAttribute(.name("nonZero"), forKey: "fillRule", of: outline)
                try engine.setValue(inside, forKeyPath: "fillColor", of: outline)
                try engine.setAttribute(.name("round"), forKey: "lineJoin", of: outline)
                try engine.setValue(seconds.keyframes[0].value, forKeyPath: "lineWidth", of: outline)
                if !seconds.isStatic { try add(seconds, keyPath: "lineWidth", to: outline) }
                try engine.setValue(colors.keyframes[0].value, forKeyPath: "strokeColor", of: outline)
                if !colors.isStatic { try add(colors, keyPath: "strokeColor", to: outline) }
            }
            try engine.setAttribute(.name("luminance"), forKey: "maskMode", of: area)
            try attachMask(region, to: area, remaps: remaps)
        } else {
            areas = try maskShape(shape, inverted: mask.inverted, in: holder, clock: clock)
            if let color { for area in areas { try engine.setValue(color, forKeyPath: "fillColor", of: area) } }
        }
        for area in areas { try paintGrey(mask, color: color, on: area, clock: clock) }
    }

    /// A luminance area's paint: faded by the mask's opacity when it has a colour, else an
    /// opaque grey of the opacity.
    private func paintGrey(_ mask: LottieMask, color: AnimatableVector?, on area: LayerID, clock: Clock)
        throws(HarmonicError)
    {
        if color != nil {
            try play(mask.opacity, keyPath: "opacity", on: area, clock: clock, values: .percent)
        } else if let opacity = mask.opacity {
            // A grey of the opacity, which direct evaluation clamps to [0, 100] %: the timeline
            // clamped, cut where it passes a bound.
            let grey = ValueMap(sources: [0, 0, 0, nil], scale: 0.01, constants: [0, 0, 0, 1])
            let seconds = try mapped(opacity.timeline.clamped(to: 0...100), clock: clock, values: grey)
            try engine.setValue(seconds.keyframes[0].value, forKeyPath: "fillColor", of: area)
            if !seconds.isStatic { try add(seconds, keyPath: "fillColor", to: area) }
        } else {
            try engine.setValue([1, 1, 1, 1], forKeyPath: "fillColor", of: area)
        }
    }

    /// An expansion `x` as its magnitude `|x|` and its sign (1 where it grows the area, 0 where
    /// it shrinks it; held), both in the file's frames. `x` is cut where it crosses 0
    /// (``/Harmonic/KeyframeTimeline/times(reaching:)``), so each piece keeps one sign and `|x|`
    /// is `x` or `−x` there, with the same easing; at a crossing both are 0.
    static func magnitudeAndSign(of x: KeyframeTimeline) throws(HarmonicError) -> (
        magnitude: KeyframeTimeline, grows: KeyframeTimeline
    ) {
        let cut = try x.splitting(at: x.times(reaching: 0))
        var magnitude: [KeyframeTimeline.Keyframe] = [], grows: [KeyframeTimeline.Keyframe] = []
        for (j, k) in cut.keyframes.enumerated() {
            // The sign on the piece after this keyframe (at its middle; the last keyframe's own).
            var probe = k.value[0]
            if j + 1 < cut.keyframes.count, !k.holds {
                probe = cut.value(at: (k.time + cut.keyframes[j + 1].time) / 2)[0]
            }
            let sign: Double = probe >= 0 ? 1 : -1
            var m = k
            m.value = [sign * k.value[0]]
            magnitude.append(m)
            grows.append(.init(time: k.time, value: [sign > 0 ? 1 : 0], holds: true))
        }
        return (try KeyframeTimeline(magnitude), try KeyframeTimeline(grows))
    }

    /// Whether an expansion is never negative: its keyframe values are ≥ 0 and its easing does
    /// not overshoot (between two values ≥ 0 it then stays ≥ 0).
    private static func onlyGrows(_ x: LottieProperty?) -> Bool {
        guard let x else { return true }
        return x.neverOvershoots && x.timeline.keyframes.allSatisfy { $0.value[0] >= 0 }
    }

    /// The mask's coverage `o` inside its area (outside it when inverted), as one opaque shape
    /// layer faded by the mask's opacity; an expanded area is the path filled and stroked `2x`
    /// wide with round joins.
    private func maskArea(_ mask: LottieMask, _ shape: MaskPath, in holder: LayerID, clock: Clock)
        throws(HarmonicError)
    {
        for area in try maskShape(shape, inverted: mask.inverted, in: holder, clock: clock) {
            try play(mask.opacity, keyPath: "opacity", on: area, clock: clock, values: .percent)
            if let x = mask.expansion {
                // Nonzero, as direct evaluation fills an expanded area.
                try engine.setAttribute(.name("nonZero"), forKey: "fillRule", of: area)
                try engine.setValue([1, 1, 1, 1], forKeyPath: "strokeColor", of: area)
                try engine.setAttribute(.name("round"), forKey: "lineJoin", of: area)
                try play(x, keyPath: "lineWidth", on: area, clock: clock, values: .init(sources: [0], scale: 2))
            }
        }
    }

    /// `1 − m`, what a subtracted mask leaves: the area's complement opaque, and the area at
    /// `1 − o`.
    private func maskRest(_ mask: LottieMask, _ shape: MaskPath, in holder: LayerID, clock: Clock)
        throws(HarmonicError)
    {
        try maskShape(shape, inverted: !mask.inverted, in: holder, clock: clock)
        // An opaque mask takes all of its area: nothing more to paint.
        guard let o = mask.opacity, o.isAnimated || o.scalar(at: 0) < 100 else { return }
        for area in try maskShape(shape, inverted: mask.inverted, in: holder, clock: clock) {
            try play(
                o, keyPath: "opacity", on: area, clock: clock, values: .init(sources: [0], scale: -0.01).offset(by: 1))
        }
    }

    /// A mask's path in engine seconds: its keyframes, or, for a morph eased per component or
    /// one whose vertices change in number, the mask whose path plays as a motion
    /// (``LottieFrameMotion``, the file's path at every frame; the keyframes then give the first
    /// value).
    struct MaskPath {
        var timeline: KeyframeTimeline
        var morph: LottieMask?
        /// Whether the morph's path changes its elements: a motion per structure.
        var restructures = false
    }

    /// Opaque white shape layers in `holder` filling `shape` by the even–odd rule — its outside
    /// when `inverted` — animated along the shape's keyframes, or its motion: one layer, or, for
    /// a path whose elements change, one per structure it takes, each shown while the path has
    /// it (``structureRuns(_:size:structure:)``).
    @discardableResult
    private func maskShape(_ shape: MaskPath, inverted: Bool = false, in holder: LayerID, clock: Clock)
        throws(HarmonicError) -> [LayerID]
    {
        let outside = inverted ? Self.everywhere : []
        func shapeLayer(_ first: [Double]) throws(HarmonicError) -> LayerID {
            let layer = try self.layer(
                "mask area", parent: holder, values: ["anchorPoint": [0, 0], "fillColor": [1, 1, 1, 1]])
            try engine.setAttribute(.name("evenOdd"), forKey: "fillRule", of: layer)
            try engine.setPath(try PathCoordinates(numbers: first).path(), of: layer)
            return layer
        }
        let start = outside + shape.timeline.keyframes[0].value.components
        guard let mask = shape.morph else {
            let layer = try shapeLayer(start)
            let timeline = try KeyframeTimeline(
                shape.timeline.keyframes.map { k in
                    var k = k
                    k.value = AnimatableVector(outside + k.value.components)
                    return k
                })
            if !timeline.isStatic { try add(timeline, keyPath: "path", to: layer) }
            return [layer]
        }
        let frames = mask.shape.timeline.keyframes.map(\.time)
        guard let low = frames.first, let high = frames.last, high > low, clock.scale != 0 else {
            return [try shapeLayer(start)]
        }
        let value: @Sendable (Double) -> [Double]? = { frame in
            outside + mask.evaluate(at: frame).geometry.pathCoordinates
        }
        guard shape.restructures else {
            let layer = try shapeLayer(start)
            try addMotion(
                keyPath: "path", on: layer, clock: clock, from: low, to: high, key: "lottie mask motion", value: value)
            return [layer]
        }
        // The structure at every keyframe and at points between, and where it changes.
        var checks = frames
        for (a, b) in zip(frames, frames.dropFirst()) where b > a {
            for k in 1...4 { checks.append(a + (b - a) * Double(k) / 5) }
        }
        checks = Array(checks.sorted().prefix(LottieEngineBudget.maximumMotionChecks))
        guard
            let runs = structureRuns(checks, size: 1, structure: { value($0).map(LottieEngineShapes.structure(of:)) })
        else {
            skip(mask.shape.path, .pathStructureChanges)
            return []
        }
        var structures: [[Double]] = []
        for run in runs { if let s = run.structure, !structures.contains(s) { structures.append(s) } }
        guard structures.count <= LottieEngineBudget.maximumStructures,
            budget.charge(work: 0, motions: max(structures.count - 1, 0))
        else {
            skip(mask.shape.path, .pathStructureChanges)
            return []
        }
        var layers: [LayerID] = []
        for structure in structures {
            guard let from = runs.first(where: { $0.structure == structure })?.frame, let initial = value(from)
            else { continue }
            let layer = try shapeLayer(initial)
            let hidden = runs.map { run in
                KeyframeTimeline.Keyframe(time: run.frame, value: [run.structure == structure ? 0 : 1], holds: true)
            }
            let shown = try clock.timeline(KeyframeTimeline(hidden))
            try engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: layer)
            try add(shown, keyPath: "hidden", to: layer)
            try addMotion(
                keyPath: "path", on: layer, clock: clock, from: low, to: high, dimension: initial.count,
                fallback: initial, key: "lottie mask motion", value: value)
            layers.append(layer)
        }
        return layers
    }

    /// `everywhere`, filled.
    private func maskShape(_ numbers: [Double], in holder: LayerID, clock: Clock) throws(HarmonicError) {
        try maskShape(
            MaskPath(timeline: try KeyframeTimeline([.init(time: 0, value: AnimatableVector(numbers))])), in: holder,
            clock: clock)
    }
}
