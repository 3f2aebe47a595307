import HarmonicPlatform
import Harmonic
import HarmonicEngine

/// Paths no keyframes carry, played as motions of the content (``LottieFrameMotion``): the
/// structures a path takes and the instants it changes them, each structure a layer shown while
/// the path has it.
extension LottieEngineShapes {

    /// A paint whose path no keyframes carry exactly, played by a ``LottieFrameMotion`` (direct
    /// evaluation's path at every frame) on each of its layers. The engine's path keeps one
    /// structure, so a path whose elements change over time (a star's count, a cut that takes
    /// an element off) is drawn once per structure it takes, each in a layer shown (held
    /// `hidden`) while the path has it, from the frames where it changes
    /// (``LottieEngineBuilder/structureRuns(_:size:structure:)``). A gradient paint's path masks its gradient, which
    /// lies on a square that moves with the path (``MovingSquare``). Listed for `reason` past the
    /// scene's budgets.
    func playMotion(
        _ shape: LottieShape, path: String, index: Int, reason: LottieEngineReason, trim: LottieTrim?, points: Double?,
        in parent: LayerID, fade: Fade
    ) throws(HarmonicError) {
        // The frames the path can change between: every keyframe of the content's geometry.
        let frames = Array(Set(items.flatMap { $0.geometryProperties.flatMap { $0.timeline.keyframes.map(\.time) } }))
            .sorted()
        guard let low = frames.first, let high = frames.last, high > low, clock.scale != 0 else {
            builder.skip(path, reason)
            return
        }
        let trims = trim == nil
        // The structure at every keyframe and at points between, and where it changes.
        var checks = frames
        let between = max(0, min(4, LottieEngineBudget.maximumMotionChecks / frames.count - 1))
        for (a, b) in zip(frames, frames.dropFirst()) where between > 0 {
            for k in 1...between { checks.append(a + (b - a) * Double(k) / Double(between + 1)) }
        }
        // Where a moving trim changes the path's elements, found exactly (``LottieTrim/structureInstants(_:)``):
        // first, so that the checks' bound keeps them.
        checks = Array((LottieTrim.structureInstants(items) + checks).prefix(LottieEngineBudget.maximumMotionChecks))
            .sorted()
        let size = Self.evaluationSize(items)
        guard builder.budget.charge(work: Double(checks.count) * size) else {
            builder.skip(path, reason)
            return
        }
        // Every paint of the layer is checked at the same frames: one evaluation serves them all.
        let (items, samples) = (self.items, self.samples)
        let runs = builder.structureRuns(checks, size: size) { frame in
            samples.coordinates(items, paint: index, time: frame, trims: trims, points: points).map(Self.structure(of:))
        }
        guard let runs else {
            builder.skip(path, reason)
            return
        }
        // Each structure the path takes, in the order it first does (a run of none paints nothing).
        var structures: [[Double]] = []
        for run in runs { if let s = run.structure, !structures.contains(s) { structures.append(s) } }
        guard !structures.isEmpty else { return }
        guard structures.count <= LottieEngineBudget.maximumStructures,
            builder.budget.charge(work: 0, motions: structures.count - 1)
        else {
            builder.skip(path, reason)
            return
        }
        let copies: [Double]
        if let trim {
            guard let found = trimCopies(trim) else { return }
            copies = found
        } else {
            copies = [0]
        }
        // A gradient paint: the gradient on a square that moves with the path, masked by the
        // path's layers (painted opaque); any other paint: the path's layers, styled.
        let outer: LayerID
        var gradientTarget: LayerID?
        if let (gradient, own) = Self.gradientPaint(shape) {
            let whole = LottieFrameMotion.path(items, paint: index, trims: trims, points: points, subpath: nil)
            let moving = MovingSquare(frames: low...high, reach: Self.reach(of: shape), gradient: gradient, path: whole)
            guard
                let target = try makeGradient(
                    shape, gradient, own, path: path, parts: [], moving: moving, in: parent, fade: fade)
            else { return }
            gradientTarget = target
            outer = try builder.layer("gradient mask", parent: nil, values: ["anchorPoint": [0, 0]])
        } else {
            outer = try fadeHolder(fade, in: parent)
        }
        for structure in structures {
            // Shown while the path has this structure; one layer when it has no other.
            var holder = outer
            if runs.count > 1 {
                holder = try builder.layer("structure", parent: outer, values: ["anchorPoint": [0, 0]])
                let hidden = runs.map { run in
                    KeyframeTimeline.Keyframe(time: run.frame, value: [run.structure == structure ? 0 : 1], holds: true)
                }
                let shown = try clock.timeline(KeyframeTimeline(hidden))
                try builder.engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: holder)
                try builder.add(shown, keyPath: "hidden", to: holder)
            }
            guard let start = runs.first(where: { $0.structure == structure })?.frame,
                let whole = samples.coordinates(items, paint: index, time: start, trims: trims, points: points)
            else { continue }
            // A simultaneous trim: a layer per subpath, each its own motion.
            var subpaths: [Int?] = [nil]
            if let trim, !trim.individually, Self.subpathCount(whole) > 1 {
                subpaths = Array(0..<Self.subpathCount(whole))
            }
            for subpath in subpaths {
                let value = LottieFrameMotion.path(
                    items, paint: index, trims: trims, points: points, subpath: subpath,
                    structure: runs.count > 1 ? structure : nil)
                guard let initial = value(start), !initial.isEmpty else { continue }
                for shift in copies {
                    let layer = try builder.layer("paint", parent: holder, values: ["anchorPoint": [0, 0]])
                    try builder.engine.setPath(try PathCoordinates(numbers: initial).path(), of: layer)
                    try builder.addMotion(
                        keyPath: "path", on: layer, clock: clock, from: low, to: high, dimension: initial.count,
                        fallback: initial, key: "lottie path motion", value: value)
                    if gradientTarget == nil {
                        try style(shape, path: path, layer: layer, fade: fade)
                    } else {
                        try maskPaint(shape, path: path, on: layer)
                    }
                    if let trim { try playTrim(trim, shift: shift, on: layer) }
                }
            }
        }
        if let gradientTarget { try builder.attachMask(outer, to: gradientTarget, remaps: remaps) }
    }

    /// A path's structure: its element codes (``/Harmonic/PathCoordinates``), which decide how
    /// many numbers follow each.
    static func structure(of numbers: [Double]) -> [Double] {
        PathCoordinates.codeIndices(of: numbers).map { numbers[$0] }
    }

    /// How many shape items one evaluation of the content walks: each item once, a repeater's
    /// content once per copy it can make.
    static func evaluationSize(_ items: [LottieShape]) -> Double {
        items.reduce(0) { n, item in
            switch item {
            case let .group(children, _): return n + 1 + evaluationSize(children)
            case let .repeated(children, repeater): return n + 1 + repeater.mostCopies * evaluationSize(children)
            default: return n + 1
            }
        }
    }
}
