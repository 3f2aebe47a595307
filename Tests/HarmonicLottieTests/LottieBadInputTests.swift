import Foundation
import Harmonic
import Testing

@testable import HarmonicLottie

/// Bad files: read strictly, one error naming the JSON path, never a crash; unsupported features
/// listed with their paths while the rest plays. (Lenient reading: `LottieLenientReadingTests`.)
@Suite("Lottie: bad input and unsupported features")
struct LottieBadInputTests {
    typealias F = LottieTestFiles

    static func message(_ text: String) -> String {
        do {
            _ = try LottieAnimation(json: text, strict: true)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func strictReadingRefusesEveryProblemNamingItsPath() {
        let square = F.shapeLayer(index: 1, shapes: [F.rectangle(10, 10), F.fill([0, 0, 0])])
        let cases: [(String, String)] = [
            ("{\"w\": 10,", "Lottie JSON"),
            ("[1, 2]", "(root)"),
            (F.animation(layers: [square], extra: ["fr": 0]), "fr"),
            (F.animation(layers: [square], extra: ["op": -5]), "op"),
            (F.animation(layers: [square], extra: ["w": 1e9]), "w"),
            (
                F.animation(layers: [
                    F.shapeLayer(
                        index: 1,
                        transform: F.transform(position: F.keyframes([(10, [0, 0], [:]), (5, [1, 1], [:])])))
                ]), "layers[0].ks.p.k[1].t"
            ),
            (
                F.animation(layers: [
                    F.shapeLayer(
                        index: 1, transform: F.transform(position: F.keyframes([(0, [0, 0], [:]), (5, [1], [:])])))
                ]), "layers[0].ks.p.k[1].s"
            ),
            (F.animation(layers: [F.shapeLayer(index: 1, extra: ["parent": 9])]), "layers[0].parent"),
            (F.parentCycle, "layers[0].parent"),
            (
                F.animation(layers: [
                    ["ty": 0, "ind": 1, "refId": "nowhere", "w": 10, "h": 10, "ip": 0, "op": 10, "ks": [:]]
                ]), "layers[0].refId"
            ),
            (F.precompositionCycle, "refId"),
            (
                F.animation(
                    layers: [["ty": 2, "ind": 1, "refId": "img", "ip": 0, "op": 10, "ks": [:]]],
                    assets: [
                        ["id": "img", "w": 10, "h": 10, "u": "images/", "p": "missing.png"]
                    ]), "assets[0].p"
            ),
            (
                F.animation(layers: [
                    F.shapeLayer(index: 1, shapes: [["ty": "sh", "ks": F.value(["v": [[0, 0]], "i": [], "o": []])]])
                ]), "layers[0].shapes[0].ks"
            ),
            (F.animation(layers: [F.shapeLayer(index: 1, extra: ["sr": 0])]), "layers[0].sr"),
            (F.animation(layers: [F.shapeLayer(index: 1, extra: ["ip": "zero"])]), "layers[0].ip"),
        ]
        for (text, path) in cases {
            let message = Self.message(text)
            #expect(message != "accepted", "\(path)")
            #expect(message.contains(path), "\(message)")
        }
    }

    /// Shape groups nested deeper than the limit are refused, not recursed into.
    @Test func deepNestingIsRefused() {
        var group: [String: Any] = F.rectangle(1, 1)
        for _ in 0..<200 { group = ["ty": "gr", "it": [group]] }
        let message = Self.message(F.animation(layers: [F.shapeLayer(index: 1, shapes: [group])]))
        #expect(message.contains("nested"))
    }

    @Test func unsupportedFeaturesAreListedAndTheRestPlays() throws {
        let expression: [String: Any] = ["a": 0, "k": [0, 0], "x": "wiggle(1, 2)"]
        let square: [String: Any] = [
            "c": true, "v": [[0, 0], [5, 0], [5, 5]], "i": [[0, 0], [0, 0], [0, 0]],
            "o": [[0, 0], [0, 0], [0, 0]],
        ]
        let a = try F.load(
            F.animation(layers: [
                F.shapeLayer(
                    index: 1,
                    transform: F.transform(position: expression),
                    shapes: [
                        F.rectangle(10, 10), ["ty": "tw", "a": F.value(30)], ["ty": "mm", "mm": 1], F.fill([1, 0, 0]),
                    ],
                    extra: [
                        "ef": [["ty": 5]], "masksProperties": [["mode": "a", "pt": F.value(square), "x": F.value(2)]],
                        // A code past the modes there are (Hard Mix, 17, is the last).
                        "bm": 18,
                    ]),
                ["ty": 6, "ind": 2, "nm": "sound", "ip": 0, "op": 100, "ks": [:]],
            ]))
        let listed = Set(a.unsupported.map { "\($0.path) \($0.feature)" })
        for entry in [
            "layers[0].ks.p.x expression", "layers[0].shapes[1] shape.twist",
            "layers[0].shapes[2] shape.mergePaths",
            "layers[0].ef layer.effects",
            "layers[0].bm layer.blendMode", "layers[1] layer.audio",
        ] {
            #expect(listed.contains(entry), "\(entry)")
        }
        // The rectangle and its fill still draw.
        let frame = a.frame(at: 0)
        #expect(frame.layers[0].shapes.count == 1)
        #expect(frame.layers[1].kind == "audio")
    }
}
