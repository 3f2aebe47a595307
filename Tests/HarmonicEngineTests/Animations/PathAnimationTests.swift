import Foundation
import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Shape-layer paths in the engine: morphing, keyframes, implicit animations, and strokes
/// trimmed by `strokeStart`/`strokeEnd`, against closed forms (straight-line motion of every
/// point, lengths of squares).
@Suite struct PathAnimationTests {
    let square = try! Path(svgPathData: "M0 0 L10 0 L10 10 L0 10 Z")
    let wide = try! Path(svgPathData: "M0 0 L30 0 L30 10 L0 10 Z")

    func engineWithShape(_ path: Path) throws -> (AnimationEngine, LayerID) {
        let engine = try AnimationEngine()
        let shape = try engine.makeLayer(named: "shape")
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setPath(path, of: shape)
        try engine.commit()
        return (engine, shape)
    }

    @Test func basicAnimationMorphsEveryPointOnAStraightLine() throws {
        let (engine, shape) = try engineWithShape(square)
        try engine.add(
            BasicAnimation(
                keyPath: "path", fromValue: AnimatableVector(PathCoordinates(square).numbers),
                toValue: AnimatableVector(PathCoordinates(wide).numbers), timing: try timing(duration: 2)),
            forKey: "morph", to: shape)
        try engine.flush()
        // Half-way in time: the right side at x = 20.
        let half = try engine.presentationPath(of: shape, at: 1)
        #expect(half == (try Path(svgPathData: "M0 0 L20 0 L20 10 L0 10 Z")))
        #expect(half == (try square.morphed(to: wide, fraction: 0.5)))
        // The right side moves at 20 / 2 s; everything else stands still.
        let v = try engine.presentationVelocity(forKeyPath: "path", of: shape, at: 1).components
        #expect(v == [0, 0, 0, 0, 10, 0, 0, 10, 0, 0, 0, 0, 0])
        // Done and removed: the model path again.
        #expect(try engine.presentationPath(of: shape, at: 3) == square)
    }

    @Test func implicitAndSpringAnimationsMorphFromTheShownPath() throws {
        let (engine, shape) = try engineWithShape(square)
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear))
        try engine.setPath(wide, of: shape)
        try engine.commit()
        #expect(try engine.modelPath(of: shape) == wide)
        #expect(try engine.presentationPath(of: shape, at: 0.25) == (try square.morphed(to: wide, fraction: 0.25)))

        let spring = try Spring(stiffness: 100, damping: 10)
        let (sprung, layer) = try engineWithShape(square)
        try sprung.add(
            SpringAnimation(
                keyPath: "path", toValue: AnimatableVector(PathCoordinates(wide).numbers), spring: spring,
                timing: try timing(duration: 2)),
            forKey: "s", to: layer)
        try sprung.flush()
        let p = spring.transition(over: 0.3).progress()
        let shown = try sprung.presentationPath(of: layer, at: 0.3)
        guard case let .line(corner) = shown.elements[1] else {
            Issue.record("expected a line, got \(shown.elements[1])")
            return
        }
        #expect(abs(corner.x - (10 + 20 * p)) < 1e-12 && corner.y == 0)
    }

    @Test func differentStructuresAndSumsAreRefused() throws {
        let (engine, shape) = try engineWithShape(square)
        let triangle = try Path(svgPathData: "M0 0 L10 0 L5 8 Z")
        do {
            try engine.setPath(triangle, of: shape)
            Issue.record("accepted a triangle")
        } catch {
            #expect(error.description.contains("\"M L L Z\"") && error.description.contains("\"M L L L Z\""))
        }
        let numbers = AnimatableVector(PathCoordinates(wide).numbers)
        let refused: [BasicAnimation] = [
            BasicAnimation(keyPath: "path", toValue: AnimatableVector(PathCoordinates(triangle).numbers)),
            BasicAnimation(keyPath: "path", byValue: numbers),
            BasicAnimation(keyPath: "path", toValue: numbers, isAdditive: true),
        ]
        for animation in refused {
            #expect(throws: HarmonicError.self) { try engine.add(animation, forKey: "bad", to: shape) }
        }
        #expect(throws: HarmonicError.self) { try engine.modelPath(forKeyPath: "opacity", of: shape) }
    }

    @Test func keyframesMorphThroughEachPath() throws {
        let (engine, shape) = try engineWithShape(square)
        let tall = try Path(svgPathData: "M0 0 L10 0 L10 40 L0 40 Z")
        try engine.add(
            KeyframeAnimation(
                keyPath: "path", values: [square, wide, tall].map { AnimatableVector(PathCoordinates($0).numbers) },
                keyTimes: [0, 0.5, 1], timing: try timing(duration: 1)),
            forKey: "k", to: shape)
        try engine.flush()
        #expect(try engine.presentationPath(of: shape, at: 0.25) == (try square.morphed(to: wide, fraction: 0.5)))
        #expect(try engine.presentationPath(of: shape, at: 0.75) == (try wide.morphed(to: tall, fraction: 0.5)))
    }

    @Test func strokeStartAndEndTrimTheShownPath() throws {
        let (engine, shape) = try engineWithShape(square)
        #expect(try engine.presentationValue(forKeyPath: "strokeEnd", of: shape) == [1])
        try engine.add(
            BasicAnimation(keyPath: "strokeEnd", from: 0, to: 1, timing: try timing(duration: 1)), forKey: "draw",
            to: shape)
        try engine.add(
            BasicAnimation(keyPath: "strokeStart", from: 0, to: 0.5, timing: try timing(duration: 1)), forKey: "chase",
            to: shape)
        try engine.flush()
        // At 0.75 s: from 37.5 % to 75 % of a 40-long square: from (10, 5) round to (0, 10).
        let stroke = try engine.presentationStroke(of: shape, at: 0.75)
        #expect(abs(stroke.length - 15) < 1e-12)
        #expect(stroke.elements.first == .move(to: SIMD2(10, 5)))
        #expect(stroke.elements.last == .line(to: SIMD2(0, 10)))
        // Before anything is drawn: a lone move-to.
        #expect(try engine.presentationStroke(of: shape, at: 0).length == 0)
    }

    @Test func engineGuideRingExample() throws {
        // The example of the engine guide: a circle of radius 50 drawn over one second.
        let engine = try AnimationEngine()
        let ring = try engine.makeLayer(named: "ring")
        try engine.setPath(try Path(svgPathData: "M50 0 A50 50 0 1 1 -50 0 A50 50 0 1 1 50 0"), of: ring)
        try engine.add(
            BasicAnimation(keyPath: "strokeEnd", from: 0, to: 1, timing: try MediaTiming(duration: 1)),
            forKey: "draw", to: ring)
        try engine.flush()
        #expect(abs(try engine.presentationStroke(of: ring, at: 0.25).length - 25 * .pi) < 1e-12)
    }
}
