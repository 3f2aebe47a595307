import Harmonic

/// Keyed animations: `CALayer`'s `add(_:forKey:)`, `removeAnimation(forKey:)`,
/// `removeAllAnimations()`, `animation(forKey:)`, `animationKeys()`.
extension AnimationEngine {
    /// Adds an animation to a layer under `key`, replacing any animation with that key
    /// (which stops with `finished` false; the new one goes to the end of the layer's list, so
    /// it applies after every other).
    ///
    /// The animation is committed with the transaction it is added in; outside explicit
    /// transactions, with the implicit one (at the next ``advance(to:)`` or ``flush()``). Committing
    /// fills in Core Animation's defaults: a `beginTime` of 0 becomes the layer's local time at
    /// commit, a `duration` of 0 the transaction's duration (0.25 s by default), a basic
    /// animation with no values starts from the presentation value at commit.
    ///
    /// A layer has at most one transition (`CATransition`): whatever key it is added with, it
    /// is stored under ``transitionKey`` (`"transition"`, Core Animation's `kCATransition`),
    /// so a second transition replaces the first.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` (nothing is added) for an unknown layer or key path, values
    ///   of the wrong size or not finite, all three of from/to/by, an invalid timing.
    public func add(_ animation: some LayerAnimationConvertible, forKey key: String, to layer: LayerID)
        throws(HarmonicError)
    {
        defer { runDueCompletions() }
        let s = try store(layer)
        let description = animation.layerAnimation
        var key = key
        if case .transition = description { key = Self.transitionKey }
        let settings = transactions.effectiveSettings
        // Validate now, so errors surface at the call; the program is rebuilt at commit.
        let compiler = compiler(for: s, settings: settings) { (path: String) throws(HarmonicError) in
            let resolved = try self.resolve(path, in: s)
            return resolved.read(slots: s.slots, from: self.storage.committedValues(of: layer.index))
        }
        _ = try compiler.compile(description, now: clocks[layer.index].localTime)
        if case .transition = description {
            // The old rendering is what is shown now, before this transaction's changes.
            transitionSnapshots.wait(transitionSnapshot(layer: layer.index), layer: layer.index, key: key)
        }
        transactions.openImplicitIfNeeded()
        transactions.pending.append(
            .add(
                layer: layer.index, key: key, animation: description, settings: settings,
                transactions: transactions.openIDs))
    }

    /// The key every transition is stored under (Core Animation's `kCATransition`).
    public static let transitionKey = "transition"

    /// Removes the animation with `key` (and any not yet committed add with that key); it
    /// stops with `finished` false unless it had already finished. No effect if there is none.
    public func removeAnimation(forKey key: String, from layer: LayerID) throws(HarmonicError) {
        defer { runDueCompletions() }
        _ = try store(layer)
        transactions.pending.removeAll { op in
            if case let .add(l, k, _, _, _) = op { return l == layer.index && k == key }
            return false
        }
        if let j = registry.index(ofKey: key, layer: layer.index) {
            detach(layer: layer.index, at: j, finished: false)
        }
    }

    /// Removes every animation of the layer, in the order they were added.
    public func removeAllAnimations(from layer: LayerID) throws(HarmonicError) {
        defer { runDueCompletions() }
        _ = try store(layer)
        transactions.pending.removeAll { op in
            if case let .add(l, _, _, _, _) = op { return l == layer.index }
            return false
        }
        while registry.hasAnimations(layer.index) { detach(layer: layer.index, at: 0, finished: false) }
    }

    /// The animation under `key`: the most recent add with that key (committed or pending),
    /// with its timing as resolved at commit (begin time in the layer's local time, duration
    /// filled in). `nil` if none.
    public func animation(forKey key: String, on layer: LayerID) throws(HarmonicError) -> LayerAnimation? {
        _ = try store(layer)
        for op in transactions.pending.reversed() {
            if case let .add(l, k, a, _, _) = op, l == layer.index, k == key { return a }
        }
        return registry[layer.index].first { $0.key == key }?.animation
    }

    /// The keys of the layer's committed animations, in the order they apply.
    public func animationKeys(of layer: LayerID) throws(HarmonicError) -> [String] {
        _ = try store(layer)
        return registry[layer.index].map(\.key)
    }

    /// Drains the events produced since the last call (or the last ``advance(to:)``), sorted
    /// by time, then by the order the animations were added, then by the order they happened.
    public func takeEvents() -> [AnimationEvent] { events.take() }

    // MARK: Attaching and detaching

    /// The compiler of animations for layer `s`: key paths resolved against the layer, the
    /// shown value of a key path from `capture`.
    func compiler(
        for s: LayerRecord, settings: TransactionSettings, capture: @escaping (String) throws(HarmonicError) -> [Double]
    ) -> AnimationCompiler {
        AnimationCompiler(
            layer: s, settings: settings,
            resolveKeyPath: { (path: String) throws(HarmonicError) in try self.resolve(path, in: s) }, capture: capture)
    }

    /// Compiles and attaches an animation at the current time (the commit of an add).
    ///
    /// - Parameter captures: Presentation values taken at the start of the commit, for
    ///   animations without values (Core Animation starts them from the value shown before
    ///   the commit).
    func attach(
        _ animation: LayerAnimation, key: String, layer i: Int, settings: TransactionSettings, transactions ids: [Int],
        animator: Int? = nil, captures: [String: [Double]] = [:]
    ) throws(HarmonicError) {
        let s = storage[i]
        let compiler = compiler(for: s, settings: settings) { (path: String) throws(HarmonicError) in
            if let captured = captures[path] { return captured }
            let resolved = try self.resolve(path, in: s)
            self.refreshPresentation(of: i)
            return resolved.read(slots: s.slots, from: self.storage.presentationValues(of: i))
        }
        let program = try compiler.compile(animation, now: clocks[i].localTime)
        if let j = registry.index(ofKey: key, layer: i) {
            detach(layer: i, at: j, finished: false)
        }
        let record = AttachedAnimation(
            key: key, animation: Self.replacingTiming(of: animation, with: program.timing), program: program,
            serial: events.makeSerial(), isRemovedOnCompletion: animation.isRemovedOnCompletion, transactions: ids,
            animator: animator)
        if case .transition = animation {
            let waiting = transitionSnapshots.takeWaiting(layer: i, key: key)
            keepTransitionSnapshot(waiting ?? transitionSnapshot(layer: i), serial: record.serial)
        }
        // An animator's own animations report nothing: the animator reports its finish.
        let flags = AnimationRegistry.Progress(didStart: animator != nil, didFinish: animator != nil)
        transactions.retain(ids)
        let j = registry.append(record, flags: flags, layer: i)
        storage.markStale(i)
        schedule.invalidate(i)
        let state = program.timing.state(atParentTime: clocks[i].localTime)
        if animator == nil {
            let progress = registry.progress.base + registry[i][j].progressSlot
            noteProgress(progress, of: registry[i][j], layer: i, state: state, since: time)
            if progress.pointee.didFinish, animation.isRemovedOnCompletion { registry.remove(layer: i, at: j) }
        }
    }

    /// Removes animation `j` of layer `i`. Reports didStop(finished: `finished`) unless it had
    /// already finished, and releases its transactions.
    func detach(layer i: Int, at j: Int, finished: Bool) {
        let flags = registry.flags(layer: i, at: j)
        let a = registry.remove(layer: i, at: j, until: flags.didFinish ? .infinity : clocks[i].localTime)
        if !flags.didFinish {
            emit(
                .didStop(finished: finished), layer: i, key: a.key, serial: a.serial, at: time,
                userInfo: a.animation.userInfo)
            releaseTransactions(a.transactions, at: time)
        }
        storage.markStale(i)
        schedule.invalidate(i)
    }

    /// Updates an animation's started/finished flags (in place, in the registry's slot) from
    /// its state at the current time, reporting what was crossed since `previous`.
    func noteProgress(
        _ progress: UnsafeMutablePointer<AnimationRegistry.Progress>, of record: AttachedAnimation, layer i: Int,
        state: MediaTimingState, since previous: Double
    ) {
        let timing = record.program.timing
        if !progress.pointee.didStart, timing.hasStarted(state) {
            progress.pointee.didStart = true
            let local = timing.speed > 0 ? timing.beginTime : timing.beginTime + timing.activeDuration / timing.speed
            emit(
                .didStart, layer: i, key: record.key, serial: record.serial,
                at: eventTime(local: local, layer: i, since: previous), userInfo: record.animation.userInfo)
        }
        if !progress.pointee.didFinish, timing.hasFinished(state) {
            progress.pointee.didFinish = true
            let local = timing.speed > 0 ? timing.beginTime + timing.activeDuration / timing.speed : timing.beginTime
            let t = eventTime(local: local, layer: i, since: previous)
            emit(
                .didStop(finished: true), layer: i, key: record.key, serial: record.serial, at: t,
                userInfo: record.animation.userInfo)
            releaseTransactions(record.transactions, at: t)
        }
    }

    /// The root time of a start or end at layer-local time `local`, clamped into the frame
    /// `[previous, time]` (the frame that noticed it).
    func eventTime(local: Double, layer i: Int, since previous: Double) -> Double {
        guard let t = clocks.rootTime(ofLocal: local, layer: i) else { return time }
        return Swift.min(Swift.max(t, previous), time)
    }

    func emit(
        _ kind: AnimationEvent.Kind, layer i: Int?, key: String?, serial: Int, at t: Double,
        userInfo: [String: String] = [:]
    ) {
        var event = AnimationEvent(
            time: t, kind: kind, layer: i.map(LayerID.init), layerName: i.map { storage[$0].name }, key: key)
        event.userInfo = userInfo
        events.emit(event, serial: serial)
    }

    /// The same animation with its timing replaced (what `animation(forKey:)` returns).
    static func replacingTiming(of animation: LayerAnimation, with timing: MediaTiming) -> LayerAnimation {
        switch animation {
        case var .basic(a):
            a.timing = timing
            return .basic(a)
        case var .spring(a):
            a.timing = timing
            return .spring(a)
        case var .group(a):
            a.timing = timing
            return .group(a)
        case var .keyframe(a):
            a.timing = timing
            return .keyframe(a)
        case var .decay(a):
            a.timing = timing
            return .decay(a)
        case var .motion(a):
            a.timing = timing
            return .motion(a)
        case var .transition(a):
            a.timing = timing
            return .transition(a)
        }
    }
}
