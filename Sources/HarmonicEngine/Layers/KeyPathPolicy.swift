/// What a key path naming no property of a layer means.
public enum KeyPathPolicy: Sendable, Hashable {
    /// Core Animation's key-value coding (`setValue(_:forKey:)` on any key): setting a value
    /// for an unknown name defines a custom property of that value's size. The Swift API's
    /// default.
    case keyValueCoding
    /// Only the standard layer properties, the derived key path `frame`, and the custom
    /// properties a layer declares when it is made (``AnimationEngine/makeLayer(named:kind:parent:values:custom:)``)
    /// exist; anything else — `opacty`, a property of another layer kind — is an error that
    /// names the key path and the closest known key. Scenes, the C interface and the Python
    /// package use it, so that a typo fails instead of moving nothing.
    case declared
}
