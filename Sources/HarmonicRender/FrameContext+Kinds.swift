import HarmonicPlatform
import Harmonic
import HarmonicEngine

/// What each kind of layer draws besides every layer's background and border: replicator
/// instances, gradients, text, contents, shapes and shadows.
extension FrameContext {
    /// Instance `i` (0 ≤ i < `instanceCount`) of `sublayer` in a replicator
    /// (`CAReplicatorLayer`), by ``/Harmonic/ReplicatorInstances``: its values read
    /// `i·instanceDelay` earlier, placed by `instanceTransform` applied `i` times about the
    /// replicator's centre, its colours multiplied by `instanceColor + i·offsets`.
    mutating func drawInstances(
        of sublayer: LayerID, in replicator: LayerID, _ place: Placement, local: Transform3D,
        replicator geometry: LayerGeometry
    ) throws(HarmonicError) {
        let t = place.time
        let instances = try engine.replicatorInstances(of: replicator, at: t)
        let now = t ?? engine.time
        for i in 0..<instances.count {
            let shifted: Double? = i == 0 ? t : now - instances.lag(instance: i)
            let sublocal = i == 0 ? local : try self.geometry(sublayer, shifted).toSuperlayer(geometry)
            var tint = instances.tint(instance: i)
            if let outer = place.tint { tint *= outer }
            let world = sublocal.concatenating(instances.transform(instance: i)).concatenating(place.world)
            try draw(sublayer, Placement(world: world, time: shifted, tint: tint == SIMD4(repeating: 1) ? nil : tint))
        }
    }

    /// A gradient layer (`CAGradientLayer`): `colors` at `locations` (evenly spread when
    /// absent) from `startPoint` to `endPoint` by `type` (``/Harmonic/Gradient``; a radial one
    /// from its `focalOffset`, SVG's `fx`/`fy`, moved inside the edge when past it), over the
    /// bounds with their corners. Axial and radial gradients are SVG gradients in the layer's
    /// space, exact under affine transforms; a conic one (which SVG lacks) is 360 wedges of one
    /// degree, each the colour at its middle angle; under perspective every gradient is drawn
    /// as a 64 × 64 grid of cells, each the colour at its centre.
    mutating func drawGradient(_ layer: LayerID, _ place: Placement, bounds: LayerGeometry.Rect, radius: Double)
        throws(HarmonicError)
    {
        let t = place.time
        guard try engine.hasProperty("colors", of: layer) else { return }
        let numbers = try value("colors", layer, t)
        guard numbers.count >= 4, numbers.count % 4 == 0 else {
            note(layer, "colors is not a list of RGBA colours")
            return
        }
        // Int: whole colours, four numbers each (checked above).
        let colors = stride(from: 0, to: numbers.count, by: 4).map {
            Self.tinted(SIMD4(numbers[$0], numbers[$0 + 1], numbers[$0 + 2], numbers[$0 + 3]), place.tint)
                .clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        }
        let locations = try engine.hasProperty("locations", of: layer) ? try value("locations", layer, t) : nil
        var type = Gradient.Kind.axial
        if case let .name(name) = try attribute("type", of: layer), let k = Gradient.Kind(rawValue: name) {
            type = k
        }
        let s = try value("startPoint", layer, t), e = try value("endPoint", layer, t)
        var focus = SIMD2<Double>.zero
        if type == .radial, try engine.hasProperty("focalOffset", of: layer) {
            let f = try value("focalOffset", layer, t)
            focus = SIMD2(f[0], f[1])
            // A focal point on or past the edge is moved just inside it, on its way from the centre.
            let length = (focus * focus).sum().squareRoot()
            if length >= Self.largestFocalOffset {
                note(layer, "focalOffset moved inside the edge")
                focus *= Self.largestFocalOffset / length
            }
        }
        let gradient: Gradient
        do {
            gradient = try Gradient(
                colors: colors, locations: locations, kind: type, startPoint: SIMD2(s[0], s[1]),
                endPoint: SIMD2(e[0], e[1]), focalOffset: focus)
        } catch {
            note(layer, "gradient not drawn: \(error)")
            return
        }
        guard let shape = Self.roundedBounds(bounds, radius: radius) else { return }
        let size = bounds.size, origin = bounds.origin
        if !ProjectedPath.isAffine(place.world) || type == .conic {
            try drawSampledGradient(gradient, layer, place, bounds: bounds, shape: shape)
            return
        }
        let stops = Array(zip(gradient.locations, gradient.colors))
        // Stops outside 0…1 are clamped by SVG; map the locations' range onto the axis instead.
        let S = origin + gradient.startPoint * size, E = origin + gradient.endPoint * size
        let paint: DisplayList.Gradient
        switch type {
        case .axial:
            paint = .linear(from: S, to: E, stops: stops)
        default:
            let r = SIMD2(abs(E.x - S.x), abs(E.y - S.y))
            guard r.x > 0, r.y > 0 else {
                element(shape, of: layer, through: place.world, paint: Self.filled(colors[colors.count - 1]))
                return
            }
            paint = .radial(
                Transform2D(a: r.x, b: 0, c: 0, d: r.y, tx: S.x, ty: S.y), focus: gradient.focalOffset, stops: stops)
        }
        if gradient.locations.contains(where: { $0 < 0 || $0 > 1 }) {
            note(layer, "locations outside 0…1 are clamped to the ends")
        }
        element(
            shape, of: layer, through: place.world,
            paint: DisplayList.PathItem(data: "", transform: nil, fill: DisplayList.Paint(paint, opacity: 1)))
    }

    /// The longest focal offset drawn (Lottie players stop a highlight at 99 % of the radius).
    static let largestFocalOffset = 0.99

    /// A gradient drawn as cells (perspective) or wedges (conic), clipped to `shape`.
    mutating func drawSampledGradient(
        _ gradient: Gradient, _ layer: LayerID, _ place: Placement, bounds: LayerGeometry.Rect, shape: Path
    ) throws(HarmonicError) {
        guard let clip = ProjectedPath(shape, through: place.world, tolerance: tolerance) else { return }
        list.begin(.clipped(.init(data: clip.data, transform: clip.matrix)))
        // Without antialiasing the wedges and cells meet without seams of the background.
        list.begin(.plain([("shape-rendering", "crispEdges")], isolates: false))
        let size = bounds.size, origin = bounds.origin
        if gradient.kind == .conic, ProjectedPath.isAffine(place.world) {
            let centre = origin + gradient.startPoint * size
            let axis = (gradient.endPoint - gradient.startPoint) * size
            let zero = axis.x == 0 && axis.y == 0 ? 0 : atan2(axis.y, axis.x)
            // A radius past every corner.
            let diagonal = (size * size).sum().squareRoot()
            let away = abs(centre.x - origin.x) + abs(centre.y - origin.y)
            let reach = 2 * (diagonal + away + 1)
            for k in 0..<360 {
                let a0 = zero + Double(k) * Double.pi / 180, a1 = zero + Double(k + 1) * Double.pi / 180
                var b = PathBuilder()
                b.move(to: centre)
                b.addLine(to: centre + reach * SIMD2(cos(a0), sin(a0)))
                b.addLine(to: centre + reach * SIMD2(cos(a1), sin(a1)))
                b.closeSubpath()
                guard let wedge = try? b.build() else { continue }
                let c = gradient.color(atParameter: (Double(k) + 0.5) / 360)
                element(wedge, of: layer, through: place.world, paint: Self.filled(c))
            }
        } else {
            let cells = 64
            for row in 0..<cells {
                for column in 0..<cells {
                    let cell = Rect(
                        x: origin.x + size.x * Double(column) / Double(cells),
                        y: origin.y + size.y * Double(row) / Double(cells), width: size.x / Double(cells),
                        height: size.y / Double(cells))
                    var b = PathBuilder()
                    b.addRect(cell)
                    guard let square = try? b.build() else { continue }
                    let centre = SIMD2(cell.midX, cell.midY) - origin
                    element(
                        square, of: layer, through: place.world,
                        paint: Self.filled(gradient.color(at: centre, size: size)))
                }
            }
        }
        list.end()
        list.end()
    }

    /// A text layer (`CATextLayer`): `string` in `fontSize` points and `foregroundColor`,
    /// aligned by `alignmentMode` (natural and justified as left) on one line whose baseline is
    /// `0.8·fontSize` below the top of the bounds (the ascent of common sans-serif faces; the
    /// font's own metrics are not known here), in the renderer's sans-serif face. Under
    /// perspective text is not drawn (SVG text cannot be projected), and a comment says so.
    mutating func drawText(_ layer: LayerID, _ place: Placement, bounds: LayerGeometry.Rect) throws(HarmonicError) {
        guard case let .text(string) = try attribute("string", of: layer), !string.isEmpty else {
            return
        }
        let size = try scalar("fontSize", layer, place.time)
        let color = Self.tinted(try color("foregroundColor", layer, place.time), place.tint)
        guard size > 0, color.w > 0 else { return }
        guard let affine = ProjectedPath.affineMatrix(place.world) else {
            note(layer, "text not drawn under perspective")
            return
        }
        var x = bounds.origin.x
        var anchor = "start"
        if case let .name(mode) = try attribute("alignmentMode", of: layer) {
            switch mode {
            case "center":
                x += bounds.size.x / 2
                anchor = "middle"
            case "right":
                x += bounds.size.x
                anchor = "end"
            default: break
            }
        }
        let n = SVGMarkup.number
        let style =
            [
                ("x", n(x)), ("y", n(bounds.origin.y + 0.8 * size)), ("font-family", "sans-serif"),
                ("font-size", n(size)), ("text-anchor", anchor), ("transform", affine),
            ] + Self.paint(color, "fill")
        list.add(element: "text", style, text: string)
    }

    /// `contents`: an image when the identifier is a `data:` URI or the path of a PNG, JPEG or
    /// SVG file (embedded, ``ImageSource``), stretched over the bounds (`contentsGravity`
    /// resize, Core Animation's default) through `contentsRect`; any other identifier is drawn
    /// as a placeholder — a grey box with its diagonals and the identifier.
    mutating func drawContents(_ layer: LayerID, _ place: Placement, bounds: LayerGeometry.Rect) throws(HarmonicError) {
        guard case let .text(identifier) = try attribute("contents", of: layer), !identifier.isEmpty
        else { return }
        guard let affine = ProjectedPath.affineMatrix(place.world) else {
            note(layer, "contents not drawn under perspective")
            return
        }
        let n = SVGMarkup.number
        let b = bounds
        if let href = ImageSource.href(for: identifier) {
            // contentsRect (unit rectangle of the image) shown over the bounds.
            let r = try value("contentsRect", layer, place.time)
            guard r[2] > 0, r[3] > 0 else { return }
            let w = b.size.x / r[2], h = b.size.y / r[3]
            let x = b.origin.x - r[0] * w, y = b.origin.y - r[1] * h
            let x0 = b.origin.x, y0 = b.origin.y, x1 = x0 + b.size.x, y1 = y0 + b.size.y
            list.begin(.plain([("transform", affine)], isolates: false))
            list.begin(.clipped(.init(data: "M\(n(x0)) \(n(y0))H\(n(x1))V\(n(y1))H\(n(x0))Z")))
            list.add(
                element: "image",
                [
                    ("x", n(x)), ("y", n(y)), ("width", n(w)), ("height", n(h)), ("preserveAspectRatio", "none"),
                    ("href", href),
                ])
            list.end()
            list.end()
            return
        }
        let x0 = n(b.origin.x), y0 = n(b.origin.y), x1 = n(b.origin.x + b.size.x), y1 = n(b.origin.y + b.size.y)
        list.begin(.plain([("transform", affine)], isolates: false))
        list.add(
            element: "rect",
            [
                ("x", x0), ("y", y0), ("width", n(b.size.x)), ("height", n(b.size.y)), ("fill", "#d9d9d9"),
                ("stroke", "#8c8c8c"),
            ])
        list.add(
            element: "path", [("d", "M \(x0),\(y0) L \(x1),\(y1) M \(x1),\(y0) L \(x0),\(y1)"), ("stroke", "#8c8c8c")])
        list.add(
            element: "text",
            [
                ("x", n(b.origin.x + b.size.x / 2)), ("y", n(b.origin.y + b.size.y / 2)), ("font-family", "sans-serif"),
                ("font-size", n(Swift.max(6, Swift.min(14, b.size.y / 4)))), ("text-anchor", "middle"),
                ("fill", "#404040"),
            ], text: identifier)
        list.end()
    }

    /// The shadow of a layer whose `shadowOpacity` > 0 and `masksToBounds` is off, in
    /// `shadowColor` at `shadowOpacity`, moved by `shadowOffset` in the layer's space and
    /// blurred with a Gaussian of deviation `shadowRadius/2` (Core Animation does not publish
    /// its blur).
    ///
    /// Without a `shadowPath` the shadow is cast, as Core Animation casts it, by the alpha of
    /// everything the layer draws, sublayers included: the returned SVG filter, applied to the
    /// layer's group, blurs that alpha, moves it, colours it and puts it under the layer.
    /// With a `shadowPath` the path is drawn here as the shadow and `nil` is returned.
    mutating func drawShadow(
        _ layer: LayerID, _ place: Placement, bounds: LayerGeometry.Rect, radius: Double, clips: Bool
    )
        throws(HarmonicError) -> DisplayList.Filter?
    {
        let t = place.time
        let shadowOpacity = Swift.min(Swift.max(try scalar("shadowOpacity", layer, t), 0), 1)
        let shadowColor = Self.tinted(try color("shadowColor", layer, t), place.tint)
        guard !clips, shadowOpacity > 0, shadowColor.w > 0 else { return nil }
        guard try engine.hasProperty("shadowPath", of: layer) else {
            return try shadowFilter(layer, place, color: shadowColor, opacity: shadowOpacity)
        }
        let shape = try path("shadowPath", layer, t)
        let offset = try value("shadowOffset", layer, t)
        // The offset is in the layer's space: translate before the layer's transform.
        let moved = Transform3D.translation(x: offset[0], y: offset[1]).concatenating(place.world)
        guard let projected = ProjectedPath(shape, through: moved, tolerance: tolerance) else { return nil }
        var item = Self.filled(SIMD4(shadowColor.x, shadowColor.y, shadowColor.z, shadowColor.w * shadowOpacity))
        item.data = projected.data
        item.transform = projected.matrix
        let blur = try scalar("shadowRadius", layer, t)
        if blur > 0 {
            // The filter works in the user space of the element, which an affine transform
            // scales with the shape; a projected shape is in the picture's space.
            let deviation = SVGMarkup.number(blur / 2 * (projected.matrix == nil ? projected.scale : 1))
            item.filter = DisplayList.Filter(primitives: "<feGaussianBlur stdDeviation=\"\(deviation)\"/>")
        }
        list.add(item)
        return nil
    }

    /// The filter casting a layer's shadow from the alpha of its group (see ``drawShadow``):
    /// the offset and the blur go through the layer's map to the picture at its origin.
    func shadowFilter(_ layer: LayerID, _ place: Placement, color: SIMD4<Double>, opacity: Double)
        throws(HarmonicError) -> DisplayList.Filter?
    {
        let t = place.time
        let offset = try value("shadowOffset", layer, t)
        let m = place.world
        let o = m.apply(x: 0, y: 0, z: 0), moved = m.apply(x: offset[0], y: offset[1], z: 0)
        let unitX = m.apply(x: 1, y: 0, z: 0), unitY = m.apply(x: 0, y: 1, z: 0)
        let scale = abs((unitX.x - o.x) * (unitY.y - o.y) - (unitX.y - o.y) * (unitY.x - o.x)).squareRoot()
        guard [o.x, o.y, moved.x, moved.y, scale].allSatisfy(\.isFinite) else { return nil }
        let n = SVGMarkup.number
        let deviation = n(try scalar("shadowRadius", layer, t) / 2 * scale)
        return DisplayList.Filter(
            primitives: "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(deviation)\" result=\"blur\"/>"
                + "<feOffset in=\"blur\" dx=\"\(n(moved.x - o.x))\" dy=\"\(n(moved.y - o.y))\" result=\"moved\"/>"
                + "<feFlood flood-color=\"\(SVGMarkup.hex(color))\" flood-opacity=\"\(n(color.w * opacity))\"/>"
                + "<feComposite in2=\"moved\" operator=\"in\" result=\"shadow\"/>"
                + "<feMerge><feMergeNode in=\"shadow\"/><feMergeNode in=\"SourceGraphic\"/></feMerge>")
    }

    /// A shape layer's path: filled with `fillColor` by `fillRule`, then stroked — trimmed to
    /// `strokeStart`…`strokeEnd` — in `strokeColor` with its width, caps, joins, miter limit
    /// and dashes.
    mutating func drawShape(_ layer: LayerID, _ place: Placement) throws(HarmonicError) {
        let t = place.time
        let path = try self.path("path", layer, t)
        let fill = Self.tinted(try color("fillColor", layer, t), place.tint)
        if fill.w > 0 {
            var item = Self.filled(fill)
            if case .name("evenOdd") = try attribute("fillRule", of: layer) { item.evenOdd = true }
            element(path, of: layer, through: place.world, paint: item)
        }
        let stroke = Self.tinted(try color("strokeColor", layer, t), place.tint)
        let width = try scalar("lineWidth", layer, t)
        guard stroke.w > 0, width > 0 else { return }
        let start = try scalar("strokeStart", layer, t), end = try scalar("strokeEnd", layer, t)
        // The whole path keeps its closes: a closed subpath's ends meet in a join, not two caps.
        let trimmed = start <= 0 && end >= 1 ? path : try path.trimmed(from: start, to: end)
        guard trimmed.elements.count > 1 else { return }
        var style = DisplayList.Stroke(DisplayList.Paint(stroke), width: width)
        if case let .name(cap) = try attribute("lineCap", of: layer), cap != "butt" { style.cap = cap }
        if case let .name(join) = try attribute("lineJoin", of: layer), join != "miter" { style.join = join }
        style.miterLimit = Swift.max(try scalar("miterLimit", layer, t), 1)
        var pattern: [Double] = []
        if try engine.hasProperty(StandardLayerProperty.dashPattern, of: layer) {
            // The animatable form (a value), each length clamped at 0 as an animation passes it.
            pattern = try value(StandardLayerProperty.dashPattern, layer, t).map { Swift.max($0, 0) }
        } else if case let .numbers(dashes) = try attribute("lineDashPattern", of: layer) {
            pattern = dashes
        }
        if !pattern.isEmpty {
            style.dashes = pattern
            style.dashOffset = try scalar("lineDashPhase", layer, t)
        }
        element(
            trimmed, of: layer, through: place.world,
            paint: DisplayList.PathItem(data: "", transform: nil, stroke: style))
    }
}
