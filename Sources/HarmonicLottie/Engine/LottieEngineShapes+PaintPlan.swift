import Harmonic
import HarmonicEngine

extension LottieEngineShapes {
    /// How the engine plays one fill or stroke, decided from the paint's drivers and its content
    /// before any layer is made (``planPaint(_:path:index:drivers:points:)``), and carried out
    /// in one place (``makePaint(_:path:index:drivers:in:fade:points:)``).
    enum PaintPlan {
        /// It paints nothing at the times its path is built at.
        case nothing
        /// A lone star whose number of points moves: drawn once per count it takes.
        case counted(LottieProperty)
        /// No keyframes carry its path: direct evaluation's path at every frame, for the reason
        /// given, the trim (if any) played as the stroke's ends on that path.
        case motion(LottieEngineReason, trim: LottieTrim?)
        /// Keyframes carry its path exactly.
        case keyframes(KeyframedPaint)
    }

    /// A paint whose path keyframes carry exactly.
    struct KeyframedPaint {
        /// In engine seconds: the path's parts, the first its value and the rest offsets added
        /// to it (one per set of drivers that move apart).
        var parts: [KeyframeTimeline]
        /// The parts of each layer drawing the path: `[parts]`, or one list per subpath where a
        /// simultaneous trim cuts each path on its own.
        var pieces: [[KeyframeTimeline]]
        /// A lone shape's rigid motion, played by a layer around the path (which is then the
        /// shape at rest).
        var placement: Drivers.Placement?
        /// The trim played as the stroke's `strokeStart`/`strokeEnd` on the uncut path.
        var trim: LottieTrim?
    }

    /// How a paint plays (``PaintPlan``): worked out from its drivers and the content alone,
    /// before any layer is made.
    func planPaint(
        _ shape: LottieShape, path: String, index: Int, drivers given: Drivers, points: Double? = nil
    ) throws(HarmonicError) -> PaintPlan {
        // A lone shape whose position (or star rotation) cannot drive its path with the rest
        // moves as a layer instead: the path is then the shape at rest, placed by the layer.
        var drivers = given.flattened()
        var placement: Drivers.Placement?
        if let p = given.placement, !Self.drivesPath(drivers), !Self.isGradient(shape) {
            var lone = given
            lone.placement = nil
            if Self.drivesPath(lone), points == nil, let counting = p.points, counting.isAnimated {
                return .counted(counting)
            }
            if Self.drivesPath(lone) {
                drivers = lone
                placement = p
            }
        }
        // An animated trim, or any trim of a moving path (a cut at a fixed fraction of a length
        // that changes moves along no keyframe of the cut paths): the stroke's
        // `strokeStart`/`strokeEnd` on the uncut path.
        var trim: LottieTrim?
        let moves = !drivers.affine.isEmpty || drivers.nonlinear != nil
        if let cut = drivers.trims.values.first(where: { $0.isAnimated || (moves && !$0.isWhole) }) {
            guard case .stroke = shape, drivers.trims.count == 1 else {
                // The trimmed path itself, while the cuts keep its elements.
                return .motion(cut.isAnimated ? .animatedTrim : .trimmedMovingPath, trim: nil)
            }
            trim = cut
        }
        // A path no keyframes carry exactly: the content evaluated at every frame.
        if let reason = drivers.nonlinear {
            return .motion(reason, trim: trim)
        }
        // Several driving properties play as one when one easing moves them all (a designer
        // keying a rectangle's position and size together, or linearly at different times):
        // the path, affine in each, then moves with their common progress. Properties that no
        // one easing moves are split into sets that each move in step (``inStep(_:)``), and the
        // path plays as one part per set: the first the path with the other sets held, each
        // further one the offsets its set makes alone, added on top
        // (``LottieShape/replacing(_:)``).
        let affine = drivers.affine.values.sorted { $0.path < $1.path }
        // A path has one progress: a property easing its components apart drives it as one
        // driver per component.
        guard let all = LottiePathDriver.drivers(affine) else {
            return .motion(.pathEasingPerComponent, trim: trim)
        }
        var sets: [[LottiePathDriver]] = []
        if !all.isEmpty {
            guard let found = Self.inStep(all),
                found.count == 1
                    || (drivers.clampedRectangles.isEmpty && drivers.roundingLevels.isEmpty && drivers.folds.isEmpty)
            else {
                return .motion(.severalPathDrivers, trim: trim)
            }
            sets = found
        }
        // In engine seconds: the path's parts, the first its value and the rest offsets.
        var parts: [KeyframeTimeline] = []
        if sets.isEmpty {
            guard
                let numbers = Self.coordinates(
                    items, paint: index, time: 0, trims: trim == nil, points: points, rest: Self.rest(placement, at: 0))
            else { return .nothing }
            parts = [try clock.timeline(KeyframeTimeline([.init(time: 0, value: AnimatableVector(numbers))]))]
        }
        // The frame the other sets are held at, and the path with every driver held there.
        let held = all.first?.timeline.keyframes.first?.time ?? 0
        var rest: [Double] = []
        for (j, set) in sets.enumerated() {
            guard let driver = Self.schedule(set.map(\.timeline)) else { return .nothing }
            var content = items
            if sets.count > 1 {
                let replacements = LottiePathDriver.replacements(moving: set, of: all, heldAt: held)
                content = items.map { $0.replacing(replacements) }
                if j == 0 {
                    let still = LottiePathDriver.replacements(moving: [], of: all, heldAt: held)
                    guard
                        let numbers = Self.coordinates(
                            items.map { $0.replacing(still) }, paint: index, time: held, trims: trim == nil,
                            points: points)
                    else {
                        return .motion(.emptyPath, trim: trim)
                    }
                    rest = numbers
                }
            }
            // The path at the set's keyframes, and where a clamping corner radius changes which
            // bound holds it (one set only: the bound moves with every driver).
            let levels = drivers.roundingLevels.map { Self.levelTimes($0, driver: driver) }
            guard !levels.contains(where: { $0 == nil }) else {
                return .motion(.roundedCorners, trim: trim)
            }
            let kinks =
                drivers.clampedRectangles.flatMap { Self.kinkTimes($0, driver: driver) }
                + levels.flatMap { $0 ?? [] } + drivers.folds.flatMap { Self.foldTimes($0, driver: driver) }
            // The kinks are finite wherever the drivers are; a driver too large to cut
            // (a crossing overflowing) is still drawn, by direct evaluation.
            guard let cut = try? driver.splitting(at: kinks) else {
                return .motion(.roundedRectangleResize, trim: trim)
            }
            var keyframes: [KeyframeTimeline.Keyframe] = []
            for k in cut.keyframes {
                guard
                    var numbers = Self.coordinates(
                        content, paint: index, time: k.time, trims: trim == nil, points: points,
                        rest: Self.rest(placement, at: k.time))
                else {
                    return .motion(.emptyPath, trim: trim)
                }
                if j > 0 {
                    guard let offsets = Self.offsets(from: rest, to: numbers) else {
                        return .motion(.pathStructureChanges, trim: trim)
                    }
                    numbers = offsets
                }
                keyframes.append(
                    .init(
                        time: k.time, value: AnimatableVector(numbers), holds: k.holds,
                        easing: Array(k.easing.prefix(1))))
            }
            // A path whose elements differ between keyframes (a cut that passes a vertex, a size
            // through 0) has no keyframes to morph between: the content at every frame.
            guard keyframes.allSatisfy({ $0.value.count == keyframes[0].value.count }) else {
                return .motion(.pathStructureChanges, trim: trim)
            }
            parts.append(try clock.timeline(KeyframeTimeline(keyframes)))
        }
        let codes = parts[0].keyframes[0].value.components.count
        guard parts.allSatisfy({ $0.keyframes.allSatisfy { $0.value.count == codes } }) else {
            return .motion(.pathStructureChanges, trim: trim)
        }
        let timeline = parts[0]
        // A simultaneous trim cuts each path on its own, where `strokeStart` measures a layer's
        // subpaths together: a layer per subpath then (each of a paint's paths is one), its
        // parts the subpath's numbers of each part.
        var pieces = [parts]
        if let trim, !trim.individually, Self.subpathCount(timeline.keyframes[0].value.components) > 1 {
            var split: [[KeyframeTimeline]] = []
            for part in parts {
                let cut = part.keyframes.map { Self.subpaths($0.value.components) }
                guard cut.allSatisfy({ $0.count == cut[0].count }), split.isEmpty || cut[0].count == split.count
                else {
                    return .motion(.pathStructureChanges, trim: trim)
                }
                let subpaths = try cut[0].indices.map { (j) throws(HarmonicError) in
                    try KeyframeTimeline(
                        zip(part.keyframes, cut).map { k, pieces in
                            var k = k
                            k.value = AnimatableVector(pieces[j])
                            return k
                        })
                }
                split = split.isEmpty ? subpaths.map { [$0] } : zip(split, subpaths).map { $0 + [$1] }
            }
            pieces = split
        }
        return .keyframes(KeyframedPaint(parts: parts, pieces: pieces, placement: placement, trim: trim))
    }

    /// Drivers in sets, each moved by one easing (``schedule(_:)``), the first driver's set
    /// first: `nil` past ``maximumPathParts`` sets or 64 drivers.
    static func inStep(_ drivers: [LottiePathDriver]) -> [[LottiePathDriver]]? {
        guard drivers.count <= 64 else { return nil }
        var sets: [[LottiePathDriver]] = []
        for p in drivers {
            if let j = sets.firstIndex(where: { schedule(($0 + [p]).map(\.timeline)) != nil }) {
                sets[j].append(p)
            } else {
                guard sets.count < LottieEngineBudget.maximumPathParts, schedule([p.timeline]) != nil else {
                    return nil
                }
                sets.append([p])
            }
        }
        return sets
    }

    /// The offsets from one path's coordinates to another's
    /// (``/Harmonic/PathCoordinates/offsets(to:)``), `nil` where their elements differ.
    static func offsets(from a: [Double], to b: [Double]) -> [Double]? {
        guard let from = try? PathCoordinates(numbers: a), let to = try? PathCoordinates(numbers: b) else { return nil }
        return (try? from.offsets(to: to))?.numbers
    }

    /// Whether these drivers can drive a path as keyframes: nothing moves it nonlinearly, no
    /// driver eases its components apart, and one easing moves them all (``schedule(_:)``).
    static func drivesPath(_ d: Drivers) -> Bool {
        guard d.nonlinear == nil else { return false }
        let affine = Array(d.affine.values)
        guard !affine.contains(where: { p in p.timeline.keyframes.contains { Set($0.easing).count > 1 } }) else {
            return false
        }
        return affine.isEmpty || schedule(affine.map(\.timeline)) != nil
    }

    /// The transform taking a placed shape back to rest, `x ↦ R(−θ)·(x − p)` (its position `p`
    /// and rotation `θ` at `time`): the path a placement layer at `p` turned by `θ` draws where
    /// the shape is. `nil` without a placement.
    static func rest(_ placement: Drivers.Placement?, at time: Double) -> Transform2D? {
        guard let placement else { return nil }
        let p = placement.position?.point(at: time) ?? .zero
        let angle = (placement.rotation?.scalar(at: time) ?? 0) * .pi / 180
        return Transform2D.translation(x: -p.x, y: -p.y).concatenating(.rotation(-angle))
    }

    /// Path coordinates cut into their subpaths, each from its move-to.
    static func subpaths(_ numbers: [Double]) -> [[Double]] {
        let moves = PathCoordinates.codeIndices(of: numbers).filter { numbers[$0] == 1 }
        return zip(moves, moves.dropFirst() + [numbers.count]).map { Array(numbers[$0..<$1]) }
    }

    /// How many subpaths path coordinates hold (their move-tos).
    static func subpathCount(_ numbers: [Double]) -> Int {
        PathCoordinates.codeIndices(of: numbers).filter { numbers[$0] == 1 }.count
    }

    /// Direct evaluation as the engine reads a paint's path at layer time `time`: every paint
    /// numbered alike at every time (each repeater making its most copies), rounded vertices
    /// kept, trims applied where `trims`, a star drawn with `points` where given.
    static func evaluator(at time: Double, trims: Bool, points: Double?) -> LottieShapeEvaluator {
        var evaluator = LottieShapeEvaluator(time: time)
        evaluator.pathOptions.polystarPoints = points
        evaluator.appliesTrims = trims
        evaluator.makesMostCopies = true
        evaluator.pathOptions.keepsRoundedVertices = true
        return evaluator
    }

    /// Paint `index`'s path at layer time `time` as path coordinates, `nil` when it paints
    /// nothing then.
    static func coordinates(
        _ items: [LottieShape], paint index: Int, time: Double, trims: Bool, points: Double? = nil,
        rest: Transform2D? = nil
    ) -> [Double]? {
        let paints = Self.evaluator(at: time, trims: trims, points: points).paints(items)
        guard index < paints.count, var geometry = paints[index]?.geometry else { return nil }
        if let rest { geometry = geometry.applying(rest) }
        let numbers = geometry.pathCoordinates
        return numbers.isEmpty ? nil : numbers
    }
}
