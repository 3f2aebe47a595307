import Foundation
import Harmonic
import Testing

@testable import HarmonicLottie

/// Files from the web read as players read them: what can be drawn is drawn, each problem a
/// warning that names its JSON path and says what is drawn instead; refused only when nothing
/// sensible can be drawn.
///
/// The problems are the ones real exports carry (the Lottie format, lottie.github.io/lottie-spec,
/// "Layers", "Keyframe", "Assets", defines what each field should hold).
@Suite("Lottie: lenient reading")
struct LottieLenientReadingTests {
    typealias F = LottieTestFiles

    static var square: [String: Any] { F.shapeLayer(index: 1, shapes: [F.rectangle(10, 10), F.fill([1, 0, 0])]) }

    /// Reads `text` leniently and returns it with its warnings' messages.
    static func read(_ text: String) throws -> (LottieAnimation, [String]) {
        let animation = try LottieAnimation(json: text)
        return (animation, animation.warnings.map(\.message))
    }

    @Test func aParentThatNamesNoLayerIsDrawnWithoutOne() throws {
        var child = F.shapeLayer(index: 1, shapes: [F.rectangle(10, 10), F.fill([1, 0, 0])])
        child["parent"] = 8
        child["nm"] = "child"
        let (a, warnings) = try Self.read(F.animation(layers: [child]))
        #expect(a.warnings.map(\.path) == ["layers[0].parent"])
        #expect(warnings[0].contains("= 8") && warnings[0].hasSuffix("drawn without a parent"), "\(warnings)")
        #expect(a.frame(at: 0).layers[0].shapes.count == 1)
        #expect(F.world(a, "child", at: 0) == .identity)
    }

    @Test func aMissingImageOrPrecompositionDrawsNothingAndTheRestDraws() throws {
        let text = F.animation(
            layers: [
                ["ty": 2, "ind": 1, "refId": "img", "ip": 0, "op": 100, "ks": [:]],
                ["ty": 0, "ind": 2, "refId": "nowhere", "w": 10, "h": 10, "ip": 0, "op": 100, "ks": [:]],
                ["ty": 2, "ind": 3, "refId": "never defined", "ip": 0, "op": 100, "ks": [:]],
                Self.square,
            ],
            assets: [["id": "img", "w": 10, "h": 10, "u": "images/", "p": "missing.png"]])
        let a = try LottieAnimation(json: text, baseDirectory: FileManager.default.temporaryDirectory.path)
        #expect(a.warnings.map(\.path) == ["assets[0].p", "layers[0].refId", "layers[1].refId", "layers[2].refId"])
        #expect(a.warnings[0].message.hasSuffix("layers showing the image draw nothing"))
        #expect(a.warnings[1].message.hasSuffix("the layer draws nothing"))
        let layers = a.frame(at: 0).layers
        #expect(layers.map(\.kind) == ["null", "null", "null", "shape"])
        #expect(layers[3].shapes.count == 1)
    }

    /// `"to": null`, easing without `o.x`, and a keyframe without `t`: each costs only what it
    /// breaks — the tangent (a straight segment), the easing (linear), the keyframe.
    @Test func damagedKeyframesCostOnlyWhatTheyBreak() throws {
        let position: [String: Any] = [
            "a": 1,
            "k": [
                ["t": 0, "s": [0, 0], "to": NSNull(), "ti": NSNull(), "o": ["y": 0], "i": ["x": 1, "y": 1]],
                ["s": [50, 0]],
                ["t": 10, "s": [100, 0]],
            ],
        ]
        var layer = Self.square
        layer["nm"] = "moving"
        layer["ks"] = F.transform(position: position)
        let (a, warnings) = try Self.read(F.animation(layers: [layer]))
        #expect(
            a.warnings.map(\.path) == [
                "layers[0].ks.p.k[0].o.x", "layers[0].ks.p.k[0].to", "layers[0].ks.p.k[0].ti",
                "layers[0].ks.p.k[1].t",
            ], "\(warnings)")
        #expect(warnings[0].hasSuffix("the segment is linear"))
        #expect(warnings[3].hasSuffix("the keyframe is left out"))
        // Linear from 0 to 100 over frames 0…10: halfway at frame 5.
        let world = F.world(a, "moving", at: 5)
        #expect(abs(world.tx - 50) < 1e-9 && abs(world.ty) < 1e-9)
    }

    @Test func keyframesOutOfOrderOrOfAnotherLengthAreLeftOut() throws {
        var layer = Self.square
        layer["nm"] = "moving"
        layer["ks"] = F.transform(position: F.keyframes([(0, [0, 0], [:]), (20, [9, 9], [:]), (10, [5], [:])]))
        let (a, warnings) = try Self.read(F.animation(layers: [layer]))
        #expect(a.warnings.map(\.path) == ["layers[0].ks.p.k[2].t"], "\(warnings)")
        // What is left: 0 → 9 over frames 0…20 (the test files' keyframes are linear).
        #expect(abs(F.world(a, "moving", at: 10).tx - 4.5) < 1e-9)
    }

    @Test func aBadShapeItemOrLayerIsLeftOutAndTheRestDraws() throws {
        let broken = F.shapeLayer(index: 2, shapes: [F.rectangle(5, 5), F.fill([0, 0, 1])], extra: ["ip": "zero"])
        let layer = F.shapeLayer(
            index: 1,
            shapes: [
                ["ty": "sh", "ks": F.value(["v": [[0, 0]], "i": [], "o": []])], F.rectangle(10, 10), F.fill([1, 0, 0]),
            ])
        let (a, warnings) = try Self.read(F.animation(layers: [layer, broken]))
        #expect(a.warnings.map(\.path) == ["layers[0].shapes[0].ks.k", "layers[1].ip"], "\(warnings)")
        #expect(warnings[0].hasSuffix("the item is left out"))
        #expect(warnings[1].hasSuffix("the layer is left out"))
        let frame = a.frame(at: 0)
        #expect(frame.layers.count == 1)
        #expect(frame.layers[0].shapes.count == 1)
    }

    /// An unreadable property is absent: the item draws the format's default for it (a
    /// transform's opacity 100 %).
    @Test func anUnreadablePropertyReadsAsItsDefault() throws {
        var layer = Self.square
        layer["ks"] = ["o": ["a": 0, "k": "opaque"]]
        let (a, warnings) = try Self.read(F.animation(layers: [layer]))
        #expect(a.warnings.map(\.path) == ["layers[0].ks.o.k"], "\(warnings)")
        #expect(warnings[0].hasSuffix("read as absent (its default)"))
        #expect(a.frame(at: 0).layers[0].opacity == 1)
    }

    /// The layer above a track-matted layer is its matte, never drawn itself, also where the
    /// exporter left out its `td` (After Effects switches the matte layer's video off).
    @Test func theLayerAboveATrackMatteIsItsMatteWithOrWithoutTd() throws {
        let matte = F.shapeLayer(index: 1, name: "matte", shapes: [F.rectangle(10, 10), F.fill([1, 1, 1])])
        let matted = F.shapeLayer(
            index: 2, name: "matted", shapes: [F.rectangle(20, 20), F.fill([1, 0, 0])], extra: ["tt": 1])
        let a = try F.load(F.animation(layers: [matte, matted]))
        let layers = a.frame(at: 0).layers
        #expect(layers[0].isMatte == true)
        #expect(layers[1].matte == "alpha" && layers[1].matteLayer == 0)
        #expect(a.warnings.isEmpty)
        // Drawn, the white square is only the red one's mask: outside the SVG's masks no white.
        let svg = a.frame(at: 0).svg(width: 200, height: 100)
        var outside = svg
        while let open = outside.range(of: "<mask"),
            let close = outside.range(of: "</mask>", range: open.upperBound..<outside.endIndex)
        {
            outside.removeSubrange(open.lowerBound..<close.upperBound)
        }
        #expect(svg.contains("<mask") && svg.contains("fill=\"#ffffff\""), "\(svg)")
        #expect(!outside.contains("fill=\"#ffffff\"") && outside.contains("fill=\"#ff0000\""), "\(svg)")
    }

    /// A matte is its layer as drawn, masks included: a solid matte cut by its mask to the left
    /// half lets the matted layer show only there.
    @Test func aMatteIsDrawnThroughItsOwnMasks() throws {
        let half: [String: Any] = [
            "c": true, "v": [[0, 0], [50, 0], [50, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
            "o": [[0, 0], [0, 0], [0, 0], [0, 0]],
        ]
        let matte: [String: Any] = [
            "ty": 1, "ind": 1, "nm": "matte", "sc": "#ffffff", "sw": 100, "sh": 100, "ip": 0, "op": 100, "td": 1,
            "ks": F.transform(position: [0, 0]),
            "masksProperties": [["mode": "a", "pt": F.value(half), "o": F.value(100)]],
        ]
        let matted = F.shapeLayer(
            index: 2, transform: F.transform(position: [0, 0]),
            shapes: [F.rectangle(100, 100, at: [50, 50]), F.fill([1, 0, 0])], extra: ["tt": 1])
        let png = try LottieMaskTests.pixels(
            F.animation(width: 100, height: 100, layers: [matte, matted]), [(25, 50), (75, 50)])
        #expect(png.map { $0[3] } == [1, 0], "\(png)")
    }

    /// Nothing sensible to draw: refused, leniently too, with one error naming the path.
    @Test func filesWithNothingToDrawAreStillRefused() {
        let cases: [(String, String)] = [
            ("{\"w\": 10,", "Lottie JSON"),
            ("[1, 2]", "(root)"),
            (F.animation(layers: [Self.square], extra: ["fr": 0]), "fr"),
            (F.animation(layers: [Self.square], extra: ["op": -5]), "op"),
            (F.animation(layers: [Self.square], extra: ["layers": 3]), "layers"),
            (F.parentCycle, "layers[0].parent"),
            (F.precompositionCycle, "refId"),
        ]
        for (text, path) in cases {
            do {
                _ = try LottieAnimation(json: text)
                Issue.record("accepted: \(path)")
            } catch {
                #expect("\(error)".contains(path), "\(error)")
            }
        }
    }

    /// Every problem the lenient reader reads past is one the strict reader refuses, at the
    /// same path.
    @Test func strictReadingRefusesWhatLenientReadingWarnsOf() throws {
        var child = Self.square
        child["parent"] = 8
        let text = F.animation(layers: [child])
        let (a, _) = try Self.read(text)
        do {
            _ = try LottieAnimation(json: text, strict: true)
            Issue.record("accepted strictly")
        } catch {
            #expect("\(error)".contains(a.warnings[0].path))
        }
    }
}
