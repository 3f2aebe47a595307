import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Repeaters whose offset moves, played by the engine (each copy's place and turn animated by
/// the offset), against direct evaluation's frames.
@Suite("Lottie repeaters played by the engine")
struct LottieEngineRepeaterTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }

    static func repeater(count: Double, offset: Any, step: [String: Any]) -> [String: Any] {
        [
            "ty": "rp", "c": F.value(count), "o": (offset as? [String: Any]) ?? F.value(offset), "m": 1,
            "tr": [
                "ty": "tr", "a": F.value([0, 0]), "p": F.value([14, 0]), "s": F.value([100, 100]), "r": F.value(0),
                "so": F.value(100), "eo": F.value(40),
            ].merging(step) { $1 },
        ]
    }

    /// Dots sliding along their row as the offset runs from −1 to 2 (eased), a fan of bars
    /// turning with it, and a fill after a sliding repeater that paints every copy's path.
    static var file: String {
        let slide = F.keyframes([(0, [-1], ease), (40, [2], [:])])
        let dots = F.shapeLayer(
            index: 1, name: "dots", transform: F.transform(position: [20, 25]),
            shapes: [
                ["ty": "el", "p": F.value([0, 0]), "s": F.value([10, 10])], F.fill([0.2, 0.5, 0.9]),
                F.stroke([0.1, 0.1, 0.1], width: 2), repeater(count: 5, offset: slide, step: [:]),
            ])
        let fan = F.shapeLayer(
            index: 2, name: "fan", transform: F.transform(position: [140, 50]),
            shapes: [
                F.rectangle(4, 30, at: [0, -20]), F.fill([0.9, 0.4, 0.1]),
                repeater(count: 6, offset: slide, step: ["p": F.value([0, 0]), "r": F.value(30)]),
            ])
        let row = F.shapeLayer(
            index: 3, name: "row", transform: F.transform(position: [20, 75]),
            shapes: [
                F.rectangle(8, 8), repeater(count: 4, offset: slide, step: ["p": F.value([12, 2])]),
                F.fill([0.3, 0.7, 0.3]),
            ])
        return F.animation(layers: [dots, fan, row])
    }

    @Test func slidingCopiesMatchDirectEvaluation() throws {
        let notPlayed = try F.load(Self.file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.file, frames: [0, 10, 20, 33, 40, 60]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The copies move: frame 20's picture is not frame 0's.
        #expect(try LottieEngineSceneTests.motion(Self.file, from: 0, to: 20).coverage > 0.01)
    }

    /// Copies appearing and going as the count moves (eased up from 1 to 6.5, held, down to
    /// 2): a row of dots fading from the first copy to the last — the fade steps as copies come
    /// and go — and a row of stroked squares (two paints a copy, each faded in a layer of its
    /// own), stacked below each other.
    @Test func copiesComeAndGoWithTheCount() throws {
        let count = F.keyframes([(0, [1], Self.ease), (30, [6.5], ["h": 1]), (40, [6.5], [:]), (70, [2], [:])])
        let dots = F.shapeLayer(
            index: 1, name: "dots", transform: F.transform(position: [15, 30]),
            shapes: [
                ["ty": "el", "p": F.value([0, 0]), "s": F.value([12, 12])], F.fill([0.2, 0.4, 0.9]),
                [
                    "ty": "rp", "c": count, "o": F.value(0), "m": 1,
                    "tr": [
                        "ty": "tr", "a": F.value([0, 0]), "p": F.value([16, 0]), "s": F.value([100, 100]),
                        "r": F.value(0), "so": F.value(100), "eo": F.value(20),
                    ],
                ],
            ])
        let squares = F.shapeLayer(
            index: 2, name: "squares", transform: F.transform(position: [15, 70]),
            shapes: [
                F.rectangle(14, 14), F.fill([0.9, 0.6, 0.2]), F.stroke([0.2, 0.2, 0.2], width: 2),
                [
                    "ty": "rp", "c": count, "o": F.value(0.5), "m": 2,
                    "tr": [
                        "ty": "tr", "a": F.value([0, 0]), "p": F.value([12, 0]), "s": F.value([100, 100]),
                        "r": F.value(0), "so": F.value(90), "eo": F.value(30),
                    ],
                ],
            ])
        let file = F.animation(layers: [dots, squares])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        // Frames on both sides of the counts' crossings, at the hold and its end.
        for gap in try LottieEngineSceneTests.gaps(
            file, frames: [0, 3, 8, 12, 17, 22, 29, 30, 35, 40, 48, 55, 63, 70, 80])
        {
            // Within rounding: cairo rounds a layer's opacity and a `fill-opacity` apart by a
            // level or a few.
            #expect(gap.worst <= 3, "\(gap)")
        }
    }

    /// A count whose easing overshoots: from 2 past 7 (about 9.6 at its peak) and back to 7,
    /// then down to 3 by way of 7.3 and 2.8 — each whole number it passes is a change, a level
    /// passed twice on one segment twice, and the most copies it shows is its peak's.
    @Test func anOvershootingCountPlays() throws {
        let count = F.keyframes([
            (0, [2], ["o": ["x": [0.2], "y": [2.2]], "i": ["x": [0.5], "y": [1.5]]]),
            (30, [7], ["o": ["x": [0.3], "y": [-0.5]], "i": ["x": [0.7], "y": [1.4]]]), (60, [3], [:]),
        ])
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "dots", transform: F.transform(position: [12, 50]),
                shapes: [
                    ["ty": "el", "p": F.value([0, 0]), "s": F.value([10, 10])], F.fill([0.2, 0.4, 0.9]),
                    [
                        "ty": "rp", "c": count, "o": F.value(0), "m": 1,
                        "tr": [
                            "ty": "tr", "a": F.value([0, 0]), "p": F.value([14, 0]), "s": F.value([100, 100]),
                            "r": F.value(0), "so": F.value(100), "eo": F.value(40),
                        ],
                    ],
                ])
        ])
        let animation = try F.load(file)
        let repeater = try #require(
            {
                if case let .shape(items) = animation.layers[0].kind, case let .repeated(_, r) = items[0] { return r }
                return nil
            }())
        // The peak: the easing's largest output, 2 + 5·max E.
        #expect(
            repeater.mostCopies == (2 + 5 * (try CubicBezier(0.2, 2.2, 0.5, 1.5)).outputRange.upperBound).rounded(.down)
        )
        #expect(repeater.mostCopies == 9)
        let changes = try #require(LottieEngineShapes.countChanges(repeater))
        // Every change is where the count, rounded down, differs on either side.
        for c in changes {
            #expect(repeater.count(at: c.frame) == c.count && repeater.count(at: c.frame.nextDown) != c.count)
        }
        #expect(Set(changes.map(\.count)).count > 5)
        let notPlayed = try animation.engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 4, 8, 12, 16, 20, 25, 30, 36, 42, 48, 54, 60]) {
            #expect(gap.worst <= 3, "\(gap)")
        }
    }

    /// A moving count with moving start and end opacities: copy `k`'s opacity
    /// `start·(1 − f) + end·f`, `f = k/(n − 1)` stepping as the count does — one paint a copy
    /// (the copy's own opacity), and two (a fade layer around each).
    @Test func aMovingCountWithMovingOpacitiesPlays() throws {
        let count = F.keyframes([(0, [1], Self.ease), (30, [6.5], [:]), (50, [3], [:])])
        let start = F.keyframes([(0, [100], [:]), (40, [30], [:])])
        let end = F.keyframes([(10, [20], Self.ease), (45, [90], [:])])
        func row(_ index: Int, at y: Double, _ paints: [[String: Any]]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "row \(index)", transform: F.transform(position: [15, y]),
                shapes: [F.rectangle(12, 12)] + paints + [
                    [
                        "ty": "rp", "c": count, "o": F.value(0), "m": 1,
                        "tr": [
                            "ty": "tr", "a": F.value([0, 0]), "p": F.value([16, 0]), "s": F.value([100, 100]),
                            "r": F.value(0), "so": start, "eo": end,
                        ],
                    ]
                ])
        }
        let file = F.animation(layers: [
            row(1, at: 30, [F.fill([0.2, 0.4, 0.9])]),
            row(2, at: 70, [F.fill([0.9, 0.6, 0.2]), F.stroke([0.2, 0.2, 0.2], width: 2)]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]) {
            #expect(gap.worst <= 3, "\(gap)")
        }
        // The comparison sees the fade: the same file with fixed opacities differs.
        let fixed = F.animation(
            layers: [row(1, at: 30, [F.fill([0.2, 0.4, 0.9])])].map { layer in
                var layer = layer
                var shapes = layer["shapes"] as! [[String: Any]]
                var repeater = shapes[2]
                var step = repeater["tr"] as! [String: Any]
                step["so"] = F.value(100)
                step["eo"] = F.value(100)
                repeater["tr"] = step
                shapes[2] = repeater
                layer["shapes"] = shapes
                return layer
            })
        let one = F.animation(layers: [row(1, at: 30, [F.fill([0.2, 0.4, 0.9])])])
        let missed = try LottieEngineSceneTests.gaps(one, played: fixed, frames: [35])[0]
        #expect(missed.worst > 20, "\(missed)")
    }

    /// Copies turning and shrinking about a moving anchor: alone, with a moving step, and with
    /// a sliding offset (the anchor the base position animation, the rest added to it).
    @Test func aMovingAnchorPlays() throws {
        let anchor = F.keyframes([(0, [0, 0], Self.ease), (40, [10, 6], [:])])
        func fan(_ index: Int, at x: Double, _ step: [String: Any], offset: Any = 0) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "fan \(index)", transform: F.transform(position: [x, 50]),
                shapes: [
                    F.rectangle(10, 4, at: [12, 0]), F.fill([0.8, 0.4, 0.1]),
                    Self.repeater(
                        count: 5, offset: offset,
                        step: ["a": anchor, "r": F.value(30), "s": F.value([90, 90])].merging(step) { $1 }),
                ])
        }
        let file = F.animation(layers: [
            fan(1, at: 40, ["p": F.value([2, 0])]),
            fan(2, at: 100, ["p": F.keyframes([(0, [0, 0], [:]), (40, [4, 2], [:])])]),
            fan(
                3, at: 160, ["p": F.value([3, 1]), "r": F.value(0), "s": F.value([100, 100])],
                offset: F.keyframes([(0, [0], [:]), (40, [1.5], [:])])),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        let still = file.replacingOccurrences(of: "[10,6]", with: "[0,0]")
        #expect(still != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: still, frames: [40])[0]
        #expect(wrong.coverage > 0.001, "\(wrong)")
    }

    /// Copy transforms no keyframes carry, played as a motion of each copy's whole transform:
    /// a scale that moves (`s(t)^k`), a slide while the step scales (`s^(k + o(t))`), a slide
    /// with a moving position step and one with a moving rotation step (the two multiply), a
    /// moving scale with a moving count, and a moving scale inside a layer played backwards.
    static var movingSteps: String {
        let slide = F.keyframes([(0, [0], ease), (40, [2], [:])])
        let grow = F.keyframes([(0, [70, 70], ease), (40, [120, 90], [:])])
        func row(_ index: Int, at y: Double, count: Any = F.value(4), offset: Any = 0, _ step: [String: Any])
            -> [String: Any]
        {
            F.shapeLayer(
                index: index, name: "row \(index)", transform: F.transform(position: [30, y]),
                shapes: [
                    F.rectangle(10, 6), F.fill([0.2, 0.5, 0.9]),
                    Self.repeater(count: 4, offset: offset, step: ["p": F.value([22, 0])].merging(step) { $1 })
                        .merging(["c": count]) { $1 },
                ])
        }
        var reversed = row(6, at: 170, ["s": grow, "r": F.value(10)])
        reversed["sr"] = -1
        reversed["st"] = 40
        return F.animation(
            height: 190,
            layers: [
                row(1, at: 20, ["s": grow, "a": F.value([4, 2]), "r": F.value(8)]),
                row(2, at: 50, offset: slide, ["s": F.value([90, 80])]),
                row(3, at: 80, offset: slide, ["p": F.keyframes([(0, [10, 0], [:]), (40, [20, 4], [:])])]),
                row(4, at: 110, offset: slide, ["r": F.keyframes([(0, [0], ease), (40, [25], [:])])]),
                row(5, at: 140, count: F.keyframes([(0, [1], [:]), (40, [4.5], [:])]), ["s": grow]),
                reversed,
            ])
    }

    @Test func copyTransformsNoKeyframesCarryPlayAsMotions() throws {
        let file = Self.movingSteps
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 7, 20, 33, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        #expect(try LottieEngineSceneTests.motion(file, from: 0, to: 20).coverage > 0.01)
        // Holding each copy's transform at its first frame draws another picture.
        let held = file.replacingOccurrences(of: "[120,90]", with: "[70,70]")
        #expect(held != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: held, frames: [30])[0]
        #expect(wrong.coverage > 0.001, "\(wrong)")
    }

    @Test func aMovingScaleUnderAnOuterPaintPlaysItsPath() throws {
        // The copies' paths join the fill after the repeater: one path, s(t)^k in it.
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, transform: F.transform(position: [40, 50]),
                shapes: [
                    F.rectangle(10, 10),
                    Self.repeater(
                        count: 3, offset: 0,
                        step: ["s": F.keyframes([(0, [60, 60], Self.ease), (40, [130, 110], [:])])]),
                    F.fill([0.9, 0.3, 0.2]),
                ])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 13, 27, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    @Test func aMovingCountUnderAnOuterPaintPlaysAPathPerCount() throws {
        // The copies' paths join the fill after the repeater: 1 to 4.5 copies over 40 frames
        // change the path's subpaths at frames 11.43, 22.86 and 34.29 — a layer per count, each
        // shown while it lasts.
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, transform: F.transform(position: [30, 50]),
                shapes: [
                    F.rectangle(10, 10),
                    Self.repeater(count: 1, offset: 0, step: ["p": F.value([20, 0])]).merging([
                        "c": F.keyframes([(0, [1], [:]), (40, [4.5], [:])])
                    ]) { $1 },
                    F.fill([0.9, 0.3, 0.2]),
                ])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 11.4, 11.5, 20, 22.8, 22.9, 34.2, 34.3, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    @Test func repeatersPastTheBudgetsAreListed() throws {
        // Copies whose transform is a motion each spend one of the scene's motions (256): of
        // 200 and 100 such copies, the repeater built second does not fit and is listed.
        let grow = F.keyframes([(0, [90, 90], [:]), (40, [100, 100], [:])])
        func many(_ index: Int, _ count: Double) -> [String: Any] {
            F.shapeLayer(
                index: index,
                shapes: [
                    F.rectangle(2, 2), F.fill([1, 0, 0]), Self.repeater(count: count, offset: 0, step: ["s": grow]),
                ])
        }
        // A count that swings between 0 and 1,000 ten times changes more often than the engine
        // builds held keyframes for (countChanges' budget): listed, and quickly.
        let swinging = F.keyframes(
            (0..<10).map { i in (Double(i * 4), [i % 2 == 0 ? 0 : 1000] as Any, [String: Any]()) })
        let layers = [
            many(1, 200), many(2, 100),
            F.shapeLayer(
                index: 3,
                shapes: [
                    F.rectangle(2, 2), F.fill([1, 0, 0]),
                    Self.repeater(count: 1, offset: 0, step: [:]).merging(["c": swinging]) { $1 },
                ]),
        ]
        let listed = try F.load(F.animation(layers: layers)).engineScene().notPlayed.map {
            "\($0.feature) \($0.path)"
        }
        #expect(
            listed == ["engine.animatedRepeater layers[2].shapes[2]", "engine.animatedRepeater layers[0].shapes[2]"],
            "\(listed)")
    }
}
