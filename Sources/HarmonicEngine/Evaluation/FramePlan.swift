import Harmonic

/// Every layer's animations in one flat, contiguous form for the per-frame loop.
///
/// The program tree (``AnimationProgram``) is the reference form; at 10,000 animations its
/// many small heap objects cost more in cache misses and reference counting than the
/// arithmetic. The plan keeps, per animation, one plain entry in a single array — timing,
/// resolved timing function, target, flags, and indices into shared arrays of numbers and
/// springs —
/// and walks layers and entries in memory order. Animations the plan does not flatten
/// (groups, whole transforms, transform pieces, animator-driven ones) keep their tree and are
/// evaluated through it, in their place in the layer's order. Both paths compute the same
/// numbers with the same expressions.
///
/// When a layer's animations change, only its part of the plan is rebuilt: in place when it
/// fits the room the layer had, otherwise appended at the end (the old room becomes garbage).
/// Layers are independent, so their parts need not be in layer order. When garbage outgrows the
/// live plan, the whole plan is rebuilt.
///
/// Entries, numbers and springs live in ``FlatBuffer``s, so the frame loop reads them through
/// plain pointers; an entry's start/finish flags are not copied into the plan but read from the
/// ``AnimationRegistry``'s slot the entry names.
struct FramePlan {
    /// The layers that have animations, in layer order.
    var layers: [PlanLayer] = []
    let entries = FlatBuffer<PlanEntry>(capacity: 64)
    /// Endpoint values and value velocities of the entries.
    let numbers = FlatBuffer<Double>(capacity: 256)
    let springs = FlatBuffer<SpringCurve>(capacity: 16)
    /// The entries' timing functions other than the identity, read in place by the frame loop
    /// (an entry holds an index, so reading an entry copies no reference).
    let easings = FlatBuffer<ResolvedTimingFunction>(capacity: 16)
    /// Programs evaluated through the tree.
    var trees: [AnimationProgram] = []
    /// Keyframe tracks of flattened keyframe animations.
    var keyframes: [KeyframeCurve] = []
    /// Each engine layer's position in `layers`, or -1.
    var position: [Int] = []
    /// Entries in replaced rooms.
    var garbage = 0
    /// Sizes of the shared arrays after the last full build (to bound their growth).
    var baseline = (numbers: 0, springs: 0, easings: 0, trees: 0, keyframes: 0)
}

extension FramePlan {
    /// Builds the whole plan.
    init(storage: LayerStorage, registry: AnimationRegistry) {
        position = [Int](repeating: -1, count: storage.count)
        for i in 0..<storage.count where registry.hasAnimations(i) { update(storage[i], registry[i]) }
        garbage = 0
        baseline = (numbers.count, springs.count, easings.count, trees.count, keyframes.count)
    }

    /// Whether replaced parts have piled up enough that a full rebuild pays.
    var needsCompaction: Bool {
        garbage > entries.count / 2 + 256 || numbers.count > 2 * baseline.numbers + 4096
            || springs.count > 2 * baseline.springs + 1024 || easings.count > 2 * baseline.easings + 1024
            || trees.count > 2 * baseline.trees + 1024 || keyframes.count > 2 * baseline.keyframes + 1024
    }

    /// Rebuilds layer `s`'s part of the plan from its `animations`.
    mutating func update(_ s: LayerRecord, _ animations: [AttachedAnimation]) {
        if position.count <= s.index { position += [Int](repeating: -1, count: s.index + 1 - position.count) }
        let p = position[s.index]
        let fresh = makeEntries(animations)
        if fresh.isEmpty {
            guard p >= 0 else { return }
            garbage += layers[p].capacity
            let last = layers.count - 1
            if p != last {
                layers.swapAt(p, last)
                position[layers[p].layer] = p
            }
            layers.removeLast()
            position[s.index] = -1
            return
        }
        if p >= 0, fresh.count <= layers[p].capacity {
            let start = layers[p].entries.lowerBound
            for (k, e) in fresh.enumerated() { entries[start + k] = e }
            layers[p].entries = start..<(start + fresh.count)
            layers[p].base = s.base
            layers[p].count = s.count
            layers[p].hasRules = !s.presentationRules.isEmpty
            return
        }
        if p >= 0 { garbage += layers[p].capacity }
        // Room for two more animations, so the next add usually fits in place.
        let start = entries.count
        let capacity = fresh.count + 2
        entries.append(contentsOf: fresh)
        entries.append(repeating: fresh[0], count: capacity - fresh.count)
        let part = PlanLayer(
            layer: s.index, base: s.base, count: s.count, entries: start..<(start + fresh.count), capacity: capacity,
            hasRules: !s.presentationRules.isEmpty)
        if p >= 0 {
            layers[p] = part
        } else {
            position[s.index] = layers.count
            layers.append(part)
        }
    }

    /// The entries of layer `s`, appending their numbers and springs.
    private mutating func makeEntries(_ animations: [AttachedAnimation]) -> [PlanEntry] {
        var out: [PlanEntry] = []
        out.reserveCapacity(animations.count)
        for (j, a) in animations.enumerated() {
            let program = a.program
            var easing: Int32 = -1
            if !program.timingFunction.isIdentity {
                // Int: plan counts (entries, easings, trees, numbers) stay far below 2^31: that many numbers would be
                // 16 GiB.
                easing = Int32(easings.count)
                easings.append(program.timingFunction)
            }
            // Int: plan counts stay far below 2^31 (see above); slots and records are counts of animations.
            var entry = PlanEntry(
                timing: program.timing, easing: easing, curve: .tree(Int32(trees.count)), rule: .fixed,
                isAdditive: false, isCumulative: false, isRemovedOnCompletion: a.isRemovedOnCompletion,
                progressSlot: Int32(a.progressSlot), offset: 0, dimension: 0, numbersIndex: 0,  // Int: as above.
                hasValueVelocity: false, record: Int32(j))  // Int: as above.
            if case let .leaf(leaf) = program.node, leaf.target.mode == .linear, let curve = flatCurve(leaf) {
                let d = leaf.target.dimension
                entry.curve = curve
                entry.rule = leaf.endpoints
                entry.isAdditive = leaf.target.isAdditive
                entry.isCumulative = leaf.isCumulative
                // Int: offsets, dimensions and counts of the plan stay far below 2^31 (see above).
                entry.offset = Int32(leaf.target.offset)
                entry.dimension = Int32(d)
                entry.numbersIndex = Int32(numbers.count)
                if case let .keyframes(kc) = leaf.curve, kc.rotationSlot == nil, let flat = kc.flatLayout {
                    entry.curve = .flatKeyframes
                    numbers.append(contentsOf: flat)
                    out.append(entry)
                    continue
                }
                if leaf.start.count == d {
                    numbers.append(contentsOf: leaf.start)
                } else {
                    numbers.append(repeating: 0, count: d)
                }
                if leaf.end.count == d {
                    numbers.append(contentsOf: leaf.end)
                } else {
                    numbers.append(repeating: 0, count: d)
                }
                if let v = leaf.valueVelocity, v.count == d {
                    numbers.append(contentsOf: v)
                    entry.hasValueVelocity = true
                }
            } else {
                trees.append(program)
            }
            out.append(entry)
        }
        return out
    }

    /// The plan's form of a leaf's curve, or `nil` to keep the tree.
    private mutating func flatCurve(_ leaf: LeafProgram) -> PlanEntry.Curve? {
        switch leaf.curve {
        case .basic:
            return .basic
        case let .spring(sc):
            springs.append(sc)
            // Int: plan counts stay far below 2^31 (see above).
            return .spring(Int32(springs.count - 1))
        case .driven, .decay, .motion, .transformKeyframes, .pathKeyframes:
            return nil
        case let .keyframes(kc):
            guard kc.rotationSlot == nil else { return nil }
            keyframes.append(kc)
            // Int: plan counts stay far below 2^31 (see above).
            return .keyframes(Int32(keyframes.count - 1))
        }
    }

    /// `chunks + 1` indices into `layers`, from 0 to its count, that cut the entries
    /// into chunks of about equal size.
    func balancedBounds(chunks: Int) -> [Int] {
        var bounds = [0]
        let total = layers.reduce(0) { $0 + $1.entries.count }
        var sum = 0
        for (i, layer) in layers.enumerated() {
            sum += layer.entries.count
            if bounds.count < chunks, sum * chunks >= total * bounds.count { bounds.append(i + 1) }
        }
        while bounds.count < chunks { bounds.append(layers.count) }
        bounds.append(layers.count)
        return bounds
    }
}
