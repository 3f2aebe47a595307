import Harmonic
import HarmonicJSON

/// A text layer's content (`t`): its text documents, each laid out once, when the file is read,
/// into shape items — one group per glyph (the glyph's outline from `chars`, moved to its pen
/// position and scaled to the font size, see ``LottieTextLayout``), then the document's fill
/// and stroke — so that a text layer is drawn, exported and played exactly as a shape layer
/// with those items is.
///
/// Text documents (`t.d.k`) change only by holds: the document of keyframe `k` shows from its
/// frame `t` up to the next keyframe's. A document gives the text (`t`), font name (`f`), size
/// (`s`), justification (`j`), tracking (`tr`), line height (`lh`), baseline shift (`ls`),
/// caps (`ca`), fill colour (`fc`, RGB in 0…1; no fill without it), stroke colour and width
/// (`sc`, `sw`; no stroke without both), whether the stroke is drawn over the fill (`of`), and
/// for box text the box's size and position (`sz`, `ps`).
///
/// The fill covers every glyph with the non-zero rule. The stroke is After Effects' default
/// for text — miter joins (limit 4), butt caps — centred on the outline, over all fills when
/// `of` is true and under them otherwise (After Effects can also order fill and stroke glyph by
/// glyph, which differs only where glyphs overlap).
///
/// Reported, the rest drawn: text animators (`t.a`, which move, turn and colour characters by
/// range), text on a path (`t.p`), small caps (see ``LottieTextLayout``), characters without
/// a glyph, and text whose font the file carries no glyphs for (a font to be loaded by the
/// player, which Harmonic does not do).
///
/// Source: the Lottie format, "Text" (lottiefiles.github.io/lottie-docs/text).
struct LottieText: Sendable {
    struct Document: Sendable {
        /// The layer frame from which the document shows.
        var frame: Double
        var shapes: [LottieShape]
    }

    /// In frame order; at least one.
    let documents: [Document]

    /// The shape items at layer frame `frame`: the last document whose frame is at or before
    /// it, the first before any.
    func shapes(at frame: Double) -> [LottieShape] { documents[documentIndex(at: frame)].shapes }

    /// The index of the document showing at layer frame `frame`.
    func documentIndex(at frame: Double) -> Int {
        var low = 0
        var high = documents.count - 1
        // The last index whose frame is ≤ `frame` (0 when none is).
        while low < high {
            let mid = (low + high + 1) / 2
            if documents[mid].frame <= frame { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Reads `t` of the text layer at JSON path `layerPath`.
    init(_ json: JSONValue?, layerPath: String, context: LottieReadContext) throws(HarmonicError) {
        let path = "\(layerPath).t"
        guard case let .object(t)? = json else {
            throw .invalidParameter(name: path, value: json?.summary ?? "missing", allowed: "a text data object")
        }
        guard case let .object(d)? = t["d"], case let .array(keys)? = d["k"], !keys.isEmpty else {
            throw .invalidParameter(
                name: "\(path).d.k", value: t["d"]?.summary ?? "missing", allowed: "a list of text document keyframes")
        }
        guard keys.count <= KeyframeTimeline.maximumKeyframes else {
            throw .invalidParameter(
                name: "\(path).d.k", value: "\(keys.count) keyframes",
                allowed: "at most \(KeyframeTimeline.maximumKeyframes)")
        }
        if d["x"] != nil { context.unsupported("\(path).d.x", "expression") }
        if case let .array(animators)? = t["a"], !animators.isEmpty {
            context.unsupported("\(path).a", "text.animators")
        }
        if case let .object(p)? = t["p"], p["m"] != nil { context.unsupported("\(path).p", "text.onPath") }
        var documents: [Document] = []
        for (i, key) in keys.enumerated() {
            let keyPath = "\(path).d.k[\(i)]"
            guard case let .object(k) = key, case let .object(s)? = k["s"] else {
                throw .invalidParameter(name: "\(keyPath).s", value: key.summary, allowed: "a text document")
            }
            var frame = 0.0
            if let tv = k["t"] {
                guard case let .number(n) = tv, n.isFinite else {
                    throw .invalidParameter(name: "\(keyPath).t", value: tv.summary, allowed: "a finite frame")
                }
                frame = n
            }
            if let previous = documents.last?.frame, frame < previous {
                throw .invalidParameter(
                    name: "\(keyPath).t", value: "\(frame)", allowed: "a frame at or after \(previous) (in order)")
            }
            documents.append(
                Document(frame: frame, shapes: try Self.shapes(s, path: "\(keyPath).s", context: context)))
        }
        self.documents = documents
    }

    /// One document laid out into shape items.
    private static func shapes(_ s: [String: JSONValue], path: String, context: LottieReadContext)
        throws(HarmonicError) -> [LottieShape]
    {
        func number(_ key: String, _ fallback: Double? = nil, _ allowed: ClosedRange<Double>? = nil)
            throws(HarmonicError) -> Double
        {
            guard let v = s[key] else {
                if let fallback { return fallback }
                throw .invalidParameter(name: "\(path).\(key)", value: "missing", allowed: "a number")
            }
            guard case let .number(n) = v, n.isFinite, allowed?.contains(n) ?? true else {
                let range = allowed.map { "a number in \($0.lowerBound)...\($0.upperBound)" } ?? "a finite number"
                throw .invalidParameter(name: "\(path).\(key)", value: v.summary, allowed: range)
            }
            return n
        }
        func numbers(_ key: String, counts: Set<Int>) throws(HarmonicError) -> [Double]? {
            guard let v = s[key] else { return nil }
            guard case let .array(items) = v, counts.contains(items.count) else {
                throw .invalidParameter(
                    name: "\(path).\(key)", value: v.summary,
                    allowed: "a list of \(counts.sorted().map(String.init).joined(separator: " or ")) numbers")
            }
            var out: [Double] = []
            for (i, item) in items.enumerated() {
                guard case let .number(n) = item, n.isFinite else {
                    throw .invalidParameter(
                        name: "\(path).\(key)[\(i)]", value: item.summary, allowed: "a finite number")
                }
                out.append(n)
            }
            return out
        }
        guard case let .string(text)? = s["t"] else {
            throw .invalidParameter(
                name: "\(path).t", value: s["t"]?.summary ?? "missing", allowed: "the text, a string")
        }
        guard case let .string(fontName)? = s["f"] else {
            throw .invalidParameter(name: "\(path).f", value: s["f"]?.summary ?? "missing", allowed: "a font name")
        }
        var style = LottieTextLayout.Style(size: try number("s", nil, 0...1e6))
        style.tracking = try number("tr", 0)
        style.lineHeight = try number("lh", 0)
        style.baselineShift = try number("ls", 0)
        // Int: a whole number in 0…6, by the range checked.
        style.justification = Int(try number("j", 0, 0...6).rounded(.down))
        // Int: a whole number in 0…2, by the range checked.
        style.caps = Int(try number("ca", 0, 0...2).rounded(.down))
        if let size = try numbers("sz", counts: [2]) {
            let position = try numbers("ps", counts: [2]) ?? [0, 0]
            style.box = (SIMD2(position[0], position[1]), SIMD2(max(size[0], 0), max(size[1], 0)))
        }
        if style.caps == 2 { context.unsupported("\(path).ca", "text.smallCaps") }
        let fill = try numbers("fc", counts: [3, 4])
        let strokeColor = try numbers("sc", counts: [3, 4])
        let strokeWidth = try number("sw", 0, 0...1e6)
        let strokeOverFill = s["of"] == .bool(true) || s["of"] == .number(1)

        let glyphs = context.glyphs
        guard let font = glyphs.fonts[fontName], glyphs.hasGlyphs else {
            context.unsupported("\(path).f", "text.font")
            return []
        }
        let (placements, missing) = LottieTextLayout.place(text, style: style, font: font, glyphs: glyphs)
        if !missing.isEmpty { context.unsupported("\(path).t", "text.glyph") }

        var items: [LottieShape] = []
        for p in placements {
            let json = JSONValue.object([
                "p": fixed([p.origin.x, p.origin.y]), "s": fixed([100 * p.scale, 100 * p.scale]),
            ])
            items.append(.group(p.glyph.shapes, try LottieTransform(json, path: "\(path).t", context: context)))
        }
        var paints: [LottieShape] = []
        if let fill {
            paints.append(
                .fill(
                    try LottieFill(
                        ["c": fixed(Array(fill.prefix(3)) + [1]), "o": fixed([100]), "r": .number(1)],
                        path: "\(path).fc",
                        context: context)))
        }
        if let strokeColor, strokeWidth > 0 {
            let stroke = LottieShape.stroke(
                try LottieStroke(
                    [
                        "c": fixed(Array(strokeColor.prefix(3)) + [1]), "o": fixed([100]), "w": fixed([strokeWidth]),
                        "lc": .number(1), "lj": .number(1), "ml": .number(4),
                    ], path: "\(path).sc", context: context))
            // The first item of a list is drawn on top.
            if strokeOverFill { paints.insert(stroke, at: 0) } else { paints.append(stroke) }
        }
        items += paints
        return paints.isEmpty ? [] : items
    }

    /// A static property's JSON (`{"a": 0, "k": …}`).
    private static func fixed(_ values: [Double]) -> JSONValue {
        .object(["a": .number(0), "k": .array(values.map(JSONValue.number))])
    }
}
