import Foundation
import Harmonic
import HarmonicEngine
import Testing

@testable import HarmonicLottie

/// A precomposition layer whose time stretch `sr` is negative plays its layers backwards (their
/// frame `(t − st)/sr`; `st` and `sr` are the precomposition layer's, the Lottie schema's
/// `precomposition-layer`): the engine plays each timeline reversed, holds switching at the
/// same frames as direct evaluation's.
@Suite("Lottie negative time stretch played by the engine")
struct LottieEngineTimeStretchTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.7], "y": [0]], "i": ["x": [0.2], "y": [1]]] }

    /// A precomposition layer of the composition's size, played backwards (sr −1, st 60: its
    /// frame is 60 − t), holding a bar moving on an eased path with a held colour and an arrow on
    /// a curved path turning along it (auto-orient) under a moving parent; and a second
    /// precomposition played backwards whose layer is shown only from its frame 20 and carries a
    /// moving mask.
    static func file(stretch: Double = -1) -> String {
        let bar = F.shapeLayer(
            index: 1, name: "bar",
            transform: F.transform(
                position: F.keyframes([(0, [20, 20], ease), (30, [170, 30], ease), (45, [120, 80], [:])]),
                rotation: 0),
            shapes: [
                F.rectangle(24, 10),
                [
                    "ty": "fl",
                    "c": F.keyframes([
                        (10, [1, 0, 0, 1], ["h": 1]), (25, [0, 0.6, 1, 1], ["h": 1]), (40, [0.2, 0.8, 0.2, 1], [:]),
                    ]),
                    "o": F.value(100), "r": 1,
                ],
            ])
        let parent = F.nullLayer(
            index: 2,
            transform: F.transform(
                position: F.keyframes([(0, [0, 0], [:]), (80, [30, -10], [:])]),
                rotation: 0))
        let arrow = F.shapeLayer(
            index: 3, name: "arrow",
            transform: F.transform(
                position: F.keyframes([
                    (0, [30, 70], ease.merging(["to": [40, -50], "ti": [-30, 20]]) { $1 }), (50, [150, 60], [:]),
                ])),
            shapes: [F.rectangle(20, 6), F.fill([0.9, 0.5, 0.1])], extra: ["parent": 2, "ao": 1])
        let inner = F.shapeLayer(
            index: 1, name: "inner", transform: F.transform(position: [30, 30]),
            shapes: [F.rectangle(40, 30), F.fill([0.5, 0.2, 0.7])],
            extra: [
                "ip": 20, "op": 100,
                "masksProperties": [
                    [
                        "mode": "a", "o": F.value(100),
                        "pt": F.keyframes([
                            (
                                10,
                                [
                                    [
                                        "c": true, "v": [[-20, -15], [0, -15], [0, 15], [-20, 15]],
                                        "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                        "o": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                    ]
                                ], ease
                            ),
                            (
                                50,
                                [
                                    [
                                        "c": true, "v": [[-20, -15], [20, -15], [20, 5], [-20, 5]],
                                        "i": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                        "o": [[0, 0], [0, 0], [0, 0], [0, 0]],
                                    ]
                                ], [:]
                            ),
                        ]),
                    ]
                ],
            ])
        let precomp: [String: Any] = [
            "ty": 0, "ind": 4, "nm": "backwards", "refId": "inner", "w": 60, "h": 60, "ip": 0, "op": 100,
            "st": 80, "sr": -1, "ks": F.transform(position: [130, 20]),
        ]
        let shapes = Self.backwards("shapes", index: 5, stretch: stretch, start: 60)
        return F.animation(
            layers: [shapes, precomp],
            assets: [["id": "inner", "layers": [inner]], ["id": "shapes", "layers": [bar, parent, arrow]]])
    }

    /// A precomposition layer of the composition's size (200 × 100) showing asset `id` at frame
    /// `(t − start)/stretch`.
    static func backwards(_ id: String, index: Int, stretch: Double = -1, start: Double) -> [String: Any] {
        [
            "ty": 0, "ind": index, "nm": "played backwards", "refId": id, "w": 200, "h": 100, "ip": 0, "op": 100,
            "st": start, "sr": stretch, "ks": F.transform(position: [0, 0]),
        ]
    }

    @Test func layersPlayedBackwardsMatchDirectEvaluation() throws {
        let file = Self.file()
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        // Frames 35 and 50 are the colour's holds (local 25 and 10), 60 the inner layer's
        // in point (local 20), 20 and 71 where the precomposition starts and stops showing it.
        let frames: [Double] = [0, 12.5, 20, 30, 34, 35, 36, 49, 50, 51, 59, 60, 61, 71, 85, 99]
        #expect(try LottieEngineSceneTests.motion(file, from: 20, to: 40).coverage > 0.01)
        for gap in try LottieEngineSceneTests.gaps(file, frames: frames) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0 && gap.worst <= 4, "\(gap)")
        }
        // The comparison sees the direction: the bar played forwards differs.
        let wrong = try LottieEngineSceneTests.gaps(file, played: Self.file(stretch: 1), frames: [20])[0]
        #expect(wrong.coverage > 0.002, "\(wrong)")
    }

    @Test func aHoldSwitchesAtItsFrameWhenPlayedBackwards() throws {
        let scene = try F.load(Self.file()).engineScene()
        let engine = scene.engine
        func all(_ parent: LayerID?) throws -> [LayerID] {
            try engine.sublayers(of: parent).flatMap { [$0] + (try all($0)) }
        }
        let anchor = try #require(try all(nil).first { engine.name(of: $0)?.hasSuffix(" bar anchor") == true })
        let paint = try #require(try engine.sublayers(of: anchor).first)
        // Local frame 25 (global 35) takes the blue that holds from 25 on; just after global 35
        // the layer's frame is below 25, where the red holds.
        try scene.seek(toFrame: 35)
        #expect(try engine.presentationValue(forKeyPath: "fillColor", of: paint).components == [0, 0.6, 1, 1])
        try scene.seek(toFrame: 35 + 1e-4)
        #expect(try engine.presentationValue(forKeyPath: "fillColor", of: paint).components == [1, 0, 0, 1])
        try scene.seek(toFrame: 50)
        #expect(try engine.presentationValue(forKeyPath: "fillColor", of: paint).components == [1, 0, 0, 1])
    }

    /// Auto-orient the position's keyframes cannot carry plays as a motion of the direction of
    /// travel: in a precomposition played backwards, a layer whose motion pauses on a hold (it
    /// faces +x there, which the reversed orientation would turn half a turn), one pausing on two
    /// equal keyframes and a 3-D layer that pauses; beside it a split position (its two timelines
    /// move on their own).
    @Test func autoOrientTheKeyframesCannotCarryPlaysAsAMotion() throws {
        func arrow(_ index: Int, _ transform: [String: Any], _ extra: [String: Any]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "arrow \(index)", transform: transform,
                shapes: [F.rectangle(14, 4), F.fill([0.1, 0.2, 0.7])], extra: ["ao": 1].merging(extra) { $1 })
        }
        let held = arrow(
            1,
            F.transform(
                position: F.keyframes([(0, [20, 20], ["h": 1]), (10, [60, 40], Self.ease), (20, [90, 20], [:])])),
            [:])
        let still = arrow(
            2,
            F.transform(
                position: F.keyframes([
                    (0, [20, 60], Self.ease), (8, [50, 80], [:]), (14, [50, 80], Self.ease), (24, [80, 60], [:]),
                ])), [:])
        var split = F.transform(position: [0, 0])
        split["p"] = [
            "s": true, "x": F.keyframes([(0, [110], Self.ease), (20, [170], [:])]),
            "y": F.keyframes([(5, [20], [:]), (25, [60], [:])]),
        ]
        var deep = F.transform(
            position: F.keyframes([(0, [120, 70], ["h": 1]), (10, [150, 90], [:]), (20, [180, 70], [:])]))
        deep["rx"] = F.value(20)
        let file = F.animation(
            layers: [Self.backwards("arrows", index: 5, start: 30), arrow(3, split, [:])],
            assets: [["id": "arrows", "layers": [held, still, arrow(4, deep, ["ddd": 1])]]])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 9, 10, 11, 13, 16, 18, 20, 22, 25, 28, 30, 35])
        {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }
}
