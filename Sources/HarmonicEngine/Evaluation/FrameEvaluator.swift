import Harmonic

/// What evaluating the planned layers of one frame reads, gathered so that the layers can be
/// evaluated on more than one thread: the plan, plain pointers to the value blocks and the
/// start/finish flags, the layers' clocks, the animators' progress and the layer records.
///
/// `@unchecked Sendable`: during a frame the workers only read the plan, the flags, the
/// clocks, the progress and the records, and each writes only the presentation blocks of its
/// own layers; everything that is shared and changes (flags, events, transactions) is
/// updated afterwards on the engine's thread from the collected ``Note``s.
struct FrameEvaluator: @unchecked Sendable {
    /// Below this many animations one thread does the frame: handing work to a second thread
    /// costs tens of microseconds.
    static let parallelThreshold = 4096

    /// How many chunks a large frame is cut into: many more than threads, so that a worker
    /// that wakes late still takes an even share, and the last chunks finish close together.
    static let chunkCount = 32

    /// An entry that crossed its start or end this frame (the engine reports it).
    struct Note {
        var layer: Int
        /// The animation's position in its layer's list.
        var record: Int
        /// Its flags' slot in the registry.
        var slot: Int
        var state: MediaTimingState
    }

    /// The chunks' results, each written by the thread that evaluated the chunk into its own
    /// slot (allocated once and reused every frame, so the writes neither race nor allocate;
    /// a chunk's note list stays empty, without storage, unless something starts or ends).
    final class Results: @unchecked Sendable {
        private let removalSlots: UnsafeMutablePointer<Bool>
        private let noteSlots: UnsafeMutablePointer<[Note]>

        init(chunks: Int) {
            removalSlots = .allocate(capacity: chunks)
            removalSlots.initialize(repeating: false, count: chunks)
            noteSlots = .allocate(capacity: chunks)
            noteSlots.initialize(repeating: [], count: chunks)
            self.chunks = chunks
        }

        private let chunks: Int

        deinit {
            removalSlots.deinitialize(count: chunks)
            removalSlots.deallocate()
            noteSlots.deinitialize(count: chunks)
            noteSlots.deallocate()
        }

        func store(chunk: Int, removals removes: Bool, notes chunkNotes: [Note]) {
            removalSlots[chunk] = removes
            noteSlots[chunk] = chunkNotes
        }

        /// Whether chunk `chunk` met an animation to remove (after the chunks have joined).
        func removals(_ chunk: Int) -> Bool { removalSlots[chunk] }

        /// Chunk `chunk`'s notes, leaving its slot empty for the next frame.
        func takeNotes(_ chunk: Int) -> [Note] {
            guard !noteSlots[chunk].isEmpty else { return [] }
            defer { noteSlots[chunk] = [] }
            return noteSlots[chunk]
        }
    }

    let plan: FramePlan
    let flags: UnsafePointer<AnimationRegistry.Progress>
    let committed: UnsafePointer<Double>
    let presentation: UnsafeMutablePointer<Double>
    let clocks: LayerClocks
    let drivers: [DriverSample]
    let layers: [LayerRecord]

    /// Evaluates `plan.layers[range]` into their presentation blocks; appends the starts and
    /// ends crossed to `notes`; returns whether an animation finished that is removed on
    /// completion (it is skipped, as it would be once its finish is reported).
    func evaluate(layers range: Range<Int>, notes: inout [Note]) -> Bool {
        let entries = plan.entries.base
        let numbers = plan.numbers.base
        let springs = plan.springs.base
        let easings = plan.easings.base
        var removals = false
        for layerIndex in range {
            let layer = plan.layers[layerIndex]
            let values = presentation + layer.base
            // A layer's block is a few numbers: a plain loop beats a memcpy call.
            let source = committed + layer.base
            for n in 0..<layer.count { values[n] = source[n] }
            let clock = clocks.current(layer.layer)
            var pass = LayerPass(values: values, velocities: nil)
            for k in layer.entries {
                let entry = entries + k
                // Int: plan indices are Int32 (FramePlan), which always fit an Int.
                let slot = Int(entry.pointee.progressSlot)
                // The common case: a flat entry still inside the iteration it was in at the previous
                // frame, already started (so nothing to report: it is active, not finished). Its
                // progress comes straight from the remembered iteration, without a whole state.
                if !entry.pointee.curve.isTree, flags[slot].didStart || flags[slot].didFinish,
                    let progress = entry.pointee.timing.iterationProgress(
                        atParentTime: clock.time, cache: entry.pointee.iterationCache)
                {
                    Self.applyFlat(
                        entry, timing: LeafTiming(progress, timing: entry.pointee.timing), values: values,
                        numbers: numbers, springs: springs, easings: easings, keyframes: plan.keyframes)
                    continue
                }
                // Through a local copy of the cache: an `inout` access to the entry would make the
                // compiler copy its timing out first.
                var cache = entry.pointee.iterationCache
                let state = entry.pointee.timing.state(atParentTime: clock.time, cache: &cache)
                entry.pointee.iterationCache = cache
                let finished = entry.pointee.timing.hasFinished(state)
                // Only starts and ends produce events; a running animation skips this.
                if !flags[slot].didFinish, !flags[slot].didStart || finished {
                    // Int: plan indices are Int32 (FramePlan), which always fit an Int.
                    notes.append(Note(layer: layer.layer, record: Int(entry.pointee.record), slot: slot, state: state))
                }
                // A finished animation has (or is about to have) its finish reported.
                if finished, entry.pointee.isRemovedOnCompletion {
                    removals = true
                    continue
                }
                if case let .tree(index) = entry.pointee.curve {
                    // Int: plan indices are Int32 (FramePlan), which always fit an Int.
                    plan.trees[Int(index)].apply(
                        state: state, rate: clock.rate, pass: &pass, slots: layers[layer.layer].slots,
                        drivers: drivers)
                } else if let directed = state.directedProgress {
                    Self.applyFlat(
                        entry, timing: LeafTiming(state, directed: directed), values: values, numbers: numbers,
                        springs: springs, easings: easings, keyframes: plan.keyframes)
                }
            }
            pass.finish()
            if layer.hasRules {
                for rule in layers[layer.layer].presentationRules { rule.apply(to: values, velocities: nil) }
            }
        }
        return removals
    }

    /// One flat entry: the frame quantities from its timing and easing, then the linear kernel.
    @inline(__always)
    static func applyFlat(
        _ entry: UnsafeMutablePointer<PlanEntry>, timing: LeafTiming, values: UnsafeMutablePointer<Double>,
        numbers: UnsafeMutablePointer<Double>, springs: UnsafeMutablePointer<SpringCurve>,
        easings: UnsafeMutablePointer<ResolvedTimingFunction>, keyframes: [KeyframeCurve]
    ) {
        let curve: FrameCurve
        var normalised = 0.0
        if case let .spring(k) = entry.pointee.curve {
            // Int: plan indices are Int32 (FramePlan), which always fit an Int.
            let spring = springs + Int(k)
            curve = .spring(UnsafePointer(spring))
            normalised = spring.pointee.initialVelocity
        } else {
            curve = .basic
        }
        let frame = LeafFrame.make(
            timing, timing: entry.pointee.timing,
            // Int: plan indices are Int32 (FramePlan), which always fit an Int.
            easing: entry.pointee.easing < 0 ? nil : UnsafePointer(easings + Int(entry.pointee.easing)),
            curve: curve,
            isCumulative: entry.pointee.isCumulative, rate: 0, wantsRate: false)
        // Int: plan indices are Int32 (FramePlan), which always fit an Int.
        let d = Int(entry.pointee.dimension)
        let data = numbers + Int(entry.pointee.numbersIndex)
        let target = values + Int(entry.pointee.offset)
        let additive = entry.pointee.isAdditive
        if case .flatKeyframes = entry.pointee.curve, case let .interpolate(p, _, _) = frame.kind {
            let track = FlatKeyframes(data)
            var v = track.value(at: p)
            if frame.repeats != 0 {
                v = MediaTiming.accumulated(
                    v, cycles: frame.repeats, changePerCycle: track.cycleEndValue(endsAtStart: frame.cycleEndsAtStart))
            }
            target.pointee = additive ? target.pointee + v : v
            return
        }
        if case let .keyframes(k) = entry.pointee.curve, case let .interpolate(p, _, _) = frame.kind {
            // Int: plan indices are Int32 (FramePlan), which always fit an Int.
            keyframes[Int(k)].apply(
                p: p, dp: 0, repeats: frame.repeats, endsAtStart: frame.cycleEndsAtStart,
                current: UnsafePointer(target), currentRate: nil, out: target,
                outRate: nil, additive: additive)
            return
        }
        LinearKernel.apply(
            frame, dimension: d, rule: entry.pointee.rule, start: data, end: data + d,
            valueVelocity: entry.pointee.hasValueVelocity ? data + 2 * d : nil, normalisedVelocity: normalised,
            current: UnsafePointer(target), currentRate: nil, out: target, outRate: nil, additive: additive)
    }
}
