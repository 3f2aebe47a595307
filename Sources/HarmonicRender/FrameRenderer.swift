import Harmonic
import HarmonicEngine

/// Draws what an engine's layer tree shows now — its presentation values — as an SVG
/// picture, as Core Animation composites a frame.
///
/// Layers are drawn back to front: root layers in order, each layer's sublayers after it in
/// order of `zPosition` (equal ones in list order, the order hit testing uses). Each layer,
/// in its own space (its bounds), draws:
///
/// 1. its shadow — when `shadowOpacity` > 0 and `masksToBounds` is off — cast by the alpha of
///    everything the layer draws, sublayers included (or by `shadowPath` when it has one), in
///    `shadowColor` at `shadowOpacity`, moved by `shadowOffset` and blurred with a Gaussian of
///    standard deviation `shadowRadius/2` (Core Animation does not publish its blur);
/// 2. its `backgroundColor` filling the bounds with corners of `cornerRadius` (clamped to
///    half the shorter side, as Core Animation clamps it);
/// 3. as a shape layer (it has a `path`): the path filled with `fillColor` by `fillRule`, then
///    the stroke — the path trimmed to `strokeStart`…`strokeEnd` — in `strokeColor`,
///    `lineWidth`, `lineCap`, `lineJoin`, `miterLimit`, `lineDashPattern` and `lineDashPhase`;
/// 4. its sublayers, through `sublayerTransform`;
/// 5. its border, `borderWidth` inside the bounds' edge in `borderColor`, above the sublayers
///    (as Core Animation draws it).
///
/// `opacity` below 1 is group opacity: the layer and its sublayers are composited first, then
/// faded together (`allowsGroupOpacity`, true by default on iOS). `masksToBounds` clips the
/// content and sublayers to the rounded bounds. A `compositingFilter` blend mode blends the
/// composited layer with what is below it (CSS `mix-blend-mode`; `plusL`, the clamped sum, by a
/// filter that adds the layer to what was drawn below it). A `mask` shows the layer and
/// its sublayers by the mask's alpha, or by what its `maskMode` names (luminance, or one minus
/// either). `hidden` layers, and their sublayers, are not drawn.
///
/// Geometry goes through each layer's transform to the root space
/// (``/HarmonicEngine/AnimationEngine/worldTransforms(source:)``): exactly when it is affine on
/// the layer's plane, by projecting chords within ``tolerance`` when it has perspective
/// (`ProjectedPath`); a layer seen edge-on is not drawn, one partly behind the eye is left
/// out with an XML comment saying so. A projected stroke's width is `lineWidth` times the
/// projection's scale at the layer's origin.
///
/// The output is deterministic: the same tree gives the same bytes.
public struct FrameRenderer: Sendable {
    /// The part of the root space drawn; `nil` fits the picture to every layer's bounds
    /// (their boxes in the root space) together with the origin.
    public var viewport: LayerGeometry.Rect?
    /// How far a projected curve may be from its chords, in root-space units (points).
    public var tolerance: Double
    /// The picture's width and height in the SVG document; `nil` for the viewport's size. The
    /// viewport is scaled to fit, its aspect ratio kept and centred (SVG's default
    /// `preserveAspectRatio`).
    public var pictureSize: SIMD2<Double>?

    /// A renderer of `viewport` (`nil`: fit to the layers).
    public init(viewport: LayerGeometry.Rect? = nil, tolerance: Double = 0.05) {
        self.viewport = viewport
        self.tolerance = tolerance
    }

    /// The picture of `engine`'s presentation tree at its current time.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when a value the picture needs cannot be read
    ///   (which a consistent engine does not do), or the viewport is empty or not finite.
    public func render(_ engine: AnimationEngine) throws(HarmonicError) -> RenderedFrame {
        var context = FrameContext(engine: engine, tolerance: tolerance)
        for root in try context.sortedByDepth(engine.sublayers(of: nil), nil) {
            let world = try engine.geometry(of: root, source: .presentation).toSuperlayer(nil)
            try context.draw(root, .init(world: world, time: nil, tint: nil))
        }
        var box: LayerGeometry.Rect
        if let viewport { box = viewport } else { box = try fittedViewport(engine) }
        guard box.size.x > 0, box.size.y > 0, box.size.x.isFinite, box.size.y.isFinite else {
            throw .invalidParameter(
                name: "viewport", value: "\(box.size.x) × \(box.size.y)", allowed: "a finite, non-empty rectangle")
        }
        let n = SVGMarkup.number
        let size = pictureSize ?? box.size
        let text = context.list.svg(
            width: size.x, height: size.y,
            viewBox: "\(n(box.origin.x)) \(n(box.origin.y)) \(n(box.size.x)) \(n(box.size.y))", declaration: true)
        return RenderedFrame(svg: text, viewport: box)
    }

    /// The box of every layer's bounds in the root space, with the origin.
    func fittedViewport(_ engine: AnimationEngine) throws(HarmonicError) -> LayerGeometry.Rect {
        // Only a fitted picture needs every world transform up front.
        let worlds = try engine.worldTransforms(source: .presentation)
        var points: [SIMD2<Double>] = [.zero]
        for (i, m) in worlds.enumerated() {
            let layer = LayerID(i)
            guard try engine.isAttached(layer) else { continue }
            for c in try engine.geometry(of: layer, source: .presentation).bounds.corners {
                let p = m.apply(x: c.x, y: c.y, z: 0)
                if p.x.isFinite, p.y.isFinite { points.append(SIMD2(p.x, p.y)) }
            }
        }
        let box = LayerGeometry.Rect(boundingBoxOf: points)
        return LayerGeometry.Rect(
            x: box.origin.x, y: box.origin.y, width: Swift.max(box.size.x, 1), height: Swift.max(box.size.y, 1))
    }
}

/// An SVG picture and the part of the root space it shows.
public struct RenderedFrame: Hashable, Sendable {
    /// The SVG document.
    public let svg: String
    /// The part of the root space drawn, in points (the SVG's `viewBox`).
    public let viewport: LayerGeometry.Rect
    /// Width of the picture, in points.
    public var width: Double { viewport.size.x }
    /// Height of the picture, in points.
    public var height: Double { viewport.size.y }
}
