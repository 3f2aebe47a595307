import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Text layers drawn with the glyphs a file carries: placement by advance, tracking, lines,
/// justification, box wrapping, document holds, fill and stroke, caps, what is reported, bad
/// input, and the engine playing them.
///
/// The glyphs are rectangles, so every placement has a closed form: glyph `I` is the box
/// x 5…25, y −70…0 with advance 40, `L` x 5…50, y −30…0 with advance 60, and the space has no
/// outline and advance 30 (all at a font size of 100).
@Suite("Lottie: text")
struct LottieTextTests {
    typealias F = LottieTestFiles

    static func glyph(_ character: String, advance: Double, box: (Double, Double, Double)?) -> [String: Any] {
        var shapes: [[String: Any]] = []
        if let (x0, x1, top) = box {
            let outline: [String: Any] = [
                "c": true, "v": [[x0, 0], [x1, 0], [x1, -top], [x0, -top]], "i": Array(repeating: [0, 0], count: 4),
                "o": Array(repeating: [0, 0], count: 4),
            ]
            shapes = [["ty": "gr", "it": [["ty": "sh", "ks": F.value(outline)]]]]
        }
        return [
            "ch": character, "size": 100, "style": "Regular", "fFamily": "Box", "w": advance,
            "data": ["shapes": shapes],
        ]
    }

    static var glyphs: [String: Any] {
        [
            "fonts": ["list": [["fName": "Box-Regular", "fFamily": "Box", "fStyle": "Regular", "ascent": 70]]],
            "chars": [
                glyph("I", advance: 40, box: (5, 25, 70)), glyph("L", advance: 60, box: (5, 50, 30)),
                glyph(" ", advance: 30, box: nil),
            ],
        ]
    }

    /// A text document: size 50 unless `extra` says otherwise, red fill.
    static func document(_ text: String, frame: Double = 0, _ extra: [String: Any] = [:]) -> [String: Any] {
        ["t": frame, "s": ["t": text, "f": "Box-Regular", "s": 50, "fc": [1, 0, 0]].merging(extra) { $1 }]
    }

    static func textLayer(_ documents: [[String: Any]], position: [Double] = [0, 0], extra: [String: Any] = [:])
        -> [String: Any]
    {
        [
            "ty": 5, "ind": 1, "nm": "text", "ip": 0, "op": 100, "st": 0, "sr": 1,
            "ks": F.transform(position: position),
            "t": ["d": ["k": documents], "p": [:], "m": ["g": 1, "a": F.value([0, 0])], "a": []],
        ].merging(extra) { $1 }
    }

    static func file(_ documents: [[String: Any]], position: [Double] = [0, 0], glyphs: [String: Any] = glyphs)
        -> String
    {
        F.animation(layers: [textLayer(documents, position: position)], extra: glyphs)
    }

    /// Each subpath's bounds `[x0, y0, x1, y1]`, in order, from a paint's path data.
    static func boxes(_ shape: LottieFrame.Shape) -> [[Double]] {
        shape.geometry.subpaths.map { subpath in
            let path = LottieGeometry(subpaths: [subpath]).svgPathData
            let numbers = path.split { !"-0123456789.e".contains($0) }.compactMap { Double($0) }
            let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            return [xs.min()!, ys.min()!, xs.max()!, ys.max()!]
        }
    }

    static func paints(_ text: String, at frame: Double = 0) throws -> [LottieFrame.Shape] {
        try F.load(text).frame(at: frame).layers[0].shapes
    }

    static func expectBoxes(
        _ got: [[Double]], _ expected: [[Double]], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(got.count == expected.count, "\(got)", sourceLocation: sourceLocation)
        for (g, e) in zip(got, expected) {
            #expect(zip(g, e).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(g) ≠ \(e)", sourceLocation: sourceLocation)
        }
    }

    @Test func glyphsAdvanceByWidthAndTracking() throws {
        // Size 50 halves the glyphs; tracking 200/1000 em = 10 px after each character.
        let paints = try Self.paints(Self.file([Self.document("IL", ["tr": 200])]))
        #expect(paints.map(\.paint) == ["fill"])
        #expect(paints[0].color == [1, 0, 0])
        #expect(paints[0].fillRule == "nonzero")
        Self.expectBoxes(Self.boxes(paints[0]), [[2.5, -35, 12.5, 0], [32.5, -15, 55, 0]])
    }

    @Test func linesJustifyOnTheirOwnWidths() throws {
        // Centred: "IL I" is 20 + 30 + 15 + 20 = 85 wide, so it starts at −42.5; the second
        // line, "I", at −10. Baselines at 0 and the line height 60, raised by the shift 5.
        let centred = try Self.paints(Self.file([Self.document("IL I\rI", ["j": 2, "lh": 60, "ls": 5])]))
        Self.expectBoxes(
            Self.boxes(centred[0]),
            [[-40, -40, -30, -5], [-20, -20, 2.5, -5], [25, -40, 35, -5], [-7.5, 20, 2.5, 55]])
        // Right-justified: a trailing space does not count, so "IL " ends at 0.
        let right = try Self.paints(Self.file([Self.document("IL \rI", ["j": 1])]))
        // The default line height is 1.2 × 50 = 60.
        Self.expectBoxes(
            Self.boxes(right[0]), [[-47.5, -35, -37.5, 0], [-27.5, -15, -5, 0], [-17.5, 25, -7.5, 60]])
    }

    @Test func boxTextWrapsAtSpacesAndPlacesLinesInTheBox() throws {
        // A box 60 wide at (10, 20): "IL IL" (115) wraps at the space into two lines of 50,
        // centred at 10 + (60 − 50)/2 = 15; the first baseline at 20 + 70 % of 50 = 55.
        let words = try Self.paints(
            Self.file([Self.document("IL IL", ["j": 2, "sz": [60, 200], "ps": [10, 20]])]))
        Self.expectBoxes(
            Self.boxes(words[0]),
            [[17.5, 20, 27.5, 55], [37.5, 40, 60, 55], [17.5, 80, 27.5, 115], [37.5, 100, 60, 115]])
        // A word wider than the box breaks before the character that would pass its edge.
        let word = try Self.paints(Self.file([Self.document("ILIL", ["sz": [60, 200], "ps": [0, 0]])]))
        Self.expectBoxes(
            Self.boxes(word[0]), [[2.5, 0, 12.5, 35], [22.5, 20, 45, 35], [2.5, 60, 12.5, 95], [22.5, 80, 45, 95]])
    }

    @Test func fullJustificationSpreadsWrappedLinesToTheBox() throws {
        // A box 100 wide: "I I I I I" wraps after "I I I" (90 wide), whose two spaces take
        // (100 − 90)/2 = 5 more each; "I I" ends the paragraph, "I I I" the text. Baselines at
        // 0.7 × 50 = 35, then every 60.
        func glyphs(_ j: Int) throws -> [[Double]] {
            Self.boxes(
                try Self.paints(
                    Self.file([Self.document("I I I I I\rI I I", ["j": j, "sz": [100, 300], "ps": [0, 0]])]))[0])
        }
        func row(_ y: Double, _ xs: [Double]) -> [[Double]] { xs.map { [$0 + 2.5, y - 35, $0 + 12.5, y] } }
        let spread = row(35, [0, 40, 80])
        // Last lines left (3), right (4: 100 − 55 = 45, 100 − 90 = 10), centred (5), spread (6).
        Self.expectBoxes(try glyphs(3), spread + row(95, [0, 35]) + row(155, [0, 35, 70]))
        Self.expectBoxes(try glyphs(4), spread + row(95, [45, 80]) + row(155, [10, 45, 80]))
        Self.expectBoxes(try glyphs(5), spread + row(95, [22.5, 57.5]) + row(155, [5, 40, 75]))
        Self.expectBoxes(try glyphs(6), spread + row(95, [0, 80]) + row(155, [0, 40, 80]))
        // Drawn, not reported.
        let file = try F.load(Self.file([Self.document("I I", ["j": 6, "sz": [100, 300], "ps": [0, 0]])]))
        #expect(!file.unsupported.contains { $0.feature == "text.fullJustification" })
    }

    @Test func documentsHoldUntilTheNextKeyframe() throws {
        let text = Self.file([Self.document("I"), Self.document("LL", frame: 10, ["fc": [0, 0, 1]])])
        let before = try Self.paints(text, at: 9.999)
        let at = try Self.paints(text, at: 10)
        #expect(Self.boxes(before[0]).count == 1 && before[0].color == [1, 0, 0])
        #expect(Self.boxes(at[0]).count == 2 && at[0].color == [0, 0, 1])
        // Before the first keyframe, the first document.
        let early = try Self.paints(Self.file([Self.document("I", frame: 5), Self.document("L", frame: 10)]), at: 0)
        Self.expectBoxes(Self.boxes(early[0]), [[2.5, -35, 12.5, 0]])
    }

    @Test func strokeIsDrawnOverOrUnderTheFill() throws {
        let over = try Self.paints(Self.file([Self.document("I", ["sc": [0, 0, 1], "sw": 4, "of": true])]))
        // Paints are listed topmost first.
        #expect(over.map(\.paint) == ["stroke", "fill"])
        #expect(over[0].color == [0, 0, 1] && over[0].width == 4)
        #expect(over[0].lineJoin == "miter" && over[0].lineCap == "butt" && over[0].miterLimit == 4)
        let under = try Self.paints(Self.file([Self.document("I", ["sc": [0, 0, 1], "sw": 4, "of": false])]))
        #expect(under.map(\.paint) == ["fill", "stroke"])
        // No fill colour: the stroke alone; neither: nothing.
        let outline = try Self.paints(
            Self.file([["t": 0, "s": ["t": "I", "f": "Box-Regular", "s": 50, "sc": [0, 0, 1], "sw": 2]]]))
        #expect(outline.map(\.paint) == ["stroke"])
        let bare = try Self.paints(Self.file([["t": 0, "s": ["t": "I", "f": "Box-Regular", "s": 50]]]))
        #expect(bare.isEmpty)
    }

    @Test func capsChooseUppercaseGlyphs() throws {
        let caps = try F.load(Self.file([Self.document("li", ["ca": 1])]))
        Self.expectBoxes(
            Self.boxes(caps.frame(at: 0).layers[0].shapes[0]), [[2.5, -15, 25, 0], [32.5, -35, 42.5, 0]])
        #expect(!caps.unsupported.contains { $0.feature == "text.glyph" })
        // Small caps: the uppercase glyph at 70 %, reported.
        let small = try F.load(Self.file([Self.document("iI", ["ca": 2])]))
        Self.expectBoxes(
            Self.boxes(small.frame(at: 0).layers[0].shapes[0]), [[1.75, -24.5, 8.75, 0], [16.5, -35, 26.5, 0]])
        #expect(small.unsupported.contains { $0.path == "layers[0].t.d.k[0].s.ca" && $0.feature == "text.smallCaps" })
        // As written, the file has no lowercase glyphs: nothing is drawn for them, and that is reported.
        let plain = try F.load(Self.file([Self.document("li")]))
        #expect(plain.frame(at: 0).layers[0].shapes.first.map(Self.boxes)?.isEmpty ?? true)
        #expect(plain.unsupported.contains { $0.path == "layers[0].t.d.k[0].s.t" && $0.feature == "text.glyph" })
    }

    @Test func whatIsNotDrawnIsReported() throws {
        var layer = Self.textLayer([Self.document("I", ["j": 3])])
        layer["t"] = [
            "d": ["k": [Self.document("I", ["j": 3])]], "p": ["m": 0], "m": ["g": 1, "a": F.value([0, 0])],
            "a": [["s": [:], "a": [:]]],
        ]
        let a = try F.load(F.animation(layers: [layer], extra: Self.glyphs))
        let listed = Set(a.unsupported.map { "\($0.path) \($0.feature)" })
        for entry in ["layers[0].t.a text.animators", "layers[0].t.p text.onPath"] {
            #expect(listed.contains(entry), "\(listed)")
        }
        Self.expectBoxes(Self.boxes(a.frame(at: 0).layers[0].shapes[0]), [[2.5, -35, 12.5, 0]])
        // A font with no glyphs in the file (one the player would load) draws nothing, reported.
        let fontOnly = try F.load(Self.file([Self.document("I")], glyphs: ["fonts": Self.glyphs["fonts"]!]))
        #expect(fontOnly.frame(at: 0).layers[0].shapes.isEmpty)
        #expect(fontOnly.unsupported.contains { $0.path == "layers[0].t.d.k[0].s.f" && $0.feature == "text.font" })
        #expect(fontOnly.features.contains("layer.text"))
    }

    /// Read strictly (leniently, each is a warning at the same path and the text is left out).
    @Test func malformedTextNamesItsPath() {
        let cases: [(String, String)] = [
            (Self.file([["t": 0, "s": ["f": "Box-Regular", "s": 50]]]), "layers[0].t.d.k[0].s.t"),
            (Self.file([Self.document("I", ["s": -1])]), "layers[0].t.d.k[0].s.s"),
            (Self.file([Self.document("I", ["j": 9])]), "layers[0].t.d.k[0].s.j"),
            (Self.file([Self.document("I", ["fc": [1, 0]])]), "layers[0].t.d.k[0].s.fc"),
            (Self.file([Self.document("I", frame: 5), Self.document("L", frame: 2)]), "layers[0].t.d.k[1].t"),
            (Self.file([]), "layers[0].t.d.k"),
            (Self.file([Self.document("I")], glyphs: ["chars": 3]), "chars"),
            (Self.file([Self.document("I")], glyphs: ["chars": [["ch": "I", "data": [:]]]]), "chars[0].w"),
            (Self.file([Self.document("I")], glyphs: ["fonts": ["list": [["ascent": 1]]]]), "fonts.list[0].fName"),
        ]
        for (text, path) in cases {
            let message: String
            do {
                _ = try LottieAnimation(json: text, strict: true)
                message = "accepted"
            } catch {
                message = "\(error)"
            }
            #expect(message != "accepted" && message.contains(path), "\(path): \(message)")
        }
    }

    @Test func theEnginePlaysTextDocumentsAsDirectEvaluationDrawsThem() throws {
        let documents = [
            Self.document("IL", ["sc": [0, 0, 1], "sw": 3, "of": true]),
            Self.document("L I", frame: 10, ["fc": [0, 0.6, 0], "j": 2]),
            Self.document("I\rIL", frame: 20, ["j": 1, "lh": 40]),
        ]
        let text = Self.file(documents, position: [100, 60])
        let scene = try F.load(text).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        let frames: [Double] = [0, 9, 10, 15, 19, 20, 30]
        for gap in try LottieEngineSceneTests.gaps(text, frames: frames) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees a wrong document: the engine playing the first one throughout.
        let wrong = Self.file([documents[0]], position: [100, 60])
        let missed = try LottieEngineSceneTests.gaps(text, played: wrong, frames: [10, 20])
        #expect(missed.allSatisfy { $0.coverage > 0.005 }, "\(missed)")
    }
}
