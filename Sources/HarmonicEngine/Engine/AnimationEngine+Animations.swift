import Harmonic

/// Keyed animations: `CALayer`'s `add(_:forKey:)`, `removeAnimation(forKey:)`,
/// `removeAllAnimations()`, `animation(forKey:)`, `animationKeys()`.
extension AnimationEngine {
    /// Adds an animation to a layer under `key`, replacing any animation with that key
    /// (which stops with `finished` false; the new one goes to the end of the layer's list, so
    /// it applies after every other).
    ///
    /// Inside a transaction the animation is committed with it; outside, at once. Committing
    /// fills in Core Animation's defaults: a `beginTime` of 0 becomes the layer's local time at
    /// commit, a `duration` of 0 the transaction's duration (0.25 s by default), a basic
    /// animation with no values starts from the presentation value at commit.
    ///
    /// - Throws: ``HarmonicError`` (nothing is added) for an unknown layer or key path, values
    ///   of the wrong size or not finite, all three of from/to/by, an invalid timing.
    public func add(_ animation: some LayerAnimationConvertible, forKey key: String, to layer: LayerID)
        throws(HarmonicError)
    {
        defer { runPendingCompletions() }
        let s = try store(layer)
        let description = animation.layerAnimation
        let settings = openTransactions.last?.settings ?? .default
        // Validate now, so errors surface at the call; the program is rebuilt at commit.
        _ = try compile(description, in: s, now: clocks[layer.index].localTime, settings: settings) {
            (path: String) throws(HarmonicError) in
            Self.read(try self.resolve(path, in: s), slots: s.slots, from: self.committed(layer.index))
        }
        let operation = PendingOperation.add(
            layer: layer.index, key: key, animation: description, settings: settings,
            transactions: openTransactions.map(\.id))
        if openTransactions.isEmpty {
            try commitOperations([operation], transactions: [])
        } else {
            pendingOperations.append(operation)
        }
    }

    /// Removes the animation with `key` (and any not yet committed add with that key); it
    /// stops with `finished` false unless it had already finished. No effect if there is none.
    public func removeAnimation(forKey key: String, from layer: LayerID) throws(HarmonicError) {
        defer { runPendingCompletions() }
        let s = try store(layer)
        pendingOperations.removeAll { op in
            if case let .add(l, k, _, _, _) = op { return l == layer.index && k == key }
            return false
        }
        if let j = s.animations.firstIndex(where: { $0.key == key }) {
            detach(layer: layer.index, at: j, finished: false)
        }
    }

    /// Removes every animation of the layer, in the order they were added.
    public func removeAllAnimations(from layer: LayerID) throws(HarmonicError) {
        defer { runPendingCompletions() }
        let s = try store(layer)
        pendingOperations.removeAll { op in
            if case let .add(l, _, _, _, _) = op { return l == layer.index }
            return false
        }
        while !s.animations.isEmpty { detach(layer: layer.index, at: 0, finished: false) }
    }

    /// The animation under `key`: the most recent add with that key (committed or pending),
    /// with its timing as resolved at commit (begin time in the layer's local time, duration
    /// filled in). `nil` if none.
    public func animation(forKey key: String, on layer: LayerID) throws(HarmonicError) -> LayerAnimation? {
        let s = try store(layer)
        for op in pendingOperations.reversed() {
            if case let .add(l, k, a, _, _) = op, l == layer.index, k == key { return a }
        }
        return s.animations.first { $0.key == key }?.animation
    }

    /// The keys of the layer's committed animations, in the order they apply.
    public func animationKeys(of layer: LayerID) throws(HarmonicError) -> [String] {
        try store(layer).animations.map(\.key)
    }

    // MARK: Attaching and detaching

    /// Compiles and attaches an animation at the current time (the commit of an add).
    func attach(
        _ animation: LayerAnimation, key: String, layer i: Int, settings: TransactionSettings, transactions: [Int],
        animator: Int? = nil
    ) throws(HarmonicError) {
        let s = layers[i]
        let program = try compile(animation, in: s, now: clocks[i].localTime, settings: settings) {
            (path: String) throws(HarmonicError) in
            if let captured = self.commitCaptures[CaptureKey(layer: i, keyPath: path)] { return captured }
            self.refreshPresentation(of: i)
            return Self.read(try self.resolve(path, in: s), slots: s.slots, from: self.presentation(i))
        }
        if let j = s.animations.firstIndex(where: { $0.key == key }) {
            detach(layer: i, at: j, finished: false)
        }
        let resolved = Self.replacingTiming(of: animation, with: program.timing)
        var record = AttachedAnimation(
            key: key, animation: resolved, program: program, serial: nextSerial,
            isRemovedOnCompletion: animation.isRemovedOnCompletion, transactions: transactions, animator: animator)
        if animator != nil {
            // An animator's own animations report nothing: the animator reports its finish.
            record.didStart = true
            record.didFinish = true
        }
        nextSerial += 1
        for id in transactions { transactionRecords[id]?.remaining += 1 }
        s.animations.append(record)
        markStale(i)
        invalidatePlan(i)
        let j = s.animations.count - 1
        let state = program.timing.state(atParentTime: clocks[i].localTime)
        if animator == nil, noteProgress(layer: i, index: j, state: state, since: time), animation.isRemovedOnCompletion {
            s.animations.remove(at: j)
        }
    }

    /// Removes animation `j` of layer `i`. Reports didStop(finished: `finished`) unless it had
    /// already finished, and releases its transactions.
    func detach(layer i: Int, at j: Int, finished: Bool) {
        let s = layers[i]
        let a = s.animations[j]
        if !a.didFinish {
            emit(.didStop(finished: finished), layer: i, key: a.key, serial: a.serial, at: time)
            releaseTransactions(a.transactions, at: time)
        }
        s.animations.remove(at: j)
        markStale(i)
        invalidatePlan(i)
    }

    /// Updates animation `j`'s started/finished flags from its state at the current time,
    /// reporting what was crossed since `previous`. Returns whether it has finished.
    @discardableResult
    func noteProgress(layer i: Int, index j: Int, state: MediaTimingState, since previous: Double) -> Bool {
        layers[i].animations.withUnsafeMutableBufferPointer { a in
            guard let base = a.baseAddress else { return false }
            return noteProgress(layer: i, record: base + j, state: state, since: previous)
        }
    }

    /// The same on a record borrowed in place (the per-frame loop).
    @inline(__always)
    func noteProgress(layer i: Int, record: UnsafeMutablePointer<AttachedAnimation>, state: MediaTimingState, since previous: Double)
        -> Bool
    {
        let timing = record.pointee.program.timing
        if !record.pointee.didStart, Self.hasStarted(state, timing) {
            record.pointee.didStart = true
            let local = timing.speed > 0 ? timing.beginTime : timing.beginTime + timing.activeDuration / timing.speed
            emit(.didStart, layer: i, key: record.pointee.key, serial: record.pointee.serial,
                at: eventTime(local: local, layer: i, since: previous))
        }
        if !record.pointee.didFinish, Self.hasFinished(state, timing) {
            record.pointee.didFinish = true
            let local = timing.speed > 0 ? timing.beginTime + timing.activeDuration / timing.speed : timing.beginTime
            let t = eventTime(local: local, layer: i, since: previous)
            emit(.didStop(finished: true), layer: i, key: record.pointee.key, serial: record.pointee.serial, at: t)
            releaseTransactions(record.pointee.transactions, at: t)
        }
        return record.pointee.didFinish
    }

    /// The root time of a start or end at layer-local time `local`, clamped into the frame
    /// `[previous, time]` (the frame that noticed it).
    func eventTime(local: Double, layer i: Int, since previous: Double) -> Double {
        guard let t = rootTime(ofLocal: local, layer: i) else { return time }
        return Swift.min(Swift.max(t, previous), time)
    }

    func emit(_ kind: AnimationEvent.Kind, layer i: Int?, key: String?, serial: Int, at t: Double) {
        let event = AnimationEvent(
            time: t, kind: kind, layer: i.map(LayerID.init), layerName: i.map { layers[$0].name }, key: key)
        pendingEvents.append((event, serial))
    }

    /// Drains the events produced since the last call (or the last ``advance(to:)``), sorted
    /// by time, then by the order the animations were added, then by the order they happened.
    public func takeEvents() -> [AnimationEvent] {
        guard !pendingEvents.isEmpty else { return [] }
        let sorted = pendingEvents.enumerated().sorted { a, b in
            if a.element.event.time != b.element.event.time { return a.element.event.time < b.element.event.time }
            if a.element.serial != b.element.serial { return a.element.serial < b.element.serial }
            return a.offset < b.offset
        }
        pendingEvents.removeAll(keepingCapacity: true)
        return sorted.map(\.element.event)
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
        }
    }
}
