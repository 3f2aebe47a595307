import Harmonic

/// Open transactions, the changes waiting for the outermost commit, and the completion
/// bookkeeping of committed transactions (Apple, `CATransaction`).
///
/// - ``begin(_:completion:)`` pushes; ``close()`` pops and, for the outermost transaction,
///   hands back the operations to apply and the ids that are now committed.
/// - A change made while no transaction is open opens the *implicit* transaction
///   (``openImplicitIfNeeded()``) at the bottom of the stack, as Core Animation does on a
///   thread without an active transaction. Explicit transactions begun while it is open nest
///   in it, so nothing commits until ``flush()`` closes it (the run loop's turn ends). A flush
///   requested while explicit transactions are open waits for the last of them to close
///   (`CATransaction.flush`: "delays the commit until any nested explicit transactions have
///   completed"). The implicit transaction has no settings of its own (the defaults), no
///   completion block and no completion event.
/// - An animation added in a transaction retains it and every enclosing one (``retain(_:)``);
///   when it stops it releases them (``release(_:)``). A committed transaction with nothing
///   left to wait for completes: ``takeCompleted(_:)`` returns it once, and its completion
///   block waits in ``dueCompletions`` until the engine's state is consistent.
struct TransactionStack {
    /// An open transaction (between `begin` and its `commit`).
    struct Open {
        let id: Int
        var settings: TransactionSettings
        /// Opened by a change outside any transaction, not by `begin`.
        var isImplicit = false
    }

    /// A transaction whose completion block has not run yet.
    struct Record {
        /// Animations added in it (or in transactions nested in it) that have not stopped.
        var remaining = 0
        /// Whether the outermost transaction around it has been committed.
        var committed = false
        var completion: (() -> Void)?
    }

    private(set) var open: [Open] = []
    /// Operations waiting for the outermost commit, in the order they were made.
    var pending: [PendingOperation] = []
    private var records: [Int: Record] = [:]
    private var nextID = 1
    /// Completion blocks whose transactions completed, to run once the engine is consistent.
    var dueCompletions: [() -> Void] = []
    /// A flush was asked for while explicit transactions were open.
    private var flushRequested = false

    /// Whether the implicit transaction is open.
    var hasImplicit: Bool { open.first?.isImplicit ?? false }

    /// The innermost explicit transaction's settings, or `nil` outside any.
    var current: TransactionSettings? { depth > 0 ? open.last?.settings : nil }

    /// The settings a change made now gets: the innermost transaction's, or the defaults.
    var effectiveSettings: TransactionSettings { open.last?.settings ?? .default }

    /// The ids of the open explicit transactions, outermost first (what a change made now
    /// retains; the implicit transaction keeps no completion record).
    var openIDs: [Int] { open.lazy.filter { !$0.isImplicit }.map(\.id) }

    /// The number of open explicit transactions.
    var depth: Int { hasImplicit ? open.count - 1 : open.count }

    /// Opens the implicit transaction when no transaction is open.
    mutating func openImplicitIfNeeded() {
        guard open.isEmpty else { return }
        open.append(Open(id: nextID, settings: .default, isImplicit: true))
        nextID += 1
    }

    /// Opens a transaction with `settings`.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for a negative or non-finite `animationDuration`.
    mutating func begin(_ settings: TransactionSettings, completion: (() -> Void)?) throws(HarmonicError) -> Int {
        try HarmonicError.require(settings.animationDuration, named: "animationDuration", ">= 0") { $0 >= 0 }
        let id = nextID
        nextID += 1
        open.append(Open(id: id, settings: settings))
        records[id] = Record(completion: completion)
        return id
    }

    /// Changes the innermost transaction's settings.
    mutating func updateCurrent(_ change: (inout TransactionSettings) -> Void) throws(HarmonicError) {
        guard !open.isEmpty else {
            throw .invalidParameter(name: "transaction", value: "none open", allowed: "called between begin and commit")
        }
        var s = open[open.count - 1].settings
        change(&s)
        try HarmonicError.require(s.animationDuration, named: "animationDuration", ">= 0") { $0 >= 0 }
        open[open.count - 1].settings = s
    }

    /// Sets the innermost transaction's completion block.
    mutating func setCompletion(_ completion: @escaping () -> Void) throws(HarmonicError) {
        guard let id = open.last?.id else {
            throw .invalidParameter(name: "transaction", value: "none open", allowed: "called between begin and commit")
        }
        records[id]?.completion = completion
    }

    /// Closes the innermost transaction. For the outermost one, returns the operations made
    /// since its begin and the ids of every transaction opened since (innermost first), now
    /// to be committed; `nil` for a nested one.
    mutating func close() throws(HarmonicError) -> (operations: [PendingOperation], ids: [Int])? {
        guard let closing = open.last, !closing.isImplicit else {
            throw .invalidParameter(name: "commit", value: "without begin", allowed: "preceded by a matching begin")
        }
        open.removeLast()
        if open.isEmpty { return takePending(since: closing.id) }
        if flushRequested, depth == 0 { return flush() }
        return nil
    }

    /// Closes the implicit transaction: returns its operations and the ids of the explicit
    /// transactions nested in it, innermost first; `nil` when there is nothing to commit now
    /// (no implicit transaction, or explicit ones still open — then it commits when the last
    /// of them closes).
    mutating func flush() -> (operations: [PendingOperation], ids: [Int])? {
        guard let implicit = open.first, implicit.isImplicit else { return nil }
        guard depth == 0 else {
            flushRequested = true
            return nil
        }
        open.removeAll()
        flushRequested = false
        return takePending(since: implicit.id)
    }

    /// Empties ``pending``; returns it with the ids of the records opened since `id`.
    private mutating func takePending(since id: Int) -> (operations: [PendingOperation], ids: [Int]) {
        let operations = pending
        pending = []
        return (operations, records.keys.filter { $0 >= id }.sorted(by: >))
    }

    /// An animation added in transactions `ids` now waits in each.
    mutating func retain(_ ids: [Int]) {
        for id in ids { records[id]?.remaining += 1 }
    }

    /// An animation added in transactions `ids` has stopped.
    mutating func release(_ ids: [Int]) {
        for id in ids where records[id] != nil { records[id]?.remaining -= 1 }
    }

    /// Marks transactions committed.
    mutating func markCommitted(_ ids: [Int]) {
        for id in ids { records[id]?.committed = true }
    }

    /// If transaction `id` is committed and waits for nothing, removes it, queues its
    /// completion block and returns true (once).
    mutating func takeCompleted(_ id: Int) -> Bool {
        guard let record = records[id], record.committed, record.remaining <= 0 else { return false }
        records[id] = nil
        if let block = record.completion { dueCompletions.append(block) }
        return true
    }

    /// Removes and returns the due completion blocks.
    mutating func takeDueCompletions() -> [() -> Void] {
        defer { dueCompletions = [] }
        return dueCompletions
    }
}
