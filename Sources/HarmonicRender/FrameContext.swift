import Harmonic
import HarmonicEngine

/// One picture being drawn (``FrameRenderer``): its definitions (clip paths, masks, gradients,
/// filters) and body, and the engine's values it reads — now, or at a shifted time for a
/// replicator's delayed instances.
struct FrameContext {
    let engine: AnimationEngine
    let tolerance: Double
    /// Whether values, attributes and sublayers are read from the outgoing rendering of the
    /// transition covering each layer (``/HarmonicEngine/AnimationEngine/outgoingValue(forKeyPath:of:)``).
    var readsOutgoing = false
    var definitions: [String] = []
    var body: [String] = []
    var nextID = 0
    /// Where, in `body`, each open group that isolates what blends inside it (group opacity, a
    /// blend mode, a filter, a mask, a clip) began, innermost last: a blend mode's backdrop is
    /// what was drawn since the innermost one (the picture's start when there is none).
    var isolationStarts: [Int] = []

    /// Where and when a layer is drawn: its transform to the picture's space, the root time
    /// its values are read at (`nil`: now), and the colour a replicator multiplies in.
    struct Placement {
        var world: Transform3D
        var time: Double?
        var tint: SIMD4<Double>?
    }

    init(engine: AnimationEngine, tolerance: Double) {
        self.engine = engine
        self.tolerance = tolerance
    }

    mutating func identifier(_ prefix: String) -> String {
        defer { nextID += 1 }
        return "\(prefix)\(nextID)"
    }

    // MARK: Reading values

    func value(_ keyPath: String, _ layer: LayerID, _ time: Double?) throws(HarmonicError) -> [Double] {
        if readsOutgoing {
            guard let v = try engine.outgoingValue(forKeyPath: keyPath, of: layer) else {
                throw .invalidParameter(
                    name: "layer", value: engine.name(of: layer) ?? "", allowed: "in the old rendering")
            }
            return v.components
        }
        if let time { return try engine.presentationValue(forKeyPath: keyPath, of: layer, at: time).components }
        return try engine.presentationValue(forKeyPath: keyPath, of: layer).components
    }

    func scalar(_ keyPath: String, _ layer: LayerID, _ time: Double?) throws(HarmonicError) -> Double {
        try value(keyPath, layer, time)[0]
    }

    /// An RGBA colour, each component clamped to 0…1.
    func color(_ keyPath: String, _ layer: LayerID, _ time: Double?) throws(HarmonicError) -> SIMD4<Double> {
        let c = try value(keyPath, layer, time)
        return SIMD4(c[0], c[1], c[2], c[3]).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
    }

    /// An attribute, from the old rendering when reading it.
    func attribute(_ key: String, of layer: LayerID) throws(HarmonicError) -> LayerAttribute {
        if readsOutgoing, let old = try engine.outgoingAttribute(forKey: key, of: layer) { return old }
        return try engine.attribute(forKey: key, of: layer)
    }

    /// The sublayers, back to front, from the old rendering when reading it.
    func sublayers(of layer: LayerID) throws(HarmonicError) -> [LayerID] {
        if readsOutgoing { return try engine.outgoingSublayers(of: layer) ?? [] }
        return try engine.sublayers(of: layer)
    }

    func geometry(_ layer: LayerID, _ time: Double?) throws(HarmonicError) -> LayerGeometry {
        guard time != nil || readsOutgoing else { return try engine.geometry(of: layer, source: .presentation) }
        if let time, !readsOutgoing { return try engine.geometry(of: layer, at: time) }
        let b = try value("bounds", layer, time), p = try value("position", layer, time)
        let a = try value("anchorPoint", layer, time)
        return LayerGeometry(
            bounds: .init(x: b[0], y: b[1], width: b[2], height: b[3]), position: SIMD2(p[0], p[1]),
            zPosition: try scalar("zPosition", layer, time), anchorPoint: SIMD2(a[0], a[1]),
            anchorPointZ: try scalar("anchorPointZ", layer, time),
            transform: try Transform3D(components: try value("transform", layer, time)),
            sublayerTransform: try Transform3D(components: try value("sublayerTransform", layer, time)))
    }

    func path(_ keyPath: String, _ layer: LayerID, _ time: Double?) throws(HarmonicError) -> Path {
        guard readsOutgoing else { return try engine.presentationPath(forKeyPath: keyPath, of: layer, at: time) }
        return try PathCoordinates(numbers: value(keyPath, layer, time)).path()
    }

    /// Layers in drawing order: by `zPosition`, equal ones in list order.
    func sortedByDepth(_ layers: [LayerID], _ time: Double?) throws(HarmonicError) -> [LayerID] {
        var keyed: [(z: Double, index: Int, layer: LayerID)] = []
        for (i, layer) in layers.enumerated() { keyed.append((try scalar("zPosition", layer, time), i, layer)) }
        keyed.sort { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
        return keyed.map(\.layer)
    }

    // MARK: Elements

    /// The bounds with corners of `radius` (clamped to half the shorter side), inset by
    /// `inset` on every side.
    static func roundedBounds(_ bounds: LayerGeometry.Rect, radius: Double, inset: Double = 0) -> Path? {
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

    /// A colour multiplied by a replicator's tint.
    static func tinted(_ c: SIMD4<Double>, _ tint: SIMD4<Double>?) -> SIMD4<Double> {
        guard let tint else { return c }
        return c * tint
    }

    static func paint(_ c: SIMD4<Double>, _ kind: String) -> [(String, String)] {
        var pairs = [(kind, SVGMarkup.hex(c))]
        let alpha = Swift.min(Swift.max(c.w, 0), 1)
        if alpha < 1 { pairs.append((kind + "-opacity", SVGMarkup.number(alpha))) }
        return pairs
    }

    /// A note in the picture where something could not be drawn.
    mutating func note(_ layer: LayerID, _ what: String) {
        // "--" may not appear in an XML comment.
        let name = (engine.name(of: layer) ?? "").map { $0 == "-" ? "_" : $0 }
        body.append("<!-- \(SVGMarkup.escaped(String(name))): \(what) -->")
    }

    /// One element filling or stroking a layer's rounded bounds (``roundedBounds(_:radius:inset:)``):
    /// under an affine map the SVG data is written directly (a rectangle, or lines and
    /// quarter-circle arcs), without building a ``/Harmonic/Path``; otherwise through one.
    mutating func roundedElement(
        _ bounds: LayerGeometry.Rect, radius: Double, inset: Double = 0, of layer: LayerID, through m: Transform3D,
        style: [(String, String)], stroke: Double? = nil
    ) {
        guard let matrix = ProjectedPath.affineMatrix(m) else {
            if let shape = Self.roundedBounds(bounds, radius: radius, inset: inset) {
                element(shape, of: layer, through: m, style: style, stroke: stroke)
            }
            return
        }
        let w = bounds.size.x - 2 * inset, h = bounds.size.y - 2 * inset
        guard w > 0, h > 0 else { return }
        let r = Swift.min(Swift.max(radius - inset, 0), w / 2, h / 2)
        let x0 = bounds.origin.x + inset, y0 = bounds.origin.y + inset, x1 = x0 + w, y1 = y0 + h
        let n = SVGMarkup.number
        func p(_ x: Double, _ y: Double) -> String { n(x) + "," + n(y) }
        let d: String
        if r > 0 {
            let arc = "A " + n(r) + "," + n(r) + " 0 0 1 "
            d =
                "M " + p(x0 + r, y0) + " L " + p(x1 - r, y0) + " " + arc + p(x1, y0 + r) + " L " + p(x1, y1 - r) + " "
                + arc + p(x1 - r, y1) + " L " + p(x0 + r, y1) + " " + arc + p(x0, y1 - r) + " L " + p(x0, y0 + r)
                + " " + arc + p(x0 + r, y0) + " Z"
        } else {
            d = "M " + p(x0, y0) + " L " + p(x1, y0) + " L " + p(x1, y1) + " L " + p(x0, y1) + " Z"
        }
        var pairs = [("d", d), ("transform", matrix)] + style
        if let stroke { pairs.append(("stroke-width", n(stroke))) }
        body.append("<path" + SVGMarkup.attributes(pairs) + "/>")
    }

    /// One element drawing `path` of a layer placed by `m` with `style`.
    mutating func element(
        _ path: Path, of layer: LayerID, through m: Transform3D, style: [(String, String)], stroke: Double? = nil
    ) {
        guard let projected = ProjectedPath(path, through: m, tolerance: tolerance) else {
            note(layer, "not drawn (seen edge-on or behind the eye)")
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

    // MARK: Layers

    mutating func draw(_ layer: LayerID, _ place: Placement) throws(HarmonicError) {
        if readsOutgoing, try engine.outgoingValue(forKeyPath: "opacity", of: layer) == nil { return }
        if !readsOutgoing, place.time == nil, let composite = try engine.transition(of: layer) {
            try drawTransition(layer, place, composite)
            return
        }
        try drawLayer(layer, place)
    }

    /// A layer under a running transition (`CATransition`): its old rendering and its new one,
    /// each the whole subtree, with the composite's opacity and offset (in the layer's space),
    /// the incoming one above unless the effect says otherwise (reveal).
    mutating func drawTransition(_ layer: LayerID, _ place: Placement, _ c: TransitionComposite) throws(HarmonicError) {
        let oldGroup = try rendering(layer, place, c.outgoing, outgoing: true)
        let newGroup = try rendering(layer, place, c.incoming, outgoing: false)
        body += c.incomingIsAbove ? oldGroup + newGroup : newGroup + oldGroup
    }

    /// One rendering of a transition, drawn by a context of its own (reading the old
    /// rendering's values when `outgoing`), moved by its offset and faded by its opacity; its
    /// definitions join this picture's.
    mutating func rendering(_ layer: LayerID, _ place: Placement, _ r: TransitionRendering, outgoing: Bool)
        throws(HarmonicError) -> [String]
    {
        var inner = FrameContext(engine: engine, tolerance: tolerance)
        inner.readsOutgoing = outgoing
        inner.nextID = nextID
        let moved = Transform3D.translation(x: r.offset.x, y: r.offset.y).concatenating(place.world)
        try inner.drawLayer(layer, Placement(world: moved, time: nil, tint: place.tint))
        nextID = inner.nextID
        definitions += inner.definitions
        return ["<g opacity=\"\(SVGMarkup.number(r.opacity))\">"] + inner.body + ["</g>"]
    }

    /// A layer and its subtree, without looking for a transition on it.
    mutating func drawLayer(_ layer: LayerID, _ place: Placement) throws(HarmonicError) {
        let t = place.time
        guard try scalar("hidden", layer, t) < 0.5 else { return }
        let opacity = Swift.min(Swift.max(try scalar("opacity", layer, t), 0), 1)
        guard opacity > 0 else { return }
        let name = engine.name(of: layer) ?? "\(layer.index)"
        let isolations = isolationStarts.count
        defer { isolationStarts.removeLast(isolationStarts.count - isolations) }
        var open = 1
        // A blend mode (`compositingFilter`) blends the composited layer with what is below it.
        var blend = ""
        if case let .name(filter) = try attribute("compositingFilter", of: layer),
            let mode = LayerAttribute.blendModes[filter]
        {
            if let backdrop = BackdropBlend(rawValue: mode) {
                body.append("<g filter=\"url(#\(blendingBackdrop(backdrop)))\">")
                open += 1
            } else {
                blend = " style=\"mix-blend-mode:\(mode)\""
            }
        }
        body.append(
            "<g" + SVGMarkup.attributes([("id", "layer-\(name)")])
                + (opacity < 1 ? " opacity=\"\(SVGMarkup.number(opacity))\"" : "") + blend + ">")
        if opacity < 1 || !blend.isEmpty { isolationStarts.append(body.count) }
        let geometry = try self.geometry(layer, t)
        let bounds = geometry.bounds
        let radius = try scalar("cornerRadius", layer, t)
        let clips = try scalar("masksToBounds", layer, t) >= 0.5
        let m = place.world
        if let filter = try drawShadow(layer, place, bounds: bounds, radius: radius, clips: clips) {
            body.append("<g filter=\"url(#\(filter))\">")
            isolationStarts.append(body.count)
            open += 1
        }
        if let mask = try engine.mask(of: layer) {
            let id = identifier("mask")
            var inner = FrameContext(engine: engine, tolerance: tolerance)
            inner.readsOutgoing = readsOutgoing
            inner.nextID = nextID
            // The mask is in the masked layer's space. An SVG mask reads luminance times alpha;
            // a colour matrix makes that the value the layer's `maskMode` asks for — white keeping
            // the alpha for `alpha`; black, or the colour inverted, over a white page for the
            // inverted modes (the page shows where the mask draws nothing).
            let maskWorld = try self.geometry(mask, t).toSuperlayer(nil).concatenating(m)
            try inner.draw(mask, Placement(world: maskWorld, time: t, tint: nil))
            nextID = inner.nextID
            definitions += inner.definitions
            var mode = "alpha"
            if case let .name(name) = try attribute("maskMode", of: layer) { mode = name }
            let matrices = [
                "alpha": "0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0",
                "alphaInverted": "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0",
                "luminanceInverted": "-1 0 0 0 1 0 -1 0 0 1 0 0 -1 0 1 0 0 0 1 0",
            ]
            let region = "x=\"-100000\" y=\"-100000\" width=\"200000\" height=\"200000\""
            var content = inner.body.joined()
            if let values = matrices[mode] {
                let filter = identifier("alpha")
                // The filter's region is the mask's: by default it would be the group's bounding
                // box grown by 10 %, which leaves out strokes (a bounding box is the geometry's
                // alone).
                definitions.append(
                    "<filter id=\"\(filter)\" filterUnits=\"userSpaceOnUse\" \(region) "
                        + "color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" values=\"\(values)\"/>"
                        + "</filter>")
                content = "<g filter=\"url(#\(filter))\">" + content + "</g>"
            }
            if mode.hasSuffix("Inverted") {
                content = "<rect \(region) fill=\"#ffffff\"/>" + content
            }
            definitions.append(
                "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" \(region)>" + content + "</mask>")
            body.append("<g mask=\"url(#\(id))\">")
            isolationStarts.append(body.count)
            open += 1
        }
        // Whether a clip group is open. A layer that clips to bounds with no area (or none that
        // projects) clips everything it holds away: it opens no group and draws nothing inside.
        var clipped = false
        if clips, let shape = Self.roundedBounds(bounds, radius: radius),
            let projected = ProjectedPath(shape, through: m, tolerance: tolerance)
        {
            clipped = true
            let id = identifier("clip")
            definitions.append(
                "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path"
                    + SVGMarkup.attributes(projected.attributes) + "/></clipPath>")
            body.append("<g clip-path=\"url(#\(id))\">")
            isolationStarts.append(body.count)
            open += 1
        }
        if clips && !clipped {
            for _ in 0..<open { body.append("</g>") }
            return
        }
        let background = Self.tinted(try color("backgroundColor", layer, t), place.tint)
        if background.w > 0 {
            roundedElement(bounds, radius: radius, of: layer, through: m, style: Self.paint(background, "fill"))
        }
        try drawContents(layer, place, bounds: bounds)
        let kind = try engine.kind(of: layer)
        switch kind {
        case .gradient: try drawGradient(layer, place, bounds: bounds, radius: radius)
        case .text: try drawText(layer, place, bounds: bounds)
        case .emitter: try drawParticles(layer, place)
        case .layer, .replicator, .scroll: break
        }
        if try engine.hasProperty("path", of: layer) { try drawShape(layer, place) }
        try drawSublayers(layer, place, geometry: geometry, isReplicator: kind == .replicator)
        if clipped {
            body.append("</g>")
            isolationStarts.removeLast()
            open -= 1
        }
        let borderWidth = try scalar("borderWidth", layer, t)
        let borderColor = Self.tinted(try color("borderColor", layer, t), place.tint)
        if borderWidth > 0, borderColor.w > 0 {
            roundedElement(
                bounds, radius: radius, inset: Swift.min(borderWidth / 2, bounds.size.min() / 2), of: layer,
                through: m, style: Self.paint(borderColor, "stroke") + [("fill", "none")], stroke: borderWidth)
        }
        for _ in 0..<open { body.append("</g>") }
    }

    /// Prepares a blend SVG's rasterisers have no `mix-blend-mode` for (``BackdropBlend``: the
    /// premultiplied sum `plus-lighter`, `hard-mix`): what was drawn since the innermost
    /// isolating group becomes a definition — its groups that are still open closed in it and
    /// opened again, bare, in the body — and the returned filter draws the layer blended with it,
    /// standing in for it.
    mutating func blendingBackdrop(_ blend: BackdropBlend) -> String {
        let start = isolationStarts.last ?? 0
        let below = body[start...]
        var open = 0
        for piece in below {
            open += piece.ranges(of: "<g ").count + piece.ranges(of: "<g>").count - piece.ranges(of: "</g>").count
        }
        let id = identifier("below")
        definitions.append("<g id=\"\(id)\">" + below.joined() + String(repeating: "</g>", count: open) + "</g>")
        definitions.append(blend.filter(id: "\(id)blend", backdrop: id))
        body.replaceSubrange(start..., with: Array(repeating: "<g>", count: open))
        return "\(id)blend"
    }

    /// The sublayers, through this layer's `sublayerTransform`; a replicator draws each
    /// `instanceCount` times (``drawInstances``).
    mutating func drawSublayers(_ layer: LayerID, _ place: Placement, geometry: LayerGeometry, isReplicator: Bool)
        throws(HarmonicError)
    {
        for sublayer in try sortedByDepth(engine.sublayers(of: layer), place.time) {
            let local = try self.geometry(sublayer, place.time).toSuperlayer(geometry)
            if isReplicator {
                try drawInstances(of: sublayer, in: layer, place, local: local, replicator: geometry)
            } else {
                try draw(
                    sublayer, Placement(world: local.concatenating(place.world), time: place.time, tint: place.tint))
            }
        }
    }
}
