import Harmonic

/// A change made inside a transaction, applied at the outermost commit.
enum PendingOperation {
    /// A model value change: `value` is the property's whole new value.
    case set(
        layer: Int, slot: Int, keyPath: String, value: [Double], settings: TransactionSettings, transactions: [Int])
    /// An explicit animation.
    case add(layer: Int, key: String, animation: LayerAnimation, settings: TransactionSettings, transactions: [Int])
}
