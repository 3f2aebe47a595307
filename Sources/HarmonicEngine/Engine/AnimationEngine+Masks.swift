import Harmonic

/// Masks (`CALayer.mask`): a layer whose alpha decides where another layer shows.
///
/// A mask is outside the layer tree, in the masked layer's coordinate space: setting a root
/// layer as a mask takes it out of the roots, and a layer that has a superlayer cannot be a
/// mask (Apple: "The layer you assign to this property must not have a superlayer"). Its
/// values animate as any layer's. Hit testing ignores masks, as Core Animation's does (it
/// tests bounds only).
extension AnimationEngine {
    /// Makes `mask` the mask of `layer` (`nil` removes the mask, which stays out of the tree).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `mask` when it has a superlayer, is `layer`
    ///   or one of its ancestors, or already masks another layer.
    public func setMask(_ mask: LayerID?, of layer: LayerID) throws(HarmonicError) {
        _ = try store(layer)
        guard let mask else {
            masks[layer.index] = nil
            return
        }
        _ = try store(mask)
        let named = name(of: mask) ?? "\(mask.index)"
        guard clocks.parent(of: mask.index) < 0 else {
            throw .invalidParameter(
                name: "mask", value: "\"\(named)\"",
                allowed: "a layer without a superlayer (a mask is outside the tree)")
        }
        var i = layer.index
        while i >= 0 {
            guard i != mask.index else {
                throw .invalidParameter(
                    name: "mask", value: "\"\(named)\"", allowed: "a layer other than the masked one")
            }
            i = clocks.parent(of: i)
        }
        if let other = masks.first(where: { $0.value == mask.index && $0.key != layer.index })?.key {
            throw .invalidParameter(
                name: "mask", value: "\"\(named)\"",
                allowed: "a layer that masks no other (it masks \(storage[other].name))")
        }
        if tree.attached[mask.index] { tree.remove(mask.index, parent: -1) }
        masks[layer.index] = mask.index
    }

    /// The mask of `layer`, if any.
    public func mask(of layer: LayerID) throws(HarmonicError) -> LayerID? {
        _ = try store(layer)
        return masks[layer.index].map(LayerID.init)
    }
}
