import Harmonic

/// A display list written as one SVG document: groups as `<g>` elements with their effects,
/// masks, clips, gradients and filters as definitions numbered in the order met.
extension DisplayList {
    /// The SVG document: `width` × `height` showing `viewBox` (`x y w h`), definitions first.
    package func svg(width: Double, height: Double, viewBox: String, declaration: Bool = false) -> String {
        var writer = Writer()
        // One buffer: the body written straight after the opening tag, the definitions (found
        // while writing it) moved in before it at the end.
        var text = SVGText(capacity: estimatedLength + 512)
        if declaration { text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" }
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
        text.append(number: width)
        text += "\" height=\""
        text.append(number: height)
        text += "\" viewBox=\""
        text += viewBox
        text += "\">\n"
        let bodyStart = text.count
        writer.write(operations, into: &text)
        text += "</svg>\n"
        if !writer.definitions.isEmpty {
            var definitions = SVGText(capacity: writer.definitions.count + 16)
            definitions += "<defs>\n"
            definitions += writer.definitions
            definitions += "</defs>\n"
            text.insert(definitions, at: bodyStart)
        }
        return text.string
    }

    /// A region far larger than any picture (sizes are at most 100,000 units), for masks,
    /// filters and the areas that start full or are inverted.
    package static let everywhere = "M-1000000 -1000000H1000000V1000000H-1000000Z"
    static let region = "x=\"-1000000\" y=\"-1000000\" width=\"2000000\" height=\"2000000\""

    /// The colour matrices that turn a mask's content into the luminance SVG reads as coverage.
    static let readings: [Mask.Reading: String] = [
        .alpha: "0 0 0 0 1 0 0 0 0 1 0 0 0 0 1 0 0 0 1 0",
        .alphaInverted: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0",
        .luminanceInverted: "-1 0 0 0 1 0 -1 0 0 1 0 0 -1 0 1 0 0 0 1 0",
    ]

    /// Writes operations as SVG: the body in order into the text it is given, each definition
    /// (numbered in the order met) into ``definitions``. Everything is appended in place, as
    /// UTF-8 bytes (``SVGText``), element by element.
    fileprivate struct Writer {
        var definitions = SVGText()
        var next = 0

        mutating func identifier(_ prefix: String) -> String {
            defer { next += 1 }
            return "\(prefix)\(next)"
        }

        mutating func write(_ operations: [Operation], into out: inout SVGText) {
            for operation in operations { write(operation, into: &out) }
        }

        /// The operations as SVG text of their own (their definitions joining ``definitions``).
        mutating func text(_ operations: [Operation]) -> SVGText {
            var out = SVGText()
            write(operations, into: &out)
            return out
        }

        mutating func write(_ operation: Operation, into out: inout SVGText) {
            switch operation {
            case let .begin(group):
                open(group, into: &out)
            case .end:
                out += "</g>\n"
            case let .path(item):
                path(item, into: &out)
            case let .element(name, attributes, text):
                out += "<"
                out += name
                attribute(attributes, into: &out)
                if let text {
                    out += ">"
                    out += SVGMarkup.escaped(text)
                    out += "</"
                    out += name
                    out += ">\n"
                } else {
                    out += "/>\n"
                }
            case let .comment(text):
                out += "<!-- "
                out += text.replacing("--", with: "__")
                out += " -->\n"
            }
        }

        /// ` name="value"` for each pair, the values escaped.
        func attribute(_ pairs: [(String, String)], into out: inout SVGText) {
            for (name, value) in pairs {
                out += " "
                out += name
                out += "=\""
                out += SVGMarkup.escaped(value)
                out += "\""
            }
        }

        mutating func open(_ group: Group, into out: inout SVGText) {
            switch group {
            case let .plain(attributes, _):
                out += "<g"
                attribute(attributes, into: &out)
                out += ">\n"
            case let .masked(mask):
                out += "<g mask=\"url(#\(self.mask(mask)))\">\n"
            case let .clipped(clip):
                let id = identifier("clip")
                definitions += "<clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path"
                attribute([("d", clip.data)] + (clip.transform.map { [("transform", $0)] } ?? []), into: &definitions)
                definitions += "/></clipPath>\n"
                out += "<g clip-path=\"url(#\(id))\">\n"
            case let .filtered(filter):
                out += "<g filter=\"url(#\(self.filter(filter)))\">\n"
            case let .backdrop(blend, below):
                let id = identifier("below")
                let content = text(below)
                definitions += "<g id=\"\(id)\">\n"
                definitions += content
                definitions += "</g>\n"
                definitions += blend.filter(id: "\(id)blend", backdrop: id)
                definitions += "\n"
                out += "<g filter=\"url(#\(id)blend)\">\n"
            }
        }

        /// Writes a mask's definition (and its colour matrix's), returning its identifier.
        mutating func mask(_ mask: Mask) -> String {
            let content = text(mask.content.operations)
            var filter: String?
            if let values = DisplayList.readings[mask.reading] {
                let id = identifier("reading")
                definitions += "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" \(DisplayList.region) "
                definitions += "color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"matrix\" "
                definitions += "values=\"\(values)\"/></filter>\n"
                filter = id
            }
            let id = identifier("mask")
            definitions += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" \(DisplayList.region)>\n"
            // An inverted reading shows what the content leaves out: a white page beneath it.
            if mask.reading == .alphaInverted || mask.reading == .luminanceInverted {
                definitions += "<path d=\"\(DisplayList.everywhere)\" fill=\"#ffffff\"/>\n"
            }
            if let filter { definitions += "<g filter=\"url(#\(filter))\">\n" }
            definitions += content
            if filter != nil { definitions += "</g>\n" }
            definitions += "</mask>\n"
            return id
        }

        mutating func filter(_ filter: Filter) -> String {
            let id = identifier("filter")
            definitions += "<filter id=\"\(id)\" \(filter.region)>\(filter.primitives)</filter>\n"
            return id
        }

        mutating func path(_ item: PathItem, into out: inout SVGText) {
            out += "<path"
            if let transform = item.transform {
                out += " transform=\""
                out += transform
                out += "\""
            }
            // Path data is numbers, commands and separators: nothing to escape.
            out += " d=\""
            out += item.data
            out += "\""
            if let fill = item.fill {
                paint(fill, "fill", into: &out)
                if item.evenOdd { out += " fill-rule=\"evenodd\"" }
            } else {
                out += " fill=\"none\""
            }
            if let stroke = item.stroke {
                paint(stroke.paint, "stroke", into: &out)
                out += " stroke-width=\""
                out.append(number: stroke.width)
                out += "\""
                if let cap = stroke.cap {
                    out += " stroke-linecap=\""
                    out += cap
                    out += "\""
                }
                if let join = stroke.join {
                    out += " stroke-linejoin=\""
                    out += join
                    out += "\""
                }
                if let limit = stroke.miterLimit {
                    out += " stroke-miterlimit=\""
                    out.append(number: limit)
                    out += "\""
                }
                if stroke.dashes.contains(where: { $0 > 0 }) {
                    out += " stroke-dasharray=\""
                    for (k, dash) in stroke.dashes.enumerated() {
                        if k > 0 { out += " " }
                        out.append(number: dash)
                    }
                    out += "\""
                    if stroke.dashOffset != 0 {
                        out += " stroke-dashoffset=\""
                        out.append(number: stroke.dashOffset)
                        out += "\""
                    }
                }
            }
            if let filter = item.filter { out += " filter=\"url(#\(self.filter(filter)))\"" }
            out += "/>\n"
        }

        /// ` fill="…"` (or stroke) and its opacity where below 1.
        mutating func paint(_ p: Paint, _ kind: String, into out: inout SVGText) {
            out += " "
            out += kind
            out += "=\""
            if let g = p.gradient {
                out += "url(#"
                out += gradient(g)
                out += ")\""
            } else {
                out.append(color: p.color)
                out += "\""
            }
            let alpha = Swift.min(Swift.max(p.color.w, 0), 1)
            if alpha < 1 {
                out += " "
                out += kind
                out += "-opacity=\""
                out.append(number: alpha)
                out += "\""
            }
        }

        mutating func gradient(_ g: Gradient) -> String {
            let n = SVGMarkup.number
            let id = identifier("gradient")
            let stops = g.stops.map { s in
                "<stop offset=\"\(n(s.offset))\" stop-color=\"\(SVGMarkup.hex(s.color))\""
                    + (s.color.w < 1 ? " stop-opacity=\"\(n(Swift.max(s.color.w, 0)))\"" : "") + "/>"
            }.joined()
            if let m = g.radial, m.b == 0, m.c == 0, m.a == m.d, m.a > 0 {
                // A circle: its centre, radius and focus in the element's own units, as a
                // rasteriser draws them most directly.
                let f = SIMD2(m.tx, m.ty) + m.a * g.focus
                definitions += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(m.tx))\" "
                definitions +=
                    "cy=\"\(n(m.ty))\" r=\"\(n(m.a))\" fx=\"\(n(f.x))\" fy=\"\(n(f.y))\">\(stops)</radialGradient>\n"
            } else if let m = g.radial {
                let focal = g.focus == .zero ? "" : "fx=\"\(n(g.focus.x))\" fy=\"\(n(g.focus.y))\" "
                definitions +=
                    "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"0\" cy=\"0\" r=\"1\" "
                definitions += focal + "gradientTransform=\"matrix(\(n(m.a)) \(n(m.b)) \(n(m.c)) \(n(m.d)) "
                definitions += "\(n(m.tx)) \(n(m.ty)))\">\(stops)</radialGradient>\n"
            } else {
                definitions += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(g.start.x))\" "
                definitions +=
                    "y1=\"\(n(g.start.y))\" x2=\"\(n(g.end.x))\" y2=\"\(n(g.end.y))\">\(stops)</linearGradient>\n"
            }
            return id
        }
    }
}
