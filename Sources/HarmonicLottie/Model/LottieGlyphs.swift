import Harmonic
import HarmonicJSON

/// The fonts a file names (`fonts.list`) and the glyph outlines it carries for them (`chars`),
/// which text layers are drawn with: a glyph is shape items in the units of a 100-pixel font,
/// its baseline at y = 0 (y grows downwards, so the outline lies mostly at negative y), and its
/// advance width `w` at that size.
///
/// A file without `chars` names fonts to be loaded by the player (a system font, a CSS or font
/// file URL); Harmonic draws no text from those, and reports each text layer that needs them.
///
/// Source: the Lottie format, "Text" — font list and character data
/// (lottiefiles.github.io/lottie-docs/text).
final class LottieGlyphs: Sendable {
    /// One entry of `fonts.list`.
    struct Font: Sendable {
        var family: String
        var style: String
        /// The ascent (`ascent`) in percent of the font size: how far box text's first baseline
        /// lies below the top of its box.
        var ascent: Double
    }

    /// One entry of `chars`.
    struct Glyph: Sendable {
        /// The advance width at a font size of 100 (`w`).
        var advance: Double
        var shapes: [LottieShape]
    }

    private struct Key: Hashable {
        var character: String
        var family: String
        var style: String
    }

    /// Fonts by name (`fName`, which text documents refer to by `f`).
    let fonts: [String: Font]
    private let glyphs: [Key: Glyph]
    /// Whether the file carries any glyph outline.
    var hasGlyphs: Bool { !glyphs.isEmpty }

    static let none = LottieGlyphs()

    private init() {
        fonts = [:]
        glyphs = [:]
    }

    /// Reads `fonts` and `chars` (either may be absent).
    init(fonts json: JSONValue?, chars: JSONValue?, context: LottieReadContext) throws(HarmonicError) {
        var fonts: [String: Font] = [:]
        if let json {
            guard case let .object(m) = json, case let .array(list) = m["list"] ?? .array([]) else {
                throw .invalidParameter(name: "fonts", value: json.summary, allowed: "an object with a list of fonts")
            }
            for (i, item) in list.enumerated() {
                let path = "fonts.list[\(i)]"
                guard case let .object(f) = item, case let .string(name)? = f["fName"] else {
                    throw .invalidParameter(
                        name: "\(path).fName", value: item.summary, allowed: "a font with a name (fName)")
                }
                var ascent = 0.0
                if let a = f["ascent"] {
                    guard case let .number(n) = a, n.isFinite else {
                        throw .invalidParameter(name: "\(path).ascent", value: a.summary, allowed: "a finite number")
                    }
                    ascent = n
                }
                fonts[name] = Font(family: Self.string(f["fFamily"]), style: Self.string(f["fStyle"]), ascent: ascent)
            }
        }
        var glyphs: [Key: Glyph] = [:]
        if let chars {
            guard case let .array(items) = chars else {
                throw .invalidParameter(name: "chars", value: chars.summary, allowed: "a list of characters")
            }
            for (i, item) in items.enumerated() {
                let path = "chars[\(i)]"
                guard case let .object(c) = item, case let .string(character)? = c["ch"] else {
                    throw .invalidParameter(name: "\(path).ch", value: item.summary, allowed: "a character string")
                }
                guard case let .number(w)? = c["w"], w.isFinite else {
                    throw .invalidParameter(
                        name: "\(path).w", value: c["w"]?.summary ?? "missing", allowed: "a finite advance width")
                }
                var shapes: [LottieShape] = []
                if case let .object(data)? = c["data"] {
                    if data["refId"] != nil {
                        // A glyph drawn by a precomposition (Lottie's "character precomp").
                        context.unsupported("\(path).data", "text.glyphPrecomp")
                    } else {
                        shapes = try LottieShape.list(data["shapes"], path: "\(path).data.shapes", context: context)
                    }
                }
                let key = Key(character: character, family: Self.string(c["fFamily"]), style: Self.string(c["style"]))
                glyphs[key] = Glyph(advance: w, shapes: shapes)
            }
        }
        self.fonts = fonts
        self.glyphs = glyphs
    }

    /// The glyph of `character` in `font`, matched by family and style as the file gives them.
    func glyph(_ character: String, in font: Font) -> Glyph? {
        glyphs[Key(character: character, family: font.family, style: font.style)]
    }

    private static func string(_ v: JSONValue?) -> String {
        if case let .string(s)? = v { return s }
        return ""
    }
}
