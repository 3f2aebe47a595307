import Foundation
import Harmonic
import HarmonicRender
import Testing

@testable import HarmonicLottie

/// Moving Lottie gradients played by the engine (`startPoint`/`endPoint` and
/// `colors`/`locations` animations of a gradient layer) against direct evaluation's frames.
@Suite("Lottie gradients played by the engine")
struct LottieEngineGradientTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }

    static func gradient(
        _ type: Int, start: Any, end: Any, stops: Int, colors: Any, stroke: Double? = nil
    ) -> [String: Any] {
        func wrap(_ v: Any) -> Any { (v as? [String: Any]) ?? F.value(v) }
        var g: [String: Any] = [
            "ty": "gf", "t": type, "s": wrap(start), "e": wrap(end), "o": F.value(100), "r": 1,
            "g": ["p": stops, "k": wrap(colors)],
        ]
        if let stroke { g.merge(["ty": "gs", "w": F.value(stroke), "lc": 2, "lj": 2, "ml": 4]) { $1 } }
        return g
    }

    static func layer(_ index: Int, at x: Double, _ y: Double, _ shape: [String: Any], _ paint: [String: Any])
        -> [String: Any]
    {
        F.shapeLayer(
            index: index, name: "gradient \(index)", transform: F.transform(position: [x, y]), shapes: [shape, paint])
    }

    /// Moving ends, moving colour stops (offsets too), colour and opacity stops moving
    /// together, a gradient stroke with moving ends, a radial gradient whose stops move, and a
    /// gradient stroke trimmed past its path's end by a moving offset.
    static var file: String {
        let box = F.rectangle(56, 40)
        let ends = gradient(
            1, start: F.keyframes([(0, [-28, 0], ease), (40, [0, -20], [:])]),
            end: F.keyframes([(0, [28, 0], ease), (40, [10, 20], [:])]), stops: 2,
            colors: [0, 1, 0.2, 0.1, 1, 0.1, 0.3, 0.9])
        let stops = gradient(
            1, start: [-28, 0], end: [28, 0], stops: 3,
            colors: F.keyframes([
                (0, [0, 1, 0, 0, 0.3, 1, 1, 0, 1, 0, 0, 1], ease),
                (40, [0, 0, 1, 0, 0.7, 0.5, 0, 0.5, 1, 1, 1, 0], [:]),
            ]))
        let faded = gradient(
            1, start: [0, -20], end: [0, 20], stops: 2,
            colors: F.keyframes([
                (0, [0, 0.9, 0.5, 0.1, 1, 0.1, 0.5, 0.9, 0, 1, 1, 0.2], ease),
                (40, [0.2, 0.9, 0.5, 0.1, 0.8, 0.1, 0.5, 0.9, 0.2, 0.3, 0.8, 1], [:]),
            ]))
        let ring = gradient(
            1, start: F.keyframes([(0, [-20, -20], [:]), (40, [20, -20], [:])]), end: [20, 20], stops: 2,
            colors: [0, 0.9, 0.7, 0.1, 1, 0.2, 0.2, 0.8], stroke: 6)
        let glow = gradient(
            2, start: [0, 0], end: [24, 0], stops: 2,
            colors: F.keyframes([
                (0, [0, 1, 1, 1, 1, 0.1, 0.3, 0.6], [:]), (40, [0.4, 1, 0.8, 0.3, 1, 0.6, 0.1, 0.2], [:]),
            ]))
        return F.animation(layers: [
            layer(1, at: 35, 25, box, ends),
            layer(2, at: 100, 25, box, stops),
            layer(3, at: 165, 25, box, faded),
            layer(4, at: 50, 75, ["ty": "el", "p": F.value([0, 0]), "s": F.value([40, 40])], ring),
            layer(5, at: 130, 75, ["ty": "el", "p": F.value([0, 0]), "s": F.value([48, 48])], glow),
            F.shapeLayer(
                index: 6, name: "trimmed", transform: F.transform(position: [180, 75]),
                shapes: [
                    ["ty": "el", "p": F.value([0, 0]), "s": F.value([28, 28])],
                    [
                        "ty": "tm", "s": F.value([0]), "e": F.keyframes([(0, [20], ease), (40, [70], [:])]),
                        "o": F.keyframes([(0, [90], [:]), (60, [400], [:])]), "m": 1,
                    ],
                    gradient(
                        1, start: [-14, 0], end: [14, 0], stops: 2, colors: [0, 0.9, 0.1, 0.4, 1, 0.1, 0.6, 0.2],
                        stroke: 5),
                ]),
        ])
    }

    @Test func movingGradientsMatchDirectEvaluation() throws {
        let notPlayed = try F.load(Self.file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(Self.file, frames: [0, 10, 20, 33, 40, 60]) {
            // The engine paints a gradient through a mask, whose edge pixels are smoothed twice
            // (see the engine scene's tests); inside, the colours are the same.
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The gradients move: frame 30 is not frame 0, so the comparison above sees them.
        #expect(try LottieEngineSceneTests.motion(Self.file, from: 0, to: 30).mean > 2e-2)
    }

    /// A radial gradient whose edge moves outward and back along a ray from its fixed centre (a
    /// pulse): its radius moves as the edge does, so the engine plays it.
    @Test func aRadialGradientPulsingAlongARayPlays() throws {
        let pulse = Self.gradient(
            2, start: [5, -5],
            end: F.keyframes([(0, [11, -13], Self.ease), (20, [20, -25], Self.ease), (40, [8, -9], [:])]),
            stops: 2, colors: [0, 1, 0.9, 0.3, 1, 0.2, 0.1, 0.6])
        let file = F.animation(layers: [
            Self.layer(1, at: 100, 50, ["ty": "el", "p": F.value([0, 0]), "s": F.value([70, 70])], pulse)
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 7, 20, 31, 40]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The radius moves: frame 20 is not frame 0.
        #expect(try LottieEngineSceneTests.motion(file, from: 0, to: 20).mean > 1e-2)
    }

    /// Radial highlights: the focal point `h·|e − s|` from the centre at the angle of `e − s`
    /// plus `a` — fixed, growing past 99 % (clamped there), and with an edge pulsing along a
    /// ray — as the gradient layer's `focalOffset`.
    @Test func radialHighlightsPlay() throws {
        let colors: [Double] = [0, 1, 0.9, 0.3, 0.5, 0.2, 0.5, 0.9, 1, 0.1, 0.1, 0.4]
        var fixed = Self.gradient(2, start: [0, 0], end: [22, 10], stops: 3, colors: colors)
        fixed["h"] = F.value(60)
        fixed["a"] = F.value(35)
        var growing = Self.gradient(2, start: [-3, 4], end: [-25, 4], stops: 3, colors: colors)
        growing["h"] = F.keyframes([(0, [-40], Self.ease), (30, [120], [:])])
        growing["a"] = F.value(-70)
        var pulsing = Self.gradient(
            2, start: [5, -5], end: F.keyframes([(0, [11, -13], Self.ease), (20, [20, -25], [:])]), stops: 3,
            colors: colors)
        pulsing["h"] = F.value(45)
        pulsing["a"] = F.value(90)
        let disc: [String: Any] = ["ty": "el", "p": F.value([0, 0]), "s": F.value([56, 56])]
        let file = F.animation(layers: [
            Self.layer(1, at: 35, 50, disc, fixed), Self.layer(2, at: 100, 50, disc, growing),
            Self.layer(3, at: 165, 50, disc, pulsing),
        ])
        let notPlayed = try F.load(file).engineScene().notPlayed
        #expect(notPlayed.isEmpty, "\(notPlayed)")
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 6, 12, 20, 26, 30, 35]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees the focal point: the same file without highlights differs.
        let centred = file.replacingOccurrences(of: "\"h\":{\"a\":0,\"k\":60}", with: "\"h\":{\"a\":0,\"k\":0}")
        #expect(centred != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: centred, frames: [0])[0]
        #expect(wrong.mean > 1e-3, "\(wrong)")
    }

    /// A radial gradient whose edge turns about its centre and its centre moves (its radius
    /// |e − s| is no affine map of the ends then), with a highlight that follows the turning
    /// edge, and a highlight whose own angle turns: `endPoint` and `focalOffset` play as motions
    /// of the file.
    @Test func turningRadialGradientsPlayAsMotions() throws {
        let colors: [Double] = [0, 1, 0.9, 0.3, 0.5, 0.2, 0.5, 0.9, 1, 0.1, 0.1, 0.4]
        var turning = Self.gradient(
            2, start: F.keyframes([(0, [0, 0], Self.ease), (30, [6, -4], [:])]),
            end: F.keyframes([(0, [24, 0], Self.ease), (20, [0, 18], [:]), (30, [-20, -6], [:])]), stops: 3,
            colors: colors)
        turning["h"] = F.value(50)
        turning["a"] = F.value(20)
        var spinning = Self.gradient(2, start: [0, 0], end: [22, 0], stops: 3, colors: colors)
        spinning["h"] = F.keyframes([(0, [20], [:]), (30, [70], [:])])
        spinning["a"] = F.keyframes([(0, [0], Self.ease), (30, [270], [:])])
        let disc: [String: Any] = ["ty": "el", "p": F.value([0, 0]), "s": F.value([56, 56])]
        let file = F.animation(layers: [
            Self.layer(1, at: 50, 50, disc, turning), Self.layer(2, at: 140, 50, disc, spinning),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 20).mean > 1e-3)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 4, 9, 14, 20, 25, 30]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// Stops no affine map of the file's numbers gives — an opacity stop between colour stops
    /// moving apart from them, a colour whose easing overshoots its range (clamped) — play as
    /// motions of `colors` and `locations`.
    @Test func stopsMovingApartPlayAsMotions() throws {
        let box = F.rectangle(40, 40)
        let between = Self.gradient(
            1, start: [-20, 0], end: [20, 0], stops: 2,
            colors: F.keyframes([
                (0, [0, 1, 0, 0, 1, 0, 0, 1, 0.5, 0.2], Self.ease), (10, [0, 0, 1, 0, 1, 0, 0, 1, 0.5, 1], [:]),
            ]))
        let overshoot = Self.gradient(
            1, start: [-20, 0], end: [20, 0], stops: 2,
            colors: F.keyframes([
                (0, [0, 1, 0, 0, 1, 0, 0, 1], ["o": ["x": [0.3], "y": [1.6]], "i": ["x": [0.7], "y": [1]]]),
                (10, [0, 0, 1, 0, 1, 1, 0, 0], [:]),
            ]))
        // An opacity stop sliding across a colour stop (the two meet for an instant).
        let crossing = Self.gradient(
            2, start: [0, 0], end: [22, 0], stops: 3,
            colors: F.keyframes([
                (0, [0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0.2, 0.4, 1, 1], [:]),
                (10, [0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0.8, 0.1, 1, 1], [:]),
            ]))
        let file = F.animation(layers: [
            Self.layer(1, at: 30, 50, box, between), Self.layer(2, at: 100, 50, box, overshoot),
            Self.layer(3, at: 165, 50, ["ty": "el", "p": F.value([0, 0]), "s": F.value([44, 44])], crossing),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(file, from: 2, to: 8).mean > 1e-3)
        // Frame 5 is the instant the opacity stop meets the colour stop at 0.5.
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 1, 2.5, 4, 5, 6, 7.5, 9, 10]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }

    /// Stops that meet and stay together make fewer merged stops for a while: a gradient layer
    /// per number of stops, each shown while the stops number so — an opacity stop on a colour
    /// stop until frame 5, then moving apart from it; and one sliding onto a colour stop at
    /// frame 4 (eased) and staying there.
    @Test func stopsThatMeetAndStayTogetherPlayALayerPerCount() throws {
        let box = F.rectangle(40, 40)
        let parting = Self.gradient(
            1, start: [-20, 0], end: [20, 0], stops: 2,
            colors: F.keyframes([
                (0, [0, 1, 0, 0, 1, 0, 0, 1, 1, 0.2], [:]), (5, [0, 1, 0, 0, 1, 0, 0, 1, 1, 0.2], [:]),
                (10, [0, 1, 0, 0, 1, 0, 0, 1, 0.5, 1], [:]),
            ]))
        let meeting = Self.gradient(
            1, start: [-20, 0], end: [20, 0], stops: 3,
            colors: F.keyframes([
                (0, [0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 0, 0.9, 0.2, 1, 1, 0.4], Self.ease),
                (4, [0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1, 0, 0.9, 0.5, 1, 1, 0.4], [:]),
            ]))
        let file = F.animation(layers: [
            Self.layer(1, at: 40, 50, box, parting), Self.layer(2, at: 140, 50, box, meeting),
        ])
        #expect(try F.load(file).engineScene().notPlayed.isEmpty)
        #expect(try LottieEngineSceneTests.motion(file, from: 0, to: 8).mean > 1e-3)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 2, 3.9, 4, 4.1, 5, 5.1, 7, 10]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
    }
}
