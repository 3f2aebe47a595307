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
        let notPlayed = try F.load(Self.file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.file, frames: [0, 7, 13, 20, 27, 33, 40]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
    }

    /// A simultaneous trim cuts each path on its own: a square and a circle stroked together,
    /// their ends moving and their offset wrapping, in plain and gradient strokes.
    @Test func aSimultaneousTrimCutsEachPathOnItsOwn() throws {
        func trimmed(_ index: Int, at x: Double, _ paint: [String: Any]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "trimmed \(index)", transform: F.transform(position: [x, 50]),
                shapes: [
                    F.rectangle(40, 40, at: [-10, 0]), ["ty": "el", "p": F.value([20, 0]), "s": F.value([30, 30])],
                    [
                        "ty": "tm", "s": F.keyframes([(0, [0], Self.ease), (40, [30], [:])]),
                        "e": F.keyframes([(0, [40], Self.ease), (40, [90], [:])]),
                        "o": F.keyframes([(0, [0], [:]), (60, [300], [:])]), "m": 1,
                    ],
                    paint,
                ])
        }
        let gradient: [String: Any] = [
            "ty": "gs", "t": 1, "s": F.value([-30, 0]), "e": F.value([35, 0]), "o": F.value(100), "w": F.value(5),
            "lc": 2, "lj": 2, "ml": 4, "g": ["p": 2, "k": F.value([0, 0.9, 0.2, 0.2, 1, 0.2, 0.3, 0.9])],
        ]
        let file = F.animation(layers: [
            trimmed(1, at: 50, F.stroke([0.1, 0.5, 0.3], width: 5)), trimmed(2, at: 140, gradient),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40, 55]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Trimmed as one path (individually) the picture differs: the comparison sees the rule.
        let together = file.replacingOccurrences(of: "\"m\":1", with: "\"m\":2")
        let wrong = try LottieEngineSceneTests.gaps(file, played: together, frames: [20])[0]
        #expect(wrong.coverage > 0.005, "\(wrong)")
    }

    static func polystar(
        star: Bool, points: Any = 5, outer: Any = 20, inner: Any = 9, outerRoundness: Any = 0,
        innerRoundness: Any = 0, rotation: Any = 0, position: Any = [0, 0]
    ) -> [String: Any] {
        func wrap(_ v: Any) -> Any { (v as? [String: Any]) ?? F.value(v) }
        return [
            "ty": "sr", "sy": star ? 1 : 2, "p": wrap(position), "pt": wrap(points), "or": wrap(outer),
            "ir": wrap(inner), "os": wrap(outerRoundness), "is": wrap(innerRoundness), "r": wrap(rotation),
        ]
    }

    /// Stars and polygons whose position, radii or roundness move: their paths are affine in
    /// each (a vertex `p + r·u`, its tangents `u⊥·roundness·2πr/(4n)`).
    @Test func starsWhoseRadiiOrRoundnessMovePlay() throws {
        let grow = F.keyframes([(0, [12], Self.ease), (40, [24], [:])])
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "star", transform: F.transform(position: [40, 50]),
                shapes: [
                    Self.polystar(
                        star: true, outer: grow, inner: 8, outerRoundness: 30,
                        position: F.keyframes([(0, [-5, 0], Self.ease), (40, [5, 5], [:])])),
                    F.fill([0.9, 0.7, 0.1]),
                ]),
            F.shapeLayer(
                index: 2, name: "polygon", transform: F.transform(position: [100, 50]),
                shapes: [
                    Self.polystar(
                        star: false, points: 6, outer: 22,
                        outerRoundness: F.keyframes([(0, [0], [:]), (40, [80], [:])]),
                        rotation: 15),
                    F.stroke([0.2, 0.3, 0.8], width: 3),
                ]),
            F.shapeLayer(
                index: 3, name: "inner", transform: F.transform(position: [160, 50]),
                shapes: [
                    Self.polystar(star: true, points: 7, outer: 22, inner: grow, innerRoundness: 40),
                    F.fill([0.7, 0.2, 0.5]),
                ]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
        // A turning star sharing its paint, and a radius moving with its roundness: no
        // keyframes carry these paths, so the engine plays them as motions of the content (every
        // frame direct evaluation's path). A changing number of points where the star shares its
        // paint changes the path's elements: one layer per count, each shown while it lasts.
        let turning = Self.polystar(star: true, rotation: F.keyframes([(0, [0], Self.ease), (40, [90], [:])]))
        let counting = Self.polystar(star: true, points: F.keyframes([(0, [5], [:]), (40, [8], [:])]))
        let both = Self.polystar(
            star: false, outer: grow, outerRoundness: F.keyframes([(0, [0], [:]), (40, [50], [:])]))
        let motions = F.animation(
            layers: [turning, both].enumerated().map { i, star in
                F.shapeLayer(
                    index: i + 1, name: "motion \(i)", transform: F.transform(position: [50 + 90 * Double(i), 50]),
                    shapes: [star, F.rectangle(8, 8, at: [25, 0]), F.fill([1, 0, 0]), F.stroke([0, 0, 0], width: 2)])
            })
        #expect(try F.load(motions).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(motions, from: 5, to: 30).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(motions, frames: [0, 5, 11, 17, 20, 26, 33, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // 5 to 8 points over 40 frames: 6 from frame 13⅓, 7 from 26⅔; checked either side of
        // each change.
        let shared = F.animation(layers: [
            F.shapeLayer(
                index: 1, transform: F.transform(position: [60, 50]),
                shapes: [counting, F.rectangle(8, 8, at: [30, 0]), F.fill([1, 0, 0]), F.stroke([0, 0, 0], width: 2)])
        ])
        let played = try F.load(shared).engineScene().notPlayed
        #expect(played.isEmpty, "\(played)")
        for gap in try LottieEngineSceneTests.gaps(shared, frames: [0, 7, 13.3, 13.4, 20, 26.6, 26.7, 33, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// Rounded rectangles whose size or corner radius moves, the radius never clamped: the
    /// path is affine in both.
    @Test func roundedRectanglesThatResizePlay() throws {
        let grow = F.keyframes([(0, [30, 24], Self.ease), (40, [60, 40], [:])])
        let round = F.keyframes([(0, [2], Self.ease), (40, [11], [:])])
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "resized", transform: F.transform(position: [40, 50]),
                shapes: [["ty": "rc", "p": F.value([0, 0]), "s": grow, "r": F.value(8)], F.fill([0.3, 0.6, 0.9])]),
            F.shapeLayer(
                index: 2, name: "rounding", transform: F.transform(position: [110, 50]),
                shapes: [
                    ["ty": "rc", "p": F.value([0, 0]), "s": F.value([40, 30]), "r": round],
                    F.stroke([0.8, 0.3, 0.2], width: 3),
                ]),
            F.shapeLayer(
                index: 3, name: "both", transform: F.transform(position: [165, 50]),
                shapes: [["ty": "rc", "p": F.value([0, 0]), "s": grow, "r": round], F.fill([0.4, 0.7, 0.3])]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
        // Sizes and radii that reach 0 — a rectangle growing from nothing, a radius that
        // opens and closes, a side shrinking to a line — keep their eight vertices (corners of
        // no length at radius 0), so the frames at 0 match too.
        let fromNothing = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "grown", transform: F.transform(position: [30, 50]),
                shapes: [
                    [
                        "ty": "rc", "p": F.value([0, 0]), "s": F.keyframes([(0, [0, 0], [:]), (30, [40, 60], [:])]),
                        "r": F.value(8),
                    ],
                    F.fill([0.2, 0.5, 0.8]), F.stroke([0, 0, 0], width: 3),
                ]),
            F.shapeLayer(
                index: 2, name: "line", transform: F.transform(position: [90, 50]),
                shapes: [
                    [
                        "ty": "rc", "p": F.value([0, 0]),
                        "s": F.keyframes([(0, [0, 50], Self.ease), (30, [40, 30], [:])]),
                        "r": F.value(12),
                    ],
                    F.fill([0.8, 0.5, 0.2]), F.stroke([0, 0, 0], width: 2),
                ]),
            F.shapeLayer(
                index: 3, name: "corners", transform: F.transform(position: [150, 50]),
                shapes: [
                    [
                        "ty": "rc", "p": F.value([0, 0]), "s": F.value([40, 40]),
                        "r": F.keyframes([(0, [0], [:]), (20, [25], [:]), (30, [0], [:])]),
                    ],
                    F.fill([0.3, 0.7, 0.4]), F.stroke([0, 0, 0], width: 3),
                ]),
        ])
        #expect(try F.load(fromNothing).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.gaps(fromNothing, frames: [0, 1, 3, 9, 15, 20, 25, 30]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
        // A size whose easing overshoots below 0 (or whose keyframes cross it) is drawn folded,
        // |w| by |h|, which path keyframes through 0 would mirror instead: the path is cut
        // where the size crosses 0. Rounded, the radius's bound folds too: listed.
        let under: [String: Any] = ["o": ["x": [0.3], "y": [-0.6]], "i": ["x": [0.7], "y": [1]]]
        let dips = F.keyframes([(0, [4, 30], under), (40, [60, 30], [:])])
        let crosses = F.keyframes([(0, [30, -20], Self.ease), (20, [-20, 30], Self.overshoot), (40, [10, 20], [:])])
        let folding = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "dips", transform: F.transform(position: [50, 50]),
                shapes: [
                    ["ty": "rc", "p": F.value([0, 0]), "s": dips, "r": F.value(0)],
                    ["ty": "el", "p": F.value([0, 0]), "s": dips],
                    ["ty": "tm", "s": F.value(0), "e": F.value(70), "o": F.value(0), "m": 1],
                    F.stroke([0.8, 0.2, 0.3], width: 3),
                ]),
            F.shapeLayer(
                index: 2, name: "crosses", transform: F.transform(position: [140, 50]),
                shapes: [
                    ["ty": "el", "p": F.value([0, 0]), "s": crosses],
                    ["ty": "rc", "p": F.value([10, 0]), "s": crosses],
                    ["ty": "tm", "s": F.value(10), "e": F.value(80), "o": F.value(0), "m": 1],
                    F.stroke([0.2, 0.4, 0.8], width: 3),
                ]),
        ])
        #expect(try F.load(folding).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(folding, from: 2, to: 12).coverage > 0.002)
        for gap in try LottieEngineSceneTests.gaps(folding, frames: [0, 2, 5, 8, 12, 16, 20, 24, 28, 33, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Rounded, the radius's bound folds with the size too: played as a motion of the content.
        let rounded = F.animation(layers: [
            F.shapeLayer(
                index: 1, transform: F.transform(position: [100, 50]),
                shapes: [["ty": "rc", "p": F.value([0, 0]), "s": crosses, "r": F.value(6)], F.fill([1, 0, 0])])
        ])
        #expect(try F.load(rounded).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.gaps(rounded, frames: [0, 3, 8, 13, 20, 27, 34, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// Corner radii that clamp, `min(r, w/2, h/2)`: the path is affine in the size and radius
    /// only while the same bound holds, so it is cut where two bounds cross — a pill whose
    /// height then width bounds its ends, a radius growing past half the height, both moving.
    @Test func roundedRectanglesWhoseRadiusClampsPlay() throws {
        let pill = F.keyframes([(0, [40, 20], Self.ease), (20, [120, 60], Self.overshoot), (40, [30, 80], [:])])
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "pill", transform: F.transform(position: [50, 50]),
                shapes: [["ty": "rc", "p": F.value([0, 0]), "s": pill, "r": F.value(100)], F.fill([0.3, 0.6, 0.9])]),
            F.shapeLayer(
                index: 2, name: "rounding", transform: F.transform(position: [120, 50]),
                shapes: [
                    [
                        "ty": "rc", "p": F.value([0, 0]), "s": F.value([60, 50]),
                        "r": F.keyframes([(0, [5], Self.ease), (40, [40], [:])]),
                    ],
                    F.stroke([0.8, 0.3, 0.2], width: 3),
                ]),
            F.shapeLayer(
                index: 3, name: "both", transform: F.transform(position: [170, 50]),
                shapes: [
                    [
                        "ty": "rc", "p": F.value([0, 0]),
                        "s": F.keyframes([(0, [20, 50], Self.ease), (40, [50, 20], [:])]),
                        "r": F.keyframes([(0, [4], Self.ease), (40, [30], [:])]),
                    ],
                    F.fill([0.4, 0.7, 0.3]),
                ]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 10, 15, 20, 25, 30, 35, 40]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
    }

    /// Drivers keyed at different frames, linearly (After Effects' default): cut at each
    /// other's frames they move in step, their pieces linear too — a rectangle whose position
    /// and size move at different times, under a group that moves at others, then holds and
    /// jumps back after the rectangle has stopped.
    @Test func linearDriversKeyedApartPlay() throws {
        let rectangle: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [-20, 0], [:]), (20, [10, -5], [:]), (40, [0, 10], [:])]),
            "s": F.keyframes([(10, [20, 20], [:]), (30, [50, 16], [:])]), "r": F.value(0),
        ]
        let moved: [String: Any] = [
            "ty": "gr",
            "it": [
                rectangle,
                [
                    "ty": "tr", "p": F.keyframes([(20, [0, 0], [:]), (30, [10, 5], ["h": 1]), (45, [0, 0], [:])]),
                    "a": F.value([0, 0]), "s": F.value([100, 100]), "r": F.value(0), "o": F.value(100),
                ],
            ],
        ]
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "apart", transform: F.transform(position: [100, 50]),
                shapes: [moved, F.stroke([0.2, 0.5, 0.8], width: 3)])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 8, 12, 15, 18, 25, 33, 40, 44, 45, 50]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
    }

    /// A lone shape whose position cannot drive its path with the rest — keyed apart with
    /// its own easing, moving on a curve (spatial), or a star turning — moves as a layer around
    /// its paint (position, rotation), the path the shape at rest.
    @Test func loneShapesMoveAsALayer() throws {
        let apart: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [-20, 0], Self.ease), (20, [10, 10], [:])]),
            "s": F.keyframes([(5, [10, 10], Self.overshoot), (30, [30, 20], [:])]), "r": F.value(3),
        ]
        let curved: [String: Any] = [
            "ty": "el", "p": F.keyframes([(0, [0, 0], ["to": [10, -20], "ti": [-10, -10]]), (30, [30, 0], [:])]),
            "s": F.keyframes([(10, [10, 16], [:]), (40, [22, 8], [:])]),
        ]
        let turning = Self.polystar(
            star: true, outer: F.keyframes([(0, [18], Self.ease), (40, [24], [:])]),
            rotation: F.keyframes([(0, [0], Self.overshoot), (35, [144], [:])]),
            position: F.keyframes([(5, [0, 0], [:]), (25, [0, 10], [:])]))
        var dashed = F.stroke([0.1, 0.1, 0.1], width: 2)
        dashed["d"] = [["n": "d", "v": F.value(6)], ["n": "g", "v": F.value(3)]]
        let trim: [String: Any] = [
            "ty": "tm", "s": F.value(10), "e": F.keyframes([(0, [40], [:]), (40, [95], [:])]), "m": 1,
        ]
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "apart", transform: F.transform(position: [40, 50]),
                shapes: [apart, F.fill([0.9, 0.3, 0.2]), dashed]),
            F.shapeLayer(
                index: 2, name: "curved", transform: F.transform(position: [90, 60]),
                shapes: [curved, trim, F.stroke([0.2, 0.5, 0.8], width: 3)]),
            F.shapeLayer(
                index: 3, name: "turning", transform: F.transform(position: [160, 45]),
                shapes: [turning, F.fill([0.3, 0.7, 0.3])]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 25).coverage > 0.01)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 3, 8, 12, 17, 22, 27, 31, 36, 40]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
        // The comparison sees the turn: the star played without its rotation differs.
        let still = file.replacingOccurrences(of: "[144]", with: "[0]")
        #expect(still != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: still, frames: [30])[0]
        #expect(wrong.coverage > 0.001, "\(wrong)")
    }

    /// A round-corners modifier on moving outlines: a rectangle's corners cut by `min(r, w/2)`
    /// and `min(r, h/2)` (cut where the bound changes), a moving radius on a fixed rectangle,
    /// an ellipse (no sharp vertex to round), and a lone rectangle moving as a layer.
    @Test func roundCornersOnMovingOutlinesPlay() throws {
        func rounded(_ index: Int, at x: Double, y: Double = 40, _ shape: [String: Any], radius: Any) -> [String: Any] {
            func wrap(_ v: Any) -> Any { (v as? [String: Any]) ?? F.value(v) }
            return F.shapeLayer(
                index: index, name: "rounded \(index)", transform: F.transform(position: [x, y]),
                shapes: [
                    shape, ["ty": "rd", "r": wrap(radius)], F.fill([0.3, 0.5, 0.9]),
                    F.stroke([0.1, 0.1, 0.1], width: 2),
                ])
        }
        let growing: [String: Any] = [
            "ty": "rc", "p": F.value([0, 0]), "s": F.keyframes([(0, [4, 30], Self.ease), (30, [36, 12], [:])]),
            "r": F.value(0),
        ]
        let still = F.rectangle(30, 20)
        let oval: [String: Any] = [
            "ty": "el", "p": F.value([0, 0]), "s": F.keyframes([(0, [10, 30], [:]), (30, [30, 14], [:])]),
        ]
        let moving: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [-10, -10], Self.ease), (25, [10, 10], [:])]),
            "s": F.keyframes([(5, [20, 20], [:]), (35, [34, 8], [:])]), "r": F.value(0),
        ]
        let file = F.animation(layers: [
            rounded(1, at: 25, growing, radius: 8),
            rounded(2, at: 75, still, radius: F.keyframes([(0, [2], Self.ease), (30, [30], [:])])),
            rounded(3, at: 125, oval, radius: 6),
            rounded(4, at: 175, moving, radius: F.keyframes([(0, [3], [:]), (35, [12], [:])])),
            // A fixed triangle (sides 30, 20, 36) whose radius passes each half side.
            rounded(
                5, at: 90, y: 70,
                [
                    "ty": "sh",
                    "ks": F.value([
                        "c": true, "v": [[0, 0], [30, 0], [0, 20]], "i": [[0, 0], [0, 0], [0, 0]],
                        "o": [[0, 0], [0, 0], [0, 0]],
                    ]),
                ], radius: F.keyframes([(0, [1], Self.ease), (35, [24], [:])])),
            // The same triangle rounded from 0 by a radius whose easing dips below 0 first (no
            // rounding there): its vertices kept through 0, cut where the radius crosses it.
            rounded(
                6, at: 150, y: 70,
                [
                    "ty": "sh",
                    "ks": F.value([
                        "c": true, "v": [[0, 0], [30, 0], [0, 20]], "i": [[0, 0], [0, 0], [0, 0]],
                        "o": [[0, 0], [0, 0], [0, 0]],
                    ]),
                ],
                radius: F.keyframes([
                    (0, [0], Self.overshoot.merging(["o": ["x": [0.3], "y": [-0.8]]]) { $1 }), (35, [14], [:]),
                ])),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 25).coverage > 0.01)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 4, 9, 13, 17, 21, 26, 30, 35]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
        // A moving path of its own vertices under rounding (its sides' lengths are no affine
        // map of the vertices): played as a motion of the content.
        let vertices: [String: Any] = [
            "ty": "sh",
            "ks": F.keyframes([
                (
                    0,
                    [
                        [
                            "c": true, "v": [[0, 0], [20, 0], [0, 20]], "i": [[0, 0], [0, 0], [0, 0]],
                            "o": [[0, 0], [0, 0], [0, 0]],
                        ]
                    ], [:]
                ),
                (
                    20,
                    [
                        [
                            "c": true, "v": [[0, 0], [30, 5], [5, 25]], "i": [[0, 0], [0, 0], [0, 0]],
                            "o": [[0, 0], [0, 0], [0, 0]],
                        ]
                    ], [:]
                ),
            ]),
        ]
        let reshaped = F.animation(layers: [rounded(1, at: 50, vertices, radius: 4)])
        #expect(try F.load(reshaped).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.gaps(reshaped, frames: [0, 4, 9, 13, 17, 20, 25]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A lone star or polygon whose number of points moves: drawn once per count (rounded
    /// down), each shown while the count is its own — with its radius growing and the star
    /// turning meanwhile, and a count that overshoots and holds.
    @Test func starsWhosePointsMovePlay() throws {
        let star = Self.polystar(
            star: true, points: F.keyframes([(0, [3], Self.ease), (30, [7.5], [:])]),
            outer: F.keyframes([(0, [14], [:]), (40, [24], [:])]),
            rotation: F.keyframes([(0, [0], [:]), (40, [60], [:])]))
        let polygon = Self.polystar(
            star: false, points: F.keyframes([(0, [6], Self.overshoot), (20, [3], ["h": 1]), (30, [5], [:])]),
            outer: 22)
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "star", transform: F.transform(position: [50, 50]),
                shapes: [star, F.fill([0.9, 0.6, 0.1]), F.stroke([0.2, 0.2, 0.2], width: 2)]),
            F.shapeLayer(
                index: 2, name: "polygon", transform: F.transform(position: [140, 50]),
                shapes: [polygon, F.fill([0.2, 0.6, 0.9])]),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 2, to: 28).coverage > 0.01)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 3, 7, 11, 15, 19, 20, 24, 29, 30, 35, 40]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
        // The comparison sees the count: the star held at 3 points differs.
        let three = file.replacingOccurrences(of: "[7.5]", with: "[3]")
        #expect(three != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: three, frames: [29])[0]
        #expect(wrong.coverage > 0.001, "\(wrong)")
        // Counts whose points add up past the engine's budget (3 to 300: about 45,000) are
        // listed, not built.
        let many = Self.polystar(star: false, points: F.keyframes([(0, [3], [:]), (40, [300], [:])]))
        let listed = try F.load(F.animation(layers: [F.shapeLayer(index: 1, shapes: [many, F.fill([1, 0, 0])])]))
            .engineScene().notPlayed.map { "\($0.feature) \($0.path)" }
        #expect(listed == ["engine.animatedPolystar layers[0].shapes[1]"], "\(listed)")
    }

    /// A path whose structure changes on a frame has the new one at that frame, in the engine
    /// as in direct evaluation: a star whose points run 5 → 8 over frames 0–105 with no easing
    /// reaches 6 at frame 35 exactly and is drawn with 6 points there. Its radius and roundness
    /// move together, so the engine plays it as a motion of the content and finds where its
    /// structure changes by halving between checks (frames 21 and 42, whose halvings never
    /// meet 35). The halving goes down to adjacent doubles: stopped at 10⁻⁹ of a frame, it
    /// placed the change a hair after frame 35, which showed 5 points.
    @Test func aStructureChangeOnAFrameShowsAtThatFrame() throws {
        let star = Self.polystar(
            star: true, points: F.keyframes([(0, [5], [:]), (105, [8], [:])]),
            outer: F.keyframes([(0, [14], [:]), (105, [24], [:])]),
            outerRoundness: F.keyframes([(0, [0], [:]), (105, [40], [:])]))
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "star", transform: F.transform(position: [50, 50]),
                shapes: [star, F.fill([0.9, 0.6, 0.1])])
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        // Direct evaluation counts 6 points at frame 35 and 5 just before it.
        let animation = try F.load(file)
        func vertices(_ frame: Double) -> Int {
            animation.frame(at: frame).layers.flatMap(\.shapes).flatMap(\.geometry.subpaths).map(\.segments.count)
                .reduce(0, +)
        }
        #expect(vertices(35) == 12 && vertices(35 - 1e-6) == 10, "\(vertices(35)) \(vertices(35 - 1e-6))")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [34, 35, 36]) {
            #expect(gap.worst <= 2, "\(gap)")
        }
    }

    /// Properties that no one easing moves — keyed at other times, with other easings, holding
    /// while another moves — drive a path shared with other shapes: the path plays as its value
    /// with the other sets held plus one additive offset animation per set.
    @Test func propertiesOutOfStepPlayAsOffsets() throws {
        let apart: [String: Any] = [
            "ty": "rc",
            "p": F.keyframes([(0, [-30, 0], Self.ease), (20, [-10, 10], ["h": 1]), (30, [-20, -5], [:])]),
            "s": F.keyframes([(5, [10, 10], Self.overshoot), (35, [30, 20], [:])]), "r": F.value(0),
        ]
        let bent: [String: Any] = [
            "ty": "sh",
            "ks": F.keyframes([
                (
                    10,
                    [
                        "c": true, "v": [[20, -10], [35, 10], [5, 10]], "i": [[0, 0], [0, 0], [-4, 0]],
                        "o": [[0, 0], [0, 0], [0, -6]],
                    ], ["o": ["x": [0.1], "y": [0.9]], "i": ["x": [0.2], "y": [1]]]
                ),
                (
                    30,
                    [
                        "c": true, "v": [[25, -20], [40, 5], [0, 15]], "i": [[0, 0], [0, 0], [-8, 0]],
                        "o": [[0, 0], [0, 0], [0, -2]],
                    ], [:]
                ),
            ]),
        ]
        let nested: [String: Any] = [
            "ty": "gr",
            "it": [
                Self.polystar(
                    star: true, outer: F.keyframes([(0, [12], Self.overshoot), (40, [18], [:])]),
                    position: [0, -25]),
                [
                    "ty": "tr", "p": F.keyframes([(8, [0, 0], Self.ease), (25, [10, 8], [:])]), "a": F.value([0, 0]),
                    "s": F.value([100, 100]), "r": F.value(20), "o": F.value(100),
                ],
            ],
        ]
        let gradient: [String: Any] = [
            "ty": "gf", "t": 1, "s": F.value([-30, 0]), "e": F.value([30, 0]), "o": F.value(100), "r": 1,
            "g": ["p": 2, "k": F.value([0, 0.9, 0.2, 0.2, 1, 0.2, 0.3, 0.9])],
        ]
        let trim: [String: Any] = [
            "ty": "tm", "s": F.value(10), "e": F.keyframes([(0, [40], Self.ease), (40, [95], [:])]), "o": F.value(30),
            "m": 1,
        ]
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "solid", transform: F.transform(position: [50, 50]),
                shapes: [apart, bent, nested, F.fill([0.8, 0.2, 0.3])]),
            F.shapeLayer(
                index: 2, name: "gradient", transform: F.transform(position: [120, 50]),
                shapes: [apart, bent, gradient]),
            F.shapeLayer(
                index: 3, name: "trimmed", transform: F.transform(position: [170, 50]),
                shapes: [apart, nested, trim, F.stroke([0.1, 0.4, 0.8], width: 3)]),
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 15).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 3, 7, 12, 16, 20, 22, 27, 30, 33, 38, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A size whose keyframes ease its width and height apart (After Effects' per-dimension
    /// easing) drives the path as two drivers, one per component, the other held.
    @Test func componentsEasedApartPlayAsOffsets() throws {
        let apartEasing: [String: Any] = [
            "o": ["x": [0.1, 0.7], "y": [0.9, 0]], "i": ["x": [0.2, 0.3], "y": [1, 1]],
        ]
        let size = F.keyframes([(0, [10, 40], apartEasing), (20, [50, 10], Self.overshoot), (40, [20, 30], [:])])
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "shared", transform: F.transform(position: [50, 50]),
                shapes: [
                    ["ty": "rc", "p": F.value([0, 0]), "s": size, "r": F.value(0)],
                    [
                        "ty": "el", "p": F.keyframes([(0, [-20, 0], Self.ease), (40, [20, 0], [:])]),
                        "s": F.value([10, 10]),
                    ],
                    F.fill([0.3, 0.6, 0.2]), F.stroke([0, 0, 0], width: 2),
                ]),
            F.shapeLayer(
                index: 2, name: "lone", transform: F.transform(position: [140, 50]),
                shapes: [["ty": "el", "p": F.value([0, 0]), "s": size], F.stroke([0.8, 0.2, 0.2], width: 4)]),
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 2, 5, 9, 14, 20, 23, 28, 34, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A rounded rectangle whose radius clamps, its size and position keyed apart beside
    /// another path in the paint (the bound moves with both: no keyframes carry it), plays as a
    /// motion of the content; so does a position moving on a curve in a paint with a gradient
    /// (which a layer around the paint would move too), the gradient on a square that moves with
    /// the path.
    @Test func propertiesOutOfStepBeyondKeyframesPlayAsMotions() throws {
        let apart: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [0, 0], Self.ease), (20, [10, 0], [:])]),
            "s": F.keyframes([(0, [10, 10], Self.overshoot), (30, [40, 40], [:])]), "r": F.value(8),
        ]
        let played = F.animation(layers: [
            F.shapeLayer(
                index: 1, transform: F.transform(position: [100, 50]),
                shapes: [apart, F.rectangle(4, 4, at: [-30, 0]), F.fill([1, 0, 0])])
        ])
        #expect(try F.load(played).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.gaps(played, frames: [0, 4, 9, 15, 20, 26, 30]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        let curved: [String: Any] = [
            "ty": "rc", "p": F.keyframes([(0, [0, 0], ["to": [10, -10], "ti": [-10, -10]]), (20, [30, 0], [:])]),
            "s": F.value([10, 10]), "r": F.value(0),
        ]
        let gradient: [String: Any] = [
            "ty": "gf", "t": 1, "s": F.value([0, 0]), "e": F.value([20, 0]), "o": F.value(100), "r": 1,
            "g": ["p": 2, "k": F.value([0, 1, 0, 0, 1, 0, 0, 1])],
        ]
        let shaded = F.animation(layers: [
            F.shapeLayer(index: 1, transform: F.transform(position: [60, 50]), shapes: [curved, gradient])
        ])
        #expect(try F.load(shaded).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.gaps(shaded, frames: [0, 4, 9, 15, 20, 26]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A motion of the content keeps the layer's clock: stretched, started late, and played
    /// backwards (its first motion time the latest frame).
    @Test func motionsFollowTheLayersClock() throws {
        let turning = Self.polystar(
            star: true, outer: F.keyframes([(0, [14], [:]), (40, [22], [:])]),
            outerRoundness: F.keyframes([(0, [0], Self.ease), (40, [60], [:])]),
            rotation: F.keyframes([(0, [0], Self.ease), (20, [70], ["h": 1]), (30, [120], [:])]))
        func layer(_ index: Int, at x: Double, stretch: Double, start: Double) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "star \(index)", transform: F.transform(position: [x, 50]),
                shapes: [turning, F.rectangle(6, 6, at: [20, 20]), F.fill([0.2, 0.5, 0.9])],
                extra: ["sr": stretch, "st": start])
        }
        let file = F.animation(layers: [
            layer(1, at: 40, stretch: -1, start: 45), layer(2, at: 100, stretch: 0.5, start: 10),
            layer(3, at: 160, stretch: 1.5, start: -5),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(file, from: 10, to: 30).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 12, 15, 20, 25, 30, 35, 40, 45, 52, 60]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// Nested groups that turn, scale or skew under an outer paint, and shapes moving along
    /// spatial tangents beside others in their paint: played as motions of the content.
    @Test func nestedTurnsAndCurvedMotionUnderAPaintPlay() throws {
        let turning: [String: Any] = [
            "ty": "gr",
            "it": [
                F.rectangle(16, 10),
                [
                    "ty": "tr", "p": F.value([0, -15]), "a": F.value([0, 0]),
                    "s": F.keyframes([(0, [100, 100], Self.ease), (40, [150, 60], [:])]),
                    "r": F.keyframes([(0, [0], Self.overshoot), (30, [120], [:])]), "o": F.value(100),
                    "sk": F.keyframes([(10, [0], [:]), (40, [20], [:])]), "sa": F.value(30),
                ],
            ],
        ]
        let curved: [String: Any] = [
            "ty": "el",
            "p": F.keyframes([(0, [-20, 20], ["to": [10, -25], "ti": [-10, -20]]), (30, [20, 20], [:])]),
            "s": F.value([10, 10]),
        ]
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "nested", transform: F.transform(position: [60, 50]),
                shapes: [
                    turning, F.rectangle(8, 8, at: [25, 15]), F.fill([0.3, 0.6, 0.2]), F.stroke([0, 0, 0], width: 2),
                ]
            ),
            F.shapeLayer(
                index: 2, name: "curved", transform: F.transform(position: [140, 40]),
                shapes: [curved, F.rectangle(6, 6, at: [0, -20]), F.stroke([0.8, 0.2, 0.2], width: 3)]),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 25).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 4, 9, 15, 21, 27, 33, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }
}
