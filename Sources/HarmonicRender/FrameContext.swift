import Harmonic
import HarmonicEngine

/// One picture being drawn (``FrameRenderer``): its drawing operations (``DisplayList``, which
/// the Lottie player's frames are drawn through too), and the engine's values it reads — now, or
/// at a shifted time for a replicator's delayed instances.
struct FrameContext {
    let engine: AnimationEngine
    let tolerance: Double
    /// Whether values, attributes and sublayers are read from the outgoing rendering of the
    /// transition covering each layer (``/HarmonicEngine/AnimationEngine/outgoingValue(forKeyPath:of:)``).
    var readsOutgoing = false
    var list = DisplayList()

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

    /// `fill` (or `stroke`) and its opacity where below 1, for elements other than paths.
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
        list.comment("\(SVGMarkup.escaped(String(name))): \(what)")
    }

    /// One element filling or stroking a layer's rounded bounds (``roundedBounds(_:radius:inset:)``):
    /// under an affine map the SVG data is written directly (a rectangle, or lines and
    /// quarter-circle arcs), without building a ``/Harmonic/Path``; otherwise through one.
    mutating func roundedElement(
        _ bounds: LayerGeometry.Rect, radius: Double, inset: Double = 0, of layer: LayerID, through m: Transform3D,
        paint: DisplayList.PathItem
    ) {
        guard let matrix = ProjectedPath.affineMatrix(m) else {
            if let shape = Self.roundedBounds(bounds, radius: radius, inset: inset) {
                element(shape, of: layer, through: m, paint: paint)
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
        var item = paint
        item.data = d
        item.transform = matrix
        list.add(item)
    }

    /// One element drawing `path` of a layer placed by `m`, painted as `paint` says (its data
    /// and transform are the path's).
    mutating func element(_ path: Path, of layer: LayerID, through m: Transform3D, paint: DisplayList.PathItem) {
        guard let projected = ProjectedPath(path, through: m, tolerance: tolerance) else {
            note(layer, "not drawn (seen edge-on or behind the eye)")
            return
        }
        var item = paint
        item.data = projected.data
        item.transform = projected.matrix
        // An affine transform scales the stroke with the element; a projected path is in the
        // picture's space already, so its width is scaled here.
        if projected.matrix == nil { item.stroke?.width *= projected.scale }
        list.add(item)
    }

    /// A path item of no data yet, filled with `color`.
    static func filled(_ color: SIMD4<Double>) -> DisplayList.PathItem {
        DisplayList.PathItem(data: "", transform: nil, fill: DisplayList.Paint(color))
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
        for group in c.incomingIsAbove ? [oldGroup, newGroup] : [newGroup, oldGroup] { list.append(group) }
    }

    /// One rendering of a transition, drawn by a context of its own (reading the old
    /// rendering's values when `outgoing`), moved by its offset and faded by its opacity.
    func rendering(_ layer: LayerID, _ place: Placement, _ r: TransitionRendering, outgoing: Bool)
        throws(HarmonicError) -> DisplayList
    {
        var inner = FrameContext(engine: engine, tolerance: tolerance)
        inner.readsOutgoing = outgoing
        inner.list.begin(.plain([("opacity", SVGMarkup.number(r.opacity))], isolates: true))
        let moved = Transform3D.translation(x: r.offset.x, y: r.offset.y).concatenating(place.world)
        try inner.drawLayer(layer, Placement(world: moved, time: nil, tint: place.tint))
        inner.list.end(toDepth: 0)
        return inner.list
    }

    /// A layer and its subtree, without looking for a transition on it.
    mutating func drawLayer(_ layer: LayerID, _ place: Placement) throws(HarmonicError) {
        let t = place.time
        guard try scalar("hidden", layer, t) < 0.5 else { return }
        let opacity = Swift.min(Swift.max(try scalar("opacity", layer, t), 0), 1)
        guard opacity > 0 else { return }
        let name = engine.name(of: layer) ?? "\(layer.index)"
        let depth = list.depth
        // A blend mode (`compositingFilter`) blends the composited layer with what is below it.
        var group: [(String, String)] = [("id", "layer-\(name)")]
        if case let .name(filter) = try attribute("compositingFilter", of: layer),
            let mode = LayerAttribute.blendModes[filter]
        {
            if let backdrop = BackdropBlend(rawValue: mode) {
                list.beginBackdropBlend(backdrop)
            } else {
                list.beginBlend(mode, attributes: group)
                group = []
            }
        }
        if opacity < 1 { group.append(("opacity", SVGMarkup.number(opacity))) }
        if !group.isEmpty { list.begin(.plain(group, isolates: opacity < 1)) }
        let geometry = try self.geometry(layer, t)
        let bounds = geometry.bounds
        let radius = try scalar("cornerRadius", layer, t)
        let clips = try scalar("masksToBounds", layer, t) >= 0.5
        let m = place.world
        if let filter = try drawShadow(layer, place, bounds: bounds, radius: radius, clips: clips) {
            list.begin(.filtered(filter))
        }
        if let mask = try engine.mask(of: layer) {
            // The mask is in the masked layer's space, drawn by a context of its own; its
            // `maskMode` says how its pixels cover (``DisplayList/Mask/Reading``: alpha by
            // default).
            var inner = FrameContext(engine: engine, tolerance: tolerance)
            inner.readsOutgoing = readsOutgoing
            let maskWorld = try self.geometry(mask, t).toSuperlayer(nil).concatenating(m)
            try inner.draw(mask, Placement(world: maskWorld, time: t, tint: nil))
            var reading = DisplayList.Mask.Reading.alpha
            if case let .name(name) = try attribute("maskMode", of: layer) {
                reading = DisplayList.Mask.Reading(rawValue: name) ?? .luminance
            }
            list.begin(.masked(.init(reading, inner.list)))
        }
        // Whether a clip group is open. A layer that clips to bounds with no area (or none that
        // projects) clips everything it holds away: it opens no group and draws nothing inside.
        var clipped = false
        if clips, let shape = Self.roundedBounds(bounds, radius: radius),
            let projected = ProjectedPath(shape, through: m, tolerance: tolerance)
        {
            clipped = true
            list.begin(.clipped(.init(data: projected.data, transform: projected.matrix)))
        }
        if clips && !clipped {
            list.end(toDepth: depth)
            return
        }
        let background = Self.tinted(try color("backgroundColor", layer, t), place.tint)
        if background.w > 0 {
            roundedElement(bounds, radius: radius, of: layer, through: m, paint: Self.filled(background))
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
        if clipped { list.end() }
        let borderWidth = try scalar("borderWidth", layer, t)
        let borderColor = Self.tinted(try color("borderColor", layer, t), place.tint)
        if borderWidth > 0, borderColor.w > 0 {
            roundedElement(
                bounds, radius: radius, inset: Swift.min(borderWidth / 2, bounds.size.min() / 2), of: layer,
                through: m,
                paint: DisplayList.PathItem(
                    data: "", transform: nil,
                    stroke: DisplayList.Stroke(DisplayList.Paint(borderColor), width: borderWidth)))
        }
        list.end(toDepth: depth)
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
