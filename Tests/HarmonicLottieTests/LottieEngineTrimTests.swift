import Foundation
import Harmonic
import HarmonicJSON
import HarmonicTestSupport
import Testing

@testable import HarmonicLottie

/// Trims whose start and end cross, played by the engine: the ends ordered (`LottieTrimEnds`)
/// against `min`/`max` of the file's ends, and the engine's frames against direct evaluation's.
@Suite("Lottie trims whose ends cross, played by the engine")
struct LottieEngineTrimTests {
    typealias F = LottieTestFiles

    static func property(_ json: [String: Any]) throws -> LottieProperty {
        let data = try JSONSerialization.data(withJSONObject: json)
        let value = try JSONValue.parse(String(decoding: data, as: UTF8.self))
        return try LottieProperty(value, path: "p", context: LottieReadContext(baseDirectory: nil))
    }

    static func easing(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> [String: Any] {
        ["o": ["x": [x1], "y": [y1]], "i": ["x": [x2], "y": [y2]]]
    }

    /// The ordered ends are `min(s, e)` and `max(s, e)` at every frame, each clamped to
    /// `[0, 1]` (as direct evaluation clamps a trim's ends).
    static func expectOrdered(
        _ start: LottieProperty?, _ end: LottieProperty?, tolerance: Double = 1e-12,
        sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let ordered = try #require(LottieTrimEnds.ordered(start: start, end: end), sourceLocation: sourceLocation)
        for k in 0...1200 {
            let t = -5 + Double(k) * 0.05
            let s = (start?.scalar(at: t) ?? 0) / 100, e = (end?.scalar(at: t) ?? 100) / 100
            func clamped(_ x: Double) -> Double { min(max(x, 0), 1) }
            let least = clamped(min(s, e)), most = clamped(max(s, e))
            let low = ordered.start.value(at: t)[0], high = ordered.end.value(at: t)[0]
            #expect(
                abs(low - least) <= tolerance && abs(high - most) <= tolerance,
                "at \(t): \(low), \(high) for \(s), \(e)", sourceLocation: sourceLocation)
            if abs(low - least) > tolerance || abs(high - most) > tolerance { return }
        }
    }

    @Test func crossingEndsAreOrderedExactly() throws {
        var random = Lehmer(state: 17)
        for _ in 0..<30 {
            // Keyed in step: the same frames and easings, values crossing each way.
            var sKeys: [(Double, Any, [String: Any])] = [], eKeys: [(Double, Any, [String: Any])] = []
            var frame = 0.0
            for k in 0..<4 {
                let ease = Self.easing(random.next(), random.next(), random.next(), random.next())
                let holds: [String: Any] = random.next() < 0.15 ? ["h": 1] : ease
                sKeys.append((frame, [random.uniform(0, 100)], k == 3 ? [:] : holds))
                eKeys.append((frame, [random.uniform(0, 100)], k == 3 ? [:] : holds))
                frame += random.uniform(5, 20)
            }
            try Self.expectOrdered(try Self.property(F.keyframes(sKeys)), try Self.property(F.keyframes(eKeys)))
            // One end fixed, the other keyed through it (an easing that turns back included).
            let fixed = try Self.property(F.value(random.uniform(20, 80)))
            let moving = try Self.property(
                F.keyframes([
                    (0, [0], Self.easing(0.3, 1, 0.7, 0)), (20, [100], Self.easing(random.next(), 0, 1, 1)),
                    (30, [10], [:]),
                ]))
            try Self.expectOrdered(fixed, moving)
            try Self.expectOrdered(moving, fixed)
            try Self.expectOrdered(nil, moving)
        }
        // Keyed apart with their own easings: crossings found by halving.
        for _ in 0..<30 {
            func keys(_ count: Int) -> [(Double, Any, [String: Any])] {
                var frame = random.uniform(-5, 10)
                return (0..<count).map { k in
                    defer { frame += random.uniform(3, 25) }
                    let ease = Self.easing(random.next(), random.next(), random.next(), random.next())
                    return (
                        frame, [random.uniform(0, 100)], k == count - 1 ? [:] : (random.next() < 0.15 ? ["h": 1] : ease)
                    )
                }
            }
            try Self.expectOrdered(try Self.property(F.keyframes(keys(4))), try Self.property(F.keyframes(keys(3))))
        }
        // The snake of a loader: the end leads, the start follows on its own frames.
        try Self.expectOrdered(
            try Self.property(F.keyframes([(10, [0], Self.easing(0.4, 0, 0.2, 1)), (40, [100], [:])])),
            try Self.property(F.keyframes([(0, [0], Self.easing(0.6, 0, 0.4, 1)), (30, [100], [:])])))
        // Keyed apart with easings that overshoot and turn back: searched between the turns.
        for _ in 0..<30 {
            func keys(_ count: Int) -> [(Double, Any, [String: Any])] {
                var frame = random.uniform(-5, 10)
                return (0..<count).map { k in
                    defer { frame += random.uniform(3, 25) }
                    let ease = Self.easing(random.next(), random.uniform(-1, 2), random.next(), random.uniform(-1, 2))
                    return (frame, [random.uniform(0, 100)], k == count - 1 ? [:] : ease)
                }
            }
            // A piece of a turning easing may need control outputs up to
            // `CubicBezier.largestPieceOutput` (1e4), whose rounding reaches a few 1e-12.
            try Self.expectOrdered(
                try Self.property(F.keyframes(keys(4))), try Self.property(F.keyframes(keys(3))), tolerance: 1e-11)
        }
        let a = try Self.property(F.keyframes([(0, [0], Self.easing(0.3, 1.5, 0.7, 1)), (20, [100], [:])]))
        let b = try Self.property(F.keyframes([(5, [90], [:]), (30, [10], [:])]))
        try Self.expectOrdered(a, b)
    }

    /// A fixed trim cuts a moving path at fixed fractions of a length that changes: its cut
    /// paths at two frames do not morph into the cut path between them, so the stroke's ends
    /// play as `strokeStart`/`strokeEnd` on the uncut path; a fill trimmed so plays as a motion.
    @Test func fixedTrimsOfMovingPathsCutTheShownPath() throws {
        let bend: [String: Any] = [
            "ty": "sh",
            "ks": F.keyframes([
                (
                    0,
                    [
                        "c": false, "v": [[-40, 0], [0, -30], [40, 0]], "i": [[0, 0], [0, 0], [0, 0]],
                        "o": [[0, 0], [0, 0], [0, 0]],
                    ], Self.easing(0.42, 0, 0.58, 1)
                ),
                (
                    40,
                    [
                        "c": false, "v": [[-40, 0], [30, 30], [40, 0]], "i": [[0, 0], [0, 0], [0, 0]],
                        "o": [[0, 0], [0, 0], [0, 0]],
                    ], [:]
                ),
            ]),
        ]
        func trimmed(_ index: Int, at x: Double, _ trim: [String: Any], _ paint: [String: Any]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "bent \(index)", transform: F.transform(position: [x, 50]),
                shapes: [bend, ["ty": "tm", "m": 1].merging(trim) { $1 }, paint])
        }
        let stroke = F.stroke([0.2, 0.3, 0.8], width: 5)
        let file = F.animation(layers: [
            trimmed(1, at: 50, ["s": F.value(10), "e": F.value(45), "o": F.value(0)], stroke),
            trimmed(2, at: 150, ["s": F.value(60), "e": F.value(20), "o": F.value(200)], stroke),
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 10, 20, 30, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // A whole trim cuts nothing (played as the path); a fill trimmed so plays as a motion of
        // the cut path, whose elements change as the cut passes the bend — 60 % of the length is
        // past the bend at frame 0 and before it at 40 (a layer per structure, each shown while
        // the cut has it).
        let fills = F.animation(layers: [
            trimmed(1, at: 50, ["s": F.value(0), "e": F.value(100), "o": F.value(30)], F.fill([1, 0, 0])),
            trimmed(2, at: 150, ["s": F.value(0), "e": F.value(60), "o": F.value(0)], F.fill([1, 0, 0])),
        ])
        let listed = try F.load(fills).engineScene().notPlayed
        #expect(listed.isEmpty, "\(listed)")
        for gap in try LottieEngineSceneTests.gaps(fills, frames: [0, 5, 10, 15, 15.1, 20, 25, 30, 35, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    @Test func theEnginePlaysCrossingTrims() throws {
        let ease = Self.easing(0.42, 0, 0.58, 1)
        func trimmed(_ index: Int, at position: [Double], _ trim: [String: Any]) -> [String: Any] {
            F.shapeLayer(
                index: index, name: "trimmed \(index)", transform: F.transform(position: position),
                shapes: [
                    ["ty": "el", "p": F.value([0, 0]), "s": F.value([50, 50])],
                    ["ty": "tm", "m": 1].merging(trim) { $1 }, F.stroke([0.2, 0.3, 0.8], width: 6),
                ])
        }
        let file = F.animation(layers: [
            // Start and end swap places through the middle, the offset turning meanwhile.
            trimmed(
                1, at: [40, 50],
                [
                    "s": F.keyframes([(0, [0], ease), (40, [100], [:])]),
                    "e": F.keyframes([(0, [100], ease), (40, [0], [:])]),
                    "o": F.keyframes([(0, [0], [:]), (40, [90], [:])]),
                ]),
            // A fixed start crossed twice by an end that turns back.
            trimmed(
                2, at: [100, 50],
                [
                    "s": F.value(55),
                    "e": F.keyframes([(0, [10], Self.easing(0.3, 1, 0.7, 0)), (30, [95], ease), (45, [20], [:])]),
                ]),
            // A held start jumping past a fixed end.
            trimmed(
                3, at: [160, 50],
                ["s": F.keyframes([(0, [20], ["h": 1]), (20, [80], [:])]), "e": F.value(50), "o": F.value(45)]),
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        let motion = try LottieEngineSceneTests.motion(file, from: 10, to: 30)
        #expect(motion.coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 12, 19, 20, 21, 27, 33, 40, 45]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Ends keyed apart, each with its own easing, crossing twice.
        let apart = F.animation(layers: [
            trimmed(
                1, at: [40, 50],
                [
                    "s": F.keyframes([(0, [0], Self.easing(0.7, 0, 0.3, 1)), (30, [100], [:])]),
                    "e": F.keyframes([(5, [90], ease), (25, [10], Self.easing(0.1, 0.6, 0.5, 1)), (40, [70], [:])]),
                ])
        ])
        #expect(try F.load(apart).engineScene().notPlayed.isEmpty)
        for gap in try LottieEngineSceneTests.gaps(apart, frames: [0, 8, 12, 16, 22, 28, 34, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Ends keyed apart whose easings overshoot (within the path), crossing, with an
        // offset that overshoots too.
        let overshoot = F.animation(layers: [
            trimmed(
                1, at: [40, 50],
                [
                    "s": F.keyframes([(0, [0], Self.easing(0.3, 1.2, 0.7, 1)), (20, [80], [:])]),
                    "e": F.keyframes([(5, [90], Self.easing(0.4, -0.3, 0.6, 1.2)), (30, [10], [:])]),
                    "o": F.keyframes([(0, [-30], Self.easing(0.2, 1.4, 0.6, 1)), (30, [60], [:])]),
                ]),
            trimmed(
                2, at: [120, 50],
                [
                    "s": F.keyframes([(0, [60], Self.easing(0.3, -0.4, 0.5, 1.3)), (25, [10], [:])]),
                    "e": F.keyframes([(0, [20], Self.easing(0.5, 1.6, 0.8, 0.9)), (30, [50], [:])]),
                ]),
        ])
        let notPlayed = try F.load(overshoot).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        #expect(try LottieEngineSceneTests.motion(overshoot, from: 7, to: 16).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(overshoot, frames: [0, 3, 7, 10, 13, 16, 20, 24, 28, 32]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Ends that overshoot past the path's ends — crossing the other, under an offset that
        // turns, and both below 0 for a while — are clamped there before the offset (as
        // direct evaluation clamps them), each cut where it passes 0 or 100 %.
        let past = F.animation(layers: [
            trimmed(
                1, at: [40, 50],
                [
                    "s": F.keyframes([(0, [0], Self.easing(0.3, 1.5, 0.7, 1)), (20, [100], [:])]),
                    "e": F.keyframes([(5, [90], [:]), (30, [10], [:])]),
                    "o": F.keyframes([(0, [0], [:]), (30, [120], [:])]),
                ]),
            trimmed(
                2, at: [120, 50],
                [
                    "s": F.keyframes([(0, [10], Self.easing(0.4, -1.5, 0.6, 1)), (30, [40], [:])]),
                    "e": F.keyframes([(0, [15], Self.easing(0.4, -1.5, 0.6, 1)), (30, [110], [:])]),
                    "o": F.value(200),
                ]),
        ])
        #expect(try F.load(past).engineScene().notPlayed.isEmpty)
        // The second trim's ends are both below 0 (nothing drawn) around frame 8, and the end
        // past 100 % near the end: the frames differ, so the comparison sees the clamping.
        #expect(try LottieEngineSceneTests.motion(past, from: 8, to: 27).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(past, frames: [0, 3, 6, 8, 10, 14, 18, 22, 25, 27, 30]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A trim reaches every paint of the paths above it: a stroke met before it in its group,
    /// and a stroke inside a group before it (`Lottie Logo 1.json` of lottie-android's tests,
    /// whose growing rings are so trimmed), played by the engine as direct evaluation draws
    /// them; a round corners after a group likewise.
    @Test func modifiersReachThePaintsMetBeforeThem() throws {
        let ease = Self.easing(0.42, 0, 0.58, 1)
        let growing: [String: Any] = [
            "ty": "el", "p": F.value([0, 0]), "s": F.keyframes([(0, [10, 10], ease), (30, [70, 70], [:])]),
        ]
        let trim: [String: Any] = [
            "ty": "tm", "m": 1, "s": F.keyframes([(0, [0], ease), (30, [30], [:])]),
            "e": F.keyframes([(0, [100], ease), (30, [80], [:])]), "o": F.value(0),
        ]
        let stroke = F.stroke([0.1, 0.5, 0.5], width: 6)
        let group: [String: Any] = [
            "ty": "gr", "it": [growing, stroke, ["ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0])]],
        ]
        let square: [String: Any] = [
            "ty": "gr",
            "it": [F.rectangle(40, 40), stroke, ["ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0])]],
        ]
        let file = F.animation(layers: [
            F.shapeLayer(index: 1, name: "ring", transform: F.transform(position: [50, 50]), shapes: [group, trim]),
            F.shapeLayer(
                index: 2, name: "stroke above", transform: F.transform(position: [130, 50]),
                shapes: [growing, stroke, trim]),
            F.shapeLayer(
                index: 3, name: "rounded", transform: F.transform(position: [200, 50]),
                shapes: [square, ["ty": "rd", "r": F.keyframes([(0, [0], ease), (30, [20], [:])])]]),
        ])
        // The trims and the rounding show: the frames differ from the same file without them.
        let untouched = F.animation(layers: [
            F.shapeLayer(index: 1, name: "ring", transform: F.transform(position: [50, 50]), shapes: [group]),
            F.shapeLayer(
                index: 2, name: "stroke above", transform: F.transform(position: [130, 50]), shapes: [growing, stroke]),
            F.shapeLayer(index: 3, name: "rounded", transform: F.transform(position: [200, 50]), shapes: [square]),
        ])
        let modified = try F.load(file).frame(at: 20).svg()
        let plain = try F.load(untouched).frame(at: 20).svg()
        let seen = LottieEngineSceneTests.difference(
            try LottieEngineSceneTests.pixels(modified), try LottieEngineSceneTests.pixels(plain))
        #expect(seen.coverage > 0.005)
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 7, 15, 22, 30]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// A trimmed fill whose kept part passes a corner between two of the checks a motion is
    /// sampled at: the structure the path takes there, and gives up before the next check, is
    /// found from the trim's keyframes (the corner at half the rectangle's length is inside the
    /// 15 % kept between frames 12.35 and 17.65, where the checks are frames 12 and 18).
    @Test func aStructureTakenAndGivenUpBetweenChecksIsFound() throws {
        let trim: [String: Any] = [
            "ty": "tm", "m": 1, "s": F.keyframes([(0, [0], [:]), (30, [85], [:])]),
            "e": F.keyframes([(0, [15], [:]), (30, [100], [:])]), "o": F.value(0),
        ]
        let file = F.animation(layers: [
            F.shapeLayer(
                index: 1, name: "snake", transform: F.transform(position: [100, 50]),
                shapes: [F.rectangle(120, 80), trim, F.fill([0.8, 0.3, 0.1])])
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        // The corner shows: frame 15's kept part differs from frame 12's.
        #expect(try LottieEngineSceneTests.motion(file, from: 12, to: 15).coverage > 0.005)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [12.5, 13, 15, 17, 17.5]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // Found exactly: the instants where an end reaches the corner, 12.353 and 17.647.
        guard case let .shape(items) = try F.load(file).layers[0].kind else { return }
        let instants = LottieTrim.structureInstants(items)
        // The end, 15 + 85·t/30 %, reaches 50 % at t = 35·30/85; the start, 85·t/30 %, at 50·30/85.
        let endReaches: Double = 35.0 * 30 / 85, startReaches: Double = 50.0 * 30 / 85
        for expected in [endReaches, startReaches] {
            #expect(instants.contains { abs($0 - expected) < 1e-9 }, "\(expected) in \(instants)")
        }
    }
}
