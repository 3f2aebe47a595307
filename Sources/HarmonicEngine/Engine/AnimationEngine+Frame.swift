import Harmonic

/// The per-frame step.
extension AnimationEngine {
    /// Moves the clock to root time `t` and brings every layer up to date: animators advance,
    /// animations that started or ended since the last frame report it, completed animations
    /// that are removed on completion leave their layers, and the presentation values at `t`
    /// are computed (read them with ``presentationValue(forKeyPath:of:)``).
    ///
    /// - Returns: The events of the step and of the actions since the previous step, in time
    ///   order (see ``AnimationEvent``).
    /// - Throws: ``HarmonicError`` when `t` is not finite or is before ``time`` (the clock only
    ///   moves forward).
    /// - Complexity: O(animations + layers); no allocation in steady state.
    @discardableResult
    public func advance(to t: Double) throws(HarmonicError) -> [AnimationEvent] {
        guard t.isFinite, t >= time else {
            // The message is built only here: a frame must not allocate.
            throw .invalidParameter(name: "time", value: "\(t)", allowed: "finite and >= the current time \(time)")
        }
        let previous = time
        clocks.advance(to: t)
        finishAnimatorsThatArrived()
        animators.refreshSamples(at: time)
        updateSchedule()
        if evaluatePlannedLayers(since: previous) { removeCompletedAnimations() }
        refreshStaleLayers()
        runDueCompletions()
        return events.take()
    }

    /// Brings the frame plan up to date with the layers' animations and value blocks.
    func updateSchedule() {
        for i in storage.takeMoved() { schedule.invalidate(i) }
        schedule.update(storage: storage, registry: registry)
    }

    /// Evaluates every planned layer at ``time`` into its presentation block, reporting
    /// starts and ends; returns whether some finished animation is due for removal.
    ///
    /// Reads the plan, the value blocks and the start/finish flags through plain pointers
    /// (see ``FlatBuffer``); nothing here appends to them.
    func evaluatePlannedLayers(since previous: Double) -> Bool {
        let plan = schedule.plan
        let entries = plan.entries.base
        let numbers = plan.numbers.base
        let springs = plan.springs.base
        let easings = plan.easings.base
        let flags = registry.progress.base
        let committed = storage.committed.base
        let presentation = storage.presentation.base
        let drivers = animators.samples
        // One read of the engine's clocks for the whole loop (each access to a stored
        // property of the engine is an exclusivity check).
        let clocks = self.clocks
        var removals = false
        for layer in plan.layers {
            let values = presentation + layer.base
            // A layer's block is a few numbers: a plain loop beats a memcpy call.
            let source = committed + layer.base
            for n in 0..<layer.count { values[n] = source[n] }
            let clock = clocks[layer.layer]
            var pass = LayerPass(values: values, velocities: nil)
            for k in layer.entries {
                let entry = entries + k
                let timing = entry.pointee.timing
                let state = timing.state(atParentTime: clock.localTime)
                let finished = Self.hasFinished(state, timing)
                let progress = flags + Int(entry.pointee.progressSlot)
                // Only starts and ends produce events; a running animation skips the call.
                if !progress.pointee.didFinish, !progress.pointee.didStart || finished {
                    noteProgress(
                        progress, of: registry[layer.layer][Int(entry.pointee.record)], layer: layer.layer,
                        state: state, since: previous)
                }
                if progress.pointee.didFinish, entry.pointee.isRemovedOnCompletion, finished {
                    removals = true
                    continue
                }
                if case let .tree(index) = entry.pointee.curve {
                    plan.trees[Int(index)].apply(
                        state: state, rate: clock.localRate, pass: &pass, slots: storage[layer.layer].slots,
                        drivers: drivers)
                } else if let directed = state.directedProgress {
                    Self.applyFlat(
                        entry, directed: directed, state: state, values: values, numbers: numbers, springs: springs,
                        easings: easings, keyframes: plan.keyframes)
                }
            }
            pass.finish()
        }
        storage.markCurrent(plan.layers)
        return removals
    }

    /// One flat entry: the frame quantities from its timing and easing, then the linear kernel.
    @inline(__always)
    static func applyFlat(
        _ entry: UnsafeMutablePointer<PlanEntry>, directed: Double, state: MediaTimingState,
        values: UnsafeMutablePointer<Double>, numbers: UnsafeMutablePointer<Double>,
        springs: UnsafeMutablePointer<SpringCurve>, easings: UnsafeMutablePointer<ResolvedTimingFunction>,
        keyframes: [KeyframeCurve]
    ) {
        let curve: FrameCurve
        var normalised = 0.0
        if case let .spring(k) = entry.pointee.curve {
            let spring = springs + Int(k)
            curve = .spring(UnsafePointer(spring))
            normalised = spring.pointee.initialVelocity
        } else {
            curve = .basic
        }
        let frame = LeafFrame.make(
            directed: directed, state: state, timing: entry.pointee.timing, easing: entry.pointee.easing < 0 ? nil : UnsafePointer(easings + Int(entry.pointee.easing)),
            curve: curve,
            isCumulative: entry.pointee.isCumulative, rate: 0, wantsRate: false)
        let d = Int(entry.pointee.dimension)
        let data = numbers + Int(entry.pointee.numbersIndex)
        let target = values + Int(entry.pointee.offset)
        let additive = entry.pointee.isAdditive
        if case .flatKeyframes = entry.pointee.curve, case let .interpolate(p, _, _) = frame.kind {
            let track = FlatKeyframes(data)
            var v = track.value(at: p)
            if frame.repeats != 0 { v += frame.repeats * track.repeatShift }
            target.pointee = additive ? target.pointee + v : v
            return
        }
        if case let .keyframes(k) = entry.pointee.curve, case let .interpolate(p, _, _) = frame.kind {
            keyframes[Int(k)].apply(
                p: p, dp: 0, repeats: frame.repeats, current: UnsafePointer(target), currentRate: nil, out: target,
                outRate: nil, additive: additive)
            return
        }
        LinearKernel.apply(
            frame, dimension: d, rule: entry.pointee.rule, start: data, end: data + d,
            valueVelocity: entry.pointee.hasValueVelocity ? data + 2 * d : nil, normalisedVelocity: normalised,
            current: UnsafePointer(target), currentRate: nil, out: target, outRate: nil, additive: additive)
    }

    /// Removes the animations that finished and are removed on completion.
    func removeCompletedAnimations() {
        for layer in schedule.plan.layers {
            let i = layer.layer
            let local = clocks[i].localTime
            let removed = registry.removeAll(layer: i) { a, progress in
                progress.didFinish && a.isRemovedOnCompletion
                    && Self.hasFinished(a.program.timing.state(atParentTime: local), a.program.timing)
            }
            if removed > 0 { schedule.invalidate(i) }
        }
    }

    /// Recomputes the presentation of every layer still marked stale (changed models of
    /// layers without animations, layers whose animations all left).
    func refreshStaleLayers() {
        for i in storage.takeStale() { refreshPresentation(of: i) }
    }

    /// Runs the completion blocks whose transactions completed, after the engine's state is
    /// consistent (a block may call back into the engine).
    func runDueCompletions() {
        while !transactions.dueCompletions.isEmpty {
            for block in transactions.takeDueCompletions() { block() }
        }
    }
}
