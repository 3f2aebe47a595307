/// One of the two renderings a transition composites: the layer tree as it was (outgoing) or
/// as it is now (incoming), drawn with this opacity at this offset from its place.
public struct TransitionRendering: Hashable, Sendable {
    /// Opacity multiplier, 0…1, applied to the whole rendering.
    public var opacity: Double
    /// Translation of the whole rendering from its place, in points of the transitioning
    /// layer's superlayer space (x right, y down, as ``TransitionSubtype``).
    public var offset: SIMD2<Double>

    /// A rendering with `opacity` at `offset`.
    public init(opacity: Double, offset: SIMD2<Double> = .zero) {
        self.opacity = opacity
        self.offset = offset
    }
}
