/// The outgoing renderings of a layer tree's transitions (``TransitionSnapshot``), from the
/// moment a transition is added until it is no longer attached.
///
/// A transition shows the rendering from *before* the transaction that adds it, so its
/// snapshot is taken at `add` and waits, under its layer and key, for the commit; at the commit
/// it is kept under the serial of the attached animation. Snapshots of transitions that are no
/// longer attached (removed, replaced, finished) are dropped whenever a new one is kept, and
/// waiting ones when their transaction is discarded.
struct TransitionSnapshots {
    /// A transition added to a layer under a key, waiting for its commit.
    struct WaitingKey: Hashable {
        let layer: Int
        let key: String
    }

    private var attached: [Int: TransitionSnapshot] = [:]
    private var waiting: [WaitingKey: TransitionSnapshot] = [:]

    /// The snapshot of the attached transition animation with `serial`.
    subscript(serial serial: Int) -> TransitionSnapshot? { attached[serial] }

    /// Whether no snapshot is kept or waiting.
    var isEmpty: Bool { attached.isEmpty && waiting.isEmpty }

    /// Keeps `snapshot`, taken when a transition was added to `layer` under `key`, until the
    /// add is committed (a later add under the same key replaces it).
    mutating func wait(_ snapshot: TransitionSnapshot, layer: Int, key: String) {
        waiting[WaitingKey(layer: layer, key: key)] = snapshot
    }

    /// The waiting snapshot of the add of `key` to `layer`, no longer waiting.
    mutating func takeWaiting(layer: Int, key: String) -> TransitionSnapshot? {
        waiting.removeValue(forKey: WaitingKey(layer: layer, key: key))
    }

    /// Forgets every waiting snapshot (their transactions were committed or discarded).
    mutating func discardWaiting() { waiting.removeAll() }

    /// Keeps `snapshot` for the transition attached as the animation with `serial`, and drops
    /// those of transitions not in `stillAttached`.
    mutating func keep(_ snapshot: TransitionSnapshot, serial: Int, stillAttached: Set<Int>) {
        attached = attached.filter { stillAttached.contains($0.key) }
        attached[serial] = snapshot
    }
}
