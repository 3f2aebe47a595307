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
        try HarmonicError.require(t, named: "time", ">= the current time \(time)") { $0 >= self.time }
        let previous = time
        time = t
        advanceAnimators(from: previous)
        refreshDriverSamples()
        for i in layers.indices {
            updateLocalTime(of: i)
            step(layer: i, since: previous)
        }
        runPendingCompletions()
        return takeEvents()
    }

    /// One layer's frame: events, removals and presentation values at ``time``.
    func step(layer i: Int, since previous: Double) {
        let s = layers[i]
        let count = s.committed.count
        s.presentation.withUnsafeMutableBufferPointer { p in
            s.committed.withUnsafeBufferPointer { c in
                guard let to = p.baseAddress, let from = c.baseAddress else { return }
                to.update(from: from, count: count)
            }
        }
        s.presentationIsStale = false
        guard !s.animations.isEmpty else { return }
        let local = s.localTime
        let rate = s.localRate
        var removals = false
        s.presentation.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress else { return }
            var pass = LayerPass(values: base, velocities: nil)
            driverSamples.withUnsafeBufferPointer { drivers in
                s.slots.withUnsafeBufferPointer { slots in
                    for j in s.animations.indices {
                        let program = s.animations[j].program
                        let state = program.timing.state(atParentTime: local)
                        if !s.animations[j].didFinish {
                            noteProgress(layer: i, index: j, state: state, since: previous)
                        }
                        if s.animations[j].didFinish, s.animations[j].animation.isRemovedOnCompletion,
                            Self.hasFinished(state, program.timing)
                        {
                            removals = true
                            continue
                        }
                        program.apply(state: state, rate: rate, pass: &pass, slots: slots, drivers: drivers)
                    }
                }
            }
            pass.finish()
        }
        if removals {
            s.animations.removeAll { a in
                a.didFinish && a.animation.isRemovedOnCompletion
                    && Self.hasFinished(a.program.timing.state(atParentTime: local), a.program.timing)
            }
        }
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
