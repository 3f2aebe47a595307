import Harmonic

/// Turns an animation description into the ``AnimationProgram`` the frame loop evaluates,
/// for one layer: every value is validated here, once, and every default of Core Animation
/// (durations, begin times, from/to/by) resolved.
///
/// The compiler reads the layer through two functions the engine supplies: key-path
/// resolution (which creates a standard property's slot on first use) and the capture of a
/// key path's shown value (the start of an animation given no values). It keeps no state, so
/// the engine builds one per add or commit.
struct AnimationCompiler {
    /// The layer the animation is for.
    let layer: LayerRecord
    /// The settings of the transaction that adds the animation (its default duration).
    let settings: TransactionSettings
    /// Resolves a key path of ``layer``.
    let resolveKeyPath: (String) throws(HarmonicError) -> ResolvedKeyPath
    /// The value of a key path shown at commit: the start of a basic animation with no
    /// from/to/by values.
    let capture: (String) throws(HarmonicError) -> [Double]

    /// Compiles an animation for ``layer``.
    ///
    /// - Parameters:
    ///   - now: The layer's local time at commit, for a top-level animation; `nil` for a
    ///     group's child (whose begin time is in the group's time).
    ///   - groupDuration: For a child, the group's duration (the default child duration).
    func compile(
        _ animation: LayerAnimation, now: Double?, groupDuration: Double? = nil
    ) throws(HarmonicError) -> AnimationProgram {
        // Core Animation's default duration: a group's child spans the group; a top-level
        // spring runs until it settles; anything else takes the transaction's duration. A
        // timing whose duration is 0 means the same default.
        let defaultDuration: Double
        var releases: [DecayMotion] = []
        switch animation {
        case let .spring(a) where groupDuration == nil:
            let settle = a.settlingDuration
            defaultDuration = settle.isFinite ? settle : .infinity
        case let .decay(a):
            // The releases are fixed at commit: their start is needed for the default duration.
            let start: [Double]
            if let from = a.fromValue {
                start = try AnimationEngine.finite(from, named: "fromValue")
                try AnimationEngine.requireDimension(start, try resolveKeyPath(a.keyPath).dimension, named: "fromValue")
            } else {
                start = try capture(a.keyPath)
            }
            releases = try a.motions(from: start)
            let rest = releases.map(\.restTime).max() ?? 0
            // A release already at rest still lasts an instant, so that it starts and ends.
            defaultDuration = groupDuration ?? (rest > 0 ? rest : 1e-9)
        case let .motion(a):
            let duration = a.motion.duration
            // A motion already at rest still lasts an instant, so that it starts and ends.
            defaultDuration = groupDuration ?? (duration > 0 ? duration : 1e-9)
        case .basic, .group, .keyframe, .spring:
            defaultDuration = groupDuration ?? settings.animationDuration
        case .transition:
            guard groupDuration == nil else {
                throw .invalidParameter(
                    name: "animation", value: "a transition", allowed: "a top-level animation, not a group's child")
            }
            defaultDuration = settings.animationDuration
        }
        let timing = try Self.resolveTiming(
            animation.timing, now: now, defaultDuration: defaultDuration, zeroDuration: defaultDuration)
        switch animation {
        case let .basic(a):
            let leaf = try compileLeaf(
                keyPath: a.keyPath, from: a.fromValue, to: a.toValue, by: a.byValue, additive: a.isAdditive,
                cumulative: a.isCumulative, curve: .basic, valueFunction: a.valueFunction)
            return AnimationProgram(
                timing: timing, timingFunction: ResolvedTimingFunction(a.timingFunction), node: .leaf(leaf))
        case let .spring(a):
            try HarmonicError.require(a.initialVelocity, named: "initialVelocity")
            let tf = ResolvedTimingFunction(a.timingFunction)
            let endTau = timing.duration.isFinite ? tf.value(at: 1) * timing.duration : Double.infinity
            let curve = SpringCurve(
                spring: a.spring, initialVelocity: a.initialVelocity,
                endTransition: endTau.isFinite ? a.spring.transition(over: endTau) : .zero)
            var valueVelocity: [Double]?
            if let v = a.initialValueVelocity {
                valueVelocity = try AnimationEngine.finite(v, named: "initialValueVelocity")
                if let f = a.valueFunction, let given = valueVelocity, f.acceptedInputCounts.contains(given.count) {
                    valueVelocity = f.fullInput(given)
                }
            }
            let leaf = try compileLeaf(
                keyPath: a.keyPath, from: a.fromValue, to: a.toValue, by: a.byValue, additive: a.isAdditive,
                cumulative: a.isCumulative, curve: .spring(curve), valueVelocity: valueVelocity,
                valueFunction: a.valueFunction)
            if let v = valueVelocity {
                guard leaf.target.mode != .wholeTransform else {
                    throw .invalidParameter(
                        name: "initialValueVelocity", value: "\(v.count) numbers",
                        allowed: "absent for a whole transform (use initialVelocity, in progress units)")
                }
                try AnimationEngine.requireDimension(v, leaf.target.dimension, named: "initialValueVelocity")
            }
            return AnimationProgram(timing: timing, timingFunction: tf, node: .leaf(leaf))
        case let .decay(a):
            let leaf = try compileDecay(a, releases: releases)
            return AnimationProgram(
                timing: timing, timingFunction: ResolvedTimingFunction(a.timingFunction), node: .leaf(leaf))
        case let .motion(a):
            let leaf = try compileMotion(a)
            return AnimationProgram(
                timing: timing, timingFunction: ResolvedTimingFunction(a.timingFunction), node: .leaf(leaf))
        case let .keyframe(a):
            let leaf = try compileKeyframes(a)
            return AnimationProgram(
                timing: timing, timingFunction: ResolvedTimingFunction(a.timingFunction), node: .leaf(leaf))
        case let .group(g):
            var children: [AnimationProgram] = []
            let childDefault = timing.duration.isFinite ? timing.duration : settings.animationDuration
            for (i, child) in g.animations.enumerated() {
                do {
                    children.append(
                        try compile(child, now: nil, groupDuration: childDefault))
                } catch {
                    throw error.prefixingParameter(with: "animations[\(i)]")
                }
            }
            return AnimationProgram(
                timing: timing, timingFunction: ResolvedTimingFunction(g.timingFunction), node: .group(children))
        case let .transition(a):
            // A transition drives no property: its program only keeps its clock (events,
            // removal, transactions); the composite is read from it on demand.
            return AnimationProgram(
                timing: timing, timingFunction: ResolvedTimingFunction(a.timingFunction), node: .group([]))
        }
    }

    /// Core Animation's timing defaults: `nil` → begin now, the default duration; in a given
    /// timing, `beginTime` 0 → now (top level only) and `duration` 0 → `zeroDuration`.
    static func resolveTiming(_ timing: MediaTiming?, now: Double?, defaultDuration: Double, zeroDuration: Double)
        throws(HarmonicError) -> MediaTiming
    {
        guard let t = timing else {
            return try MediaTiming(beginTime: now ?? 0, duration: defaultDuration)
        }
        let begin = t.beginTime == 0 ? (now ?? 0) : t.beginTime
        let duration = t.duration == 0 ? zeroDuration : t.duration
        if begin == t.beginTime, duration == t.duration { return t }
        return try MediaTiming(
            beginTime: begin, duration: duration, speed: t.speed, timeOffset: t.timeOffset, repeatCount: t.repeatCount,
            repeatDuration: t.repeatDuration, autoreverses: t.autoreverses, fillMode: t.fillMode)
    }

    /// Resolves a leaf's key path and endpoints.
    func compileLeaf(
        keyPath: String, from: AnimatableVector?, to: AnimatableVector?, by: AnimatableVector?,
        additive: Bool, cumulative: Bool, curve: LeafCurve, valueVelocity: [Double]? = nil,
        valueFunction: ValueFunction? = nil
    ) throws(HarmonicError) -> LeafProgram {
        let path = try resolveKeyPath(keyPath)
        if let structure = path.pathStructure {
            return try compilePathLeaf(
                keyPath: keyPath, path: path, structure: structure, from: from, to: to, by: by,
                additive: additive, cumulative: cumulative, curve: curve, valueVelocity: valueVelocity)
        }
        if let valueFunction {
            return try compileValueFunctionLeaf(
                valueFunction, keyPath: keyPath, path: path, from: from, to: to, by: by, additive: additive,
                cumulative: cumulative, curve: curve, valueVelocity: valueVelocity)
        }
        let slot = layer.slots[path.slot]
        let mode: LeafTarget.Mode
        switch path.target {
        case .whole: mode = path.isWholeTransform ? .wholeTransform : .linear
        case .components: mode = .linear
        case let .transform(piece): mode = .transformComponent(piece)
        }
        let target = LeafTarget(
            slot: path.slot,
            offset: slot.offset + (mode == .linear ? path.componentStart : 0),
            dimension: path.dimension, mode: mode, isAdditive: additive)
        func numbers(_ v: AnimatableVector?, _ name: String) throws(HarmonicError) -> [Double]? {
            guard let v else { return nil }
            let n = try AnimationEngine.finite(v, named: name)
            try AnimationEngine.requireDimension(n, path.dimension, named: name)
            return n
        }
        let f = try numbers(from, "fromValue")
        let t = try numbers(to, "toValue")
        let b = try numbers(by, "byValue")
        let whole = mode == .wholeTransform
        func plus(_ x: [Double], _ y: [Double]) -> [Double] {
            whole ? Transform3D(unchecked: y).concatenating(Transform3D(unchecked: x)).components : zip(x, y).map(+)
        }
        func minus(_ x: [Double], _ y: [Double]) throws(HarmonicError) -> [Double] {
            guard whole else { return zip(x, y).map(-) }
            guard let inverse = Transform3D(unchecked: y).inverted else {
                throw .invalidParameter(
                    name: "byValue", value: "a singular transform", allowed: "invertible when given with toValue")
            }
            return inverse.concatenating(Transform3D(unchecked: x)).components
        }
        var endpoints = try AnimationEndpoints(from: f, to: t, by: b, sum: plus, difference: minus)
        if case .unspecified = endpoints {
            // Core Animation: from the previous presentation value to the current value.
            endpoints = .toCurrent(from: try capture(keyPath))
        }
        let rule = endpoints.rule ?? .toCurrent
        let start = endpoints.storedStart ?? []
        let end = endpoints.storedEnd ?? []
        var ends: (TransformComponents, TransformComponents)?
        if whole, case .fixed = rule,
            let a = Transform3D(unchecked: start).decomposed, let z = Transform3D(unchecked: end).decomposed
        {
            ends = (a, z)
        }
        return LeafProgram(
            target: target, endpoints: rule, start: start, end: end, curve: curve, valueVelocity: valueVelocity,
            isCumulative: cumulative, transformEnds: ends)
    }

    /// Resolves a leaf with a value function: the key path is a whole transform, the numbers
    /// are the function's input (expanded to its full count), and both ends are fixed.
    func compileValueFunctionLeaf(
        _ function: ValueFunction, keyPath: String, path: ResolvedKeyPath, from: AnimatableVector?,
        to: AnimatableVector?, by: AnimatableVector?, additive: Bool, cumulative: Bool,
        curve: LeafCurve, valueVelocity: [Double]?
    ) throws(HarmonicError) -> LeafProgram {
        try Self.requireWholeTransform(path, keyPath: keyPath, function: function)
        let f = try Self.valueFunctionInput(from, function, named: "fromValue")
        let t = try Self.valueFunctionInput(to, function, named: "toValue")
        let b = try Self.valueFunctionInput(by, function, named: "byValue")
        let endpoints = try AnimationEndpoints(
            from: f, to: t, by: b, sum: { zip($0, $1).map(+) },
            difference: { (x, y) throws(HarmonicError) in zip(x, y).map(-) })
        guard endpoints.rule == .fixed, let start = endpoints.storedStart, let end = endpoints.storedEnd else {
            throw .invalidParameter(
                name: "valueFunction", value: function.rawValue,
                allowed: "with both ends given: fromValue and toValue, or one of them with byValue")
        }
        let target = LeafTarget(
            slot: path.slot, offset: layer.slots[path.slot].offset, dimension: function.inputCount,
            mode: .valueFunction(function), isAdditive: additive)
        return LeafProgram(
            target: target, endpoints: .fixed, start: start, end: end, curve: curve, valueVelocity: valueVelocity,
            isCumulative: cumulative, transformEnds: nil)
    }

    /// Resolves a leaf on a path property: the ends are path coordinates of the property's
    /// structure, morphed element by element. Paths add only as offsets (an additive animation's
    /// value moves each argument of the path underneath, ``/Harmonic/PathCoordinates/offset(by:)``):
    /// an additive one needs both ends and no arcs; there is no `byValue`, cumulative animation
    /// or value velocity.
    func compilePathLeaf(
        keyPath: String, path: ResolvedKeyPath, structure: String, from: AnimatableVector?, to: AnimatableVector?,
        by: AnimatableVector?, additive: Bool, cumulative: Bool, curve: LeafCurve, valueVelocity: [Double]?
    ) throws(HarmonicError) -> LeafProgram {
        try Self.refuseForPaths(keyPath: keyPath, by: by != nil, cumulative: cumulative)
        if additive { try Self.requireOffsets(keyPath: keyPath, structure: structure, ends: from != nil && to != nil) }
        if valueVelocity != nil {
            throw .invalidParameter(
                name: "initialValueVelocity", value: "given", allowed: "absent for a path (use initialVelocity)")
        }
        func coordinates(_ v: AnimatableVector?, _ name: String) throws(HarmonicError) -> [Double]? {
            guard let v else { return nil }
            try AnimationEngine.requirePath(v.components, structure: structure, named: name)
            return v.components
        }
        let f = try coordinates(from, "fromValue")
        let t = try coordinates(to, "toValue")
        var endpoints = try AnimationEndpoints<[Double]>(
            from: f, to: t, by: nil, sum: { x, _ in x }, difference: { (x, _) throws(HarmonicError) in x })
        if case .unspecified = endpoints { endpoints = .toCurrent(from: try capture(keyPath)) }
        let target = LeafTarget(
            slot: path.slot, offset: layer.slots[path.slot].offset, dimension: path.dimension, mode: .path,
            isAdditive: additive)
        return LeafProgram(
            target: target, endpoints: endpoints.rule ?? .toCurrent, start: endpoints.storedStart ?? [],
            end: endpoints.storedEnd ?? [], curve: curve, valueVelocity: nil, isCumulative: false,
            transformEnds: nil)
    }

    /// What a path cannot do: add a `byValue` or accumulate (a path is no sum of paths).
    static func refuseForPaths(keyPath: String, by: Bool, cumulative: Bool) throws(HarmonicError) {
        for (name, given) in [("byValue", by), ("cumulative", cumulative)] where given {
            throw .invalidParameter(
                name: name, value: "given for the path \"\(keyPath)\"",
                allowed: "absent: paths morph between two shapes and have no sum")
        }
    }

    /// What an additive path animation needs: values that are offsets of the path underneath,
    /// so both ends (none read from the value underneath) and no arc, whose flags and rotation
    /// do not add (``/Harmonic/PathCoordinates/offset(by:)``).
    static func requireOffsets(keyPath: String, structure: String, ends: Bool) throws(HarmonicError) {
        guard ends else {
            throw .invalidParameter(
                name: "additive", value: "given for the path \"\(keyPath)\" without both fromValue and toValue",
                allowed: "both ends given: an additive path's values are offsets, not paths")
        }
        guard PathCoordinates.addsAsOffsets(structure: structure) else {
            throw .invalidParameter(
                name: "additive", value: "given for the path \"\(keyPath)\" with arcs (\"\(structure)\")",
                allowed: "a path of moves, lines and curves (an arc's flags and rotation do not add)")
        }
    }

    /// A value function works on a whole transform key path only.
    static func requireWholeTransform(_ path: ResolvedKeyPath, keyPath: String, function: ValueFunction)
        throws(HarmonicError)
    {
        guard path.isWholeTransform else {
            throw .invalidParameter(
                name: "valueFunction", value: function.rawValue,
                allowed: "on a whole transform key path (transform, sublayerTransform), not \"\(keyPath)\"")
        }
    }

    /// A value function's input from a given value: finite, a count the function accepts,
    /// expanded to the full count.
    static func valueFunctionInput(_ v: AnimatableVector?, _ function: ValueFunction, named name: String)
        throws(HarmonicError) -> [Double]?
    {
        guard let v else { return nil }
        let n = try AnimationEngine.finite(v, named: name)
        guard function.acceptedInputCounts.contains(n.count) else {
            let counts = function.acceptedInputCounts.map(String.init).joined(separator: " or ")
            throw .invalidParameter(
                name: name, value: "\(n.count) numbers", allowed: "\(counts) for valueFunction \(function.rawValue)")
        }
        return function.fullInput(n)
    }

    /// Resolves `keyPath` when it names plain numbers (a property, or components of one); a
    /// transform piece, a whole transform or a path is refused, naming what `kind` animates.
    func resolvePlainNumbers(_ keyPath: String, for kind: String) throws(HarmonicError) -> ResolvedKeyPath {
        let path = try resolveKeyPath(keyPath)
        switch path.target {
        case .whole where !path.isWholeTransform && path.pathStructure == nil, .components: return path
        case .whole, .transform:
            throw .invalidParameter(
                name: "keyPath", value: "\"\(keyPath)\"",
                allowed: "a key path of plain numbers for \(kind), not a transform")
        }
    }

    /// Resolves a decay animation's key path: plain numbers only (a transform piece or a whole
    /// transform has no decay), with one release per component.
    func compileDecay(_ a: DecayAnimation, releases: [DecayMotion]) throws(HarmonicError)
        -> LeafProgram
    {
        let path = try resolvePlainNumbers(a.keyPath, for: "a decay (position, bounds.origin, opacity, …)")
        let slot = layer.slots[path.slot]
        try AnimationEngine.requireDimension(releases.map(\.from), path.dimension, named: "fromValue")
        let target = LeafTarget(
            slot: path.slot, offset: slot.offset + path.componentStart,
            dimension: path.dimension,
            mode: .linear, isAdditive: a.isAdditive)
        return LeafProgram(
            target: target, endpoints: .fixed, start: [], end: [], curve: .decay(DecayLeaf(motions: releases)),
            valueVelocity: nil, isCumulative: false, transformEnds: nil)
    }

    /// Resolves a motion animation's key path: numbers, a path, a transform piece or a whole
    /// transform, of the motion's dimension.
    func compileMotion(_ a: MotionAnimation) throws(HarmonicError) -> LeafProgram {
        let path = try resolveKeyPath(a.keyPath)
        let slot = layer.slots[path.slot]
        let mode: LeafTarget.Mode
        switch path.target {
        // A path's coordinates are numbers here: the motion gives them whole.
        case .whole: mode = path.isWholeTransform ? .wholeTransform : .linear
        case .components: mode = .linear
        case let .transform(piece): mode = .transformComponent(piece)
        }
        guard a.motion.dimension == path.dimension else {
            throw .invalidParameter(
                name: "motion", value: "\(a.motion.dimension) components",
                allowed: "\(path.dimension), as \(a.keyPath) has")
        }
        let d = path.dimension
        let start = [Double](unsafeUninitializedCapacity: 2 * d) { buffer, count in
            let value = UnsafeMutableBufferPointer(rebasing: buffer[0..<d])
            a.motion.evaluate(at: 0, value: value, velocity: nil)
            count = d
        }
        // A path's motion gives path coordinates of the property's structure, its codes kept.
        var codes: [Int] = []
        if let structure = path.pathStructure {
            guard !a.isAdditive else {
                throw .invalidParameter(
                    name: "isAdditive", value: "true for the path \"\(a.keyPath)\"",
                    allowed: "false: a motion gives whole paths")
            }
            try AnimationEngine.requirePath(start, structure: structure, named: "motion value at 0")
            codes = PathCoordinates.codeIndices(of: start)
        }
        switch mode {
        case .wholeTransform where a.isAdditive:
            throw .invalidParameter(
                name: "isAdditive", value: "true for the whole transform \"\(a.keyPath)\"",
                allowed: "false: a motion gives whole transforms (add a piece, such as transform.rotation.z)")
        case let .transformComponent(piece) where a.isAdditive && piece.isMultiplicative && start.contains(0):
            throw .invalidParameter(
                name: "motion value at 0", value: "0 for the additive scale \"\(a.keyPath)\"",
                allowed: "a nonzero scale factor: an additive scale multiplies by its ratio to the start")
        default: break
        }
        let target = LeafTarget(
            slot: path.slot, offset: slot.offset + (mode == .linear ? path.componentStart : 0), dimension: d,
            mode: mode, isAdditive: a.isAdditive)
        return LeafProgram(
            target: target, endpoints: .fixed, start: [], end: [],
            curve: .motion(MotionLeaf(motion: a.motion, start: start, codes: codes)), valueVelocity: nil,
            isCumulative: false, transformEnds: nil)
    }
}
