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
        time = t
        advanceAnimators(from: previous)
        refreshDriverSamples()
        updateClocks()
        updatePlan()
        runPlan(since: previous)
        for i in staleLayers { refreshPresentation(of: i) }
        staleLayers.removeAll(keepingCapacity: true)
        runPendingCompletions()
        return takeEvents()
    }

    /// Evaluates every planned layer at ``time``: events, removals, presentation values.
    func runPlan(since previous: Double) {
        var removals = false
        // Work on the plan moved out of the engine (its entries' flags change while other
        // parts of it are read); it is moved back at the end.
        var plan = FramePlan()
        swap(&plan, &self.plan)
        defer { swap(&plan, &self.plan) }
        let trees = plan.trees
        let keyframes = plan.keyframes
        let planLayers = plan.layers
        presentationValues.withUnsafeMutableBufferPointer { presentation in
            committedValues.withUnsafeBufferPointer { committed in
                plan.numbers.withUnsafeBufferPointer { numbers in
                    plan.springs.withUnsafeBufferPointer { springs in
                            plan.entries.withUnsafeMutableBufferPointer { entries in
                                driverSamples.withUnsafeBufferPointer { drivers in
                                  clocks.withUnsafeBufferPointer { clocks in
                                    guard let p = presentation.baseAddress, let c = committed.baseAddress,
                                        let e = entries.baseAddress
                                    else { return }
                                    for layer in planLayers {
                                        let values = p + layer.base
                                        // A layer's block is a few numbers: a plain loop beats a
                                        // memcpy call.
                                        let source = c + layer.base
                                        for n in 0..<layer.count { values[n] = source[n] }
                                        let clock = clocks[layer.layer]
                                        var pass = LayerPass(values: values, velocities: nil)
                                        for k in layer.entries {
                                            let entry = e + k
                                            let state = entry.pointee.timing.state(atParentTime: clock.localTime)
                                            // Only starts and ends produce events; a running
                                            // animation skips the call.
                                            if !entry.pointee.didFinish,
                                                !entry.pointee.didStart || Self.hasFinished(state, entry.pointee.timing)
                                            {
                                                notePlanProgress(entry, layer: layer.layer, state: state, since: previous)
                                            }
                                            if entry.pointee.didFinish, entry.pointee.isRemovedOnCompletion,
                                                Self.hasFinished(state, entry.pointee.timing)
                                            {
                                                removals = true
                                                continue
                                            }
                                            if case let .tree(index) = entry.pointee.curve {
                                                layers[layer.layer].slots.withUnsafeBufferPointer { slots in
                                                    trees[Int(index)].apply(
                                                        state: state, rate: clock.localRate, pass: &pass, slots: slots,
                                                        drivers: drivers)
                                                }
                                                continue
                                            }
                                            guard let directed = state.directedProgress else { continue }
                                            Self.applyFlat(
                                                entry, directed: directed, state: state, values: values, numbers: numbers,
                                                springs: springs, keyframes: keyframes)
                                        }
                                        pass.finish()
                                    }
                                  }
                                }
                            }
                    }
                }
            }
        }
        for layer in planLayers { clocks[layer.layer].isStale = false }
        guard removals else { return }
        for layer in planLayers {
            let s = layers[layer.layer]
            let local = clocks[layer.layer].localTime
            let before = s.animations.count
            s.animations.removeAll { a in
                a.didFinish && a.isRemovedOnCompletion
                    && Self.hasFinished(a.program.timing.state(atParentTime: local), a.program.timing)
            }
            if s.animations.count != before { invalidatePlan(layer.layer) }
        }
    }

    /// One flat entry: the frame quantities from its timing and easing, then the linear kernel.
    @inline(__always)
    static func applyFlat(
        _ entry: UnsafeMutablePointer<PlanEntry>, directed: Double, state: MediaTimingState,
        values: UnsafeMutablePointer<Double>, numbers: UnsafeBufferPointer<Double>,
        springs: UnsafeBufferPointer<SpringCurve>, keyframes: [KeyframeCurve]
    ) {
        guard let n = numbers.baseAddress else { return }
        let curve: FrameCurve
        var normalised = 0.0
        switch entry.pointee.curve {
        case let .spring(k):
            guard let first = springs.baseAddress else { return }
            let sc = first + Int(k)
            curve = .spring(sc)
            normalised = sc.pointee.initialVelocity
        default:
            curve = .basic
        }
        let frame = LeafFrame.make(
            directed: directed, state: state, timing: entry.pointee.timing, easing: entry.pointee.easing, curve: curve,
            isCumulative: entry.pointee.isCumulative, rate: 0, wantsRate: false)
        let d = Int(entry.pointee.dimension)
        let index = Int(entry.pointee.numbersIndex)
        let target = values + Int(entry.pointee.offset)
        if case .flatKeyframes = entry.pointee.curve, case let .interpolate(p, _, _) = frame.kind {
            let track = FlatKeyframes(n + index)
            var v = track.value(at: p)
            if frame.repeats != 0 { v += frame.repeats * track.repeatShift }
            target.pointee = entry.pointee.isAdditive ? target.pointee + v : v
            return
        }
        if case let .keyframes(k) = entry.pointee.curve, case let .interpolate(p, _, _) = frame.kind {
            keyframes[Int(k)].apply(
                p: p, dp: 0, repeats: frame.repeats, current: UnsafePointer(target), currentRate: nil, out: target,
                outRate: nil, additive: entry.pointee.isAdditive)
            return
        }
        LinearKernel.apply(
            frame, dimension: d, rule: entry.pointee.rule, start: n + index, end: n + index + d,
            valueVelocity: entry.pointee.hasValueVelocity ? n + index + 2 * d : nil, normalisedVelocity: normalised,
            current: UnsafePointer(target), currentRate: nil, out: target, outRate: nil, additive: entry.pointee.isAdditive)
    }

    /// Events of a plan entry; mirrors the flags into the layer's record.
    func notePlanProgress(_ entry: UnsafeMutablePointer<PlanEntry>, layer i: Int, state: MediaTimingState, since previous: Double) {
        let timing = entry.pointee.timing
        let started = !entry.pointee.didStart && Self.hasStarted(state, timing)
        let finished = Self.hasFinished(state, timing)
        guard started || finished else { return }
        layers[i].animations.withUnsafeMutableBufferPointer { a in
            guard let base = a.baseAddress else { return }
            _ = noteProgress(layer: i, record: base + Int(entry.pointee.record), state: state, since: previous)
            entry.pointee.didStart = base[Int(entry.pointee.record)].didStart
            entry.pointee.didFinish = base[Int(entry.pointee.record)].didFinish
        }
    }

    /// Brings the plan up to date: the changed layers' parts, or everything when garbage has
    /// piled up.
    func updatePlan() {
        if !planNeedsRebuild {
            for i in planDirtyLayers { plan.update(layers[i]) }
            planNeedsRebuild = plan.needsCompaction
        }
        if planNeedsRebuild { plan = FramePlan(layers: layers) }
        planNeedsRebuild = false
        planDirtyLayers.removeAll(keepingCapacity: true)
    }

    /// Marks layer `i`'s part of the plan for rebuilding.
    func invalidatePlan(_ i: Int) {
        planDirtyLayers.append(i)
    }

    /// Runs the completion blocks whose transactions completed, after the engine's state is
    /// consistent (a block may call back into the engine).
    func runPendingCompletions() {
        while !pendingCompletions.isEmpty {
            let blocks = pendingCompletions
            pendingCompletions = []
            for block in blocks { block() }
        }
    }
}
