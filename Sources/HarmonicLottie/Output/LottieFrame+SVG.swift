import HarmonicPlatform
import Harmonic
import HarmonicRender

extension LottieFrame {
    /// The frame as an SVG document `width` × `height` pixels (the composition's size when
    /// `nil`), the composition fitted inside with its aspect ratio kept and centred, on a
    /// transparent background.
    ///
    /// Layers are drawn bottom first (the file lists the topmost first); each layer's opacity
    /// is group opacity (`<g opacity>`), a precomposition clips its layers to its size, and
    /// paths carry their paint's transform to the composition, so strokes scale with the
    /// groups and layers around them. The same frame gives the same bytes every time.
    public func svg(width outWidth: Double? = nil, height outHeight: Double? = nil) -> String {
        let w = outWidth ?? width, h = outHeight ?? height
        let n = SVGMarkup.number
        return displayList(width: w, height: h).svg(width: w, height: h, viewBox: "0 0 \(n(w)) \(n(h))")
    }

    /// The frame's drawing operations for a picture `w` × `h` (``/HarmonicRender/DisplayList``,
    /// which the engine's frame renderer emits too): the composition fitted inside and centred.
    func displayList(width w: Double, height h: Double) -> DisplayList {
        let scale = min(w / width, h / height)
        let fit = Transform2D(
            a: scale, b: 0, c: 0, d: scale, tx: (w - width * scale) / 2, ty: (h - height * scale) / 2)
        var list = DisplayList()
        // The fitted composition isolates: a backdrop blend's backdrop is what is drawn in it.
        list.begin(.plain([("transform", Self.svgMatrix(fit))], isolates: true))
        Self.draw(layers, into: &list)
        list.end()
        return list
    }

    /// A list of layers, bottom first. A layer whose blend has no `mix-blend-mode` the rasteriser
    /// knows (``/HarmonicRender/BackdropBlend``: After Effects' Add, `plus-lighter`, and Hard
    /// Mix) is blended with what the list has drawn so far (``/HarmonicRender/DisplayList/beginBackdropBlend(_:)``).
    private static func draw(_ layers: [Layer], into list: inout DisplayList) {
        for layer in layers.reversed() where layer.visible && layer.opacity > 0 && layer.isMatte != true {
            guard let blend = layer.blendMode.flatMap(BackdropBlend.init(rawValue:)) else {
                drawBlended(layer, in: layers, into: &list)
                continue
            }
            list.beginBackdropBlend(blend)
            drawBlended(layer, in: layers, into: &list)
            list.end()
        }
    }

    /// One layer with its blend mode, masks and matte around it.
    private static func drawBlended(_ layer: Layer, in layers: [Layer], into list: inout DisplayList) {
        let depth = list.depth
        if let mode = layer.blendMode, BackdropBlend(rawValue: mode) == nil {
            list.beginBlend(mode)
        }
        if let masks = layer.masks, !masks.isEmpty {
            list.begin(.masked(mask(masks, world: layer.world)))
        }
        if let kind = layer.matte, let index = layer.matteLayer, layers.indices.contains(index) {
            list.begin(.masked(matte(layers[index], kind: kind)))
        }
        drawLayer(layer, into: &list)
        list.end(toDepth: depth)
    }

    private static let white = DisplayList.Paint(SIMD4(1, 1, 1, 1))
    private static let black = DisplayList.Paint(SIMD4(0, 0, 0, 1))

    /// The luminance mask of a layer's masks, in order.
    ///
    /// The coverage is the mask's luminance: add paints the area white at the mask's opacity,
    /// subtract black. Intersect nests what came before inside a mask of the area. Lighten,
    /// darken and difference paint the area opaque grey at the mask's opacity with that CSS
    /// `mix-blend-mode` (per channel `max`, `min` and `|a − b|` of two greys are those of their
    /// coverages), over an opaque black start so there is a backdrop to blend with; darken's
    /// group also paints black outside the area, since darkening with nothing leaves nothing.
    private static func mask(_ masks: [Mask], world: Transform2D) -> DisplayList.Mask {
        let matrix = svgMatrix(world)
        let everywhere = DisplayList.everywhere
        func plane(_ paint: DisplayList.Paint) -> DisplayList.PathItem {
            DisplayList.PathItem(data: everywhere, transform: nil, fill: paint)
        }
        /// The mask's area painted `rgb` (at the mask's opacity when `opacity`).
        func area(_ m: Mask, _ rgb: Double, opacity: Bool = true, into content: inout DisplayList) {
            let paint = DisplayList.Paint(SIMD4(rgb, rgb, rgb, opacity ? m.opacity : 1))
            guard m.expansion != 0 else {
                let d = m.inverted ? everywhere + " " + m.pathData : m.pathData
                content.add(DisplayList.PathItem(data: d, transform: matrix, fill: paint, evenOdd: true))
                return
            }
            // An expanded area as a mask of its own: the path filled, and its outline stroked
            // 2·|x| wide with round joins — white to grow by x, black to shrink — which covers
            // exactly the points within |x| of the path; inverted, the same in reverse over
            // everywhere. The mask's paint then covers everywhere through it.
            let grow = m.expansion > 0
            let (inside, band) = m.inverted ? (black, grow ? black : white) : (white, grow ? white : black)
            var region = DisplayList()
            if m.inverted { region.add(plane(white)) }
            var stroke = DisplayList.Stroke(band, width: 2 * abs(m.expansion))
            stroke.join = "round"
            region.add(DisplayList.PathItem(data: m.pathData, transform: matrix, fill: inside, stroke: stroke))
            content.begin(.masked(.init(.luminance, region)))
            content.add(plane(paint))
            content.end()
        }
        let blends = masks.contains { ["lighten", "darken", "difference"].contains($0.mode) }
        var content = DisplayList()
        // Coverage starts empty, or full when the first mask takes away from it.
        if masks[0].mode == "subtract" || masks[0].mode == "intersect" {
            content.add(plane(white))
        } else if blends {
            content.add(plane(black))
        }
        for mask in masks {
            switch mask.mode {
            case "add": area(mask, 1, into: &content)
            case "subtract": area(mask, 0, into: &content)
            case "lighten", "difference", "darken":
                content.begin(.plain([("style", "mix-blend-mode:\(mask.mode)")], isolates: true))
                if mask.mode == "darken" { content.add(plane(black)) }
                area(mask, mask.opacity, opacity: false, into: &content)
                content.end()
            default:
                var kept = DisplayList()
                area(mask, 1, into: &kept)
                var next = DisplayList()
                // Black behind what the intersection keeps, so a blend that follows has a backdrop.
                if blends { next.add(plane(black)) }
                next.begin(.masked(.init(.luminance, kept)))
                next.append(content)
                next.end()
                content = next
            }
        }
        return .init(.luminance, content)
    }

    /// The mask that shows a layer through the matte layer `source`: the matte drawn as it would
    /// be (through its own masks too), read as its alpha (`alpha`), one minus its alpha
    /// (`alphaInverted`), its luminance (`luma`) or one minus its luminance where it covers
    /// (`lumaInverted`).
    private static func matte(_ source: Layer, kind: String) -> DisplayList.Mask {
        let readings: [String: DisplayList.Mask.Reading] = [
            "alpha": .alpha, "alphaInverted": .alphaInverted, "luma": .luminance, "lumaInverted": .luminanceInverted,
        ]
        var drawn = source
        drawn.isMatte = nil
        var content = DisplayList()
        if source.visible && source.opacity > 0 {
            if let masks = drawn.masks, !masks.isEmpty { content.begin(.masked(mask(masks, world: drawn.world))) }
            drawLayer(drawn, into: &content)
            content.end(toDepth: 0)
        }
        return .init(readings[kind] ?? .luminance, content)
    }

    /// One layer's own drawing, with its opacity and a precomposition's clip.
    private static func drawLayer(_ layer: Layer, into list: inout DisplayList) {
        let world = layer.world
        let n = SVGMarkup.number
        let opacity: [(String, String)] = layer.opacity < 1 ? [("opacity", n(layer.opacity))] : []
        switch layer.kind {
        case "precomp":
            guard let children = layer.layers, let size = layer.size else { return }
            let depth = list.depth
            list.begin(.clipped(.init(data: "M0 0H\(n(size[0]))V\(n(size[1]))H0Z", transform: svgMatrix(world))))
            if !opacity.isEmpty { list.begin(.plain(opacity, isolates: true)) }
            draw(children, into: &list)
            list.end(toDepth: depth)
        case "image":
            guard let image = layer.image, let size = layer.size else { return }
            list.add(
                element: "image",
                [("transform", svgMatrix(world)), ("width", n(size[0])), ("height", n(size[1])), ("href", image)]
                    + opacity)
        default:
            guard !layer.shapes.isEmpty else { return }
            list.begin(.plain(opacity, isolates: !opacity.isEmpty))
            for shape in layer.shapes.reversed() {
                list.add(path(shape, transform: svgMatrix(shape.toLayer.concatenating(world))))
            }
            list.end()
        }
    }

    /// A shape's paint as a display list path: a fill by its rule, or a stroke with its caps,
    /// joins (the miter limit where mitred) and dashes.
    private static func path(_ shape: Shape, transform: String) -> DisplayList.PathItem {
        let paint =
            shape.gradient.map { gradientPaint($0, opacity: shape.opacity) }
            ?? DisplayList.Paint(SIMD4(shape.rgb, shape.opacity))
        guard shape.paint != "fill" else {
            return DisplayList.PathItem(
                data: shape.pathData, transform: transform, fill: paint, evenOdd: shape.fillRule == "evenodd")
        }
        var stroke = DisplayList.Stroke(paint, width: shape.width ?? 1)
        stroke.cap = shape.lineCap ?? "round"
        stroke.join = shape.lineJoin ?? "round"
        if shape.lineJoin == "miter" { stroke.miterLimit = shape.miterLimit ?? 4 }
        stroke.dashes = shape.dashes ?? []
        stroke.dashOffset = shape.dashOffset ?? 0
        return DisplayList.PathItem(data: shape.pathData, transform: transform, stroke: stroke)
    }

    /// A gradient in the user space of the path that uses it (its paint coordinates): linear
    /// from its start to its end, or radial around its start out to its end, its highlight
    /// moved by ``Gradient/focalOffset`` of the radius. A radial gradient of no radius paints
    /// its last stop, as SVG draws one (`r="0"`).
    private static func gradientPaint(_ g: Gradient, opacity: Double) -> DisplayList.Paint {
        let stops = g.stops.map { ($0[0], SIMD4($0[1], $0[2], $0[3], $0[4])) }
        let start = SIMD2(g.start[0], g.start[1]), end = SIMD2(g.end[0], g.end[1])
        guard g.kind == "radial" else {
            return DisplayList.Paint(.linear(from: start, to: end, stops: stops), opacity: opacity)
        }
        let d = end - start
        let radius = (d * d).sum().squareRoot()
        guard radius > 0 else {
            let last = stops.last?.1 ?? SIMD4(0, 0, 0, 1)
            return DisplayList.Paint(SIMD4(last.x, last.y, last.z, last.w * opacity))
        }
        let map = Transform2D(a: radius, b: 0, c: 0, d: radius, tx: start.x, ty: start.y)
        return DisplayList.Paint(.radial(map, focus: g.focalOffset, stops: stops), opacity: opacity)
    }

    /// `matrix(a b c d tx ty)`, numbers as ``/HarmonicRender/SVGMarkup/number(_:)`` writes them.
    static func svgMatrix(_ t: Transform2D) -> String {
        String(unsafeUninitializedCapacity: 6 * (NumberText.maximumLength + 1) + 8) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            var n = 0
            for byte in "matrix(".utf8 {
                out[n] = byte
                n += 1
            }
            for (k, x) in [t.a, t.b, t.c, t.d, t.tx, t.ty].enumerated() {
                if k > 0 {
                    out[n] = 0x20
                    n += 1
                }
                n += SVGMarkup.write(x, to: out + n)
            }
            out[n] = UInt8(ascii: ")")
            return n + 1
        }
    }
}
