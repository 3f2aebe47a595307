import Harmonic
import HarmonicEngine

/// Draws what an engine's layer tree shows now — its presentation values — as an SVG
/// picture, as Core Animation composites a frame.
///
/// Layers are drawn back to front: root layers in order, each layer's sublayers after it in
/// order of `zPosition` (equal ones in list order, the order hit testing uses). Each layer,
/// in its own space (its bounds), draws:
///
/// 1. its shadow — when `shadowOpacity` > 0 and `masksToBounds` is off — the `shadowPath` or
///    else the bounds with `cornerRadius`, filled with `shadowColor` at `shadowOpacity`, moved
///    by `shadowOffset` and blurred with a Gaussian of standard deviation `shadowRadius/2`
///    (Core Animation does not publish its blur; its shadow follows the alpha of everything
///    the layer draws, where this one follows the shape: a stated simplification);
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
/// content and sublayers to the rounded bounds. `hidden` layers, and their sublayers, are not
/// drawn.
///
/// Geometry goes through each layer's transform to the root space
/// (``/HarmonicEngine/AnimationEngine/worldTransforms(source:)``): exactly when it is affine on
/// the layer's plane, by projecting chords within ``tolerance`` when it has perspective
/// (``ProjectedPath``); a layer seen edge-on is not drawn, one partly behind the eye is left
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
        let worlds = try engine.worldTransforms(source: .presentation)
        var context = Context(engine: engine, worlds: worlds, tolerance: tolerance)
        for root in try sortedByDepth(engine.sublayers(of: nil), engine) { try context.draw(root) }
        var box: LayerGeometry.Rect
        if let viewport { box = viewport } else { box = try fittedViewport(engine, worlds) }
        guard box.size.x > 0, box.size.y > 0, box.size.x.isFinite, box.size.y.isFinite else {
            throw .invalidParameter(
                name: "viewport", value: "\(box.size.x) × \(box.size.y)", allowed: "a finite, non-empty rectangle")
        }
        let n = SVGMarkup.number
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(box.size.x))\" height=\"\(n(box.size.y))\""
        text += " viewBox=\"\(n(box.origin.x)) \(n(box.origin.y)) \(n(box.size.x)) \(n(box.size.y))\">\n"
        if !context.definitions.isEmpty {
            text += "<defs>\n" + context.definitions.joined(separator: "\n") + "\n</defs>\n"
        }
        text += context.body.joined(separator: "\n")
        text += "\n</svg>\n"
        return RenderedFrame(svg: text, viewport: box)
    }

    /// The box of every layer's bounds in the root space, with the origin.
    func fittedViewport(_ engine: AnimationEngine, _ worlds: [Transform3D]) throws(HarmonicError)
        -> LayerGeometry.Rect
    {
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

/// Layers in drawing order: by `zPosition`, equal ones in list order.
func sortedByDepth(_ layers: [LayerID], _ engine: AnimationEngine) throws(HarmonicError) -> [LayerID] {
    var keyed: [(z: Double, index: Int, layer: LayerID)] = []
    for (i, layer) in layers.enumerated() {
        keyed.append((try engine.presentationValue(forKeyPath: "zPosition", of: layer)[0], i, layer))
    }
    keyed.sort { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
    return keyed.map(\.layer)
}

/// One picture being drawn: its definitions (clip paths, filters) and body.
private struct Context {
    let engine: AnimationEngine
    let worlds: [Transform3D]
    let tolerance: Double
    var definitions: [String] = []
    var body: [String] = []
    var nextID = 0

    init(engine: AnimationEngine, worlds: [Transform3D], tolerance: Double) {
        self.engine = engine
        self.worlds = worlds
        self.tolerance = tolerance
    }

    mutating func identifier(_ prefix: String) -> String {
        defer { nextID += 1 }
        return "\(prefix)\(nextID)"
    }

    func value(_ keyPath: String, _ layer: LayerID) throws(HarmonicError) -> [Double] {
        try engine.presentationValue(forKeyPath: keyPath, of: layer).components
    }

    func color(_ keyPath: String, _ layer: LayerID) throws(HarmonicError) -> SIMD4<Double> {
        let c = try value(keyPath, layer)
        return SIMD4(c[0], c[1], c[2], c[3])
    }

    /// The bounds with corners of `radius` (clamped to half the shorter side), inset by
    /// `inset` on every side.
    func roundedBounds(_ bounds: LayerGeometry.Rect, radius: Double, inset: Double = 0) -> Path? {
        let w = bounds.size.x - 2 * inset, h = bounds.size.y - 2 * inset
        guard w > 0, h > 0 else { return nil }
        let r = Swift.min(Swift.max(radius - inset, 0), w / 2, h / 2)
        var builder = PathBuilder()
        let rect = Rect(x: bounds.origin.x + inset, y: bounds.origin.y + inset, width: w, height: h)
        if r > 0 {
            builder.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r)
        } else {
            builder.addRect(rect)
        }
        return try? builder.build()
    }

    /// One element drawing `path` of `layer` with `style`; a comment when it cannot be drawn.
    mutating func element(_ path: Path, of layer: LayerID, style: [(String, String)], stroke: Double? = nil) {
        guard let projected = ProjectedPath(path, through: worlds[layer.index], tolerance: tolerance) else {
            let name = SVGMarkup.escaped(engine.name(of: layer) ?? "")
            body.append("<!-- \(name): not drawn (seen edge-on or behind the eye) -->")
            return
        }
        var pairs = projected.attributes + style
        if let stroke {
            // An affine transform scales the stroke with the element; a projected path is in the
            // picture's space already, so its width is scaled here.
            pairs.append(
                ("stroke-width", SVGMarkup.number(projected.matrix == nil ? stroke * projected.scale : stroke)))
        }
        body.append("<path" + SVGMarkup.attributes(pairs) + "/>")
    }

    static func paint(_ c: SIMD4<Double>, _ kind: String) -> [(String, String)] {
        var pairs = [(kind, SVGMarkup.hex(c))]
        let alpha = Swift.min(Swift.max(c.w, 0), 1)
        if alpha < 1 { pairs.append((kind + "-opacity", SVGMarkup.number(alpha))) }
        return pairs
    }

    mutating func draw(_ layer: LayerID) throws(HarmonicError) {
        guard try value("hidden", layer)[0] < 0.5 else { return }
        let opacity = Swift.min(Swift.max(try value("opacity", layer)[0], 0), 1)
        guard opacity > 0 else { return }
        let name = engine.name(of: layer) ?? "\(layer.index)"
        var open = 0
        body.append(
            "<g" + SVGMarkup.attributes([("id", "layer-\(name)")])
                + (opacity < 1 ? " opacity=\"\(SVGMarkup.number(opacity))\"" : "") + ">")
        open += 1
        let bounds = try engine.geometry(of: layer, source: .presentation).bounds
        let radius = try value("cornerRadius", layer)[0]
        let clips = try value("masksToBounds", layer)[0] >= 0.5
        try drawShadow(layer, bounds: bounds, radius: radius, clips: clips)
        if clips, let shape = roundedBounds(bounds, radius: radius),
            let projected = ProjectedPath(shape, through: worlds[layer.index], tolerance: tolerance)
        {
            let id = identifier("clip")
            definitions.append(
                "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path"
                    + SVGMarkup.attributes(projected.attributes) + "/></clipPath>")
            body.append("<g clip-path=\"url(#\(id))\">")
            open += 1
        }
        let background = try color("backgroundColor", layer)
        if background.w > 0, let shape = roundedBounds(bounds, radius: radius) {
            element(shape, of: layer, style: Self.paint(background, "fill"))
        }
        if try engine.hasProperty("path", of: layer) { try drawShape(layer) }
        for sublayer in try sortedByDepth(engine.sublayers(of: layer), engine) { try draw(sublayer) }
        if clips {
            body.append("</g>")
            open -= 1
        }
        let borderWidth = try value("borderWidth", layer)[0]
        let borderColor = try color("borderColor", layer)
        if borderWidth > 0, borderColor.w > 0,
            let edge = roundedBounds(bounds, radius: radius, inset: Swift.min(borderWidth / 2, bounds.size.min() / 2))
        {
            element(edge, of: layer, style: Self.paint(borderColor, "stroke") + [("fill", "none")], stroke: borderWidth)
        }
        for _ in 0..<open { body.append("</g>") }
    }

    mutating func drawShadow(_ layer: LayerID, bounds: LayerGeometry.Rect, radius: Double, clips: Bool)
        throws(HarmonicError)
    {
        let shadowOpacity = Swift.min(Swift.max(try value("shadowOpacity", layer)[0], 0), 1)
        let shadowColor = try color("shadowColor", layer)
        guard !clips, shadowOpacity > 0, shadowColor.w > 0 else { return }
        let shape =
            try engine.hasProperty("shadowPath", of: layer)
            ? try engine.presentationPath(forKeyPath: "shadowPath", of: layer) : roundedBounds(bounds, radius: radius)
        guard let shape else { return }
        let offset = try value("shadowOffset", layer)
        var moved = worlds[layer.index]
        // The offset is in the layer's space: translate before the layer's transform.
        moved = Transform3D.translation(x: offset[0], y: offset[1]).concatenating(moved)
        guard let projected = ProjectedPath(shape, through: moved, tolerance: tolerance) else { return }
        var style = Self.paint(
            SIMD4(shadowColor.x, shadowColor.y, shadowColor.z, shadowColor.w * shadowOpacity), "fill")
        let blur = try value("shadowRadius", layer)[0]
        if blur > 0 {
            let id = identifier("shadow")
            // The blur is applied in the picture's space; the deviation follows the map's scale.
            let deviation = SVGMarkup.number(blur / 2 * (projected.matrix == nil ? 1 : projected.scale))
            definitions.append(
                "<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\">"
                    + "<feGaussianBlur stdDeviation=\"\(deviation)\"/></filter>")
            style.append(("filter", "url(#\(id))"))
        }
        body.append("<path" + SVGMarkup.attributes(projected.attributes + style) + "/>")
    }

    mutating func drawShape(_ layer: LayerID) throws(HarmonicError) {
        let path = try engine.presentationPath(forKeyPath: "path", of: layer)
        let fill = try color("fillColor", layer)
        if fill.w > 0 {
            var style = Self.paint(fill, "fill")
            if case .name("evenOdd") = try engine.attribute(forKey: "fillRule", of: layer) {
                style.append(("fill-rule", "evenodd"))
            }
            element(path, of: layer, style: style)
        }
        let stroke = try color("strokeColor", layer)
        let width = try value("lineWidth", layer)[0]
        guard stroke.w > 0, width > 0 else { return }
        let trimmed = try engine.presentationStroke(of: layer)
        guard trimmed.elements.count > 1 else { return }
        var style = Self.paint(stroke, "stroke") + [("fill", "none")]
        if case let .name(cap) = try engine.attribute(forKey: "lineCap", of: layer), cap != "butt" {
            style.append(("stroke-linecap", cap))
        }
        if case let .name(join) = try engine.attribute(forKey: "lineJoin", of: layer), join != "miter" {
            style.append(("stroke-linejoin", join))
        }
        style.append(("stroke-miterlimit", SVGMarkup.number(Swift.max(try value("miterLimit", layer)[0], 1))))
        if case let .numbers(dashes) = try engine.attribute(forKey: "lineDashPattern", of: layer), !dashes.isEmpty {
            style.append(("stroke-dasharray", dashes.map(SVGMarkup.number).joined(separator: " ")))
            let phase = try value("lineDashPhase", layer)[0]
            if phase != 0 { style.append(("stroke-dashoffset", SVGMarkup.number(phase))) }
        }
        element(trimmed, of: layer, style: style, stroke: width)
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
