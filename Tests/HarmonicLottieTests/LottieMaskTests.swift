import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Masks and track mattes by pixels of the drawn frame, against After Effects' rules.
@Suite("Lottie: masks and mattes")
struct LottieMaskTests {
    typealias F = LottieTestFiles

    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [String: Any] {
        [
            "c": true, "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "i": Array(repeating: [0, 0], count: 4),
            "o": Array(repeating: [0, 0], count: 4),
        ]
    }

    static func mask(_ mode: String, _ shape: [String: Any], opacity: Double = 100, inverted: Bool = false)
        -> [String: Any]
    {
        ["mode": mode, "pt": F.value(shape), "o": F.value(opacity), "x": F.value(0), "inv": inverted]
    }

    /// A 100 × 100 blue square filling a 100 × 100 composition, with masks; the alpha at points.
    static func alphas(masks: [[String: Any]], at points: [(Int, Int)]) throws -> [Double] {
        let text = F.animation(
            width: 100, height: 100,
            layers: [
                // Layer coordinates are the composition's: masks are drawn where they are written.
                F.shapeLayer(
                    index: 1, transform: F.transform(position: [0, 0]),
                    shapes: [F.rectangle(100, 100, at: [50, 50]), F.fill([0, 0, 1])],
                    extra: ["masksProperties": masks])
            ])
        return try pixels(text, points).map { $0[3] }
    }

    static func pixels(_ text: String, _ points: [(Int, Int)]) throws -> [[Double]] {
        let a = try F.load(text)
        let image = try SVGRasterizer.pixels(
            svg: a.frame(at: 0).svg(), width: 100, height: 100, scale: 1, transparent: true)
        return points.map { (x, y) in
            (0..<4).map { Double(image.rgba[(y * 100 + x) * 4 + $0]) / 255 }
        }
    }

    @Test func maskModesInOrder() throws {
        let inside = (50, 50), hole = (45, 45), outside = (5, 5), half = (85, 85)
        // add, subtract, then a half-opaque add: the hole stays, the late add shows at half.
        let chain = try Self.alphas(
            masks: [
                Self.mask("a", Self.rectangle(20, 20, 70, 70)), Self.mask("s", Self.rectangle(40, 40, 50, 50)),
                Self.mask("a", Self.rectangle(80, 80, 95, 95), opacity: 50),
            ], at: [inside, hole, outside, half])
        #expect(chain[0] == 1 && chain[1] == 0 && chain[2] == 0)
        #expect(abs(chain[3] - 0.5) <= 1 / 255)
        // A first subtract starts from the whole layer.
        let subtract = try Self.alphas(masks: [Self.mask("s", Self.rectangle(40, 40, 50, 50))], at: [hole, outside])
        #expect(subtract == [0, 1])
        // Intersect keeps what both cover.
        let intersect = try Self.alphas(
            masks: [Self.mask("a", Self.rectangle(0, 0, 60, 60)), Self.mask("i", Self.rectangle(40, 40, 100, 100))],
            at: [(50, 50), (20, 20), (80, 80)])
        #expect(intersect == [1, 0, 0])
        // Inverted: the area outside the path.
        let inverted = try Self.alphas(
            masks: [Self.mask("a", Self.rectangle(20, 20, 80, 80), inverted: true)], at: [inside, outside])
        #expect(inverted == [0, 1])
        // Mode n does nothing; an unknown mode is refused with its path read strictly, and read
        // leniently the mask is left out with a warning at that path.
        let none = try Self.alphas(masks: [Self.mask("n", Self.rectangle(0, 0, 1, 1))], at: [inside])
        #expect(none == [1])
        let unknown = F.animation(layers: [
            F.shapeLayer(
                index: 1, shapes: [F.rectangle(10, 10), F.fill([0, 0, 1])],
                extra: ["masksProperties": [Self.mask("q", Self.rectangle(0, 0, 1, 1))]])
        ])
        #expect { try LottieAnimation(json: unknown, strict: true) } throws: {
            "\($0)".contains("layers[0].masksProperties[0].mode")
        }
        #expect(try F.load(unknown).warnings.map(\.path) == ["layers[0].masksProperties[0].mode"])
        let leftOut = try Self.alphas(masks: [Self.mask("q", Self.rectangle(0, 0, 1, 1))], at: [inside])
        #expect(leftOut == [1])
    }

    /// Lighten, darken and difference by their closed forms — `max(c, m)`, `min(c, m)` and
    /// `|c − m|` inside the mask's area — on two overlapping rectangles A (20…60) and B (40…80),
    /// read in A alone, in both, in B alone and outside both. Half-opaque masks tell lighten from
    /// add (`max(½, ½) = ½`, where add gives ¾) and darken from intersect.
    @Test func lightenDarkenAndDifference() throws {
        let a = Self.rectangle(20, 20, 60, 60), b = Self.rectangle(40, 40, 80, 80)
        let points = [(30, 30), (50, 50), (70, 70), (90, 10)]
        func check(_ masks: [[String: Any]], _ expected: [Double], _ label: String) throws {
            let got = try Self.alphas(masks: masks, at: points)
            for (g, e) in zip(got, expected) { #expect(abs(g - e) <= 1.5 / 255, "\(label): \(got)") }
        }
        try check([Self.mask("a", a, opacity: 50), Self.mask("l", b, opacity: 50)], [0.5, 0.5, 0.5, 0], "lighten")
        try check([Self.mask("a", a, opacity: 50), Self.mask("a", b, opacity: 50)], [0.5, 0.75, 0.5, 0], "add")
        try check([Self.mask("a", a, opacity: 50), Self.mask("d", b)], [0, 0.5, 0, 0], "darken")
        try check([Self.mask("a", a), Self.mask("d", b, opacity: 25)], [0, 0.25, 0, 0], "darken below")
        try check([Self.mask("a", a), Self.mask("f", b)], [1, 0, 1, 0], "difference")
        try check([Self.mask("a", a), Self.mask("f", b, opacity: 25)], [1, 0.75, 0.25, 0], "difference, 25 %")
        // Inverted: the area outside B.
        try check([Self.mask("a", a), Self.mask("f", b, inverted: true)], [0, 1, 0, 1], "difference, inverted")
        // After a subtract (coverage starts full) and inside an intersection.
        try check([Self.mask("s", b), Self.mask("l", a, opacity: 50)], [1, 0.5, 0, 1], "lighten after subtract")
        try check(
            [Self.mask("a", a), Self.mask("i", Self.rectangle(0, 0, 100, 45)), Self.mask("f", b)],
            [1, 1, 1, 0], "difference after intersect")
    }

    /// Mask expansion by pixels: a 40 × 40 square mask grown and shrunk by 5 px, plain and
    /// inverted. Every point within 5 px of the path joins (or leaves) the area, so the grown
    /// corner is round: the pixel centred 4.5 px out on both axes (6.4 px from the corner)
    /// stays outside, where a square growth would take it in.
    @Test func maskExpansion() throws {
        let square = Self.rectangle(30, 30, 70, 70)
        func expanded(_ x: Double, inverted: Bool = false) -> [String: Any] {
            var m = Self.mask("a", square, inverted: inverted)
            m["x"] = F.value(x)
            return m
        }
        // Pixel centres: 2.5 px outside the left edge, 7.5 px outside, the round corner's
        // outside and inside, 2.5 px inside the edge, 7.5 px inside, the centre.
        let points = [(27, 50), (22, 50), (25, 25), (27, 27), (32, 50), (37, 50), (50, 50)]
        #expect(try Self.alphas(masks: [expanded(5)], at: points) == [1, 0, 0, 1, 1, 1, 1])
        #expect(try Self.alphas(masks: [expanded(-5)], at: points) == [0, 0, 0, 0, 0, 1, 1])
        #expect(try Self.alphas(masks: [expanded(5, inverted: true)], at: points) == [0, 1, 1, 0, 0, 0, 0])
        #expect(try Self.alphas(masks: [expanded(-5, inverted: true)], at: points) == [1, 1, 1, 1, 1, 0, 0])
        // Under a subtract: the grown square taken out of the whole layer.
        var subtract = expanded(5)
        subtract["mode"] = "s"
        #expect(try Self.alphas(masks: [subtract], at: points) == [0, 1, 1, 0, 0, 0, 0])
        // Used, not unsupported; the state carries it.
        let text = F.animation(layers: [
            F.shapeLayer(
                index: 1, shapes: [F.rectangle(10, 10), F.fill([0, 0, 0])], extra: ["masksProperties": [expanded(3)]])
        ])
        let a = try F.load(text)
        #expect(a.unsupported.isEmpty)
        #expect(a.info.features.contains("mask.expansion"))
        #expect(a.frame(at: 0).layers[0].masks?.first?.expansion == 3)
    }

    /// Each matte kind through a matte that is white on the left third and 50 % grey in the
    /// middle, over a red layer: alpha shows the layer wherever the matte is, luma by the
    /// matte's brightness, the inverted kinds the rest.
    @Test(arguments: [(1, [1.0, 1.0, 0.0]), (2, [0.0, 0.0, 1.0]), (3, [1.0, 0.5, 0.0]), (4, [0.0, 0.5, 1.0])])
    func matteKinds(code: Int, expected: [Double]) throws {
        let matte = F.shapeLayer(
            index: 1, name: "matte", transform: F.transform(position: [0, 0]),
            shapes: [
                F.rectangle(30, 100, at: [15, 50]), F.fill([1, 1, 1]),
            ], extra: ["td": 1])
        let red = F.shapeLayer(
            index: 3, name: "red", transform: F.transform(position: [50, 50]),
            shapes: [F.rectangle(100, 100), F.fill([1, 0, 0])], extra: ["tt": code, "tp": 4])
        // One matte layer holding both halves (a group each), named by `tp`.
        var both = matte
        both["ind"] = 4
        both["shapes"] = [
            ["ty": "gr", "it": [F.rectangle(30, 100, at: [15, 50]), F.fill([1, 1, 1])]],
            ["ty": "gr", "it": [F.rectangle(30, 100, at: [45, 50]), F.fill([0.5, 0.5, 0.5])]],
        ]
        let text = F.animation(width: 100, height: 100, layers: [red, both])
        let alphas = try Self.pixels(text, [(15, 50), (45, 50), (80, 50)]).map { $0[3] }
        for (got, want) in zip(alphas, expected) {
            // The grey's luma is its value, 0.5 (librsvg takes mask luminance from sRGB values).
            #expect(abs(got - want) <= 1.5 / 255, "\(code): \(alphas)")
        }
        let state = try F.load(text).frame(at: 0)
        #expect(state.layers[0].matteLayer == 1 && state.layers[1].isMatte == true)
    }
}
