import Harmonic

/// Transactions (`CATransaction`): grouping model changes and animations so they take effect
/// together, with shared implicit-animation settings and a completion block.
///
/// Rules (Apple, `CATransaction`):
/// - ``begin(_:completion:)`` opens a transaction, nested inside any open one; ``commit()``
///   closes the innermost. Only the outermost commit takes effect: changes made inside nested
///   transactions wait for it.
/// - Model values change at once (``modelValue(forKeyPath:of:)`` sees them); presentation
///   values and animations change at the outermost commit, at the engine's current time.
/// - A change made outside any ``begin(_:completion:)`` opens the *implicit transaction*
///   (default settings, no completion block), which collects every change until the next
///   frame — ``advance(to:)`` commits it before moving the clock — or an explicit ``flush()``,
///   as a thread's implicit transaction commits when its run loop turns. Explicit
///   transactions begun while it is open nest in it and commit with it.
/// - Two changes of one key path of one layer in one commit make one implicit animation (the
///   later change replaces the earlier one's action, as an animation added under the same key
///   does), from the presentation value before the commit to the last value.
/// - At commit, each model change makes an implicit animation unless the transaction that
///   made it disables actions (see ``setValue(_:forKeyPath:of:)``).
/// - A completion block runs once every animation added in its transaction, or in transactions
///   nested in it, has stopped (finished or removed) — at once at the outermost commit if there
///   are none. Blocks run in the order their conditions are met; at the same instant inner
///   transactions before outer ones. Each run is also reported as an ``AnimationEvent``.
extension AnimationEngine {
    /// Opens a transaction.
    ///
    /// - Parameters:
    ///   - settings: Its settings; by default a copy of the enclosing transaction's (Core
    ///     Animation's defaults at the outermost level).
    ///   - completion: Runs when the transaction's animations have all stopped.
    /// - Returns: The transaction's id (as reported in ``AnimationEvent/Kind/transactionCompleted(_:)``).
    /// - Throws: ``/Harmonic/HarmonicError`` for a negative or non-finite `animationDuration`.
    @discardableResult
    public func begin(_ settings: TransactionSettings? = nil, completion: (() -> Void)? = nil) throws(HarmonicError)
        -> Int
    {
        try transactions.begin(settings ?? transactions.effectiveSettings, completion: completion)
    }

    /// Opens a transaction that sets only what `change` sets and inherits the rest from the
    /// enclosing transaction (Core Animation's defaults at the outermost level), as
    /// `CATransaction` reads a property a nested transaction did not set from the one around
    /// it: `begin { $0.animationDuration = 2 }` then `begin { $0.timingFunction = linear }`
    /// makes 2-second linear implicit animations.
    ///
    /// - Returns: The transaction's id.
    /// - Throws: ``/Harmonic/HarmonicError`` for a negative or non-finite `animationDuration`.
    @discardableResult
    public func begin(changing change: (inout TransactionSettings) -> Void, completion: (() -> Void)? = nil)
        throws(HarmonicError) -> Int
    {
        var settings = transactions.effectiveSettings
        change(&settings)
        return try begin(settings, completion: completion)
    }

    /// The settings of the innermost open transaction, or `nil` outside any.
    public var currentTransaction: TransactionSettings? { transactions.current }

    /// Changes the innermost open transaction's settings (`CATransaction.setAnimationDuration`
    /// and friends); applies to changes made after the call.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` outside a transaction, or for an invalid duration.
    public func updateTransaction(_ change: (inout TransactionSettings) -> Void) throws(HarmonicError) {
        try transactions.updateCurrent(change)
    }

    /// Sets the completion block of the innermost open transaction (`CATransaction.setCompletionBlock`).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` outside a transaction.
    public func setCompletionBlock(_ completion: @escaping () -> Void) throws(HarmonicError) {
        try transactions.setCompletion(completion)
    }

    /// The number of open transactions.
    public var transactionDepth: Int { transactions.depth }

    /// Closes the innermost transaction; if it is the outermost, applies every change made
    /// since the outermost ``begin(_:completion:)``, in order, at the current time. When the
    /// implicit transaction is open (changes were made outside any transaction before the
    /// outermost `begin`), the changes wait for it: the next ``advance(to:)`` or ``flush()``.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when no transaction is open, or when an animation can no
    ///   longer be compiled (the rest are still applied).
    public func commit() throws(HarmonicError) {
        defer { runDueCompletions() }
        guard let (operations, ids) = try transactions.close() else { return }
        try commitOperations(operations, transactions: ids)
    }

    /// Commits the implicit transaction now, at the current time (`CATransaction.flush()`):
    /// what a change outside any transaction waits for otherwise until the next
    /// ``advance(to:)``. While explicit transactions are open, the commit waits for the last
    /// of them to close. No effect when nothing is waiting.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when an animation can no longer be compiled (the rest are
    ///   still applied).
    public func flush() throws(HarmonicError) {
        defer { runDueCompletions() }
        guard let (operations, ids) = transactions.flush() else { return }
        try commitOperations(operations, transactions: ids)
    }

    /// Whether changes are waiting for the implicit transaction's commit.
    public var hasImplicitTransaction: Bool { transactions.hasImplicit }

    /// Applies operations at the current time, then marks `transactions` committed (firing
    /// those with nothing left to wait for).
    func commitOperations(_ operations: [PendingOperation], transactions ids: [Int]) throws(HarmonicError) {
        var firstError: HarmonicError?
        // Animations without values start from the presentation value *before* the commit
        // (Core Animation: "the previous value in the presentation layer").
        var captures: [Int: [String: [Double]]] = [:]
        for op in operations {
            guard case let .add(l, _, animation, _, _) = op else { continue }
            for keyPath in Self.keyPathsWithoutValues(animation) where captures[l]?[keyPath] == nil {
                if let value = try? presentationValue(forKeyPath: keyPath, of: LayerID(l)) {
                    captures[l, default: [:]][keyPath] = value.components
                }
            }
        }
        let superseded = Self.supersededSets(in: operations)
        for (k, op) in operations.enumerated() {
            do {
                switch op {
                case .set where superseded.contains(k):
                    continue
                case let .set(l, slot, keyPath, value, settings, txs):
                    try commitSet(
                        layer: l, slot: slot, keyPath: keyPath, value: value, settings: settings, transactions: txs)
                case let .add(l, key, animation, settings, txs):
                    try attach(
                        animation, key: key, layer: l, settings: settings, transactions: txs,
                        captures: captures[l] ?? [:])
                }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        // Every waiting add has now been attached or was removed before its commit.
        transitionSnapshots.discardWaiting()
        transactions.markCommitted(ids)
        for id in ids { completeIfDone(id, at: time) }
        if let firstError { throw firstError }
    }

    /// A key path of a layer, for finding the last set of it in a commit.
    private struct SetKey: Hashable {
        let layer: Int
        let keyPath: String
    }

    /// The positions of the sets followed by another set of the same key path of the same
    /// layer: they commit only through the later one, whose value already includes them.
    private static func supersededSets(in operations: [PendingOperation]) -> Set<Int> {
        guard operations.count > 1 else { return [] }
        var last: [SetKey: Int] = [:]
        var superseded: Set<Int> = []
        for (k, op) in operations.enumerated() {
            guard case let .set(l, _, keyPath, _, _, _) = op else { continue }
            if let earlier = last.updateValue(k, forKey: SetKey(layer: l, keyPath: keyPath)) {
                superseded.insert(earlier)
            }
        }
        return superseded
    }

    /// Commits one model change: updates the committed value and adds the implicit animation.
    func commitSet(
        layer i: Int, slot: Int, keyPath: String, value: [Double], settings: TransactionSettings,
        transactions ids: [Int]
    ) throws(HarmonicError) {
        let s = storage[i]
        let offset = s.slots[slot].offset
        var implicit: LayerAnimation?
        let action =
            settings.disableActions
            ? nil : actionResolver.action(forKeyPath: keyPath, layer: i, delegate: actionDelegate)
        if case let .animation(custom)? = action {
            implicit = ActionResolver.filled(
                custom, keyPath: keyPath, from: try presentationValue(forKeyPath: keyPath, of: LayerID(i)))
        } else if !settings.disableActions, action == nil,
            !StandardLayerProperty.notAnimatable.contains(String(keyPath.prefix { $0 != "." }))
        {
            let id = LayerID(i)
            let from = try presentationValue(forKeyPath: keyPath, of: id)
            if let spring = settings.spring {
                let velocity = try presentationVelocity(forKeyPath: keyPath, of: id)
                let path = try resolve(keyPath, in: s)
                let target = path.read(
                    slots: s.slots, from: Self.splice(value, into: storage.committedValues(of: i), at: offset))
                let duration = Self.settleDuration(
                    spring: spring, from: from, to: AnimatableVector(target), velocity: velocity)
                let timing = try implicitTiming(
                    duration: duration.isFinite && duration > 0 ? duration : settings.animationDuration,
                    settings: settings, layer: i)
                // Whole transforms and paths take the spring's own (progress) velocity only.
                let numbers = !path.isWholeTransform && path.pathStructure == nil
                implicit = .spring(
                    SpringAnimation(
                        keyPath: keyPath, fromValue: from, spring: spring,
                        initialValueVelocity: !numbers || velocity.magnitudeSquared == 0 ? nil : velocity,
                        timing: timing))
            } else {
                implicit = .basic(
                    BasicAnimation(
                        keyPath: keyPath, fromValue: from,
                        timing: try implicitTiming(duration: settings.animationDuration, settings: settings, layer: i),
                        timingFunction: settings.timingFunction))
            }
        }
        // A transition action keeps the rendering from before the change.
        if let transition = implicit, case .transition = transition {
            try attach(transition, key: keyPath, layer: i, settings: settings, transactions: ids)
            implicit = nil
        }
        storage.setCommitted(i, at: offset, value)
        if s.slots[slot].shape == .transform {
            s.slots[slot].modelComponents = Transform3D(unchecked: value).decomposed
        }
        if let implicit {
            try attach(implicit, key: keyPath, layer: i, settings: settings, transactions: ids)
        }
    }

    /// An implicit animation's timing: `duration` from the commit, or with the transaction's
    /// ``TransactionSettings/delay`` from that much later, filling backwards meanwhile.
    func implicitTiming(duration: Double, settings: TransactionSettings, layer i: Int) throws(HarmonicError)
        -> MediaTiming
    {
        guard settings.delay > 0 else { return try MediaTiming(duration: duration) }
        return try MediaTiming(
            beginTime: clocks[i].localTime + settings.delay, duration: duration, fillMode: .backwards)
    }

    /// The key paths of leaves that give none of from/to/by.
    static func keyPathsWithoutValues(_ animation: LayerAnimation) -> [String] {
        switch animation {
        case let .basic(a): return a.fromValue == nil && a.toValue == nil && a.byValue == nil ? [a.keyPath] : []
        case let .spring(a): return a.fromValue == nil && a.toValue == nil && a.byValue == nil ? [a.keyPath] : []
        case let .group(g): return g.animations.flatMap(keyPathsWithoutValues)
        case .keyframe, .transition, .motion: return []
        case let .decay(a): return a.fromValue == nil ? [a.keyPath] : []
        }
    }

    /// `buffer` with `value` written at `offset`.
    static func splice(_ value: [Double], into buffer: [Double], at offset: Int) -> [Double] {
        var out = buffer
        for (k, v) in value.enumerated() { out[offset + k] = v }
        return out
    }

    /// How long an implicit spring runs: until every component stays within 0.001 of the
    /// motion's range of its target (Core Animation's settling threshold), exactly.
    static func settleDuration(spring: Spring, from: AnimatableVector, to: AnimatableVector, velocity: AnimatableVector)
        -> Double
    {
        guard let motion = try? SpringMotion(spring: spring, from: from, to: to, initialVelocity: velocity) else {
            return 0
        }
        return motion.settlingTime(thresholds: .default)
    }

    /// An animation of transactions `ids` stopped at `t`: completes those with nothing left.
    func releaseTransactions(_ ids: [Int], at t: Double) {
        transactions.release(ids)
        for id in ids.sorted(by: >) { completeIfDone(id, at: t) }
    }

    /// Reports transaction `id`'s completion (once) if it is committed and waits for nothing.
    func completeIfDone(_ id: Int, at t: Double) {
        guard transactions.takeCompleted(id) else { return }
        emit(.transactionCompleted(id), layer: nil, key: nil, serial: events.makeSerial(), at: t)
    }
}
