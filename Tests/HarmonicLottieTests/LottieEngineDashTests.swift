import Foundation
import Harmonic
import Testing

@testable import HarmonicLottie

/// Dashes whose lengths move, played by the engine as an animated `lineDashPattern` value
/// (a Harmonic extension), against direct evaluation's frames.
@Suite("Lottie dashes played by the engine")
struct LottieEngineDashTests {
    typealias F = LottieTestFiles

    static var ease: [String: Any] { ["o": ["x": [0.42], "y": [0]], "i": ["x": [0.58], "y": [1]]] }

    static func dashed(_ index: Int, at x: Double, _ dashes: [[String: Any]]) -> [String: Any] {
        var stroke = F.stroke([0.2, 0.3, 0.8], width: 5)
        stroke["d"] = dashes
        return F.shapeLayer(
            index: index, name: "dashed \(index)", transform: F.transform(position: [x, 50]),
            shapes: [["ty": "el", "p": F.value([0, 0]), "s": F.value([60, 60])], stroke])
    }

    @Test func movingDashLengthsPlay() throws {
        let file = F.animation(layers: [
            // The dash grows while the gap and the offset stay.
            Self.dashed(
                1, at: 45,
                [
                    ["n": "d", "v": F.keyframes([(0, [2], Self.ease), (30, [25], [:])])], ["n": "g", "v": F.value(8)],
                    ["n": "o", "v": F.value(4)],
                ]),
            // Dash and gap keyed together, the dash overshooting below 0 (to about −1 near
            // frame 20, drawn as 0), the offset moving on its own frames.
            Self.dashed(
                2, at: 140,
                [
                    [
                        "n": "d",
                        "v": F.keyframes([
                            (0, [12], ["o": ["x": [0.3], "y": [1.8]], "i": ["x": [0.7], "y": [1]]]), (40, [1], [:]),
                        ]),
                    ],
                    [
                        "n": "g",
                        "v": F.keyframes([
                            (0, [3], ["o": ["x": [0.3], "y": [1.8]], "i": ["x": [0.7], "y": [1]]]), (40, [14], [:]),
                        ]),
                    ],
                    ["n": "o", "v": F.keyframes([(5, [0], [:]), (35, [40], [:])])],
                ]),
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 25).mean > 1e-3)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 6, 12, 18, 24, 30, 36, 42]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees fixed dashes where they move.
        let still = F.animation(layers: [
            Self.dashed(
                1, at: 45, [["n": "d", "v": F.value(2)], ["n": "g", "v": F.value(8)], ["n": "o", "v": F.value(4)]])
        ])
        let missed = try LottieEngineSceneTests.gaps(file, played: still, frames: [20])[0]
        #expect(missed.mean > 1e-3, "\(missed)")
    }

    /// Lengths keyed apart, each with its own easing and holds: one pattern whose components
    /// are each eased by their own keyframes.
    @Test func dashLengthsKeyedApartPlay() throws {
        let file = F.animation(layers: [
            Self.dashed(
                1, at: 45,
                [
                    ["n": "d", "v": F.keyframes([(0, [2], Self.ease), (30, [25], [:])])],
                    [
                        "n": "g",
                        "v": F.keyframes([
                            (10, [2], ["o": ["x": [0.2], "y": [1.5]], "i": ["x": [0.6], "y": [1]]]),
                            (24, [14], ["h": 1]), (33, [5], [:]),
                        ]),
                    ],
                    ["n": "d", "v": F.keyframes([(4, [9], [:]), (18, [1], Self.ease), (40, [12], [:])])],
                    ["n": "g", "v": F.value(6)],
                ])
        ])
        let scene = try F.load(file).engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        #expect(try LottieEngineSceneTests.motion(file, from: 5, to: 25).mean > 1e-3)
        for gap in try LottieEngineSceneTests.gaps(file, frames: [0, 5, 10, 14, 18, 23, 24, 28, 33, 38]) {
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "\(gap)")
        }
        // The comparison sees the gap's own easing: the file with the gap keyed in step differs.
        let inStep = file.replacingOccurrences(of: "\"t\":10", with: "\"t\":0")
        #expect(inStep != file)
        let wrong = try LottieEngineSceneTests.gaps(file, played: inStep, frames: [14])[0]
        #expect(wrong.mean > 1e-4, "\(wrong)")
    }
}
