import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Paint paths driven by more than one property, played by the engine, against direct
/// evaluation's frames.
@Suite("Lottie paths played by the engine")
struct LottieEnginePathTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }
    static var overshoot: [String: Any] { ["o": ["x": [0.3], "y": [1.6]], "i": ["x": [0.7], "y": [-0.4]]] }

    /// A rectangle whose position and size are keyed together, an ellipse likewise with an
    /// overshooting curve, and a path under a group whose position moves in step with it.
    static var file: String {
        let rectangle: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [-20, 0], ease), (20, [10, -5], ease), (40, [0, 10], [:])]),
            "s": F.keyframes([(0, [20, 20], ease), (20, [50, 16], ease), (40, [30, 40], [:])]), "r": F.value(0),
        ]
        let ellipse: [String: Any] = [
            "ty": "el", "p": F.keyframes([(5, [0, -10], overshoot), (35, [0, 10], [:])]),
            "s": F.keyframes([(5, [10, 30], overshoot), (35, [40, 20], [:])]),
        ]
        let triangle: [String: Any] = [
            "ty": "sh",
            "ks": F.keyframes([
                (
                    0,
                    [
                        "c": true, "v": [[0, -10], [10, 10], [-10, 10]], "i": [[0, 0], [0, 0], [0, 0]],
                        "o": [[0, 0], [0, 0], [0, 0]],
                    ], ease
                ),
                (
                    40,
                    [
                        "c": true, "v": [[0, -20], [15, 5], [-5, 15]], "i": [[0, 0], [0, 0], [0, 0]],
                        "o": [[0, 0], [0, 0], [0, 0]],
                    ], [:]
                ),
            ]),
        ]
        let group: [String: Any] = [
            "ty": "gr",
            "it": [
                triangle,
                [
                    "ty": "tr", "p": F.keyframes([(0, [0, 0], ease), (40, [20, -10], [:])]), "a": F.value([0, 0]),
                    "s": F.value([100, 100]), "r": F.value(0), "o": F.value(100),
                ],
            ],
        ]
        return F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "box", transform: F.transform(position: [40, 50]),
                shapes: [rectangle, F.fill([0.8, 0.2, 0.3])]),
            F.shapeLayer(
                index: 2, name: "oval", transform: F.transform(position: [100, 50]),
                shapes: [ellipse, F.stroke([0.1, 0.4, 0.8], width: 4)]),
            F.shapeLayer(
                index: 3, name: "tri", transform: F.transform(position: [160, 50]),
                shapes: [group, F.fill([0.2, 0.7, 0.3])]),
        ])
    }

    @Test func propertiesKeyedTogetherDriveOnePath() throws {
        let animation = try F.load(Self.file)
        let scene = try animation.engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        for frame in [0, 7, 13, 20, 27, 33, 40] as [Double] {
            try scene.seek(toFrame: frame)
            let direct = try SVGRasterizer.pixels(
                svg: animation.frame(at: frame).svg(), width: 200, height: 100, scale: 1, transparent: true)
            let played = try SVGRasterizer.pixels(
                svg: try scene.svg(), width: 200, height: 100, scale: 1, transparent: true)
            let worst = LottieEngineSceneTests.worstLevels(direct, played)
            #expect(worst <= 2, "frame \(frame): \(worst) levels")
        }
    }

    @Test func propertiesOutOfStepAreListed() throws {
        // Size keyed at other times than position; a position moving on a curve (spatial).
        let apart: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [0, 0], [:]), (20, [10, 0], [:])]),
            "s": F.keyframes([(0, [10, 10], [:]), (30, [20, 20], [:])]), "r": F.value(0),
        ]
        let curved: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [0, 0], ["to": [10, -10], "ti": [-10, -10]]), (20, [30, 0], [:])]),
            "s": F.value([10, 10]), "r": F.value(0),
        ]
        let listed = try F.load(
            F.animation(layers: [
                F.shapeLayer(index: 1, shapes: [apart, F.fill([1, 0, 0])]),
                F.shapeLayer(index: 2, shapes: [curved, F.fill([1, 0, 0])]),
            ])
        ).engineScene().notPlayed.map { "\($0.feature) \($0.path)" }
        #expect(
            listed == ["engine.spatialShape layers[1].shapes[1]", "engine.severalPathDrivers layers[0].shapes[1]"],
            "\(listed)")
    }
}
