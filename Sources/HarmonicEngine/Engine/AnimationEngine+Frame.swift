import Dispatch
import Harmonic

/// The per-frame step.
extension AnimationEngine {
    /// Commits the implicit transaction (changes made outside any transaction since the last
    /// frame, see ``flush()``) at the current time, then moves the clock to root time `t`
    /// and brings every layer up to date: animators advance,
    /// animations that started or ended since the last frame report it, completed animations
    /// that are removed on completion leave their layers, and the presentation values at `t`
    /// are computed (read them with ``presentationValue(forKeyPath:of:)``).
    ///
    /// - Returns: The events of the step and of the actions since the previous step, in time
    ///   order (see ``AnimationEvent``).
    /// - Throws: ``/Harmonic/HarmonicError`` when `t` is not finite or is before ``time`` (the clock only
    ///   moves forward), or when a change of the implicit transaction can no longer be committed
    ///   (the rest are committed, the frame still runs and its events wait for ``takeEvents()``).
    /// - Complexity: O(animations + layers); no allocation in steady state (three small ones
    ///   when a frame of at least 4,096 animations is split over two
    ///   threads).
    @discardableResult
    public func advance(to t: Double) throws(HarmonicError) -> [AnimationEvent] {
        guard t.isFinite, t >= time else {
            // The message is built only here: a frame must not allocate.
            throw .invalidParameter(name: "time", value: "\(t)", allowed: "finite and >= the current time \(time)")
        }
        // The run loop's turn ends: the implicit transaction commits at the time the changes
        // were made, before the clock moves. The frame runs even if a change fails to commit.
        var flushError: HarmonicError?
        do { try flush() } catch { flushError = error }
        let previous = time
        clocks.advance(to: t)
        finishAnimatorsThatArrived()
        animators.refreshSamples(at: time)
        updateSchedule()
        if evaluatePlannedLayers(since: previous) { removeCompletedAnimations() }
        refreshStaleLayers()
        runDueCompletions()
        if let flushError { throw flushError }
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
    /// Layers are independent, so a large plan is split in chunks of about equal work,
    /// evaluated on the calling thread and a worker (``FrameEvaluator``); each chunk only writes its
    /// own layers' value blocks and collects the starts and ends it crosses, which are then
    /// reported here, in layer order, on the calling thread (events, flags and transactions are
    /// not shared with the workers).
    func evaluatePlannedLayers(since previous: Double) -> Bool {
        let plan = schedule.plan
        let work = FrameEvaluator(
            plan: plan, flags: UnsafePointer(registry.progress.base), committed: UnsafePointer(storage.committed.base),
            presentation: storage.presentation.base, clocks: clocks, drivers: animators.samples, layers: storage.layers)
        var removals = false
        if plan.entries.count >= FrameEvaluator.parallelThreshold, plan.layers.count >= FrameEvaluator.chunkCount {
            // Chunks, not halves: the calling thread starts at once and a worker joins when it
            // wakes, taking whatever chunks are left, so a late wake-up costs nothing.
            let bounds = schedule.chunkBounds
            let results = schedule.chunkResults
            DispatchQueue.concurrentPerform(iterations: FrameEvaluator.chunkCount) { chunk in
                var chunkNotes: [FrameEvaluator.Note] = []
                let removes = work.evaluate(layers: bounds[chunk]..<bounds[chunk + 1], notes: &chunkNotes)
                results.store(chunk: chunk, removals: removes, notes: chunkNotes)
            }
            for chunk in 0..<FrameEvaluator.chunkCount {
                removals = removals || results.removals(chunk)
                reportProgress(results.takeNotes(chunk), since: previous)
            }
        } else {
            var notes: [FrameEvaluator.Note] = []
            removals = work.evaluate(layers: 0..<plan.layers.count, notes: &notes)
            reportProgress(notes, since: previous)
        }
        storage.markCurrent(plan.layers)
        return removals
    }

    /// Reports the starts and ends a frame's evaluation collected, in order.
    func reportProgress(_ notes: [FrameEvaluator.Note], since previous: Double) {
        for note in notes {
            noteProgress(
                registry.progress.base + note.slot, of: registry[note.layer][note.record], layer: note.layer,
                state: note.state, since: previous)
        }
    }

    /// Removes the animations that finished and are removed on completion.
    func removeCompletedAnimations() {
        for layer in schedule.plan.layers {
            let i = layer.layer
            let local = clocks[i].localTime
            let removed = registry.removeAll(layer: i) { a, progress in
                progress.didFinish && a.isRemovedOnCompletion
                    && a.program.timing.hasFinished(a.program.timing.state(atParentTime: local))
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
