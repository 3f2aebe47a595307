/// The order of the layer tree: each layer's sublayers from back to front (Apple,
/// `CALayer.sublayers`: "the order of the array is the order in which the sublayers are
/// composited, back to front") and the root layers likewise. Superlayers themselves are kept
/// by ``LayerClocks`` (a layer's clock runs in its superlayer's time), which the engine moves
/// together with this order.
///
/// A layer removed from its superlayer is *detached*: in no list, drawn and hit by nothing,
/// until it is added again.
struct LayerTree {
    /// Sublayers of each layer, back to front.
    private(set) var sublayers: [[Int]] = []
    /// The root layers, back to front.
    private(set) var roots: [Int] = []
    /// Whether each layer is in the tree (false after `removeFromSuperlayer`).
    private(set) var attached: [Bool] = []

    /// A new layer, frontmost under `parent` (−1: a root layer).
    mutating func append(_ layer: Int, parent: Int) {
        sublayers.append([])
        attached.append(true)
        insert(layer, parent: parent, at: nil)
    }

    /// The list `layer` sits in: its parent's sublayers, or the roots.
    func siblings(parent: Int) -> [Int] { parent >= 0 ? sublayers[parent] : roots }

    /// Takes `layer` out of `parent`'s list (or the roots); it is then detached.
    mutating func remove(_ layer: Int, parent: Int) {
        if parent >= 0 {
            sublayers[parent].removeAll { $0 == layer }
        } else {
            roots.removeAll { $0 == layer }
        }
        attached[layer] = false
    }

    /// Puts `layer` into `parent`'s list (or the roots) at `index` (nil: frontmost).
    mutating func insert(_ layer: Int, parent: Int, at index: Int?) {
        if parent >= 0 {
            sublayers[parent].insert(layer, at: index ?? sublayers[parent].count)
        } else {
            roots.insert(layer, at: index ?? roots.count)
        }
        attached[layer] = true
    }
}
