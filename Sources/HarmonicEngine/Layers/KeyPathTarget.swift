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

/// Splits a key path into its property name and the sub-path after the first dot.
func splitKeyPath(_ keyPath: String) -> (property: String, subPath: String?) {
    guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
    return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
}
