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
        let animation = try F.load(file)
        let scene = try animation.engineScene()
        #expect(scene.notPlayed.isEmpty, "\(scene.notPlayed)")
        for frame in [0, 10, 20, 30, 40] as [Double] {
            try scene.seek(toFrame: frame)
            let direct = try SVGRasterizer.pixels(
                svg: animation.frame(at: frame).svg(), width: 200, height: 100, scale: 1, transparent: true)
            let played = try SVGRasterizer.pixels(
                svg: try scene.svg(), width: 200, height: 100, scale: 1, transparent: true)
            let gap = LottieEngineSceneTests.difference(direct, played)
            #expect(gap.mean <= 6e-4 && gap.coverage == 0, "frame \(frame): \(gap)")
        }
        // The comparison sees the shear: the same file skewed the other way differs.
        let mirrored = try F.load(file.replacingOccurrences(of: "[45]", with: "[-45]")).engineScene()
        try mirrored.seek(toFrame: 40)
        let direct = try SVGRasterizer.pixels(
            svg: animation.frame(at: 40).svg(), width: 200, height: 100, scale: 1, transparent: true)
        let played = try SVGRasterizer.pixels(
            svg: try mirrored.svg(), width: 200, height: 100, scale: 1, transparent: true)
        #expect(LottieEngineSceneTests.difference(direct, played).coverage > 0.005)
    }
}
