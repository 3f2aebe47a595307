#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Harmonic
import HarmonicRender

extension LottieFrame {
    /// The frame as an SVG document `width` × `height` pixels (the composition's size when
    /// `nil`), the composition fitted inside with its aspect ratio kept and centred, on a
    /// transparent background.
    ///
    /// Layers are drawn bottom first (the file lists the topmost first); each layer's opacity
    /// is group opacity (`<g opacity>`), a precomposition ids its layers to its size, and
    /// paths carry their paint's transform to the composition, so strokes scale with the
    /// groups and layers around them. The same frame gives the same bytes every time.
    public func svg(width outWidth: Double? = nil, height outHeight: Double? = nil) -> String {
        let w = outWidth ?? width, h = outHeight ?? height
        let scale = min(w / width, h / height)
        let fit = Transform2D(
            a: scale, b: 0, c: 0, d: scale, tx: (w - width * scale) / 2, ty: (h - height * scale) / 2)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGMarkup.number(w))\" "
        out += "height=\"\(SVGMarkup.number(h))\" viewBox=\"0 0 \(SVGMarkup.number(w)) \(SVGMarkup.number(h))\">\n"
        out += "<g transform=\"\(Self.svgMatrix(fit))\">\n"
        var ids = 0
        Self.write(layers, into: &out, ids: &ids)
        out += "</g>\n</svg>\n"
        return out
    }

    /// A list of layers, bottom first. A layer whose blend has no `mix-blend-mode` the rasteriser
    /// knows (``/HarmonicRender/BackdropBlend``: After Effects' Add, `plus-lighter`, and Hard
    /// Mix): what the list has drawn so far becomes a definition, and the layer is drawn through
    /// a filter that blends it with that — the composite, which then stands in for what was
    /// below.
    private static func write(_ layers: [Layer], into out: inout String, ids: inout Int) {
        var drawn = ""
        for layer in layers.reversed() where layer.visible && layer.opacity > 0 && layer.isMatte != true {
            guard let blend = layer.blendMode.flatMap(BackdropBlend.init(rawValue:)) else {
                writeBlended(layer, in: layers, into: &drawn, ids: &ids)
                continue
            }
            ids += 1
            let below = "below\(ids)"
            var blended = ""
            writeBlended(layer, in: layers, into: &blended, ids: &ids)
            drawn =
                "<defs><g id=\"\(below)\">\n\(drawn)</g>\n"
                + blend.filter(id: "\(below)blend", backdrop: below)
                + "</defs>\n<g filter=\"url(#\(below)blend)\">\n\(blended)</g>\n"
        }
        out += drawn
    }

    /// One layer with its blend mode, masks and matte around it.
    private static func writeBlended(_ layer: Layer, in layers: [Layer], into out: inout String, ids: inout Int) {
        var wrappers = 0
        if let mode = layer.blendMode, BackdropBlend(rawValue: mode) == nil {
            out += "<g style=\"mix-blend-mode:\(mode)\">\n"
            wrappers += 1
        }
        if let masks = layer.masks, !masks.isEmpty {
            let id = writeMask(masks, world: layer.world, into: &out, ids: &ids)
            out += "<g mask=\"url(#\(id))\">\n"
            wrappers += 1
        }
        if let kind = layer.matte, let index = layer.matteLayer, layers.indices.contains(index) {
            let id = writeMatte(layers[index], kind: kind, into: &out, ids: &ids)
            out += "<g mask=\"url(#\(id))\">\n"
            wrappers += 1
        }
        writeLayer(layer, into: &out, ids: &ids)
        out += String(repeating: "</g>\n", count: wrappers)
    }

    /// A region far larger than any composition (sizes are at most 100,000 pixels), for masks
    /// that start full and for inverted areas.
    private static let everywhere = "M-1000000 -1000000H1000000V1000000H-1000000Z"

    /// The luminance mask of a layer's masks, in order: the id of the `<mask>` written.
    ///
    /// The coverage is the mask's luminance: add paints the area white at the mask's opacity,
    /// subtract black. Intersect nests what came before inside a mask of the area. Lighten,
    /// darken and difference paint the area opaque grey at the mask's opacity with that CSS
    /// `mix-blend-mode` (per channel `max`, `min` and `|a − b|` of two greys are those of their
    /// coverages), over an opaque black start so there is a backdrop to blend with; darken's
    /// group also paints black outside the area, since darkening with nothing leaves nothing.
    private static func writeMask(_ masks: [Mask], world: Transform2D, into out: inout String, ids: inout Int) -> String
    {
        let matrix = svgMatrix(world)
        func area(_ m: Mask, _ fill: String, opacity: Bool = true) -> String {
            let alpha = opacity && m.opacity < 1 ? " fill-opacity=\"\(SVGMarkup.number(m.opacity))\"" : ""
            guard m.expansion != 0 else {
                let d = m.inverted ? everywhere + " " + m.pathData : m.pathData
                return "<path transform=\"\(matrix)\" d=\"\(d)\" fill=\"\(fill)\" fill-rule=\"evenodd\"\(alpha)/>"
            }
            // An expanded area as a mask of its own: the path filled, and its outline stroked
            // 2·|x| wide with round joins — white to grow by x, black to shrink — which covers
            // exactly the points within |x| of the path; inverted, the same in reverse over
            // everywhere. The mask's paint then covers everywhere through it.
            let grow = m.expansion > 0
            let (inside, band) =
                m.inverted ? ("#000000", grow ? "#000000" : "#ffffff") : ("#ffffff", grow ? "#ffffff" : "#000000")
            ids += 1
            let region = "mask\(ids)"
            out += "<mask id=\"\(region)\" maskUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" "
            out += "width=\"2000000\" height=\"2000000\">"
            if m.inverted { out += "<path d=\"\(everywhere)\" fill=\"#ffffff\"/>" }
            out += "<path transform=\"\(matrix)\" d=\"\(m.pathData)\" fill=\"\(inside)\" stroke=\"\(band)\" "
            out += "stroke-width=\"\(SVGMarkup.number(2 * abs(m.expansion)))\" stroke-linejoin=\"round\"/></mask>\n"
            return "<path d=\"\(everywhere)\" fill=\"\(fill)\"\(alpha) mask=\"url(#\(region))\"/>"
        }
        func grey(_ m: Mask) -> String {
            let percent = SVGMarkup.number(m.opacity * 100)
            return "rgb(\(percent)%,\(percent)%,\(percent)%)"
        }
        let blends = masks.contains { ["lighten", "darken", "difference"].contains($0.mode) }
        // Coverage starts empty, or full when the first mask takes away from it.
        let startsFull = masks[0].mode == "subtract" || masks[0].mode == "intersect"
        var content =
            startsFull
            ? "<path d=\"\(everywhere)\" fill=\"#ffffff\"/>"
            : blends ? "<path d=\"\(everywhere)\" fill=\"#000000\"/>" : ""
        for mask in masks {
            switch mask.mode {
            case "add": content += area(mask, "#ffffff")
            case "subtract": content += area(mask, "#000000")
            case "lighten", "difference":
                content += "<g style=\"mix-blend-mode:\(mask.mode)\">\(area(mask, grey(mask), opacity: false))</g>"
            case "darken":
                content += "<g style=\"mix-blend-mode:darken\"><path d=\"\(everywhere)\" fill=\"#000000\"/>"
                content += "\(area(mask, grey(mask), opacity: false))</g>"
            default:
                let kept = area(mask, "#ffffff")  // first: an expanded area writes its own mask
                ids += 1
                let inner = "mask\(ids)"
                out += "<mask id=\"\(inner)\" maskUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" "
                out += "width=\"2000000\" height=\"2000000\">\(kept)</mask>\n"
                // Black behind what the intersection keeps, so a blend that follows has a backdrop.
                let backdrop = blends ? "<path d=\"\(everywhere)\" fill=\"#000000\"/>" : ""
                content = "\(backdrop)<g mask=\"url(#\(inner))\">\(content)</g>"
            }
        }
        ids += 1
        let id = "mask\(ids)"
        out += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" width=\"2000000\" "
        out += "height=\"2000000\">\(content)</mask>\n"
        return id
    }

    /// The luminance mask that shows a layer through the matte layer `source`: the matte drawn
    /// with its colours mapped so that the mask's luminance is its alpha (`alpha`), one minus
    /// its alpha (`alphaInverted`), its luminance (`luma`) or one minus its luminance where
    /// it covers (`lumaInverted`).
    private static func writeMatte(_ source: Layer, kind: String, into out: inout String, ids: inout Int) -> String {
        let matrices = [
            "alpha": "0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0",
            "alphaInverted": "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0",
            "lumaInverted": "-1 0 0 0 1 0 -1 0 0 1 0 0 -1 0 1 0 0 0 1 0",
        ]
        var drawn = source
        drawn.isMatte = nil
        var matte = ""
        if source.visible && source.opacity > 0 {
            // The matte is the layer as it would be drawn: through its own masks too.
            if let masks = drawn.masks, !masks.isEmpty {
                let region = writeMask(masks, world: drawn.world, into: &out, ids: &ids)
                matte += "<g mask=\"url(#\(region))\">\n"
                writeLayer(drawn, into: &matte, ids: &ids)
                matte += "</g>\n"
            } else {
                writeLayer(drawn, into: &matte, ids: &ids)
            }
        }
        ids += 1
        let id = "matte\(ids)"
        var content = matte
        if let values = matrices[kind] {
            out += "<filter id=\"\(id)f\" filterUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" "
            out += "width=\"2000000\" height=\"2000000\" color-interpolation-filters=\"sRGB\">"
            out += "<feColorMatrix type=\"matrix\" values=\"\(values)\"/></filter>\n"
            content = "<g filter=\"url(#\(id)f)\">\(matte)</g>"
        }
        // Inverted mattes show the layer where the matte is absent: a white page beneath.
        if kind.hasSuffix("Inverted") { content = "<path d=\"\(everywhere)\" fill=\"#ffffff\"/>" + content }
        out += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" width=\"2000000\" "
        out += "height=\"2000000\">\(content)</mask>\n"
        return id
    }

    /// One layer's own drawing, with its opacity and a precomposition's clip.
    private static func writeLayer(_ layer: Layer, into out: inout String, ids: inout Int) {
        let world = layer.world
        let opacity = layer.opacity < 1 ? " opacity=\"\(SVGMarkup.number(layer.opacity))\"" : ""
        switch layer.kind {
        case "precomp":
            guard let children = layer.layers, let size = layer.size else { return }
            ids += 1
            let id = "precomp\(ids)"
            out +=
                "<clipPath id=\"\(id)\"><rect transform=\"\(svgMatrix(world))\" "
                + "width=\"\(SVGMarkup.number(size[0]))\" "
            out += "height=\"\(SVGMarkup.number(size[1]))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#\(id))\"\(opacity)>\n"
            write(children, into: &out, ids: &ids)
            out += "</g>\n"
        case "image":
            guard let image = layer.image, let size = layer.size else { return }
            out += "<image transform=\"\(svgMatrix(world))\" width=\"\(SVGMarkup.number(size[0]))\" "
            out += "height=\"\(SVGMarkup.number(size[1]))\" href=\"\(SVGMarkup.escaped(image))\"\(opacity)/>\n"
        default:
            guard !layer.shapes.isEmpty else { return }
            out += "<g\(opacity)>\n"
            for shape in layer.shapes.reversed() {
                let m = shape.toLayer.concatenating(world)
                var color = SVGMarkup.hex(SIMD4(shape.rgb, 1))
                if let gradient = shape.gradient {
                    ids += 1
                    let id = "gradient\(ids)"
                    out += gradientElement(gradient, id: id)
                    color = "url(#\(id))"
                }
                out += "<path transform=\"\(svgMatrix(m))\" d=\"\(shape.pathData)\" "
                if shape.paint == "fill" {
                    out += "fill=\"\(color)\""
                    if shape.opacity < 1 { out += " fill-opacity=\"\(SVGMarkup.number(shape.opacity))\"" }
                    if shape.fillRule == "evenodd" { out += " fill-rule=\"evenodd\"" }
                } else {
                    out +=
                        "fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(SVGMarkup.number(shape.width ?? 1))\""
                    if shape.opacity < 1 { out += " stroke-opacity=\"\(SVGMarkup.number(shape.opacity))\"" }
                    out +=
                        " stroke-linecap=\"\(shape.lineCap ?? "round")\""
                        + " stroke-linejoin=\"\(shape.lineJoin ?? "round")\""
                    if shape.lineJoin == "miter" {
                        out += " stroke-miterlimit=\"\(SVGMarkup.number(shape.miterLimit ?? 4))\""
                    }
                    if let dashes = shape.dashes, dashes.contains(where: { $0 > 0 }) {
                        out += " stroke-dasharray=\"" + dashes.map(SVGMarkup.number).joined(separator: " ") + "\""
                        if let offset = shape.dashOffset, offset != 0 {
                            out += " stroke-dashoffset=\"\(SVGMarkup.number(offset))\""
                        }
                    }
                }
                out += "/>\n"
            }
            out += "</g>\n"
        }
    }

    /// An SVG gradient in the user space of the path that uses it (its paint coordinates).
    private static func gradientElement(_ g: Gradient, id: String) -> String {
        let n = SVGMarkup.number
        var out: String
        if g.kind == "radial" {
            let dx = g.end[0] - g.start[0], dy = g.end[1] - g.start[1]
            let radius = (dx * dx + dy * dy).squareRoot()
            let focus = g.focalOffset * radius
            out = "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(g.start[0]))\" "
            out += "cy=\"\(n(g.start[1]))\" r=\"\(n(radius))\" fx=\"\(n(g.start[0] + focus.x))\" "
            out += "fy=\"\(n(g.start[1] + focus.y))\">"
        } else {
            out = "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(g.start[0]))\" "
            out += "y1=\"\(n(g.start[1]))\" x2=\"\(n(g.end[0]))\" y2=\"\(n(g.end[1]))\">"
        }
        for stop in g.stops {
            out += "<stop offset=\"\(n(stop[0]))\" stop-color=\"\(SVGMarkup.hex(SIMD4(stop[1], stop[2], stop[3], 1)))\""
            if stop[4] < 1 { out += " stop-opacity=\"\(n(stop[4]))\"" }
            out += "/>"
        }
        return out + (g.kind == "radial" ? "</radialGradient>\n" : "</linearGradient>\n")
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
