/// Where each glyph of a Lottie text document goes: lines, word wrapping in a text box,
/// tracking, justification and baseline shift, in the text layer's space (pixels, y down).
///
/// A glyph of character `c` advances the pen by `w·s/100` (its advance width `w` at a font
/// size of 100, the document's size `s`) plus the tracking `tr·s/1000` (`tr` in thousandths of
/// an em). A line's width runs from its start to the end of its last character that is not a
/// space: `Σ (advance + tracking) − tracking` over the characters up to it, so trailing spaces
/// and the last tracking do not count. Lines break at `\r`, `\n` and `\u{3}` (After Effects
/// writes `\r`).
///
/// - *Point text* (no box): line `i`'s baseline is at `y = i·lh − ls` (line height `lh`, 1.2·s
///   when 0; baseline shift `ls`, upwards), and the line starts at `x = 0` (left, `j` 0),
///   `−width` (right, 1) or `−width/2` (centre, 2).
/// - *Box text* (`sz` size and `ps` position): lines wrap greedily: a character that would end
///   past the box's width starts a new line at the last space of the line (the space dropped),
///   or, with no space, at itself. The first baseline is at `ps.y + ascent·s/100` (the font's
///   ascent in percent of the size); lines are placed in the box's width: from `ps.x`, at
///   `ps.x + (W − width)` or at `ps.x + (W − width)/2`. The box does not clip.
///
/// Full justification (`j` 3–6, box text): every line that wrapping ended is spread to the
/// box's width — the room left, `W − width`, shared equally among the spaces between its
/// words — and each paragraph's last line (ended by a break or the text's end) is placed left
/// (`j` 3), right (4) or centred (5), or spread too (6). A line with no space between words
/// keeps its place at the left. Point text has no width to fill: it is placed left.
///
/// All caps (`ca` 1) draws uppercase glyphs; small caps (`ca` 2) draws a lowercase letter as
/// its uppercase glyph at 70 % (ThorVG's rule; After Effects' small-caps scale depends on the
/// font), reported.
///
/// Sources: the Lottie format, "Text" (lottiefiles.github.io/lottie-docs/text); lottie-web's
/// text layout (`TextProperty.completeTextData`, `TextAnimatorProperty`), whose rules these
/// are, and ThorVG's, which places point text the same way.
struct LottieTextLayout {
    /// A text document's layout settings.
    struct Style {
        /// Font size `s`, pixels.
        var size: Double
        /// Tracking `tr`, thousandths of an em.
        var tracking = 0.0
        /// Line height `lh`, pixels; 0 for 1.2·size.
        var lineHeight = 0.0
        /// Baseline shift `ls`, pixels upwards.
        var baselineShift = 0.0
        /// `j`: 0 left, 1 right, 2 centre; full justification with the last line 3 left,
        /// 4 right, 5 centred, 6 spread.
        var justification = 0
        /// `ca`: 0 as written, 1 all caps, 2 small caps.
        var caps = 0
        /// A text box: its top-left corner `ps` and size `sz`.
        var box: (position: SIMD2<Double>, size: SIMD2<Double>)? = nil
    }

    /// One glyph drawn: its outline scaled by `scale` about the pen position `origin`, the
    /// baseline's point where the glyph starts.
    struct Placement {
        var glyph: LottieGlyphs.Glyph
        var origin: SIMD2<Double>
        var scale: Double
    }

    /// The smaller size of small caps, relative to the font size.
    static let smallCapsScale = 0.7

    private struct Item {
        var glyph: LottieGlyphs.Glyph?
        var advance: Double
        var scale: Double
        var isSpace: Bool
    }

    /// The glyphs of `text` in `font`, placed; `missing` lists the characters the file has no
    /// glyph for (drawn as nothing, advancing by nothing).
    static func place(_ text: String, style: Style, font: LottieGlyphs.Font, glyphs: LottieGlyphs)
        -> (placements: [Placement], missing: [String])
    {
        let em = style.size / 100
        let tracking = style.tracking * style.size / 1000
        var missing: [String] = []
        var lines: [[Item]] = [[]]
        for character in text {
            if character == "\r" || character == "\n" || character == "\r\n" || character == "\u{3}" {
                lines.append([])
                continue
            }
            var name = String(character)
            var scale = em
            if style.caps != 0, name.uppercased() != name {
                name = name.uppercased()
                if style.caps == 2 { scale *= smallCapsScale }
            }
            let glyph = glyphs.glyph(name, in: font)
            if glyph == nil, !missing.contains(name) { missing.append(name) }
            lines[lines.count - 1].append(
                Item(glyph: glyph, advance: (glyph?.advance ?? 0) * scale, scale: scale, isSpace: character == " "))
        }
        // Whether each line ends its paragraph (a break or the text's end), not wrapping.
        var endsParagraph = Array(repeating: true, count: lines.count)
        if let box = style.box {
            let wrapped = lines.map { wrap($0, width: box.size.x, tracking: tracking) }
            lines = wrapped.flatMap { $0 }
            endsParagraph = wrapped.flatMap { parts in parts.indices.map { $0 == parts.count - 1 } }
        }

        let lineHeight = style.lineHeight != 0 ? style.lineHeight : 1.2 * style.size
        var top = SIMD2<Double>(0, -style.baselineShift)
        if let box = style.box { top += SIMD2(box.position.x, box.position.y + font.ascent * em) }
        var placements: [Placement] = []
        for (row, line) in lines.enumerated() {
            let width = self.width(line, tracking: tracking)
            // Full justification: which rule this line follows (the last line of a paragraph
            // its own), and the room spread among its spaces.
            var rule = style.justification
            var spread = 0.0
            if let box = style.box, rule >= 3 {
                let last = endsParagraph[row]
                if !last || rule == 6 {
                    let gaps = interiorSpaces(line)
                    if gaps > 0, box.size.x > width { spread = (box.size.x - width) / Double(gaps) }
                    rule = 0
                } else {
                    rule -= 3
                }
            }
            var x: Double
            switch (rule, style.box) {
            case (1, nil): x = -width
            case (2, nil): x = -width / 2
            case let (1, box?): x = box.size.x - width
            case let (2, box?): x = (box.size.x - width) / 2
            default: x = 0
            }
            let y = Double(row) * lineHeight
            let end = lastVisible(line)
            for (i, item) in line.enumerated() {
                if let glyph = item.glyph, !glyph.shapes.isEmpty {
                    placements.append(Placement(glyph: glyph, origin: top + SIMD2(x, y), scale: item.scale))
                }
                x += item.advance + tracking
                if item.isSpace, let end, i < end { x += spread }
            }
        }
        return (placements, missing)
    }

    /// The index of a line's last character that is not a space.
    private static func lastVisible(_ line: [Item]) -> Int? { line.lastIndex { !$0.isSpace } }

    /// The spaces between a line's words: those before its last character that is not a space.
    private static func interiorSpaces(_ line: [Item]) -> Int {
        guard let end = lastVisible(line) else { return 0 }
        return line[..<end].filter(\.isSpace).count
    }

    /// A line's width: to the end of its last character that is not a space.
    private static func width(_ line: [Item], tracking: Double) -> Double {
        var pen = 0.0
        var width = 0.0
        for item in line {
            if !item.isSpace { width = pen + item.advance }
            pen += item.advance + tracking
        }
        return width
    }

    /// `line` broken into lines no wider than `width` where it can be: a character that would
    /// end past `width` starts a new line at the line's last space (dropped) or at itself; a
    /// line's first character always stays.
    private static func wrap(_ line: [Item], width: Double, tracking: Double) -> [[Item]] {
        var out: [[Item]] = []
        var start = 0
        var i = 0
        var pen = 0.0
        var lastSpace: Int? = nil
        while i < line.count {
            let item = line[i]
            if item.isSpace { lastSpace = i }
            if !item.isSpace, i > start, pen + item.advance > width {
                if let space = lastSpace {
                    out.append(Array(line[start..<space]))
                    start = space + 1
                } else {
                    out.append(Array(line[start..<i]))
                    start = i
                }
                i = start
                pen = 0
                lastSpace = nil
                continue
            }
            pen += item.advance + tracking
            i += 1
        }
        out.append(Array(line[start...]))
        return out
    }
}
