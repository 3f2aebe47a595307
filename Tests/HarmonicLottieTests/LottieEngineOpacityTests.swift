import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Animated opacities that fade several paints each on its own — a group's, a repeater's start
/// or end — played by the engine on every paint, against direct evaluation's frames.
@Suite("Lottie opacities played by the engine")
struct LottieEngineOpacityTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }

    static func group(_ items: [[String: Any]], at p: [Double], opacity: Any) -> [String: Any] {
        [
            "ty": "gr",
            "it": items + [
                [
                    "ty": "tr", "p": F.value(p), "a": F.value([0, 0]), "s": F.value([100, 100]), "r": F.value(0),
                    "o": (opacity as? [String: Any]) ?? F.value(opacity),
                ]
            ],
        ]
    }

    /// A group fading a fill and a stroke that overlap it (faded together they would not show
    /// the fill through the stroke), inside a half-opaque group, one paint 60 % opaque; and a
    /// repeater of a fill and a stroke whose end opacity moves.
    static var file: String {
        let fade = F.keyframes([(0, [100], ease), (40, [20], [:])])
        let pair: [[String: Any]] = [
            F.rectangle(40, 30), F.fill([0.9, 0.3, 0.2], opacity: 60), F.stroke([0.1, 0.2, 0.8], width: 8),
        ]
        let faded = F.shapeLayer(
            index: 1, name: "faded", transform: F.transform(position: [50, 50]),
            shapes: [group([group(pair, at: [0, 0], opacity: fade)], at: [0, 0], opacity: 50)])
        let dots = F.shapeLayer(
            index: 2, name: "dots", transform: F.transform(position: [110, 50]),
            shapes: [
                ["ty": "el", "p": F.value([0, 0]), "s": F.value([16, 16])], F.fill([0.2, 0.7, 0.3]),
                F.stroke([0.1, 0.1, 0.1], width: 4),
                [
                    "ty": "rp", "c": F.value(4), "o": F.value(0), "m": 1,
                    "tr": [
                        "ty": "tr", "a": F.value([0, 0]), "p": F.value([20, 0]), "s": F.value([100, 100]),
                        "r": F.value(0), "so": F.value(90), "eo": F.keyframes([(0, [10], ease), (40, [100], [:])]),
                    ],
                ],
            ])
        return F.animation(layers: [faded, dots])
    }

    @Test func eachPaintTakesOnTheFade() throws {
        let notPlayed = try F.load(Self.file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.file, frames: [0, 10, 20, 30, 40, 60]) {
            // Every premultiplied channel within rounding: cairo rounds a layer's opacity and
            // a `fill-opacity` apart by a level or two.
            #expect(gap.worst <= 3, "\(gap)")
        }
    }

    /// Fades that multiply: the paints' own opacity moving under a moving group opacity, two
    /// moving group opacities nested, one that overshoots past 100 % (each factor clamped on
    /// its own, as direct evaluation clamps it), and a repeater of two paints whose start and
    /// end opacities both move (a sum) — each paint inside a layer per moving fade.
    @Test func fadesMultiply() throws {
        let fade = F.keyframes([(0, [100], [:]), (40, [20], [:])])
        let pair: [[String: Any]] = [
            F.rectangle(40, 30), F.fill([0.9, 0.3, 0.2]), F.stroke([0.1, 0.2, 0.8], width: 8),
        ]
        var moving = pair
        moving[1] = [
            "ty": "fl", "c": F.value([1, 0, 0, 1]), "o": F.keyframes([(10, [30], [:]), (30, [90], [:])]), "r": 1,
        ]
        let overshoot = F.keyframes([
            (0, [50], ["o": ["x": [0.3], "y": [1.6]], "i": ["x": [0.7], "y": [1]]]), (40, [100], [:]),
        ])
        let file = F.animation(layers: [
            F.shapeLayer(index: 1, shapes: [Self.group(moving, at: [35, 50], opacity: fade)]),
            F.shapeLayer(
                index: 2,
                shapes: [
                    Self.group(
                        [Self.group(pair, at: [0, 0], opacity: F.keyframes([(0, [40], [:]), (40, [100], [:])]))],
                        at: [100, 50], opacity: fade)
                ]),
            F.shapeLayer(index: 3, shapes: [Self.group(pair, at: [165, 30], opacity: overshoot)]),
            F.shapeLayer(
                index: 4, name: "both ends", transform: F.transform(position: [130, 80]),
                shapes: [
                    ["ty": "el", "p": F.value([0, 0]), "s": F.value([14, 14])], F.fill([0.2, 0.7, 0.3]),
                    F.stroke([0.1, 0.1, 0.1], width: 3),
                    [
                        "ty": "rp", "c": F.value(4), "o": F.value(0), "m": 1,
                        "tr": [
                            "ty": "tr", "a": F.value([0, 0]), "p": F.value([16, 0]), "s": F.value([100, 100]),
                            "r": F.value(0), "so": F.keyframes([(0, [100], [:]), (40, [30], [:])]),
                            "eo": F.keyframes([(0, [10], Self.ease), (40, [90], [:])]),
                        ],
                    ],
                ]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40]) {
            #expect(gap.worst <= 3, "\(gap)")
        }
    }
}
