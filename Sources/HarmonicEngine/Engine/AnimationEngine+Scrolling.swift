import Harmonic

/// Scroll layers (`CAScrollLayer`): a layer whose bounds' origin is the point of its content
/// shown at its top-left, moved by scrolling in the directions its `scrollMode` allows
/// (`none`, `vertically`, `horizontally`, `both`, the default).
///
/// Scrolling sets `bounds.origin` as a model change, so it animates by the transaction's
/// settings as any change does (Core Animation's scroll layer changes its bounds the same way).
extension AnimationEngine {
    /// Scrolls `layer` so that `point` is its bounds' origin (`scroll(to:)`), in the directions
    /// its `scrollMode` allows: the other coordinate stays.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer, one that is not a scroll
    ///   layer, or a point that is not finite.
    public func scroll(to point: SIMD2<Double>, of layer: LayerID) throws(HarmonicError) {
        let origin = try scrollOrigin(of: layer)
        try HarmonicError.require(point.x, named: "point.x")
        try HarmonicError.require(point.y, named: "point.y")
        try setScrollOrigin(allowed(origin, point, of: layer), of: layer)
    }

    /// Scrolls `layer` as little as makes `rect` (in its own coordinates) visible
    /// (`scroll(_ r: CGRect)`, `scrollRectToVisible`): on each allowed axis the origin moves
    /// until the rectangle's far edge is inside the bounds and then its near edge, so a
    /// rectangle larger than the bounds shows its top-left part.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` as ``scroll(to:of:)``, or for a rectangle with a
    ///   negative or non-finite size.
    public func scroll(toVisible rect: LayerGeometry.Rect, of layer: LayerID) throws(HarmonicError) {
        let origin = try scrollOrigin(of: layer)
        for (name, x) in [
            ("rect.x", rect.origin.x), ("rect.y", rect.origin.y), ("rect.width", rect.size.x),
            ("rect.height", rect.size.y),
        ] {
            try HarmonicError.require(x, named: name)
        }
        guard rect.size.x >= 0, rect.size.y >= 0 else {
            throw .invalidParameter(name: "rect", value: "size \(rect.size)", allowed: "a width and height >= 0")
        }
        let size = try geometry(of: layer).bounds.size
        var target = origin
        for axis in 0..<2 {
            let low = rect.origin[axis], high = rect.origin[axis] + rect.size[axis]
            if high > target[axis] + size[axis] { target[axis] = high - size[axis] }
            if low < target[axis] { target[axis] = low }
        }
        try setScrollOrigin(allowed(origin, target, of: layer), of: layer)
    }

    private func scrollOrigin(of layer: LayerID) throws(HarmonicError) -> SIMD2<Double> {
        guard try kind(of: layer) == .scroll else {
            throw .invalidParameter(
                name: "layer", value: "\"\(name(of: layer) ?? "")\"", allowed: "a scroll layer (kind scroll)")
        }
        let b = try modelValue(forKeyPath: "bounds.origin", of: layer).components
        return SIMD2(b[0], b[1])
    }

    /// `target` where the layer's `scrollMode` lets it move, `origin` where it does not.
    private func allowed(_ origin: SIMD2<Double>, _ target: SIMD2<Double>, of layer: LayerID) throws(HarmonicError)
        -> SIMD2<Double>
    {
        guard case let .name(mode) = try attribute(forKey: "scrollMode", of: layer) else { return origin }
        switch mode {
        case "none": return origin
        case "vertically": return SIMD2(origin.x, target.y)
        case "horizontally": return SIMD2(target.x, origin.y)
        default: return target
        }
    }

    private func setScrollOrigin(_ origin: SIMD2<Double>, of layer: LayerID) throws(HarmonicError) {
        let current = try modelValue(forKeyPath: "bounds.origin", of: layer).components
        guard current != [origin.x, origin.y] else { return }
        try setValue(AnimatableVector([origin.x, origin.y]), forKeyPath: "bounds.origin", of: layer)
    }
}
