import Foundation
import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Whole-transform animations: value functions, keyframes, and their velocities, against
/// closed forms (rotations by known angles, linear slides).
@Suite struct TransformAnimationTests {
    /// `d/dθ` of `Transform3D.rotation(angle: θ, x: 0, y: 0, z: 1)`, by hand.
    func rotationZRate(_ theta: Double) -> Transform3D {
        var m = Transform3D(storage: SIMD16())
        m[0, 0] = -sin(theta)
        m[0, 1] = cos(theta)
        m[1, 0] = -cos(theta)
        m[1, 1] = -sin(theta)
        return m
    }

    func transform(_ engine: AnimationEngine, _ layer: LayerID, at t: Double) throws -> Transform3D {
        try engine.flush()
        return try Transform3D(
            components: engine.presentationValue(forKeyPath: "transform", of: layer, at: t).components)
    }

    func rate(_ engine: AnimationEngine, _ layer: LayerID, at t: Double) throws -> Transform3D {
        try engine.flush()
        let v = try engine.presentationVelocity(forKeyPath: "transform", of: layer, at: t).components
        var s = SIMD16<Double>()
        for i in 0..<16 { s[i] = v[i] }
        return Transform3D(storage: s)
    }

    @Test func rotateZValueFunctionTurnsOnceWhereMatricesStandStill() throws {
        let (engine, box) = try engineWithBox([:])
        try engine.add(
            BasicAnimation(
                keyPath: "transform", fromValue: [0], toValue: [2 * .pi], timing: try timing(duration: 2),
                valueFunction: .rotateZ),
            forKey: "spin", to: box)
        for t in [0.25, 0.5, 1.0, 1.5] {
            let angle = .pi * t
            #expect(maxDifference(try transform(engine, box, at: t), .rotation(angle: angle, x: 0, y: 0, z: 1)) < 1e-15)
            // dθ/dt = π per second.
            let expected = Transform3D(storage: rotationZRate(angle).storage * .pi)
            #expect(maxDifference(try rate(engine, box, at: t), expected) < 1e-14)
        }
        // The same ends as matrices are both the identity: that animation stands still.
        let (still, layer) = try engineWithBox([:])
        try still.add(
            BasicAnimation(
                keyPath: "transform", fromValue: AnimatableVector(Transform3D.identity.components),
                toValue: AnimatableVector(Transform3D.rotation(angle: 2 * .pi, x: 0, y: 0, z: 1).components),
                timing: try timing(duration: 2)),
            forKey: "spin", to: layer)
        #expect(maxDifference(try transform(still, layer, at: 1), .identity) < 1e-15)
    }

    @Test func scaleAndTranslateTakeTheirShortForms() throws {
        let (engine, box) = try engineWithBox([:])
        // One uniform factor for scale, passing through 0 (which no decomposition can).
        try engine.add(
            BasicAnimation(
                keyPath: "transform", fromValue: [1], toValue: [-1], timing: try timing(duration: 1),
                valueFunction: .scale),
            forKey: "flip", to: box)
        #expect(maxDifference(try transform(engine, box, at: 0.5), .scale(x: 0, y: 0, z: 0)) < 1e-15)
        #expect(maxDifference(try transform(engine, box, at: 0.75), .scale(x: -0.5, y: -0.5, z: -0.5)) < 1e-15)
        var shrink = Transform3D(storage: SIMD16())
        for k in 0..<3 { shrink[k, k] = -2 }
        #expect(maxDifference(try rate(engine, box, at: 0.75), shrink) < 1e-15)

        // An (x, y) translation, additive over a model rotation: value·model.
        let model = Transform3D.rotation(angle: 0.5, x: 0, y: 0, z: 1)
        let (other, layer) = try engineWithBox(["transform": AnimatableVector(model.components)])
        try other.add(
            BasicAnimation(
                keyPath: "transform", fromValue: [0, 0], toValue: [100, 50], timing: try timing(duration: 1),
                isAdditive: true, valueFunction: .translate),
            forKey: "slide", to: layer)
        let expected = Transform3D.translation(x: 25, y: 12.5).concatenating(model)
        #expect(maxDifference(try transform(other, layer, at: 0.25), expected) < 1e-13)
        // The rate of value·model with a still model: value′·model.
        var slide = Transform3D(storage: SIMD16())
        slide[3, 0] = 100
        slide[3, 1] = 50
        #expect(maxDifference(try rate(other, layer, at: 0.25), slide.concatenating(model)) < 1e-13)
    }

    @Test func springAndKeyframesDriveValueFunctions() throws {
        let spring = try Spring(stiffness: 100, damping: 10)
        let (engine, box) = try engineWithBox([:])
        try engine.add(
            SpringAnimation(
                keyPath: "transform", fromValue: [0], toValue: [.pi], spring: spring, timing: try timing(duration: 3),
                valueFunction: .rotateX),
            forKey: "s", to: box)
        let phi = spring.transition(over: 0.2)
        let angle = .pi * phi.progress()
        #expect(maxDifference(try transform(engine, box, at: 0.2), .rotation(angle: angle, x: 1, y: 0, z: 0)) < 1e-14)

        let (keyed, layer) = try engineWithBox([:])
        try keyed.add(
            KeyframeAnimation(
                keyPath: "transform", values: [[0], [.pi], [3 * .pi]], keyTimes: [0, 0.5, 1],
                timing: try timing(duration: 1), valueFunction: .rotateZ),
            forKey: "k", to: layer)
        // 0.75 s: half-way through the second segment, at 2π: a whole extra turn.
        #expect(maxDifference(try transform(keyed, layer, at: 0.75), .identity) < 1e-14)
        #expect(
            maxDifference(try transform(keyed, layer, at: 0.625), .rotation(angle: 1.5 * .pi, x: 0, y: 0, z: 1)) < 1e-14
        )
        let expected = Transform3D(storage: rotationZRate(1.5 * .pi).storage * (4 * .pi))
        #expect(maxDifference(try rate(keyed, layer, at: 0.625), expected) < 1e-13)
    }

    @Test func valueFunctionsRefuseWhatTheyCannotBuild() throws {
        let (engine, box) = try engineWithBox(["opacity": [1]])
        let cases: [(BasicAnimation, String)] = [
            (BasicAnimation(keyPath: "opacity", fromValue: [0], toValue: [1], valueFunction: .rotateZ), "transform"),
            (BasicAnimation(keyPath: "transform", toValue: [1], valueFunction: .rotateZ), "both ends"),
            (
                BasicAnimation(keyPath: "transform", fromValue: [0, 1], toValue: [1, 2], valueFunction: .scale),
                "1 or 3"
            ),
            (BasicAnimation(keyPath: "transform", fromValue: [0], toValue: [.nan], valueFunction: .rotateY), "toValue"),
        ]
        for (animation, fragment) in cases {
            do {
                try engine.add(animation, forKey: "bad", to: box)
                Issue.record("accepted \(animation)")
            } catch {
                #expect(error.description.contains(fragment), "\(error.description)")
            }
        }
    }

    @Test func wholeTransformKeyframesInterpolateBySegment() throws {
        let quarter = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
        let moved = quarter.concatenating(.translation(x: 10, y: 0))
        let (engine, box) = try engineWithBox([:])
        try engine.add(
            KeyframeAnimation(
                keyPath: "transform", values: [.identity, quarter, moved].map { AnimatableVector($0.components) },
                keyTimes: [0, 0.25, 1], timing: try timing(duration: 2)),
            forKey: "k", to: box)
        // 0.25 s: progress 0.125, half-way through the turn; dθ/dt = (π/2)/(0.25·2 s).
        #expect(
            maxDifference(try transform(engine, box, at: 0.25), .rotation(angle: .pi / 4, x: 0, y: 0, z: 1)) < 1e-15)
        let turning = Transform3D(storage: rotationZRate(.pi / 4).storage * .pi)
        #expect(maxDifference(try rate(engine, box, at: 0.25), turning) < 1e-13)
        // 1.25 s: progress 0.625, half-way along the slide of 10 over 1.5 s.
        #expect(
            maxDifference(try transform(engine, box, at: 1.25), quarter.concatenating(.translation(x: 5, y: 0))) < 1e-14
        )
        var slide = Transform3D(storage: SIMD16())
        slide[3, 0] = 10 / 1.5
        #expect(maxDifference(try rate(engine, box, at: 1.25), slide) < 1e-13)
    }

    @Test func wholeTransformBasicAndSpringAnimationsReportVelocities() throws {
        let (engine, box) = try engineWithBox([:])
        let end = Transform3D.rotation(angle: 1.2, x: 0, y: 0, z: 1)
        try engine.add(
            BasicAnimation(
                keyPath: "transform", toValue: AnimatableVector(end.components), timing: try timing(duration: 2)),
            forKey: "t", to: box)
        // θ(t) = 0.6·t.
        #expect(
            maxDifference(try rate(engine, box, at: 0.5), Transform3D(storage: rotationZRate(0.3).storage * 0.6))
                < 1e-14)

        let spring = try Spring(stiffness: 200, damping: 20)
        let (sprung, layer) = try engineWithBox([:])
        try sprung.add(
            SpringAnimation(
                keyPath: "transform", fromValue: AnimatableVector(Transform3D.identity.components),
                toValue: AnimatableVector(end.components), spring: spring, timing: try timing(duration: 2)),
            forKey: "t", to: layer)
        let phi = spring.transition(over: 0.1)
        let expected = Transform3D(
            storage: rotationZRate(1.2 * phi.progress()).storage * (1.2 * phi.progressVelocity()))
        #expect(maxDifference(try rate(sprung, layer, at: 0.1), expected) < 1e-12)
    }
}
