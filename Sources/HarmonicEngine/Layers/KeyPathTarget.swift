import Harmonic

/// The part of a property a key path addresses.
enum KeyPathTarget: Hashable, Sendable {
    /// The whole property.
    case whole
    /// A contiguous run of its numbers (`position.x`, `bounds.size`).
    case components(Range<Int>)
    /// A virtual transform component (`transform.rotation.z`).
    case transform(TransformComponent)
}

/// A key path resolved against one layer: which property slot, which part of it.
struct ResolvedKeyPath: Hashable, Sendable {
    /// The property's index in the layer's slot table.
    var slot: Int
    /// The part of the property.
    var target: KeyPathTarget
    /// How many numbers a value of the key path has.
    var dimension: Int
    /// Whether values are whole transforms (interpolated by decomposition).
    var isWholeTransform: Bool
    /// The structure of a path property's values (interpolated as ``/Harmonic/PathCoordinates``),
    /// or `nil`.
    var pathStructure: String? = nil
}

/// Splits a key path into its property name and the sub-path after the first dot.
func splitKeyPath(_ keyPath: String) -> (property: String, subPath: String?) {
    guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
    return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
}
