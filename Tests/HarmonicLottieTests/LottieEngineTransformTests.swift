import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Layer and group transforms the engine plays through extra layers — a moving skew (the
/// value function skewX between two turns about the skew's axis) — against direct
/// evaluation's frames.
@Suite("Lottie transforms played by the engine")
struct LottieEngineTransformTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }

    /// That the engine plays all of `file` and draws direct evaluation's picture at `frames`,
    /// and that the comparison would see it otherwise: `variant` (the file with what the test
    /// is about changed) differs from it at `frame`.
    static func expectPlayed(
        _ file: String, frames: [Double], unlike variant: String, at frame: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)", sourceLocation: sourceLocation)
        for gap in try LottieEngineSceneTests.gaps(file, frames: frames) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)", sourceLocation: sourceLocation)
        }
        #expect(variant != file, sourceLocation: sourceLocation)
        let wrong = try LottieEngineSceneTests.gaps(file, played: variant, frames: [frame])[0]
        #expect(wrong.coverage > 0.005, "\(wrong)", sourceLocation: sourceLocation)
    }

    @Test func movingSkewsPlay() throws {
        func skewed(_ index: Int, at x: Double, skew: Any, axis: Any, extra: [String: Any] = [:]) -> [String: Any] {
            func wrap(_ v: Any) -> Any { (v as? [String: Any]) ?? F.value(v) }
            return F.shapeLayer(
                index: index, name: "skewed \(index)",
                transform: F.transform(
                    position: [x, 50], scale: [90, 110], extra: ["sk": wrap(skew), "sa": wrap(axis)]),
                shapes: [F.rectangle(30, 30), F.fill([0.3, 0.5, 0.8]), F.stroke([0.1, 0.1, 0.1], width: 2)]
            ).merging(extra) { $1 }
        }
        let file = F.animation(layers: [
            skewed(1, at: 35, skew: F.keyframes([(0, [-30], Self.ease), (40, [45], [:])]), axis: 0),
            skewed(2, at: 100, skew: 25, axis: F.keyframes([(0, [0], [:]), (40, [90], [:])])),
            skewed(
                3, at: 165, skew: F.keyframes([(0, [10], [:]), (40, [-40], [:])]),
                axis: F.keyframes([(0, [30], Self.ease), (40, [-60], [:])])),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees the shear: the same file skewed the other way differs.
        let mirrored = file.replacingOccurrences(of: "[45]", with: "[-45]")
        let wrong = try LottieEngineSceneTests.gaps(file, played: mirrored, frames: [40])[0]
        #expect(wrong.coverage > 0.005, "\(wrong)")
    }

    /// A negative scale factor mirrors the layer along that axis (the Lottie format's transform:
    /// scale in percent per axis; After Effects flips a layer scaled by −100 %), still or moving
    /// through 0 — not the half turn a decomposed transform would make of two mirrors: a layer
    /// whose content sits off its anchor, and a group within it whose scale passes from 100 % to
    /// −100 %, against direct evaluation's frames.
    @Test func negativeScalesMirror() throws {
        func layer(_ index: Int, scale: Any, groupScale: Any) -> [String: Any] {
            func wrap(_ v: Any) -> Any { (v as? [String: Any]) ?? F.value(v) }
            let group: [String: Any] = [
                "ty": "gr",
                "it": [
                    F.rectangle(30, 10, at: [10, 12]), F.fill([0.8, 0.3, 0.2]),
                    [
                        "ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0]), "s": wrap(groupScale), "r": F.value(0),
                        "o": F.value(100),
                    ],
                ],
            ]
            return F.shapeLayer(
                index: index, name: "mirrored \(index)",
                transform: F.transform(
                    anchor: [5, 5], position: [60.0 * Double(index), 50], scale: [100, 100],
                    extra: ["s": wrap(scale)]),
                shapes: [group, F.rectangle(6, 24, at: [-8, -6]), F.fill([0.2, 0.4, 0.9])])
        }
        let file = F.animation(layers: [
            layer(1, scale: [-100, 100], groupScale: [100, 100]),
            layer(
                2, scale: [100, -80], groupScale: F.keyframes([(0, [100, 100], Self.ease), (40, [-100, 100], [:])])),
        ])
        // The comparison tells a mirror from a half turn.
        let turned = file.replacingOccurrences(of: "[-100,100]", with: "[-100,-100]")
        try Self.expectPlayed(file, frames: [0, 15, 20, 30, 40], unlike: turned, at: 0)
    }

    /// A layer popping in from a scale of 0 (designers' commonest entrance) only grows: the
    /// Lottie transform scales about the anchor and turns by its rotation alone, 0 here. A
    /// decomposed transform of scale 0 has rows of no direction, and where those were completed
    /// as a quarter turn the engine played the layer turned by 90°.
    @Test func aLayerPoppingInFromNothingDoesNotTurn() throws {
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "pop",
                transform: F.transform(
                    anchor: [5, 5], position: [50, 50], scale: [100, 100],
                    extra: ["s": F.keyframes([(0, [0, 0], Self.ease), (20, [100, 100], [:])])]),
                shapes: [F.rectangle(40, 10, at: [10, 12]), F.fill([0.8, 0.3, 0.2])])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [5, 10, 20, 30]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A turned layer or group popping in from a scale of 0 keeps its turn while it grows: the
    /// Lottie transform turns by its rotation whatever the scale. At scale 0 a decomposed
    /// transform has no rotation left, so where the scale's key paths shared the rotation's
    /// layer the engine brought the layer back unturned (the bursts of a firework, each ray
    /// turned 15°, drawn along the axes).
    @Test func aTurnedLayerPoppingInFromNothingKeepsItsTurn() throws {
        let group: [String: Any] = [
            "ty": "gr",
            "it": [
                F.rectangle(30, 8, at: [12, 0]), F.fill([0.2, 0.4, 0.9]),
                [
                    "ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0]), "r": F.value(40), "o": F.value(100),
                    "s": F.keyframes([(4, [0, 0], Self.ease), (24, [100, 60], [:])]),
                ],
            ],
        ]
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "turned pop",
                transform: F.transform(
                    anchor: [5, 5], position: [60, 50], rotation: 15,
                    extra: ["s": F.keyframes([(0, [0, 0], Self.ease), (20, [100, 100], [:])])]),
                shapes: [group, F.rectangle(40, 10, at: [10, 12]), F.fill([0.8, 0.3, 0.2])])
        ])
        // The comparison sees the turn: the layer drawn unturned differs.
        let unturned = file.replacingOccurrences(of: "\"r\":{\"a\":0,\"k\":15}", with: "\"r\":{\"a\":0,\"k\":0}")
        try Self.expectPlayed(file, frames: [5, 10, 15, 20, 30], unlike: unturned, at: 30)
    }

    /// A group popping in from a scale of 0 draws its paths once it has grown: the engine plays
    /// the group's scale on a layer and needs each paint's path in the group's own space, which
    /// it took from direct evaluation at frame 0, where the scaled-away group paints nothing —
    /// so the engine made no paint at all and drew an empty group for the whole animation.
    @Test func aGroupPoppingInFromNothingDrawsItsPaints() throws {
        let pop: [String: Any] = [
            "ty": "gr",
            "it": [
                F.rectangle(40, 30), F.stroke([0.1, 0.2, 0.8], width: 4), F.fill([0.9, 0.6, 0.2]),
                [
                    "ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0]), "r": F.value(0), "o": F.value(100),
                    "s": F.keyframes([(0, [0, 0], Self.ease), (20, [100, 100], [:])]),
                ],
            ],
        ]
        let file = F.animation(layers: [
            F.shapeLayer(index: 1, name: "pop", transform: F.transform(position: [50, 50]), shapes: [pop])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 10, 20, 30]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Drawn at all: the file without its paints differs once the group has grown.
        let bare = file.replacingOccurrences(of: "\"ty\":\"fl\"", with: "\"ty\":\"xx\"")
            .replacingOccurrences(of: "\"ty\":\"st\"", with: "\"ty\":\"xx\"")
        #expect(bare != file)
        let gap = try LottieEngineSceneTests.gaps(file, played: bare, frames: [20])[0]
        #expect(gap.coverage > 0.05, "\(gap)")
    }

    /// A stroke whose dash lengths are all 0 dashes nothing: it is drawn solid (SVG's rule for
    /// an all-zero `stroke-dasharray`), by the engine as by direct evaluation, not refused.
    @Test func dashesOfNoLengthDrawASolidStroke() throws {
        var stroke = F.stroke([0.1, 0.3, 0.8], width: 4)
        stroke["d"] = [["n": "d", "v": F.value(0)], ["n": "g", "v": F.value(0)], ["n": "o", "v": F.value(0)]]
        let file = F.animation(layers: [
            F.shapeLayer(index: 1, transform: F.transform(position: [60, 50]), shapes: [F.rectangle(40, 30), stroke])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Drawn at all: the same file without the stroke differs.
        let bare = file.replacingOccurrences(of: "\"ty\":\"st\"", with: "\"ty\":\"xx\"")
        #expect(bare != file)
        let gap = try LottieEngineSceneTests.gaps(file, played: bare, frames: [0])[0]
        #expect(gap.coverage > 0.005, "\(gap)")
    }
}
