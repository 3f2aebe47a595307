/// One key path an animator animates.
struct AnimatorChange {
    var layer: Int
    var keyPath: String
    /// The key path's value at the start (the presentation value when the animator started).
    var from: [Double] = []
    /// The key path's target value.
    var to: [Double]
    /// The key of the driven animation on the layer.
    var key: String
}
