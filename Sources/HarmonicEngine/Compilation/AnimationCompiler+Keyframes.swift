import Harmonic

/// Keyframe animations compiled: values, key times and timing functions into a track, with
/// paths (their elements matched keyframe to keyframe) and whole transforms (decomposed, so
/// that components interpolate) as tracks of their own.
extension AnimationCompiler {
    /// Resolves a keyframe animation's key path and builds its track, specialised to the key
    /// path's number of components.
    func compileKeyframes(_ a: KeyframeAnimation) throws(HarmonicError) -> LeafProgram {
        let path = try resolveKeyPath(a.keyPath)
        let slot = layer.slots[path.slot]
        let mode: LeafTarget.Mode
        var d = path.dimension
        var values = a.values
        if a.timeline != nil, a.path != nil {
            throw .invalidParameter(name: "timeline", value: "a timeline", allowed: "used without a path")
        }
        if let function = a.valueFunction {
            try Self.requireWholeTransform(path, keyPath: a.keyPath, function: function)
            mode = .valueFunction(function)
            d = function.inputCount
            values = []
            for (i, v) in a.values.enumerated() where a.timeline == nil {
                if let input = try Self.valueFunctionInput(v, function, named: "values[\(i)]") {
                    values.append(AnimatableVector(input))
                }
            }
        } else {
            switch path.target {
            case .whole where path.isWholeTransform:
                if a.timeline != nil {
                    throw .invalidParameter(
                        name: "timeline", value: "\(a.keyPath)",
                        allowed: "a number key path, a transform piece, a value function's input or a path")
                }
                return try compileTransformKeyframes(a, path: path)
            case .whole where path.pathStructure != nil:
                return try compilePathKeyframes(a, path: path)
            case .whole, .components: mode = .linear
            case let .transform(piece): mode = .transformComponent(piece)
            }
        }
        let target = LeafTarget(
            slot: path.slot, offset: slot.offset + (mode == .linear ? path.componentStart : 0),
            dimension: d, mode: mode, isAdditive: a.isAdditive)
        var rotationSlot: Int?
        if a.rotationMode != nil {
            guard a.path != nil || a.timeline != nil, mode == .linear, d == 2 else {
                throw .invalidParameter(
                    name: "rotationMode", value: a.rotationMode?.rawValue ?? "",
                    allowed: "used with a path or a timeline on a key path such as position")
            }
            rotationSlot = try resolveKeyPath("transform").slot
        }
        let track: KeyframeCurve.Track
        var first: [Double]
        var last: [Double]
        if let timeline = a.timeline {
            (track, first, last) = try Self.timelineTrack(timeline, dimension: d, rotationMode: a.rotationMode)
        } else if let geometry = a.path {
            guard d == 2 else {
                throw .invalidParameter(
                    name: "path", value: "a 2-D path", allowed: "used with a 2-number key path (\(a.keyPath) has \(d))")
            }
            let t = KeyframeTrack<SIMD2<Double>>(
                path: geometry, keyTimes: a.keyTimes, calculationMode: a.calculationMode,
                timingFunctions: a.timingFunctions, rotationMode: a.rotationMode, pacingMethod: a.pacingMethod)
            track = .pair(t)
            first = t.values.first.map { [$0.x, $0.y] } ?? [0, 0]
            last = t.values.last.map { [$0.x, $0.y] } ?? [0, 0]
        } else {
            var numbers: [[Double]] = []
            for (i, v) in values.enumerated() {
                let n = try AnimationEngine.finite(v, named: "values[\(i)]")
                try AnimationEngine.requireDimension(n, d, named: "values[\(i)]")
                numbers.append(n)
            }
            guard let f = numbers.first, let l = numbers.last else {
                throw .invalidParameter(name: "values", value: "[]", allowed: "at least one keyframe value (or a path)")
            }
            (first, last) = (f, l)
            func build<V: VectorArithmetic>(_ values: [V]) throws(HarmonicError) -> KeyframeTrack<V> {
                try KeyframeTrack(
                    values: values, keyTimes: a.keyTimes, calculationMode: a.calculationMode,
                    timingFunctions: a.timingFunctions, tensionValues: a.tensionValues,
                    continuityValues: a.continuityValues, biasValues: a.biasValues, cubicOptions: a.cubicOptions,
                    pacingMethod: a.pacingMethod)
            }
            switch d {
            case 1: track = .scalar(try build(numbers.map { $0[0] }))
            case 2: track = .pair(try build(numbers.map { SIMD2($0[0], $0[1]) }))
            case 3: track = .triple(try build(numbers.map { SIMD3($0[0], $0[1], $0[2]) }))
            case 4: track = .quad(try build(numbers.map { SIMD4($0[0], $0[1], $0[2], $0[3]) }))
            default: track = .vector(try build(numbers.map { AnimatableVector($0) }))
            }
        }
        let curve = KeyframeCurve(
            track: track, dimension: d, first: first, last: last, rotationSlot: rotationSlot)
        return LeafProgram(
            target: target, endpoints: .fixed, start: [], end: [], curve: .keyframes(curve), valueVelocity: nil,
            isCumulative: a.isCumulative, transformEnds: nil)
    }

    /// A timeline's track for a key path of `d` numbers, and its first and last values.
    static func timelineTrack(_ timeline: KeyframeTimeline, dimension d: Int, rotationMode: RotationMode?)
        throws(HarmonicError) -> (KeyframeCurve.Track, first: [Double], last: [Double])
    {
        let first = timeline.keyframes[0].value.components
        guard first.count == d else {
            throw .invalidParameter(
                name: "timeline", value: "keyframes of \(first.count) numbers", allowed: "\(d) numbers per keyframe")
        }
        let range = timeline.timeRange
        let track = KeyframeCurve.Track.timeline(
            timeline, start: range.lowerBound, span: range.upperBound - range.lowerBound, rotationMode: rotationMode)
        return (track, first, timeline.keyframes[timeline.keyframes.count - 1].value.components)
    }

    /// Keyframes of a path property: path coordinates of its structure, morphed segment by
    /// segment (``/Harmonic/PathKeyframeTrack``), or a timeline of such coordinates.
    func compilePathKeyframes(_ a: KeyframeAnimation, path: ResolvedKeyPath)
        throws(HarmonicError) -> LeafProgram
    {
        try Self.refuseForPaths(keyPath: a.keyPath, by: false, cumulative: a.isCumulative)
        if a.isAdditive { try Self.requireOffsets(keyPath: a.keyPath, structure: path.pathStructure ?? "", ends: true) }
        guard a.path == nil, a.rotationMode == nil else {
            throw .invalidParameter(
                name: "path", value: "a motion path", allowed: "used with a 2-number key path, not a path property")
        }
        let target = LeafTarget(
            slot: path.slot, offset: layer.slots[path.slot].offset, dimension: path.dimension, mode: .path,
            isAdditive: a.isAdditive)
        if let timeline = a.timeline {
            let structure = path.pathStructure ?? ""
            guard !structure.contains("A") else {
                throw .invalidParameter(
                    name: "timeline", value: "a path with arcs",
                    allowed: "paths without arcs (a timeline moves each number on its own line)")
            }
            for (i, k) in timeline.keyframes.enumerated() {
                try AnimationEngine.requirePath(k.value.components, structure: structure, named: "timeline[\(i)]")
            }
            let (track, first, last) = try Self.timelineTrack(timeline, dimension: path.dimension, rotationMode: nil)
            let curve = KeyframeCurve(
                track: track, dimension: path.dimension, first: first, last: last, rotationSlot: nil)
            return LeafProgram(
                target: target, endpoints: .fixed, start: [], end: [], curve: .keyframes(curve), valueVelocity: nil,
                isCumulative: false, transformEnds: nil)
        }
        var coordinates: [PathCoordinates] = []
        for (i, v) in a.values.enumerated() {
            try AnimationEngine.requirePath(v.components, structure: path.pathStructure ?? "", named: "values[\(i)]")
            coordinates.append(try PathCoordinates(numbers: v.components))
        }
        let track = try PathKeyframeTrack(
            coordinates: coordinates, keyTimes: a.keyTimes, calculationMode: a.calculationMode,
            timingFunctions: a.timingFunctions)
        return LeafProgram(
            target: target, endpoints: .fixed, start: [], end: [], curve: .pathKeyframes(track), valueVelocity: nil,
            isCumulative: false, transformEnds: nil)
    }

    /// Keyframes of a whole transform: 16 numbers per keyframe, interpolated segment by
    /// segment by decomposition (``/Harmonic/TransformKeyframeTrack``).
    func compileTransformKeyframes(_ a: KeyframeAnimation, path: ResolvedKeyPath)
        throws(HarmonicError) -> LeafProgram
    {
        guard a.path == nil, a.rotationMode == nil else {
            throw .invalidParameter(
                name: "path", value: "a path", allowed: "used with a 2-number key path, not a whole transform")
        }
        var transforms: [Transform3D] = []
        for (i, v) in a.values.enumerated() {
            let n = try AnimationEngine.finite(v, named: "values[\(i)]")
            try AnimationEngine.requireDimension(n, 16, named: "values[\(i)]")
            transforms.append(Transform3D(unchecked: n))
        }
        guard !transforms.isEmpty else {
            throw .invalidParameter(name: "values", value: "[]", allowed: "at least one keyframe transform")
        }
        let track = try TransformKeyframeTrack(
            values: transforms, keyTimes: a.keyTimes, calculationMode: a.calculationMode,
            timingFunctions: a.timingFunctions)
        let target = LeafTarget(
            slot: path.slot, offset: layer.slots[path.slot].offset, dimension: 16, mode: .wholeTransform,
            isAdditive: a.isAdditive)
        return LeafProgram(
            target: target, endpoints: .fixed, start: [], end: [], curve: .transformKeyframes(track),
            valueVelocity: nil, isCumulative: a.isCumulative, transformEnds: nil)
    }
}
