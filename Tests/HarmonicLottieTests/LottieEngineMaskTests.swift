import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Lottie masks and track mattes played by the engine (a tree of `CALayer.mask`s, see
/// ``LottieEngineScene``; mattes by the engine's `maskMode`) against the same masks and mattes
/// drawn by direct evaluation, by the pixels of the frames.
@Suite("Lottie masks and mattes played by the engine")
struct LottieEngineMaskTests {
    typealias F = LottieTestFiles

    static func square(_ x: Double, _ y: Double, _ side: Double) -> [String: Any] {
        [
            "c": true, "v": [[x, y], [x + side, y], [x + side, y + side], [x, y + side]],
            "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]],
        ]
    }

    static func mask(
        _ mode: String, _ shape: Any, opacity: Any = 100, inverted: Bool = false, expansion: Any? = nil
    ) -> [String: Any] {
        func wrap(_ v: Any) -> Any { (v as? [String: Any]).map { $0["k"] == nil ? F.value($0) : $0 } ?? F.value(v) }
        var m: [String: Any] = ["mode": mode, "pt": wrap(shape), "o": wrap(opacity), "inv": inverted]
        if let expansion { m["x"] = wrap(expansion) }
        return m
    }

    /// A 44 × 44 square at `(x, y)` seen through `masks` (in its own space, centred on it).
    static func masked(_ index: Int, at x: Double, _ y: Double, _ masks: [[String: Any]]) -> [String: Any] {
        F.shapeLayer(
            index: index, name: "masked \(index)", transform: F.transform(position: [x, y]),
            shapes: [F.rectangle(44, 44), F.fill([0.2, 0.4 + 0.05 * Double(index), 0.8])],
            extra: ["masksProperties": masks])
    }

    /// Every mask the engine plays: a moving subtraction from a full start, a half-opaque
    /// subtraction whose opacity moves, an inverted intersection, an inverted addition fading
    /// in, growing and fixed expansions, an addition after an intersection, an inverted
    /// subtraction, and a path wound over itself (filled even–odd by both).
    static var file: String {
        let ease: [String: Any] = ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]]
        let moving = F.keyframes([(0, [square(-30, -30, 24)], ease), (40, [square(4, -6, 24)], [:])])
        let triangle: [String: Any] = [
            "c": true, "v": [[-14, 10], [14, 10], [0, -14]], "i": [[0, 0], [0, 0], [0, 0]],
            "o": [[0, 0], [0, 0], [0, 0]],
        ]
        // A star of five points drawn in one stroke: its centre is wound twice.
        let star: [String: Any] = [
            "c": true,
            "v": (0..<5).map { k -> [Double] in
                let a = Double(k * 2) * 2 * Double.pi / 5 - Double.pi / 2
                return [20 * cos(a), 20 * sin(a)]
            },
            "i": Array(repeating: [0.0, 0.0], count: 5), "o": Array(repeating: [0.0, 0.0], count: 5),
        ]
        let layers = [
            masked(1, at: 25, 25, [mask("s", moving)]),
            masked(
                2, at: 75, 25,
                [
                    mask("a", square(-20, -20, 40)),
                    mask("s", square(-10, -10, 20), opacity: F.keyframes([(0, [40], [:]), (40, [80], [:])])),
                ]),
            masked(
                3, at: 125, 25,
                [mask("a", square(-22, -22, 44)), mask("i", square(-8, -8, 16), opacity: 70, inverted: true)]),
            masked(
                4, at: 175, 25,
                [
                    mask(
                        "a", square(-10, -10, 20), opacity: F.keyframes([(0, [10], ease), (40, [90], [:])]),
                        inverted: true)
                ]
            ),
            masked(5, at: 25, 75, [mask("a", triangle, expansion: F.keyframes([(0, [0], ease), (40, [8], [:])]))]),
            masked(
                6, at: 75, 75,
                [mask("i", triangle, expansion: 4), mask("s", square(-6, -6, 12), opacity: 60, inverted: true)]),
            masked(7, at: 125, 75, [mask("i", moving), mask("a", square(-20, 4, 16), opacity: 50)]),
            masked(8, at: 175, 75, [mask("s", star, inverted: true)]),
        ]
        return F.animation(layers: layers)
    }

    @Test func everyModeTheEnginePlaysMatchesDirectEvaluation() throws {
        let notPlayed = try F.load(Self.file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.file, frames: [0, 10, 20, 33, 40, 60]) {
            // The same areas through the same rasteriser: every premultiplied channel of every
            // pixel within rounding (cairo rounds a layer's group opacity and direct
            // evaluation's `fill-opacity` apart by a level or two).
            #expect(gap.worst <= 4, "\(gap)")
        }
    }

    /// Every kind of track matte: a moving, 70 % opaque orange ellipse (luminance 0.6 of its
    /// colour) over a bar, and a source named by `tp` rather than the layer above.
    static var mattes: String {
        let ease: [String: Any] = ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]]
        func source(_ index: Int, at x: Double, extra: [String: Any] = ["td": 1]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "source \(index)",
                transform: F.transform(position: F.keyframes([(0, [x - 10, 40], ease), (40, [x + 10, 60], [:])])),
                shapes: [
                    ["ty": "el", "p": F.value([0, 0]), "s": F.value([36, 36])], F.fill([1, 0.6, 0.2], opacity: 70),
                ],
                extra: extra)
        }
        func matted(_ index: Int, at x: Double, kind: Int, extra: [String: Any] = [:]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "matted \(index)", transform: F.transform(position: [x, 50]),
                shapes: [F.rectangle(40, 60), F.fill([0.1, 0.3, 0.8])], extra: ["tt": kind].merging(extra) { $1 })
        }
        return F.animation(layers: [
            source(1, at: 25), matted(2, at: 25, kind: 1), source(3, at: 75), matted(4, at: 75, kind: 2),
            source(5, at: 125), matted(6, at: 125, kind: 3), matted(7, at: 175, kind: 4, extra: ["tp": 9]),
            F.shapeLayer(
                index: 8, name: "backdrop", shapes: [F.rectangle(400, 200), F.fill([0.95, 0.95, 0.9], opacity: 30)]),
            source(9, at: 175),
        ])
    }

    @Test func everyMatteKindMatchesDirectEvaluation() throws {
        let notPlayed = try F.load(Self.mattes).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.mattes, frames: [0, 15, 30, 40]) {
            #expect(gap.worst <= 4, "\(gap)")
        }
        // Each kind is its own: the same file with every matte read as alpha differs.
        let alphas = Self.mattes.replacingOccurrences(of: "\"tt\":2", with: "\"tt\":1")
            .replacingOccurrences(of: "\"tt\":3", with: "\"tt\":1").replacingOccurrences(
                of: "\"tt\":4", with: "\"tt\":1")
        #expect(alphas != Self.mattes)
        let wrong = try LottieEngineSceneTests.gaps(Self.mattes, played: alphas, frames: [15])[0]
        #expect(wrong.coverage > 0.05, "\(wrong)")
    }

    /// Masks, mattes and a gradient whose mask moves, inside a time-remapped precomposition
    /// that holds, runs backwards and jumps, and inside a second remapped precomposition within
    /// it: every mask follows its layer's remapped clock.
    @Test func masksFollowRemappedTime() throws {
        let ease: [String: Any] = ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]]
        let moving = F.keyframes([(0, [Self.square(-30, -30, 24)], ease), (40, [Self.square(4, -6, 24)], [:])])
        let masked = Self.masked(1, at: 30, 30, [Self.mask("s", moving)])
        let source = F.shapeLayer(
            index: 2, name: "source",
            transform: F.transform(position: F.keyframes([(0, [70, 20], ease), (40, [90, 40], [:])])),
            shapes: [["ty": "el", "p": F.value([0, 0]), "s": F.value([30, 30])], F.fill([1, 1, 1])], extra: ["td": 1])
        let matted = F.shapeLayer(
            index: 3, name: "matted", transform: F.transform(position: [80, 30]),
            shapes: [F.rectangle(40, 40), F.fill([0.8, 0.2, 0.2])], extra: ["tt": 1])
        let gradient: [String: Any] = [
            "ty": "gf", "t": 1, "s": F.value([-20, 0]), "e": F.value([20, 0]), "o": F.value(100), "r": 1,
            "g": ["p": 2, "k": F.value([0, 0.1, 0.8, 0.3, 1, 0.9, 0.2, 0.6])],
        ]
        let glow = F.shapeLayer(
            index: 4, name: "glow", transform: F.transform(position: [130, 30]),
            shapes: [
                [
                    "ty": "rc", "p": F.value([0, 0]), "s": F.keyframes([(0, [10, 30], ease), (40, [40, 20], [:])]),
                    "r": F.value(0),
                ],
                gradient,
            ])
        let inner = F.shapeLayer(
            index: 1, name: "inner", transform: F.transform(position: [20, 20]),
            shapes: [F.rectangle(30, 30), F.fill([0.2, 0.6, 0.3])],
            extra: ["masksProperties": [Self.mask("i", moving)]])
        let nested: [String: Any] = [
            "ty": 0, "ind": 5, "nm": "nested", "refId": "inner", "w": 60, "h": 60, "ip": 0, "op": 100, "st": 0, "sr": 1,
            "ks": F.transform(position: [150, 10]),
            "tm": F.keyframes([(0, [1.2], ease), (60, [0], [:])]),
        ]
        let outer: [String: Any] = [
            "ty": 0, "ind": 1, "nm": "outer", "refId": "outer", "w": 200, "h": 100, "ip": 0, "op": 100, "st": 0,
            "sr": 1, "ks": F.transform(),
            "tm": F.keyframes([(0, [0], ["h": 1]), (10, [0.2], ease), (30, [1.3], [:]), (45, [0.4], [:])]),
        ]
        let file = F.animation(
            layers: [outer],
            assets: [
                ["id": "outer", "layers": [masked, source, matted, glow, nested]], ["id": "inner", "layers": [inner]],
            ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 10, 17, 25, 30, 38, 45, 60]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    @Test func theMasksAreThere() throws {
        // Drawn without its masks, the file differs everywhere a mask takes something away:
        // the comparison above sees the masks.
        let bare = Self.file.replacingOccurrences(of: "\"masksProperties\"", with: "\"unusedMasks\"")
        let gap = try LottieEngineSceneTests.gaps(Self.file, played: bare, frames: [20])[0]
        #expect(gap.coverage > 0.05, "\(gap)")
    }

    /// Lighten, darken and difference masks at opacities that tell them from add and intersect
    /// (one fading), after intersections and inverted; expansions that shrink, grow inverted, or
    /// grow and are subtracted — played by the masks' luminance.
    static var luminanceFile: String {
        let ease: [String: Any] = ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]]
        let a = square(-22, -22, 28), b = square(-6, -6, 28)
        let fading = F.keyframes([(0, [20], ease), (40, [90], [:])])
        let triangle: [String: Any] = [
            "c": true, "v": [[-16, 12], [16, 12], [0, -16]], "i": [[0, 0], [0, 0], [0, 0]],
            "o": [[0, 0], [0, 0], [0, 0]],
        ]
        return F.animation(layers: [
            masked(1, at: 25, 25, [mask("a", a, opacity: 50), mask("l", b, opacity: fading)]),
            masked(2, at: 75, 25, [mask("a", a, opacity: 50), mask("d", b)]),
            masked(3, at: 125, 25, [mask("a", a), mask("f", b, opacity: 60)]),
            masked(4, at: 175, 25, [mask("i", a), mask("l", b, opacity: 40, inverted: true)]),
            masked(5, at: 25, 75, [mask("a", triangle, expansion: F.keyframes([(0, [0], ease), (40, [-6], [:])]))]),
            masked(6, at: 75, 75, [mask("a", triangle, inverted: true, expansion: 4)]),
            masked(7, at: 125, 75, [mask("a", square(-20, -20, 40)), mask("s", triangle, opacity: 70, expansion: 3)]),
            masked(8, at: 175, 75, [mask("f", triangle, opacity: 80, expansion: -3), mask("d", a, opacity: fading)]),
        ])
    }

    @Test func lightenDarkenDifferenceAndExpansionsByLuminance() throws {
        let notPlayed = try F.load(Self.luminanceFile).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.luminanceFile, frames: [0, 10, 20, 33, 40]) {
            #expect(gap.worst <= 4, "\(gap)")
        }
    }

    /// Expansions whose sign changes: growing, then shrinking past 0 (linear), and one whose
    /// easing dips below 0 on the way from 0 to 5, inverted — each cut where it crosses 0, its
    /// outline `2|x|` wide in the colour of the side it is on.
    @Test func expansionsWhoseSignChangesPlay() throws {
        let crossing = F.keyframes([(0, [6], [:]), (20, [-5], ["h": 1]), (30, [3], [:]), (40, [-2], [:])])
        let dipping = F.keyframes([
            (0, [0], ["o": ["x": [0.3], "y": [-1.2]], "i": ["x": [0.7], "y": [1]]]), (40, [5], [:]),
        ])
        let file = F.animation(layers: [
            Self.masked(1, at: 25, 50, [Self.mask("a", Self.square(-14, -14, 28), expansion: crossing)]),
            Self.masked(
                2, at: 80, 50, [Self.mask("a", Self.square(-14, -14, 28), inverted: true, expansion: dipping)]),
            Self.masked(
                3, at: 135, 50,
                [
                    Self.mask("a", Self.square(-20, -20, 40)),
                    Self.mask("s", Self.square(-8, -8, 16), expansion: crossing),
                ]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 0, to: 15).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 6, 11, 16, 20, 25, 30, 34, 38, 40]) {
            #expect(gap.worst <= 4, "\(gap)")
        }
        // The pieces: |x| and where x grows the area, cut at its crossings.
        let animation = try F.load(file)
        let x = try #require(animation.layers[0].masks[0].expansion)
        let (magnitude, grows) = try LottieEngineBuilder.magnitudeAndSign(of: x.timeline)
        for k in 0...400 {
            let t = Double(k) / 10
            let v = x.timeline.value(at: t)[0]
            #expect(abs(magnitude.value(at: t)[0] - abs(v)) <= 1e-12, "\(t)")
            if v != 0 { #expect(grows.value(at: t)[0] == (v > 0 ? 1 : 0), "\(t)") }
        }
    }

    /// Lighten, darken and difference masks whose opacity leaves [0, 100] % (an easing past
    /// 100, keyframes below 0): their grey is the opacity clamped as direct evaluation clamps
    /// it, cut where it passes a bound.
    @Test func greyOpacitiesPastTheirBoundsPlay() throws {
        let overshoot = F.keyframes([
            (0, [50], ["o": ["x": [0.3], "y": [1.6]], "i": ["x": [0.7], "y": [1]]]), (40, [100], [:]),
        ])
        let below = F.keyframes([
            (0, [-40], LottieEngineSceneTests.ease), (25, [80], ["h": 1]), (30, [130], [:]), (40, [20], [:]),
        ])
        let file = F.animation(layers: [
            Self.masked(
                1, at: 40, 50,
                [Self.mask("a", Self.square(-20, -20, 40)), Self.mask("l", Self.square(0, 0, 14), opacity: overshoot)]),
            Self.masked(
                2, at: 100, 50,
                [Self.mask("a", Self.square(-20, -20, 40)), Self.mask("d", Self.square(-10, -10, 20), opacity: below)]),
            Self.masked(
                3, at: 160, 50,
                [Self.mask("a", Self.square(-20, -20, 40)), Self.mask("f", Self.square(-6, -6, 24), opacity: below)]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 20).mean > 1e-4)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 9, 14, 20, 25, 28, 30, 35, 40]) {
            #expect(gap.worst <= 4, "\(gap)")
        }
    }

    /// Masks whose path morphs with an easing per component (no one easing moves the path):
    /// played as a motion of the file's path — added, subtracted from an inverted square (its
    /// area and its rest, two layers), and lightening (by luminance).
    @Test func morphsEasedPerComponentPlayAsMotions() throws {
        let split: [String: Any] = ["o": ["x": [0.3, 0.6], "y": [0, 0.2]], "i": ["x": [0.7, 0.4], "y": [1, 1]]]
        let morphing = F.keyframes([(0, [Self.square(0, 0, 10)], split), (40, [Self.square(-15, -5, 24)], [:])])
        let file = F.animation(layers: [
            Self.masked(1, at: 35, 50, [Self.mask("a", morphing)]),
            Self.masked(
                2, at: 100, 50, [Self.mask("a", Self.square(-20, -20, 40), inverted: true), Self.mask("s", morphing)]),
            Self.masked(3, at: 165, 50, [Self.mask("a", Self.square(-20, -20, 40)), Self.mask("l", morphing)]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 0, to: 20).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 13, 20, 27, 33, 40]) {
            #expect(gap.worst <= 4, "\(gap)")
        }
        // One easing for the whole path (the first component's) draws another picture.
        let one = file.replacingOccurrences(of: "[0.3,0.6]", with: "[0.3,0.3]")
            .replacingOccurrences(of: "[0,0.2]", with: "[0,0]").replacingOccurrences(of: "[0.7,0.4]", with: "[0.7,0.7]")
        #expect(one != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: one, frames: [13])[0]
        #expect(wrong.worst > 4, "\(wrong)")
    }

    /// A mask whose path changes its number of vertices between keyframes (a square, a hexagon,
    /// a triangle) has no keyframes to morph between: it plays as the file's path frame by frame,
    /// one layer per structure shown while the path has it — added, and expanded and subtracted
    /// (by luminance) — against direct evaluation's frames.
    @Test func aMaskWhoseVerticesChangeInNumberPlays() throws {
        func polygon(_ n: Int, radius: Double) -> [String: Any] {
            let v = (0..<n).map { k -> [Double] in
                let a = Double(k) * 2 * Double.pi / Double(n) - Double.pi / 2
                return [radius * cos(a), radius * sin(a)]
            }
            return [
                "c": true, "v": v, "i": Array(repeating: [0.0, 0.0], count: n),
                "o": Array(repeating: [0.0, 0.0], count: n),
            ]
        }
        let ease: [String: Any] = ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]]
        let changing = F.keyframes([
            (0, [polygon(4, radius: 16)], ease), (20, [polygon(6, radius: 20)], ease),
            (40, [polygon(3, radius: 22)], [:]),
        ])
        let file = F.animation(layers: [
            Self.masked(1, at: 30, 50, [Self.mask("a", changing)]),
            Self.masked(2, at: 100, 50, [Self.mask("s", changing, expansion: 3)]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 7, 15, 20, 26, 33, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        let bare = file.replacingOccurrences(of: "\"masksProperties\"", with: "\"unusedMasks\"")
        let gap = try LottieEngineSceneTests.gaps(file, played: bare, frames: [20])[0]
        #expect(gap.coverage > 0.02, "\(gap)")
    }
}
