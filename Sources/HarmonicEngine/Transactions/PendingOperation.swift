/// An open transaction (between `begin` and its `commit`).
struct OpenTransaction {
    let id: Int
    var settings: TransactionSettings
}

/// A transaction whose completion block has not run yet.
struct TransactionRecord {
    /// Animations added in it (or in transactions nested in it) that have not stopped.
    var remaining = 0
    /// Whether the outermost transaction around it has been committed.
    var committed = false
    var completion: (() -> Void)?
}

/// A change made inside a transaction, applied at the outermost commit.
enum PendingOperation {
    /// A model value change: `value` is the property's whole new value.
    case set(layer: Int, slot: Int, keyPath: String, value: [Double], settings: TransactionSettings, transactions: [Int])
    /// An explicit animation.
    case add(layer: Int, key: String, animation: LayerAnimation, settings: TransactionSettings, transactions: [Int])
}
