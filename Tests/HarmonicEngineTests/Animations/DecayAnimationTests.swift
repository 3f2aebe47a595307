import Foundation
import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Decay animations, flings and their handoffs in the engine, against the library's closed
/// forms (``DecayMotion``) and the exponential decay written out here.
@Suite struct DecayAnimationTests {
    @Test func valuesAndVelocitiesFollowTheClosedForm() throws {
        let (engine, box) = try engineWithBox(["position": [10, 20]])
        try engine.add(
            DecayAnimation(keyPath: "position", initialVelocity: [800, -300], curve: .exponential(.normal)),
            forKey: "coast", to: box)
        let k = -1000 * log(0.998)
        for t in [0.0, 0.05, 0.4, 1.7] {
            try engine.advance(to: t)
            let value = try engine.presentationValue(forKeyPath: "position", of: box)
            let velocity = try engine.presentationVelocity(forKeyPath: "position", of: box)
            #expect(close(value[0], 10 + 800 / k * -expm1(-k * t), 1e-12))
            #expect(close(value[1], 20 - 300 / k * -expm1(-k * t), 1e-12))
            #expect(close(velocity[0], 800 * exp(-k * t), 1e-12))
            #expect(close(velocity[1], -300 * exp(-k * t), 1e-12))
        }
    }

    @Test func lastsUntilTheLastComponentRestsThenLeaves() throws {
        let (engine, box) = try engineWithBox(["opacity": [0]])
        let decay = try ExponentialDecay(frictionMultiplier: 1)
        try engine.add(
            DecayAnimation(keyPath: "opacity", initialVelocity: [2000], curve: .exponential(decay), rest: .speed(0.1)),
            forKey: "coast", to: box)
        let restTime = log(0.1 / 2000) / -4.2
        let events = try engine.advance(to: restTime + 0.01)
        #expect(summary(events).contains { $0.contains("didStop") })
        #expect(try engine.animationKeys(of: box).isEmpty)
        // Without the model value set, the layer shows its model value again (Core Animation).
        #expect(try engine.scalar("opacity", of: box) == 0)
    }

    @Test func flingMovesTheModelToTheRestValue() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.advance(to: 1)
        let rest = try engine.fling(
            "position.y", of: box, velocity: [1500], curve: .exponential(.fast), rest: .distance(0.5))
        let k = -1000 * log(0.99)
        #expect(close(rest[0], 1500 / k, 1e-13))
        #expect(try engine.modelValue(forKeyPath: "position.y", of: box) == rest)
        try engine.advance(to: 1.2)
        #expect(close(try engine.scalar("position.y", of: box), 1500 / k * -expm1(-k * 0.2), 1e-12))
        try engine.advance(to: 10)
        #expect(try engine.scalar("position.y", of: box) == rest[0])
        #expect(try engine.animationKeys(of: box).isEmpty)
    }

    @Test func aWallHandsOffToTheBounceSpringAtTheExactCrossing() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        let rest = try engine.fling(
            "position.x", of: box, velocity: [1000], curve: .exponential(.normal), upperBound: [300])
        #expect(rest == [300])
        let k = -1000 * log(0.998)
        let crossing = -log1p(-300 * k / 1000) / k
        // Value reaches the wall at the crossing; velocity is continuous through it.
        let before = try engine.presentationValue(forKeyPath: "position.x", of: box, at: crossing - 1e-9)[0]
        let after = try engine.presentationValue(forKeyPath: "position.x", of: box, at: crossing + 1e-9)[0]
        #expect(abs(before - 300) < 1e-6 && abs(after - 300) < 1e-6)
        try engine.advance(to: crossing - 1e-6)
        let v1 = try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0]
        try engine.advance(to: crossing + 1e-6)
        let v2 = try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0]
        #expect(abs(v1 - v2) < 1e-3 * abs(v1))
        #expect(close(v1, 1000 * exp(-k * crossing), 1e-5))
        // The spring overshoots, then comes back to rest on the wall.
        try engine.advance(to: crossing + 0.05)
        #expect(try engine.scalar("position.x", of: box) > 300)
        try engine.advance(to: crossing + 5)
        #expect(try engine.scalar("position.x", of: box) == 300)
    }

    @Test func aSpringCatchesARunningDecayWithItsVelocity() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.fling("position.x", of: box, velocity: [2000], forKey: "scroll")
        try engine.advance(to: 0.3)
        let value = try engine.presentationValue(forKeyPath: "position.x", of: box)[0]
        let velocity = try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0]
        try engine.retargetSpring(forKey: "scroll", on: box, to: [100], spring: try Spring(duration: 0.4, bounce: 0))
        try engine.flush()
        #expect(close(try engine.scalar("position.x", of: box), value, 1e-12))
        #expect(close(try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0], velocity, 1e-9))
        // From there it is the spring's closed form from (value, velocity) toward 100.
        let spring = try SpringMotion(
            spring: try Spring(duration: 0.4, bounce: 0), from: value, to: 100, initialVelocity: velocity,
            beginTime: 0.3)
        for t in [0.35, 0.5, 0.8] {
            #expect(
                close(
                    try engine.presentationValue(forKeyPath: "position.x", of: box, at: t)[0], spring.value(at: t), 1e-9
                ))
        }
    }

    @Test func theSplineFlingRunsForItsDuration() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        let spline = try SplineDecay(density: 2.625)
        try engine.add(
            DecayAnimation(keyPath: "position.y", initialVelocity: [-4000], curve: .spline(spline)), forKey: "f",
            to: box)
        let duration = spline.duration(initialVelocity: -4000)
        try engine.advance(to: duration / 3)
        #expect(
            close(
                try engine.scalar("position.y", of: box), spline.offset(at: duration / 3, initialVelocity: -4000), 1e-12
            ))
    }

    @Test func badDecaysAreRefusedWithTheirParameter() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        #expect {
            try engine.add(DecayAnimation(keyPath: "position", initialVelocity: [1]), forKey: "a", to: box)
        } throws: {
            "\($0)".hasPrefix("initialVelocity = 1 numbers is invalid: must be 2 numbers")
        }
        #expect {
            try engine.add(DecayAnimation(keyPath: "transform.rotation.z", initialVelocity: [1]), forKey: "a", to: box)
        } throws: { "\($0)".contains("not a transform") }
        #expect {
            try engine.add(
                DecayAnimation(keyPath: "position", initialVelocity: [1, .nan]), forKey: "a", to: box)
        } throws: { "\($0)".hasPrefix("initialVelocity[1] = nan") }
        #expect {
            try engine.add(
                DecayAnimation(keyPath: "position.x", initialVelocity: [1], rest: .speed(-1)), forKey: "a", to: box)
        } throws: { "\($0)".hasPrefix("restSpeed = -1.0 is invalid") }
        #expect(try engine.animationKeys(of: box).isEmpty)
    }
}

/// Ending a scrub with a fling.
@Suite struct AnimatorFlingTests {
    func scrubbed(to fraction: Double) throws -> (AnimationEngine, LayerID, AnimatorID) {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        let animator = try engine.makeAnimator(duration: 1, timing: .curve(CubicBezier.linear))
        try engine.addAnimations(to: animator) { () throws(HarmonicError) in
            try engine.setValue([200, 0], forKeyPath: "position", of: box)
        }
        try engine.pauseAnimation(animator)
        try engine.setFractionComplete(fraction, of: animator)
        return (engine, box, animator)
    }

    @Test func aStrongFlingReachesTheEndAndFinishesThere() throws {
        let (engine, box, animator) = try scrubbed(to: 0.3)
        try engine.flingAnimation(animator, velocity: 3)  // 600 points per second over 200 points
        try engine.advance(to: 0.05)
        let k = -1000 * log(0.998)
        #expect(close(try engine.progress(of: animator), 0.3 + 3 / k * -expm1(-k * 0.05), 1e-12))
        #expect(close(try engine.scalar("position.x", of: box), 200 * (0.3 + 3 / k * -expm1(-k * 0.05)), 1e-10))
        let events = try engine.advance(to: 10)
        #expect(summary(events).contains { $0.hasSuffix("animatorFinished 0 end") })
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [200, 0])
    }

    @Test func aWeakFlingSettlesBackToTheStart() throws {
        let (engine, box, animator) = try scrubbed(to: 0.3)
        // Projection 0.3 + 0.2/k ≈ 0.4 < 0.5: rests there, then springs back to 0.
        try engine.flingAnimation(animator, velocity: 0.2)
        let events = try engine.advance(to: 20)
        #expect(summary(events).contains { $0.hasSuffix("animatorFinished 0 start") })
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [0, 0])
    }
}
