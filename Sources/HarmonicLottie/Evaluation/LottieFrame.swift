import HarmonicPlatform
import Harmonic

/// An animation evaluated at one frame: every layer's world transform, opacity and visibility,
/// and every painted shape's path after trimming, with its fill or stroke.
///
/// Layers are listed as the file lists them, topmost first; a precomposition's layers are its
/// ``Layer/layers``. Transforms are affine matrices `[a, b, c, d, tx, ty]` (Core Graphics'
/// conventions, ``/Harmonic/Transform2D``) from the layer's coordinates to the composition's.
public struct LottieFrame: Sendable, Encodable, Hashable {
    public struct Layer: Sendable, Encodable, Hashable {
        /// The layer's name (`nm`) and JSON path.
        public var name: String
        public var path: String
        /// `precomp`, `solid`, `image`, `null`, `shape` or what is not drawn (`text`…).
        public var kind: String
        /// Whether the layer is drawn at this frame (inside `ip…op`, not hidden).
        public var visible: Bool
        /// The layer's time at this frame, `(f − st)/sr`.
        public var time: Double
        /// Layer → composition, `[a, b, c, d, tx, ty]`.
        public var transform: [Double] { LottieFrame.matrix(world) }
        /// Layer → composition (held as a value: a frame of many layers builds no array for it).
        var world: Transform2D
        /// The layer's own opacity in `[0, 1]` (not multiplied by its precomposition's).
        public var opacity: Double
        /// Painted shapes, topmost first (shape layers; a solid's rectangle).
        public var shapes: [Shape]
        /// A precomposition's layers, at the precomposition's frame.
        public var layers: [Layer]?
        /// A precomposition's frame (after time remapping).
        public var precompFrame: Double?
        /// A precomposition's or image's size (the precomposition clips to it).
        public var size: [Double]?
        /// An image layer's data URI.
        public var image: String?
        /// The layer's masks at this frame, in order.
        public var masks: [Mask]?
        /// The track matte the layer is shown through (`alpha`, `alphaInverted`, `luma`,
        /// `lumaInverted`) and the index of the matte layer in the same list.
        public var matte: String?
        public var matteLayer: Int?
        /// Whether the layer is a matte for another (it is not drawn itself).
        public var isMatte: Bool?
        /// How the layer blends with what is below it (CSS `mix-blend-mode` names); `nil` for
        /// normal.
        public var blendMode: String?

        private enum CodingKeys: String, CodingKey {
            case name, path, kind, visible, time, transform, opacity, shapes, layers, precompFrame, size, image
            case masks, matte, matteLayer, isMatte, blendMode
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(path, forKey: .path)
            try c.encode(kind, forKey: .kind)
            try c.encode(visible, forKey: .visible)
            try c.encode(time, forKey: .time)
            try c.encode(transform, forKey: .transform)
            try c.encode(opacity, forKey: .opacity)
            try c.encode(shapes, forKey: .shapes)
            try c.encodeIfPresent(layers, forKey: .layers)
            try c.encodeIfPresent(precompFrame, forKey: .precompFrame)
            try c.encodeIfPresent(size, forKey: .size)
            try c.encodeIfPresent(image, forKey: .image)
            try c.encodeIfPresent(masks, forKey: .masks)
            try c.encodeIfPresent(matte, forKey: .matte)
            try c.encodeIfPresent(matteLayer, forKey: .matteLayer)
            try c.encodeIfPresent(isMatte, forKey: .isMatte)
            try c.encodeIfPresent(blendMode, forKey: .blendMode)
        }
    }

    /// A layer mask: an area in the layer's coordinates combined with the masks before it.
    public struct Mask: Sendable, Encodable, Hashable {
        /// `add`, `subtract`, `intersect`, `lighten`, `darken` or `difference`.
        public var mode: String
        /// The closed mask path, layer coordinates.
        var geometry: LottieGeometry
        /// SVG path data of the closed mask path, layer coordinates.
        public var pathData: String { geometry.svgPathData }
        /// In `[0, 1]`.
        public var opacity: Double
        /// Whether the mask's area is everything outside the path.
        public var inverted: Bool
        /// How far the area reaches beyond the path (layer units; negative: inside it), every
        /// point within that distance of the path added or taken away (corners rounded).
        public var expansion: Double

        private enum CodingKeys: String, CodingKey { case mode, pathData, opacity, inverted, expansion }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(mode, forKey: .mode)
            try c.encode(pathData, forKey: .pathData)
            try c.encode(opacity, forKey: .opacity)
            try c.encode(inverted, forKey: .inverted)
            try c.encode(expansion, forKey: .expansion)
        }
    }

    public struct Shape: Sendable, Encodable, Hashable {
        /// The painted paths in paint coordinates; text only when written (``pathData``).
        var geometry: LottieGeometry
        /// SVG path data in the shape's paint coordinates (the group holding the fill or stroke).
        public var pathData: String { geometry.svgPathData }
        /// Paint coordinates → layer coordinates, `[a, b, c, d, tx, ty]`.
        public var transform: [Double] { LottieFrame.matrix(toLayer) }
        /// Paint coordinates → layer coordinates (a value: no array per shape and frame).
        var toLayer: Transform2D
        /// `fill` or `stroke`.
        public var paint: String
        /// Red, green, blue in `[0, 1]`.
        public var color: [Double] { [rgb.x, rgb.y, rgb.z] }
        /// Red, green, blue in `[0, 1]` (a value: no array per shape and frame).
        var rgb: SIMD3<Double>
        /// The paint's opacity times its groups' opacities, in `[0, 1]`.
        public var opacity: Double
        /// Fills: `nonzero` or `evenodd`.
        public var fillRule: String?
        /// Strokes: width in paint coordinates, cap, join, miter limit, dash lengths and offset.
        public var width: Double?
        public var lineCap: String?
        public var lineJoin: String?
        public var miterLimit: Double?
        public var dashes: [Double]?
        public var dashOffset: Double?
        /// A gradient paint's gradient (the colour is then its first stop's).
        public var gradient: Gradient?

        private enum CodingKeys: String, CodingKey {
            case pathData, transform, paint, color, opacity, fillRule, width, lineCap, lineJoin, miterLimit, dashes
            case dashOffset, gradient
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(pathData, forKey: .pathData)
            try c.encode(transform, forKey: .transform)
            try c.encode(paint, forKey: .paint)
            try c.encode(color, forKey: .color)
            try c.encode(opacity, forKey: .opacity)
            try c.encodeIfPresent(fillRule, forKey: .fillRule)
            try c.encodeIfPresent(width, forKey: .width)
            try c.encodeIfPresent(lineCap, forKey: .lineCap)
            try c.encodeIfPresent(lineJoin, forKey: .lineJoin)
            try c.encodeIfPresent(miterLimit, forKey: .miterLimit)
            try c.encodeIfPresent(dashes, forKey: .dashes)
            try c.encodeIfPresent(dashOffset, forKey: .dashOffset)
            try c.encodeIfPresent(gradient, forKey: .gradient)
        }
    }

    /// A linear or radial gradient in paint coordinates.
    public struct Gradient: Sendable, Encodable, Hashable {
        /// `linear` or `radial`.
        public var kind: String
        /// Linear: from `start` to `end`. Radial: centre `start`, radius `|end − start|`.
        public var start: [Double]
        public var end: [Double]
        /// Radial: the focal point's distance from the centre as a fraction of the radius
        /// (within ±0.99), at `highlightAngle` degrees from the direction of `end`.
        public var highlightLength: Double
        public var highlightAngle: Double
        /// `[offset, red, green, blue, alpha]`, offsets in `[0, 1]` in order.
        public var stops: [[Double]]

        /// Radial: the unit direction from the centre to the focal point, at `highlightAngle`
        /// degrees from the direction of `end`: `(cos θ, sin θ)`, `θ = atan2(e − s) + a`.
        public var highlightDirection: SIMD2<Double> {
            let angle = atan2(end[1] - start[1], end[0] - start[0]) + highlightAngle * .pi / 180
            return SIMD2(cos(angle), sin(angle))
        }

        /// Radial: the focal point from the centre in units of the radius,
        /// `highlightLength · highlightDirection` (a ``/Harmonic/Gradient/focalOffset``).
        public var focalOffset: SIMD2<Double> { highlightLength * highlightDirection }
    }

    /// The composition frame.
    public var frame: Double
    public var width: Double
    public var height: Double
    public var layers: [Layer]

    static func matrix(_ t: Transform2D) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }
}
