import HarmonicPlatform
import Harmonic
import HarmonicEngine

/// Gradient fills and strokes as gradient layers masked by their paths: the square the gradient
/// lies on (fixed, or moving with a path that is a motion), its ends, highlight and stops, and
/// the stops' number where stops meet.
extension LottieEngineShapes {
    /// How many merged stops a gradient has at `frame` — the number just beside it where stops
    /// meet for that instant alone (``LottieFrameMotion/nudge``), as the stops' motion reads
    /// them there.
    static func stopCount(_ gradient: LottieGradient, at frame: Double) -> Int {
        let count = gradient.evaluate(at: frame).stops.count
        let e = LottieFrameMotion.nudge * max(1, abs(frame))
        let after = gradient.evaluate(at: frame + e).stops.count
        return after == gradient.evaluate(at: frame - e).stops.count ? after : count
    }

    /// A gradient layer's key path played as a motion of the file: `value` at every frame,
    /// over the frames the gradient's ends, highlight and stops are keyed between; listed (at
    /// `path`) past the scene's motion budget (``LottieEngineBudget/charge(work:motions:)``). A
    /// layer shown only while the stops number `fallback.count` gives `fallback` where they
    /// number otherwise.
    func playGradientMotion(
        of gradient: LottieGradient, keyPath: String, on layer: LayerID, path: String, fallback: [Double]? = nil,
        frames more: [Double] = [], value: @escaping @Sendable (Double) -> [Double]?
    ) throws(HarmonicError) {
        let frames =
            [gradient.start, gradient.end, gradient.highlightLength, gradient.highlightAngle, gradient.colors]
            .compactMap { $0 }.flatMap { $0.timeline.keyframes.map(\.time) } + more
        guard let low = frames.min(), let high = frames.max(), high > low, clock.scale != 0 else { return }
        guard builder.budget.charge(work: 0) else {
            builder.skip(path, .gradient)
            return
        }
        guard
            let motion = try builder.addMotion(
                keyPath: keyPath, on: layer, clock: clock, from: low, to: high, dimension: fallback?.count,
                fallback: fallback, requiringFirstValue: true, key: "lottie \(keyPath) motion", value: value),
            let initial = LottieFrameMotion.sized(motion.dimension, value, at: motion.first) ?? fallback
        else { return }
        try builder.engine.setValue(AnimatableVector(initial), forKeyPath: keyPath, of: layer)
    }

    static func isGradient(_ shape: LottieShape) -> Bool { gradientPaint(shape) != nil }

    /// A gradient fill's or stroke's gradient and its own opacity; `nil` for another paint.
    static func gradientPaint(_ shape: LottieShape) -> (gradient: LottieGradient, opacity: LottieProperty?)? {
        switch shape {
        case let .fill(fill): return fill.gradient.map { ($0, fill.opacity) }
        case let .stroke(stroke): return stroke.gradient.map { ($0, stroke.opacity) }
        default: return nil
        }
    }

    /// A gradient fill as a gradient layer (`CAGradientLayer`) masked by the paint's path, as
    /// lottie-ios draws one: the layer a square over the path and the gradient's ends, its
    /// colours and locations the merged colour and opacity stops, `startPoint`/`endPoint` the
    /// ends in its unit square (a radial gradient's end moved to `start + (d, d)`, so that Core
    /// Animation's ellipse is the circle of Lottie's radius `d`).
    ///
    /// Moving ends of a linear gradient are `startPoint`/`endPoint` animations (the square's
    /// coordinates are affine in the ends); moving stops are `colors`/`locations` animations
    /// when the merged stops are affine in the file's numbers (``stopMaps(_:)``); a trimmed
    /// stroke's mask is trimmed as a plain stroke is (``playTrim(_:shift:on:)``). A radial
    /// gradient's edge leaving a ray (its radius `|e − s|` is no affine map of the ends) and a
    /// highlight whose angle turns play as motions of the file (``LottieFrameMotion``). A
    /// highlight is the layer's `focalOffset` (a Harmonic extension: Core Animation's radial
    /// gradient has no focal point). Stops no affine map carries play as motions of `colors` and
    /// `locations`, a gradient layer per number of merged stops where stops meet and stay
    /// together, all under one layer that holds the mask. With a `moving` square (a path no
    /// keyframes carry) the square's place, size and the gradient's ends in it are motions, and
    /// the caller masks the returned layer with the path's own motions.
    @discardableResult
    func makeGradient(
        _ paint: LottieShape, _ gradient: LottieGradient, _ own: LottieProperty?, path: String,
        parts: [KeyframeTimeline], trim: (LottieTrim, copies: [Double], pieces: [[KeyframeTimeline]])? = nil,
        moving: MovingSquare? = nil, in parent: LayerID, fade: Fade
    ) throws(HarmonicError) -> LayerID? {
        let endsMove = gradient.start?.isAnimated == true || gradient.end?.isAnimated == true
        let stops = gradient.colors.isAnimated ? Self.stopMaps(gradient) : nil
        let highlight = gradient.highlightLength?.scalar(at: 0) ?? 0
        // A radial gradient's radius |e − s| moves affinely when only its edge point moves, along a
        // ray from the centre without crossing it: the radius is then the edge's distance along
        // the ray, an affine map of the point.
        let ray = gradient.radial && endsMove ? Self.edgeRay(gradient) : nil
        // A highlight is the focal point `h·|e − s|` from the centre at the angle of `e − s`
        // plus `a`: in the square's units of the radius `h·(cos θ, sin θ)`, affine in `h` while
        // the angle stays (a fixed `a`, an edge on a ray).
        // Where neither is affine — an edge leaving a ray (its radius), a highlight whose angle
        // turns — the gradient layer's `endPoint` and `focalOffset` play as motions of the file
        // (``LottieFrameMotion``, direct evaluation's value at every frame).
        let radiusMoves = endsMove && gradient.radial && ray == nil
        let hasHighlight = gradient.highlightLength?.isAnimated == true || highlight != 0
        let highlightTurns =
            gradient.radial && hasHighlight && (gradient.highlightAngle?.isAnimated == true || radiusMoves)
        // Moving stops no affine map gives (opacity stops between colour stops moving apart, a
        // colour overshooting its range): `colors` and `locations` as motions of the merged stops
        // — a gradient layer per number of them (stops that meet and stay together make fewer),
        // each shown while the stops number so, from the instants where the number changes
        // (``LottieEngineBuilder/structureRuns(_:size:structure:)``).
        let stopsMove = gradient.colors.isAnimated && stops == nil
        var stopRuns: [(frame: Double, structure: [Double]?)] = []
        if stopsMove {
            // The checks evaluate the stops (three times, for instants where stops meet), each
            // as long as the file's stop list; they and the motions count against the budgets.
            let frames = gradient.colors.timeline.keyframes.map(\.time)
            var checks = frames
            for (a, b) in zip(frames, frames.dropFirst()).prefix(LottieEngineBudget.maximumMotionChecks / 5) {
                for k in 1...4 { checks.append(a + (b - a) * Double(k) / 5) }
            }
            checks = Array(checks.prefix(LottieEngineBudget.maximumMotionChecks)).sorted()
            let size = 3 * Double(gradient.colors.dimension)
            guard builder.budget.charge(work: Double(checks.count) * size),
                let runs = builder.structureRuns(
                    checks, size: size, structure: { [Double(Self.stopCount(gradient, at: $0))] }),
                Set(runs.map(\.structure)).count <= LottieEngineBudget.maximumStructures,
                builder.budget.charge(work: 0, motions: 2 * Set(runs.map(\.structure)).count - 1)
            else {
                builder.skip(path, .gradient)
                return nil
            }
            stopRuns = runs
        }
        let g = gradient.evaluate(at: 0)
        let s = SIMD2(g.start[0], g.start[1]), e = SIMD2(g.end[0], g.end[1])
        // A square over every point of the path at every keyframe, and the gradient's ends (or,
        // moving, at the first frame).
        var low = SIMD2(Swift.min(s.x, e.x), Swift.min(s.y, e.y)),
            high = SIMD2(Swift.max(s.x, e.x), Swift.max(s.y, e.y))
        // Each number's least and greatest value at the keyframes, summed over the parts (the
        // path and the offsets added to it).
        if let n = parts.first?.keyframes.first?.value.components {
            var least = [Double](repeating: 0, count: n.count), most = least
            for part in parts {
                for i in n.indices {
                    let values = part.keyframes.map { $0.value[i] }
                    least[i] += values.min() ?? 0
                    most[i] += values.max() ?? 0
                }
            }
            if let extent = Self.pointExtent(least: least, most: most) {
                low = SIMD2(Swift.min(low.x, extent.low.x), Swift.min(low.y, extent.low.y))
                high = SIMD2(Swift.max(high.x, extent.high.x), Swift.max(high.y, extent.high.y))
            }
        }
        let reach = Self.reach(of: paint)
        // Moving, the square at its first frame (its motions take it from there).
        let (origin, side) =
            moving.flatMap { $0.square($0.frames.lowerBound) }
            ?? (low - reach, Swift.max(high.x - low.x, high.y - low.y) + 2 * reach)
        let d = ((e - s) * (e - s)).sum().squareRoot()
        let end = gradient.radial ? s + SIMD2(d, d) : e
        let engine = builder.engine
        let counts = stopRuns.map { $0.structure?.first ?? 0 }.reduce(into: [Double]()) { seen, n in
            if !seen.contains(n) { seen.append(n) }
        }
        // One gradient layer, or one per number of stops inside a layer that holds the mask
        // (the target of the mask and the opacity).
        // A moving square's layer moves inside one that holds still, as its mask does.
        let outer = try fadeHolder(fade, in: parent)
        let contained = counts.count > 1 || moving != nil
        var target: LayerID? =
            contained
            ? try builder.layer(
                "gradient stops", parent: outer,
                values: ["anchorPoint": [0, 0], "position": moving == nil ? [origin.x, origin.y] : [0, 0]])
            : nil
        for count in counts.count > 1 ? counts.map(Optional.some) : [nil] {
            // The stops at the first frame this layer shows.
            let first = count.flatMap { n in stopRuns.first { $0.structure?.first == n }?.frame } ?? 0
            let g = count == nil ? g : gradient.evaluate(at: first)
            let colors = g.stops.flatMap { [$0[1], $0[2], $0[3], $0[4]] }
            let place = contained && moving == nil ? [0, 0] : [origin.x, origin.y]
            let layer = try engine.makeLayer(
                named: builder.nextName("gradient"), kind: .gradient, parent: target ?? outer,
                values: [
                    "anchorPoint": [0, 0], "position": AnimatableVector(place), "bounds": [0, 0, side, side],
                    "colors": AnimatableVector(colors), "locations": AnimatableVector(g.stops.map { $0[0] }),
                    "startPoint": [(s.x - origin.x) / side, (s.y - origin.y) / side],
                    "endPoint": [(end.x - origin.x) / side, (end.y - origin.y) / side],
                ])
            if !contained { target = layer }
            if let moving {
                try playSquare(moving, of: gradient, on: layer, path: path)
            }
            if gradient.radial {
                try engine.setAttribute(.name("radial"), forKey: "type", of: layer)
                if highlightTurns {
                    let g = gradient
                    try playGradientMotion(of: gradient, keyPath: "focalOffset", on: layer, path: path) { frame in
                        let offset = g.evaluate(at: frame).focalOffset
                        return [offset.x, offset.y]
                    }
                } else if let h = gradient.highlightLength, h.isAnimated || highlight != 0 {
                    // `focalOffset` (a Harmonic extension of the gradient layer): `h` clamped to
                    // ±99 % as players clamp it, along the highlight's angle.
                    let u = g.highlightDirection
                    let map = LottieEngineBuilder.ValueMap(sources: [0, 0], scale: 0.01, scales: [u.x, u.y])
                    let offset = try builder.mapped(h.timeline.clamped(to: -99...99), clock: clock, values: map)
                    try engine.setValue(offset.keyframes[0].value, forKeyPath: "focalOffset", of: layer)
                    if !offset.isStatic { try builder.add(offset, keyPath: "focalOffset", to: layer) }
                }
            }
            // On a moving square the ends move with it (``playSquare(_:of:on:path:)``).
            if moving == nil, let ray, let edge = gradient.end {
                // endPoint = s + (d, d) with d = (e − s)·u, in the square's unit coordinates: keyframes
                // at the edge's own, eased alike (one curve for both coordinates: `edgeRay` checked).
                let keys = edge.timeline.keyframes.map { k in
                    let d = (k.value[0] - s.x) * ray.x + (k.value[1] - s.y) * ray.y
                    return KeyframeTimeline.Keyframe(
                        time: k.time, value: [(s.x + d - origin.x) / side, (s.y + d - origin.y) / side],
                        holds: k.holds, easing: Array(k.easing.prefix(1)))
                }
                let timeline = try clock.timeline(KeyframeTimeline(keys))
                try engine.setValue(timeline.keyframes[0].value, forKeyPath: "endPoint", of: layer)
                if !timeline.isStatic { try builder.add(timeline, keyPath: "endPoint", to: layer) }
            } else if moving == nil, endsMove {
                let square = LottieEngineBuilder.ValueMap(
                    sources: [0, 1], scale: 1 / side, shifts: [-origin.x / side, -origin.y / side])
                try builder.play(gradient.start, keyPath: "startPoint", on: layer, clock: clock, values: square)
                if radiusMoves {
                    // endPoint = s + (d, d), d = |e − s|, in the square's unit coordinates.
                    let g = gradient
                    try playGradientMotion(of: gradient, keyPath: "endPoint", on: layer, path: path) { frame in
                        let now = g.evaluate(at: frame)
                        let c = SIMD2(now.start[0], now.start[1]), edge = SIMD2(now.end[0], now.end[1])
                        let d = ((edge - c) * (edge - c)).sum().squareRoot()
                        return [(c.x + d - origin.x) / side, (c.y + d - origin.y) / side]
                    }
                } else {
                    try builder.play(gradient.end, keyPath: "endPoint", on: layer, clock: clock, values: square)
                }
            }
            if let stops {
                try builder.play(gradient.colors, keyPath: "colors", on: layer, clock: clock, values: stops.colors)
                try builder.play(
                    gradient.colors, keyPath: "locations", on: layer, clock: clock, values: stops.locations)
            } else if stopsMove {
                let whole = gradient
                // Only while the stops number this layer's count (its fallback otherwise).
                // Int: a count of merged stops, at most the file's stop list's length.
                let n = count.map { Int($0) }
                @Sendable func merged(_ frame: Double) -> [[Double]]? {
                    let stops = whole.evaluate(at: frame).stops
                    return n.map { stops.count == $0 } ?? true ? stops : nil
                }
                try playGradientMotion(
                    of: gradient, keyPath: "colors", on: layer, path: path, fallback: count.map { _ in colors }
                ) { frame in
                    merged(frame)?.flatMap { [$0[1], $0[2], $0[3], $0[4]] }
                }
                try playGradientMotion(
                    of: gradient, keyPath: "locations", on: layer, path: path,
                    fallback: count.map { _ in g.stops.map { $0[0] } }
                ) { frame in
                    merged(frame)?.map { $0[0] }
                }
            }
            if let count {
                let hidden = stopRuns.map { run in
                    KeyframeTimeline.Keyframe(
                        time: run.frame, value: [run.structure?.first == count ? 0 : 1], holds: true)
                }
                let shown = try clock.timeline(KeyframeTimeline(hidden))
                try engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: layer)
                try builder.add(shown, keyPath: "hidden", to: layer)
            }
        }
        guard let target else { return nil }
        try playOpacity(own, fade: fade, on: target, path: path)
        // A moving square's mask is the caller's: the path's motions, in the target's space.
        guard moving == nil else { return target }
        // The mask, in the gradient layer's space: the path moved by the square's origin, filled
        // or stroked opaque — a trimmed stroke once per whole turn its trim wraps, as a plain
        // stroke is drawn.
        let holder = try builder.layer("gradient mask", parent: nil, values: ["anchorPoint": [0, 0]])
        for piece in trim?.pieces ?? [parts] {
            for shift in trim?.copies ?? [0] {
                let shape = try builder.layer(
                    "gradient path", parent: holder,
                    values: ["anchorPoint": [0, 0], "position": [-origin.x, -origin.y]])
                try playPath(piece, on: shape)
                try maskPaint(paint, path: path, on: shape)
                if let trim { try playTrim(trim.0, shift: shift, on: shape) }
            }
        }
        try builder.attachMask(holder, to: target, remaps: remaps)
        return target
    }

    /// A gradient paint's path as its mask paints it: filled (by the fill's rule) or stroked
    /// (the stroke's geometry) opaque white.
    func maskPaint(_ paint: LottieShape, path: String, on layer: LayerID) throws(HarmonicError) {
        switch paint {
        case let .fill(fill):
            try builder.engine.setValue([1, 1, 1, 1], forKeyPath: "fillColor", of: layer)
            if fill.evenOdd { try builder.engine.setAttribute(.name("evenOdd"), forKey: "fillRule", of: layer) }
        case let .stroke(stroke):
            try builder.engine.setValue([1, 1, 1, 1], forKeyPath: "strokeColor", of: layer)
            try strokeGeometry(stroke, path: path, on: layer)
        default:
            break
        }
    }

    /// The least and greatest point of path coordinates (``/Harmonic/PathCoordinates``, no
    /// arcs: every argument of a move or curve is a point's coordinate, x then y), each
    /// coordinate taken from `least` for the low corner and from `most` for the high one;
    /// `nil` for no point.
    static func pointExtent(least: [Double], most: [Double]) -> (low: SIMD2<Double>, high: SIMD2<Double>)? {
        var low = SIMD2(Double.infinity, .infinity), high = -low
        let codes = PathCoordinates.codeIndices(of: least)
        for (i, next) in zip(codes, codes.dropFirst() + [least.count]) {
            // Int: the element's arguments in pairs, 0, 2 or 6 numbers after its code.
            for j in stride(from: i + 1, to: next - 1, by: 2) {
                low = SIMD2(Swift.min(low.x, least[j]), Swift.min(low.y, least[j + 1]))
                high = SIMD2(Swift.max(high.x, most[j]), Swift.max(high.y, most[j + 1]))
            }
        }
        return low.x <= high.x ? (low, high) : nil
    }

    /// How far a paint reaches beyond its path: 1, and for a stroke half its widest width at
    /// a keyframe, a miter join its limit times that.
    static func reach(of paint: LottieShape) -> Double {
        guard case let .stroke(stroke) = paint else { return 1 }
        let widest = stroke.width?.timeline.keyframes.map { abs($0.value[0]) }.max() ?? 1
        return 1 + widest / 2 * Swift.max(stroke.miterLimit, 1)
    }

    /// A gradient's square that moves with a path no keyframes carry: at each frame, over the
    /// path's points (a Bézier lies within its control points) and the gradient's ends, `reach`
    /// beyond them.
    struct MovingSquare: Sendable {
        /// The frames it moves over (held outside them).
        var frames: ClosedRange<Double>
        var square: @Sendable (Double) -> (origin: SIMD2<Double>, side: Double)?

        init(
            frames: ClosedRange<Double>, reach: Double, gradient: LottieGradient,
            path: @escaping @Sendable (Double) -> [Double]?
        ) {
            self.frames = frames
            square = { frame in
                guard let numbers = path(frame),
                    let extent = LottieEngineShapes.pointExtent(least: numbers, most: numbers)
                else { return nil }
                let g = gradient.evaluate(at: frame)
                let s = SIMD2(g.start[0], g.start[1]), e = SIMD2(g.end[0], g.end[1])
                let low = SIMD2(Swift.min(extent.low.x, s.x, e.x), Swift.min(extent.low.y, s.y, e.y))
                let high = SIMD2(Swift.max(extent.high.x, s.x, e.x), Swift.max(extent.high.y, s.y, e.y))
                return (low - reach, Swift.max(high.x - low.x, high.y - low.y) + 2 * reach)
            }
        }
    }

    /// A gradient layer on a moving square: its `position` and `bounds` the square's, its
    /// `startPoint` and `endPoint` the gradient's ends in the square's unit coordinates (a
    /// radial gradient's end at `start + (d, d)`, `d` its radius), each a motion of the file.
    func playSquare(
        _ moving: MovingSquare, of gradient: LottieGradient, on layer: LayerID, path: String
    ) throws(HarmonicError) {
        let square = moving.square
        let frames = [moving.frames.lowerBound, moving.frames.upperBound]
        @Sendable func ends(_ frame: Double) -> (
            start: SIMD2<Double>, end: SIMD2<Double>, origin: SIMD2<Double>, side: Double
        )? {
            guard let (origin, side) = square(frame), side > 0 else { return nil }
            let g = gradient.evaluate(at: frame)
            let s = SIMD2(g.start[0], g.start[1]), e = SIMD2(g.end[0], g.end[1])
            let d = ((e - s) * (e - s)).sum().squareRoot()
            return (s, gradient.radial ? s + SIMD2(d, d) : e, origin, side)
        }
        try playGradientMotion(of: gradient, keyPath: "position", on: layer, path: path, frames: frames) { frame in
            square(frame).map { [$0.origin.x, $0.origin.y] }
        }
        try playGradientMotion(of: gradient, keyPath: "bounds", on: layer, path: path, frames: frames) { frame in
            square(frame).map { [0, 0, $0.side, $0.side] }
        }
        try playGradientMotion(of: gradient, keyPath: "startPoint", on: layer, path: path, frames: frames) { frame in
            ends(frame).map { [($0.start.x - $0.origin.x) / $0.side, ($0.start.y - $0.origin.y) / $0.side] }
        }
        try playGradientMotion(of: gradient, keyPath: "endPoint", on: layer, path: path, frames: frames) { frame in
            ends(frame).map { [($0.end.x - $0.origin.x) / $0.side, ($0.end.y - $0.origin.y) / $0.side] }
        }
    }

    /// The unit direction `u` of the ray a radial gradient's moving edge point keeps to, when the
    /// centre holds still and every keyframe of the edge lies on that ray (`e = s + λ·u`,
    /// `λ ≥ 0`), eased by one curve for both coordinates that does not overshoot and without
    /// spatial tangents: the radius `λ` then moves as the point does. `nil` otherwise.
    static func edgeRay(_ g: LottieGradient) -> SIMD2<Double>? {
        guard g.start?.isAnimated != true, let edge = g.end, edge.dimension >= 2, !edge.timeline.isSpatial,
            edge.neverOvershoots,
            edge.timeline.keyframes.allSatisfy({ Set($0.easing).count <= 1 })
        else { return nil }
        let s = g.start?.point(at: 0) ?? .zero
        let offsets = edge.timeline.keyframes.map { SIMD2($0.value[0], $0.value[1]) - s }
        guard let far = offsets.max(by: { ($0 * $0).sum() < ($1 * $1).sum() }) else { return nil }
        let length = (far * far).sum().squareRoot()
        guard length > 0 else { return nil }
        let u = far / length
        // On the ray: no part across it (to a part in a million of the radius) and not behind the
        // centre.
        for v in offsets where abs(v.x * u.y - v.y * u.x) > 1e-6 * length || (v * u).sum() < 0 { return nil }
        return u
    }

    /// The gradient layer's `colors` and `locations` as maps of the file's stop numbers, when
    /// the merged stops (``LottieGradient/stops(_:colorStops:)``) are those maps' values at
    /// every time, not only at the keyframes: at each keyframe the colour offsets are in order
    /// and, with the colours and opacities, within `[0, 1]` (merging sorts and clamps), any
    /// opacity stops sit one on each colour stop (merging adds a stop wherever they differ),
    /// and the easing does not overshoot, with one curve for all numbers when there are opacity
    /// stops (so that the two offsets stay together between keyframes). `nil` otherwise.
    static func stopMaps(_ g: LottieGradient) -> (
        colors: LottieEngineBuilder.ValueMap, locations: LottieEngineBuilder.ValueMap
    )? {
        let n = g.colorStopCount
        let keyframes = g.colors.timeline.keyframes
        guard n > 0, let count = keyframes.first?.value.count else { return nil }
        let opacities = (count - 4 * n) / 2
        guard opacities == 0 || opacities == n else { return nil }
        let unit = 0.0...1.0
        guard g.colors.neverOvershoots else { return nil }
        for k in keyframes {
            let v = k.value
            guard v.count == count, opacities == 0 || Set(k.easing).count <= 1 else { return nil }
            for i in 0..<n {
                guard (0..<4).allSatisfy({ unit.contains(v[4 * i + $0]) }), i == 0 || v[4 * i] >= v[4 * i - 4] else {
                    return nil
                }
                if opacities > 0, v[4 * n + 2 * i] != v[4 * i] || !unit.contains(v[4 * n + 2 * i + 1]) { return nil }
            }
        }
        var sources: [Int?] = [], constants: [Double] = []
        for i in 0..<n {
            sources += [4 * i + 1, 4 * i + 2, 4 * i + 3, opacities > 0 ? 4 * n + 2 * i + 1 : nil]
            constants += [0, 0, 0, 1]
        }
        return (
            LottieEngineBuilder.ValueMap(sources: sources, constants: constants),
            LottieEngineBuilder.ValueMap(sources: (0..<n).map { 4 * $0 })
        )
    }
}
