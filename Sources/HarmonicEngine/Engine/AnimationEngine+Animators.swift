import Harmonic

/// Interactive animators (`UIViewPropertyAnimator`): a set of model changes animated by one
/// progress value that can be scrubbed, paused, reversed and continued with new timing.
///
/// Model (a documented reading of UIKit's behaviour):
/// - Record changes with ``addAnimations(to:_:)``: `setValue` calls inside the block change the
///   model values but are animated by the animator instead of a transaction.
/// - Starting (or pausing) an inactive animator activates it: each key path animates from its
///   presentation value at that moment to the recorded value, through a non-additive
///   animation under the key `animator.<index>.<keyPath>` whose value is
///   `from + (to − from)·p`, `p` the animator's progress; the model values are committed then.
/// - `fractionComplete` is the animator's progress in time: for a curve, the fraction of the
///   duration elapsed; for a spring, the progress itself. While paused, setting it moves the
///   values linearly (`p = fractionComplete`, UIKit's `scrubsLinearly`).
/// - Resuming, reversing while running, and ``continueAnimation(_:timing:durationFactor:)``
///   continue from the current progress toward the target (1, or 0 when reversed). A curve runs
///   over the remaining part of the duration (or `durationFactor × duration`); a spring starts
///   with the current progress velocity when the animator was running, so position and
///   velocity are continuous.
/// - When progress reaches the target the animator finishes: its animations are removed, the
///   model holds the end values (the start values when it ran in reverse), and an
///   ``AnimationEvent/Kind/animatorFinished(_:position:)`` event is reported.
extension AnimationEngine {
    /// Creates an inactive animator.
    ///
    /// - Parameters:
    ///   - duration: Seconds for a curve timing, finite and > 0 (UIKit's `duration`).
    ///   - timing: How progress moves; UIKit's default curve is ease-in-ease-out.
    /// - Throws: ``/Harmonic/HarmonicError`` for an invalid duration or spring velocity.
    public func makeAnimator(duration: Double, timing: AnimatorTiming = .curve(CubicBezier.easeInEaseOut))
        throws(HarmonicError) -> AnimatorID
    {
        try HarmonicError.require(duration, named: "duration", "> 0") { $0 > 0 }
        if case let .spring(_, v) = timing { try HarmonicError.require(v, named: "initialVelocity") }
        return AnimatorID(animators.append(AnimatorState(duration: duration, timing: timing)))
    }

    /// Records model changes for an inactive animator: `setValue` calls made in `changes` are
    /// animated by it.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown or already active animator, or whatever
    ///   `changes` throws (changes made before the error are kept).
    public func addAnimations(to id: AnimatorID, _ changes: () throws(HarmonicError) -> Void) throws(HarmonicError) {
        let i = try animatorIndex(id)
        guard animators[i].state == .inactive else {
            throw .invalidParameter(
                name: "animator \(i)", value: animators[i].state.rawValue, allowed: "inactive to add animations")
        }
        guard animators.recording == nil else {
            throw .invalidParameter(
                name: "addAnimations", value: "nested", allowed: "not called inside another addAnimations")
        }
        animators.recording = i
        defer { animators.recording = nil }
        try changes()
    }

    /// The animator's state.
    public func state(of id: AnimatorID) throws(HarmonicError) -> AnimatingState {
        animators[try animatorIndex(id)].state
    }

    /// Whether the animator is active and its progress is moving.
    public func isRunning(_ id: AnimatorID) throws(HarmonicError) -> Bool { animators[try animatorIndex(id)].isRunning }

    /// Whether the animator runs toward its start values.
    public func isReversed(_ id: AnimatorID) throws(HarmonicError) -> Bool {
        animators[try animatorIndex(id)].isReversed
    }

    /// `fractionComplete` at the current time.
    public func fractionComplete(of id: AnimatorID) throws(HarmonicError) -> Double {
        animators[try animatorIndex(id)].fraction(at: time)
    }

    /// The progress `p` the animator applies at the current time (`value = from + (to − from)·p`).
    public func progress(of id: AnimatorID) throws(HarmonicError) -> Double {
        animators[try animatorIndex(id)].sample(at: time).progress
    }

    /// Starts the animator (from the beginning if inactive, from where it is if paused) after
    /// `delay` seconds.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for a stopped animator or an invalid delay.
    public func startAnimation(_ id: AnimatorID, afterDelay delay: Double = 0) throws(HarmonicError) {
        defer { runDueCompletions() }
        let i = try animatorIndex(id)
        try HarmonicError.require(delay, named: "delay", ">= 0") { $0 >= 0 }
        try animators.requireNotStopped(i)
        if animators[i].state == .inactive { try activate(i) }
        guard !animators[i].isRunning else { return }
        animators.continueSegment(i, at: time, timing: animators[i].timing, durationFactor: 0, carryVelocity: false)
        if delay > 0 { animators.delay(i, by: delay, at: time) }
        finishIfDone(i)
    }

    /// Pauses the animator where it is (activating it at progress 0 if inactive).
    public func pauseAnimation(_ id: AnimatorID) throws(HarmonicError) {
        let i = try animatorIndex(id)
        try animators.requireNotStopped(i)
        if animators[i].state == .inactive {
            try activate(i)
            return
        }
        freeze(i)
    }

    /// Scrubs a paused animator: sets its progress (and `fractionComplete`) to `fraction`.
    /// An inactive animator is activated paused first, as UIKit does.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when the animator is running or stopped, or for a fraction
    ///   outside `[0, 1]`.
    public func setFractionComplete(_ fraction: Double, of id: AnimatorID) throws(HarmonicError) {
        let i = try animatorIndex(id)
        try HarmonicError.require(fraction, named: "fractionComplete", "in [0, 1]") { (0...1).contains($0) }
        try animators.requireNotStopped(i)
        if animators[i].state == .inactive { try activate(i) }
        guard !animators[i].isRunning else {
            throw .invalidParameter(name: "fractionComplete", value: "set while running", allowed: "set while paused")
        }
        animators.scrub(i, to: fraction, at: time)
        markDriven(i)
    }

    /// Reverses the animator's direction. A running animator turns around at once, continuing
    /// from its current progress (and, for a spring, velocity) toward the start.
    public func setReversed(_ reversed: Bool, of id: AnimatorID) throws(HarmonicError) {
        let i = try animatorIndex(id)
        try animators.requireNotStopped(i)
        guard animators[i].isReversed != reversed else { return }
        animators[i].isReversed = reversed
        if animators[i].isRunning {
            animators.continueSegment(i, at: time, timing: animators[i].timing, durationFactor: 0, carryVelocity: true)
            markDriven(i)
        }
    }

    /// Continues the animator with new timing (`continueAnimation(withTimingParameters:durationFactor:)`),
    /// from its current progress toward its target. Unlike UIKit, a running animator may be
    /// continued too: a spring then starts with the current progress velocity.
    ///
    /// - Parameters:
    ///   - id: The animator.
    ///   - timing: The new timing, or `nil` to keep the current one.
    ///   - durationFactor: For a curve: the remaining time as a multiple of the original
    ///     duration; 0 (the default) means the remaining fraction of the duration.
    public func continueAnimation(_ id: AnimatorID, timing: AnimatorTiming? = nil, durationFactor: Double = 0)
        throws(HarmonicError)
    {
        defer { runDueCompletions() }
        let i = try animatorIndex(id)
        try HarmonicError.require(durationFactor, named: "durationFactor", ">= 0") { $0 >= 0 }
        if case let .spring(_, v)? = timing { try HarmonicError.require(v, named: "initialVelocity") }
        try animators.requireNotStopped(i)
        if animators[i].state == .inactive { try activate(i) }
        if let timing { animators[i].timing = timing }
        animators.continueSegment(
            i, at: time, timing: animators[i].timing, durationFactor: durationFactor,
            carryVelocity: animators[i].isRunning)
        markDriven(i)
        finishIfDone(i)
    }

    /// Ends a scrub by flinging: the animator's progress coasts on from where it is with
    /// `velocity` (progress units per second; a gesture's velocity divided by the distance
    /// the animator covers), decaying by `curve`, with walls at progress 0 and 1. At a wall
    /// `bounce` takes over and settles on it; a fling that comes to rest between the walls
    /// (within 0.001 of its projection) is carried by `bounce` to the nearer end. The animator
    /// finishes at that end (``AnimatorPosition/end`` at 1, ``AnimatorPosition/start`` at 0).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for a stopped animator or a velocity that is not finite.
    public func flingAnimation(
        _ id: AnimatorID, velocity: Double, curve: DecayCurve = .exponential(.normal),
        bounce: Spring = DecayBounds.motionBounce
    ) throws(HarmonicError) {
        defer { runDueCompletions() }
        let i = try animatorIndex(id)
        try HarmonicError.require(velocity, named: "velocity")
        try animators.requireNotStopped(i)
        if animators[i].state == .inactive { try activate(i) }
        try animators.fling(i, at: time, velocity: velocity, curve: curve, bounce: bounce)
        markDriven(i)
        finishIfDone(i)
    }

    /// Stops the animator. With `withoutFinishing` true it becomes inactive at once, leaving
    /// every value where it is shown now (as the new model value); otherwise it waits in the
    /// stopped state for ``finishAnimation(_:at:)``.
    public func stopAnimation(_ id: AnimatorID, withoutFinishing: Bool) throws(HarmonicError) {
        defer { runDueCompletions() }
        let i = try animatorIndex(id)
        guard animators[i].state == .active else { return }
        freeze(i)
        if withoutFinishing {
            try finishAnimator(i, at: .current, report: false)
        } else {
            animators[i].state = .stopped
        }
    }

    /// Finishes a stopped animator at `position`: its animations are removed and the model
    /// takes the start values, the end values or the current presentation values.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` unless the animator is stopped.
    public func finishAnimation(_ id: AnimatorID, at position: AnimatorPosition) throws(HarmonicError) {
        defer { runDueCompletions() }
        let i = try animatorIndex(id)
        guard animators[i].state == .stopped else {
            throw .invalidParameter(
                name: "animator \(i)", value: animators[i].state.rawValue, allowed: "stopped (call stopAnimation first)"
            )
        }
        try finishAnimator(i, at: position, report: true)
    }

    // MARK: Implementation

    func animatorIndex(_ id: AnimatorID) throws(HarmonicError) -> Int { try animators.index(id) }

    /// Records one change made inside `addAnimations` (the model was already updated).
    func recordAnimatorChange(_ i: Int, layer l: Int, keyPath: String, path: ResolvedKeyPath) throws(HarmonicError) {
        let s = storage[l]
        let to = path.read(slots: s.slots, from: s.model)
        let key = "animator.\(i).\(keyPath)"
        if let k = animators[i].changes.firstIndex(where: { $0.layer == l && $0.keyPath == keyPath }) {
            animators[i].changes[k].to = to
        } else {
            animators[i].changes.append(AnimatorChange(layer: l, keyPath: keyPath, to: to, key: key))
        }
    }

    /// Activates an inactive animator paused at progress 0: captures start values, commits the
    /// model values and attaches the driven animations.
    func activate(_ i: Int) throws(HarmonicError) {
        animators.activate(i, at: time)
        let endless = try MediaTiming(duration: .infinity, fillMode: .both)
        for k in animators[i].changes.indices {
            let change = animators[i].changes[k]
            let id = LayerID(change.layer)
            let from = try presentationValue(forKeyPath: change.keyPath, of: id).components
            animators[i].changes[k].from = from
            let s = storage[change.layer]
            let path = try resolve(change.keyPath, in: s)
            let slot = s.slots[path.slot]
            var full = Array(storage.committedValues(of: change.layer)[slot.offset..<(slot.offset + slot.dimension)])
            path.write(change.to, shape: slot.shape, into: &full)
            try commitSet(
                layer: change.layer, slot: path.slot, keyPath: change.keyPath, value: full,
                settings: TransactionSettings(disableActions: true), transactions: [])
            let animation = BasicAnimation(
                keyPath: change.keyPath, fromValue: AnimatableVector(from), toValue: AnimatableVector(change.to),
                timing: endless)
            try attach(
                .basic(animation), key: change.key, layer: change.layer, settings: .default, transactions: [],
                animator: i)
            // Drive it by the animator instead of its (endless) timing.
            if let j = registry.index(ofKey: change.key, layer: change.layer) {
                registry.setProgram(registry[change.layer][j].program.driven(by: i), layer: change.layer, at: j)
                schedule.invalidate(change.layer)
            }
        }
    }

    /// Freezes a running animator at its current progress.
    func freeze(_ i: Int) {
        animators.freeze(i, at: time)
        markDriven(i)
    }

    /// Called when the clock moves: finishes animators whose progress reached the target.
    func finishAnimatorsThatArrived() {
        for i in animators.indices where animators[i].state == .active { finishIfDone(i) }
    }

    /// Finishes animator `i` if its running segment has ended by the current time.
    func finishIfDone(_ i: Int) {
        guard let arrival = animators.arrival(of: i, by: time) else { return }
        try? finishAnimator(i, at: arrival.target == 0 ? .start : .end, report: true, at: arrival.time)
    }

    /// Ends animator `i`: removes its animations and sets the model for `position`.
    func finishAnimator(_ i: Int, at position: AnimatorPosition, report: Bool, at t: Double? = nil)
        throws(HarmonicError)
    {
        var firstError: HarmonicError?
        for change in animators[i].changes {
            let s = storage[change.layer]
            let id = LayerID(change.layer)
            do {
                let value: [Double]
                switch position {
                case .start: value = change.from
                case .end: value = change.to
                case .current: value = try presentationValue(forKeyPath: change.keyPath, of: id).components
                }
                if let j = registry.index(ofKey: change.key, layer: change.layer) {
                    // No didStop for an animator's own animations.
                    registry.remove(layer: change.layer, at: j, until: clocks[change.layer].localTime)
                    storage.markStale(change.layer)
                    schedule.invalidate(change.layer)
                }
                let path = try resolve(change.keyPath, in: s)
                let slot = s.slots[path.slot]
                var full = Array(
                    storage.committedValues(of: change.layer)[slot.offset..<(slot.offset + slot.dimension)])
                path.write(value, shape: slot.shape, into: &full)
                for k in 0..<slot.dimension { s.model[slot.offset + k] = full[k] }
                try commitSet(
                    layer: change.layer, slot: path.slot, keyPath: change.keyPath, value: full,
                    settings: TransactionSettings(disableActions: true), transactions: [])
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        animators.reset(i, at: time)
        if report {
            emit(
                .animatorFinished(AnimatorID(i), position: position), layer: nil, key: nil, serial: events.makeSerial(),
                at: t ?? time)
        }
        if let firstError { throw firstError }
    }

    /// Marks the layers animator `i` drives as needing new presentation values.
    func markDriven(_ i: Int) {
        for change in animators[i].changes { storage.markStale(change.layer) }
    }
}
