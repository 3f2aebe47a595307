import Foundation
import Harmonic
import HarmonicEngine
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Lottie files played by the engine (``LottieEngineScene``) against the same files evaluated
/// directly, by the pixels of the drawn frames and by the engine's presentation values.
@Suite("Lottie played by the engine")
struct LottieEngineSceneTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }
    static var overshoot: [String: Any] { ["o": ["x": [0.3], "y": [1.6]], "i": ["x": [0.7], "y": [-0.4]]] }

    /// Every feature the engine plays: a null moving on a curved spatial path with a child
    /// that turns along it, an eased and overshooting rectangle resize, a held colour, a
    /// static skew, a stroke trimmed past its end by an animated offset and masked by a moving
    /// and a half-opaque add mask, a bar seen through a moving alpha matte, linear and radial
    /// gradient fills (one on a growing path) and a gradient stroke, a repeater with a moving,
    /// turning step and an animated end opacity, an embedded image, and a stretched,
    /// time-remapped precomposition.
    static var playable: String {
        let motion = F.keyframes([
            (0, [40, 50], ease.merging(["to": [30, -40], "ti": [-20, 30]]) { $1 }), (40, [160, 50], ease),
            (60, [100, 80], [:]),
        ])
        let mover = F.nullLayer(index: 1, transform: F.transform(position: motion))
        let arrow = F.shapeLayer(
            index: 2, name: "arrow", transform: F.transform(position: [0, 0]),
            shapes: [
                ["ty": "rc", "p": F.value([0, 0]), "s": F.value([20, 8]), "r": F.value(0)],
                [
                    "ty": "fl", "c": F.keyframes([(0, [1, 0, 0, 1], ["h": 1]), (25, [0, 0.6, 1, 1], [:])]),
                    "o": F.value(100), "r": 1,
                ],
            ], extra: ["parent": 1, "ao": 1])
        let box = F.shapeLayer(
            index: 3, name: "box",
            transform: F.transform(position: [60, 30], extra: ["sk": F.value(15), "sa": F.value(30)]),
            shapes: [
                [
                    "ty": "gr",
                    "it": [
                        [
                            "ty": "rc", "p": F.value([0, 0]),
                            "s": F.keyframes([(5, [10, 10], overshoot), (35, [40, 24], [:])]), "r": F.value(0),
                        ],
                        F.fill([0.2, 0.8, 0.3], opacity: 80),
                        [
                            "ty": "tr", "p": F.value([0, 0]), "a": F.value([0, 0]), "s": F.value([100, 100]),
                            "r": F.keyframes([(0, [0], ease), (60, [90], [:])]), "o": F.value(100),
                        ],
                    ],
                ]
            ])
        func square(_ x: Double, _ y: Double, _ side: Double) -> [String: Any] {
            [
                "c": true, "v": [[x, y], [x + side, y], [x + side, y + side], [x, y + side]],
                "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]],
            ]
        }
        // Two add masks: one sliding across the ring with an eased path, one fixed at 60 %.
        let masks: [[String: Any]] = [
            [
                "mode": "a", "o": F.value(100),
                "pt": F.keyframes([(0, [square(-40, -40, 40)], ease), (60, [square(0, -10, 40)], [:])]),
            ],
            ["mode": "a", "o": F.value(60), "pt": F.value(square(-10, 0, 40))],
        ]
        let ring = F.shapeLayer(
            index: 4, name: "ring", transform: F.transform(position: [150, 60]),
            shapes: [
                ["ty": "el", "p": F.value([0, 0]), "s": F.value([50, 50])],
                [
                    "ty": "tm", "s": F.keyframes([(0, [0], ease), (50, [30], [:])]), "e": F.value([60]),
                    "o": F.keyframes([(0, [200], [:]), (80, [560], [:])]), "m": 1,
                ],
                F.stroke([0.9, 0.7, 0.1], width: 6),
            ], extra: ["masksProperties": masks])
        let inner = F.shapeLayer(
            index: 1, name: "inner",
            transform: F.transform(position: F.keyframes([(0, [0, 0], [:]), (30, [40, 0], [:])])),
            shapes: [F.rectangle(12, 12), F.fill([0.5, 0.2, 0.9])])
        let precomp: [String: Any] = [
            "ty": 0, "ind": 5, "nm": "precomp", "refId": "inner", "w": 60, "h": 30, "ip": 10, "op": 90, "st": 4,
            "sr": 1.5, "ks": F.transform(position: [20, 60]),
            "tm": F.keyframes([(0, [0], ["h": 1]), (20, [0.5], ease), (50, [0.2], [:])]),
        ]
        // An alpha matte: a moving ellipse shows a bar through it.
        let matte = F.shapeLayer(
            index: 6, name: "matte",
            transform: F.transform(position: F.keyframes([(0, [20, 20], ease), (50, [80, 20], [:])])),
            shapes: [["ty": "el", "p": F.value([0, 0]), "s": F.value([30, 30])], F.fill([1, 1, 1], opacity: 70)],
            extra: ["td": 1])
        let matted = F.shapeLayer(
            index: 7, name: "matted", transform: F.transform(position: [50, 20]),
            shapes: [F.rectangle(90, 12), F.fill([0.1, 0.1, 0.1])], extra: ["tt": 1])
        // Gradient fills: a linear one on a growing rectangle, a radial one on a circle.
        func gradient(_ type: Int, _ start: [Double], _ end: [Double]) -> [String: Any] {
            [
                "ty": "gf", "t": type, "s": F.value(start), "e": F.value(end), "o": F.value(90), "r": 1,
                "g": ["p": 3, "k": F.value([0, 1, 0.2, 0.1, 0.4, 1, 0.9, 0.2, 1, 0.1, 0.3, 0.9, 0, 1, 1, 0.3])],
            ]
        }
        let glow = F.shapeLayer(
            index: 8, name: "glow", transform: F.transform(position: [100, 75]),
            shapes: [
                [
                    "ty": "gr",
                    "it": [
                        [
                            "ty": "rc", "p": F.value([0, 0]),
                            "s": F.keyframes([(0, [20, 10], ease), (40, [60, 16], [:])]),
                            "r": F.value(0),
                        ],
                        gradient(1, [-30, 0], [30, 0]),
                        [
                            "ty": "tr", "p": F.value([-20, 0]), "a": F.value([0, 0]), "s": F.value([100, 100]),
                            "r": F.value(0), "o": F.value(100),
                        ],
                    ],
                ],
                [
                    "ty": "gr",
                    "it": [
                        ["ty": "el", "p": F.value([0, 0]), "s": F.value([24, 24])], gradient(2, [2, -2], [12, 0]),
                        gradient(1, [-12, 0], [12, 0]).merging(["ty": "gs", "w": F.value(3), "lc": 2, "lj": 2, "ml": 4])
                        {
                            $1
                        },
                        [
                            "ty": "tr", "p": F.value([40, 0]), "a": F.value([0, 0]), "s": F.value([100, 100]),
                            "r": F.value(0), "o": F.value(100),
                        ],
                    ],
                ],
            ])
        // A repeater: four dots stepping along a moving, turning step, fading to an animated end.
        let dots = F.shapeLayer(
            index: 10, name: "dots", transform: F.transform(position: [10, 90]),
            shapes: [
                ["ty": "el", "p": F.value([0, 0]), "s": F.value([6, 6])], F.fill([0.3, 0.3, 0.9]),
                [
                    "ty": "rp", "c": F.value(4), "o": F.value(0.5), "m": 1,
                    "tr": [
                        "ty": "tr", "a": F.value([0, 0]), "p": F.keyframes([(0, [8, 0], ease), (60, [14, -2], [:])]),
                        "s": F.value([95, 95]), "r": F.keyframes([(0, [0], [:]), (60, [10], [:])]),
                        "so": F.value(100), "eo": F.keyframes([(0, [20], [:]), (60, [90], [:])]),
                    ],
                ],
            ])
        // An embedded image: a 10 × 10 picture of two colours, turned and faded.
        let svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\" "
            + "fill=\"#20c060\"/><rect width=\"5\" height=\"10\" fill=\"#f04020\"/></svg>"
        let png = try! SVGRasterizer.png(svg: svg, width: 10, height: 10, scale: 1)
        let picture: [String: Any] = [
            "ty": 2, "ind": 9, "nm": "picture", "refId": "pic", "ip": 0, "op": 100, "st": 0, "sr": 1,
            "ks": F.transform(position: [170, 85], rotation: 20, opacity: 80),
        ]
        return F.animation(
            layers: [matte, matted, arrow, mover, box, ring, glow, dots, picture, precomp],
            assets: [
                ["id": "inner", "layers": [inner]],
                [
                    "id": "pic", "w": 10, "h": 10, "e": 1, "u": "",
                    "p": "data:image/png;base64," + Data(png).base64EncodedString(),
                ],
            ])
    }

    /// How two pictures differ: the mean absolute difference per channel (0…1), and the share
    /// of pixels whose coverage (alpha) differs by more than a quarter.
    static func difference(_ a: RasterImage, _ b: RasterImage) -> (mean: Double, coverage: Double) {
        var sum = 0.0, moved = 0
        for (x, y) in zip(a.rgba, b.rgba) { sum += abs(Double(x) - Double(y)) }
        for i in stride(from: 3, to: a.rgba.count, by: 4) where abs(Int(a.rgba[i]) - Int(b.rgba[i])) > 64 { moved += 1 }
        return (sum / Double(a.rgba.count) / 255, Double(moved) / Double(a.rgba.count / 4))
    }

    /// The largest difference between two pictures in any premultiplied channel (colour times
    /// coverage), in levels of 255: what a pixel adds to what lies under it. (Un-premultiplied,
    /// a nearly transparent edge pixel's colour is rounding noise.)
    static func worstLevels(_ a: RasterImage, _ b: RasterImage) -> Int {
        var worst = 0
        for i in stride(from: 0, to: min(a.rgba.count, b.rgba.count), by: 4) {
            let alphaA = Int(a.rgba[i + 3]), alphaB = Int(b.rgba[i + 3])
            worst = max(worst, abs(alphaA - alphaB))
            for c in 0..<3 {
                let x = Int(a.rgba[i + c]) * alphaA, y = Int(b.rgba[i + c]) * alphaB
                worst = max(worst, (abs(x - y) + 254) / 255)
            }
        }
        return worst
    }

    /// One frame of a file drawn by direct evaluation and by the engine, compared.
    struct Gap: CustomStringConvertible {
        var frame: Double
        /// ``difference(_:_:)``'s mean and coverage.
        var mean, coverage: Double
        /// ``worstLevels(_:_:)``.
        var worst: Int

        var description: String { "frame \(frame): mean \(mean), coverage \(coverage), worst \(worst) levels" }
    }

    /// A 200 × 100 picture of `svg`.
    static func pixels(_ svg: String) throws -> RasterImage {
        try SVGRasterizer.pixels(svg: svg, width: 200, height: 100, scale: 1, transparent: true)
    }

    /// `text`'s frames drawn directly against the engine playing `played` (the same file by
    /// default; another, to show that the comparison sees a difference).
    static func gaps(_ text: String, played: String? = nil, frames: [Double]) throws -> [Gap] {
        let animation = try F.load(text)
        let scene = try F.load(played ?? text).engineScene()
        return try frames.map { frame in
            try scene.seek(toFrame: frame)
            let direct = try pixels(animation.frame(at: frame).svg())
            let engine = try pixels(try scene.svg())
            let d = difference(direct, engine)
            return Gap(frame: frame, mean: d.mean, coverage: d.coverage, worst: worstLevels(direct, engine))
        }
    }

    /// How much `text`'s directly drawn frame `to` differs from its frame `from`: that the file
    /// moves, so that a comparison with the engine between them sees the motion.
    static func motion(_ text: String, from: Double, to: Double) throws -> (mean: Double, coverage: Double) {
        let animation = try F.load(text)
        return difference(try pixels(animation.frame(at: from).svg()), try pixels(animation.frame(at: to).svg()))
    }

    static func differences(_ text: String, frames: [Double]) throws -> [(mean: Double, coverage: Double)] {
        try gaps(text, frames: frames).map { ($0.mean, $0.coverage) }
    }

    @Test func theEngineDrawsWhatDirectEvaluationDraws() throws {
        let scene = try F.load(Self.playable).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        #expect(scene.isComplete)
        let frames: [Double] = [0, 4.5, 10, 15, 20, 25, 33.3, 40, 47, 59, 60, 75, 89.5, 99]
        // The picture is there to compare: the image is drawn (by both).
        let animation = try F.load(Self.playable)
        try scene.seek(toFrame: 50)
        #expect(try scene.svg().contains("href=\"data:image/png;base64,"))
        #expect(animation.frame(at: 50).svg().contains("data:image/png;base64,"))
        let gaps = try Self.differences(Self.playable, frames: frames)
        for (frame, gap) in zip(frames, gaps) {
            // The same geometry through the same rasteriser; no pixel's coverage moves. What
            // differs is rounding: the engine fades a paint as a layer (group opacity), direct
            // SVG by `fill-opacity`, which cairo rounds differently by a level or two of 255
            // (measured 0.21e-3 of the mean), and it paints a gradient through a mask, whose
            // edge pixels are smoothed twice (another 0.21e-3).
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "frame \(frame): \(gap)")
        }
    }

    @Test func aWrongFrameIsCaught() throws {
        // The comparison can fail: the engine two frames late differs visibly.
        let animation = try F.load(Self.playable)
        let scene = try animation.engineScene()
        try scene.seek(toFrame: 22)
        let direct = try SVGRasterizer.pixels(
            svg: animation.frame(at: 20).svg(), width: 200, height: 100, scale: 1, transparent: true)
        let played = try SVGRasterizer.pixels(
            svg: try scene.svg(), width: 200, height: 100, scale: 1, transparent: true)
        let gap = Self.difference(direct, played)
        #expect(gap.mean > 5e-3 && gap.coverage > 0.002, "\(gap)")
    }

    @Test func presentationValuesFollowTheKeyframes() throws {
        let scene = try F.load(Self.playable).engineScene()
        let engine = scene.engine
        func all(_ parent: LayerID?) throws -> [LayerID] {
            try engine.sublayers(of: parent).flatMap { [$0] + (try all($0)) }
        }
        let layers = try all(nil)
        func layer(_ suffix: String) throws -> LayerID {
            try #require(layers.first { engine.name(of: $0)?.hasSuffix(" \(suffix)") == true })
        }
        let box = try layer("box")
        // The hold of the arrow's colour switches exactly at frame 25 (25/30 s).
        let paint = try #require(try engine.sublayers(of: try layer("arrow anchor")).first)
        try scene.seek(toFrame: 25 - 1e-6)
        #expect(try engine.presentationValue(forKeyPath: "fillColor", of: paint).components == [1, 0, 0, 1])
        try scene.seek(toFrame: 25)
        #expect(try engine.presentationValue(forKeyPath: "fillColor", of: paint).components == [0, 0.6, 1, 1])
        // The box layer is shown from ip 0 to op 100 and sits at its position.
        #expect(try engine.presentationValue(forKeyPath: "position", of: box).components == [60, 30])
        #expect(try engine.presentationValue(forKeyPath: "hidden", of: box).components == [0])
        #expect(throws: HarmonicError.self) { try scene.seek(toFrame: 10) }
    }

    /// Gradients whose merged stops change their number under a layer's mask, and a gradient
    /// paint shared by a turning star (its path a motion, the gradient on a square that moves
    /// with it).
    @Test func gradientsOnChangingStopsAndMovingPathsPlay() throws {
        let gradient: [String: Any] = [
            "ty": "gf", "t": 2, "s": F.value([0, 0]), "e": F.value([10, 0]), "o": F.value(100), "r": 1,
            // An opacity stop on a colour stop for a while, then moving apart: the merged stops
            // change their number (a gradient layer per number, under the layer's mask).
            "g": [
                "p": 2,
                "k": F.keyframes([
                    (0, [0, 1, 0, 0, 1, 0, 0, 1, 1, 0.2], [:]), (5, [0, 1, 0, 0, 1, 0, 0, 1, 1, 0.2], [:]),
                    (10, [0, 1, 0, 0, 1, 0, 0, 1, 0.5, 1], [:]),
                ]),
            ],
        ]
        let masked = F.shapeLayer(
            index: 1, name: "masked", transform: F.transform(position: [50, 50]),
            shapes: [F.rectangle(40, 40), gradient],
            extra: [
                "masksProperties": [
                    [
                        "mode": "d",
                        "pt": F.value([
                            "c": true, "v": [[0, 0], [20, 0], [20, 20]],
                            "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]],
                        ]), "o": F.value(100),
                    ]
                ]
            ])
        let starry = F.shapeLayer(
            index: 2, name: "star", transform: F.transform(position: [140, 50]),
            shapes: [
                [
                    "ty": "sr", "sy": 1, "p": F.value([0, 0]), "pt": F.value(5), "or": F.value(20),
                    "ir": F.value(10), "os": F.value(0), "is": F.value(0),
                    "r": F.keyframes([(0, [0], [:]), (10, [40], [:])]),
                ],
                // Sharing a gradient paint, a turning star's path is a motion, and the gradient's
                // square moves with it.
                F.rectangle(4, 4),
                [
                    "ty": "gf", "t": 1, "s": F.value([-20, 0]), "e": F.value([20, 0]), "o": F.value(100), "r": 1,
                    "g": ["p": 2, "k": F.value([0, 1, 0, 0, 1, 0, 0, 1])],
                ],
            ])
        let file = F.animation(layers: [masked, starry])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 3, 5, 5.1, 7, 10]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }
}
