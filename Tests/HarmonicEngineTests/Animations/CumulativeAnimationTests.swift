import Foundation
import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Cumulative repeats (`isCumulative`) against Apple's rule — repeat `n` is its own value plus
/// the value the previous repeats ended at, `n·end` — with non-zero start values, where the
/// rule differs from shifting by `n·(end − start)`.
@Suite struct CumulativeAnimationTests {
    func vector(_ engine: AnimationEngine, _ keyPath: String, _ layer: LayerID, at t: Double) throws -> [Double] {
        try engine.flush()
        return try engine.presentationValue(forKeyPath: keyPath, of: layer, at: t).components
    }

    func near(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-12) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1)) }
    }

    /// Apple's `isCumulative` example: `position` from (100, 60) to (100, 200), three repeats.
    @Test func theSecondRepeatStartsAtTheEndPlusTheStart() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(
                keyPath: "position", fromValue: [100, 60], toValue: [100, 200],
                timing: try timing(duration: 1, repeatCount: 3), isCumulative: true),
            forKey: "move", to: box)
        #expect(near(try vector(engine, "position", box, at: 0.5), [100, 130]))
        #expect(near(try vector(engine, "position", box, at: 1), [200, 260]))
        #expect(near(try vector(engine, "position", box, at: 1.5), [200, 330]))
        #expect(near(try vector(engine, "position", box, at: 2), [300, 460]))
        #expect(near(try vector(engine, "position", box, at: 2.5), [300, 530]))
    }

    /// With autoreversing a repeat returns to its start, so each completed repeat adds the start.
    @Test func anAutoreversedRepeatAddsTheStartValue() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            BasicAnimation(
                keyPath: "position", fromValue: [100, 60], toValue: [100, 200],
                timing: try timing(duration: 1, repeatCount: 2, autoreverses: true), isCumulative: true),
            forKey: "move", to: box)
        #expect(near(try vector(engine, "position", box, at: 1.5), [100, 130]))
        #expect(near(try vector(engine, "position", box, at: 2), [200, 120]))
        #expect(near(try vector(engine, "position", box, at: 2.5), [200, 190]))
        #expect(near(try vector(engine, "position", box, at: 3.5), [200, 190]))
    }

    @Test func keyframeRepeatsAddTheLastKeyframe() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "position", values: [[5, 1], [10, 3], [4, 2]], timing: try timing(duration: 1, repeatCount: 2),
                isCumulative: true),
            forKey: "k", to: box)
        // 1.25: the second repeat, a quarter in (halfway from the first key to the second).
        #expect(near(try vector(engine, "position", box, at: 1.25), [4 + 7.5, 2 + 2]))
        // Scalar keyframes take the frame plan's flat form; the rule is the same.
        try engine.add(
            KeyframeAnimation(
                keyPath: "opacity", values: [[0.5], [0.1]], timing: try timing(duration: 1, repeatCount: 3),
                isCumulative: true),
            forKey: "fade", to: box)
        #expect(near(try vector(engine, "opacity", box, at: 2.5), [2 * 0.1 + 0.3]))
    }

    @Test func pathRepeatsAddThePathsEndPoint() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            KeyframeAnimation(
                keyPath: "position", path: try Path(svgPathData: "M2 1 L12 6"),
                timing: try timing(duration: 1, repeatCount: 2), isCumulative: true),
            forKey: "p", to: box)
        #expect(near(try vector(engine, "position", box, at: 1.5), [12 + 7, 6 + 3.5]))
    }

    @Test func springRepeatsAddTheValueReachedAtDuration() throws {
        let (engine, box) = try engineWithBox()
        var animation = SpringAnimation(
            keyPath: "position.x", from: 100, to: 110, timing: try timing(duration: 0.5, repeatCount: 2))
        animation.isCumulative = true
        try engine.add(animation, forKey: "s", to: box)
        let end = 100 + 10 * referenceSpringProgress(t: 0.5).p
        let now = 100 + 10 * referenceSpringProgress(t: 0.2).p
        #expect(close(try engine.scalar("position.x", of: box, at: 0.7), end + now, 1e-12))
    }

    @Test func transformPiecesAddAsNumbers() throws {
        let (engine, box) = try engineWithBox([:])
        try engine.add(
            BasicAnimation(
                keyPath: "transform.rotation.z", from: .pi / 4, to: .pi / 2,
                timing: try timing(duration: 1, repeatCount: 2), isCumulative: true),
            forKey: "turn", to: box)
        #expect(close(try engine.scalar("transform.rotation.z", of: box, at: 1.5), .pi / 2 + 3 * .pi / 8, 1e-14))
    }

    /// Whole transforms accumulate piece by piece; scale factors add less one (CSS Transforms
    /// Level 2), so the second repeat of a 1→2 scale continues from 2.
    @Test func wholeTransformsAccumulatePieceByPiece() throws {
        let (engine, box) = try engineWithBox([:])
        let from = TransformComponents(translation: SIMD3(10, 0, 0)).transform
        let to = TransformComponents(translation: SIMD3(20, 0, 0), scale: SIMD3(2, 2, 1)).transform
        try engine.add(
            BasicAnimation(
                keyPath: "transform", fromValue: AnimatableVector(from.components),
                toValue: AnimatableVector(to.components), timing: try timing(duration: 1, repeatCount: 2),
                isCumulative: true),
            forKey: "grow", to: box)
        let expected = TransformComponents(translation: SIMD3(15 + 20, 0, 0), scale: SIMD3(2.5, 2.5, 1)).transform
        #expect(near(try vector(engine, "transform", box, at: 1.5), expected.components))
        let start = TransformComponents(translation: SIMD3(30, 0, 0), scale: SIMD3(2, 2, 1)).transform
        #expect(near(try vector(engine, "transform", box, at: 1), start.components))
    }
}
