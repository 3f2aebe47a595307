import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

@Suite struct SpringAnimationTests {
    @Test func followsTheUnitCurveAndIsCutOffAtDuration() throws {
        let (engine, box) = try engineWithBox()
        let spring = try Spring(mass: 1, stiffness: 120, damping: 8)
        try engine.add(
            SpringAnimation(
                keyPath: "position.x", from: 10, to: 110, spring: spring, initialVelocity: 2,
                timing: try timing(duration: 0.8)),
            forKey: "s", to: box)
        for t in [0.0, 0.05, 0.2, 0.41, 0.79] {
            let p = referenceSpringProgress(stiffness: 120, damping: 8, velocity: 2, t: t).p
            #expect(close(try engine.scalar("position.x", of: box, at: t), 10 + 100 * p, 1e-12))
        }
        // Cut off at duration, wherever the spring is: the model value shows again.
        #expect(try engine.scalar("position.x", of: box, at: 0.8) == 0)
    }

    @Test func defaultDurationIsTheSettlingDuration() throws {
        let (engine, box) = try engineWithBox()
        let animation = SpringAnimation(
            keyPath: "position.x", from: 0, to: 1, spring: try Spring(mass: 1, stiffness: 100, damping: 5))
        // Apple's documentation: stiffness 100, damping 5 settles in about 2.85 s.
        #expect(abs(animation.settlingDuration - 2.85) < 0.01)
        try engine.add(animation, forKey: "s", to: box)
        try engine.flush()
        guard case let .spring(added)? = try engine.animation(forKey: "s", on: box) else {
            Issue.record("missing")
            return
        }
        #expect(added.timing?.duration == animation.settlingDuration)
    }

    @Test func velocityIsExact() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            SpringAnimation(
                keyPath: "position", fromValue: [0, 0], toValue: [100, -50], spring: .default, initialVelocity: 1,
                timing: try timing(duration: 2)),
            forKey: "s", to: box)
        for t in [0.1, 0.33, 1.2] {
            try engine.flush()
            let dp = referenceSpringProgress(velocity: 1, t: t).dp
            let v = try engine.presentationVelocity(forKeyPath: "position", of: box, at: t)
            #expect(close(v[0], 100 * dp, 1e-11) && close(v[1], -50 * dp, 1e-11))
        }
    }

    @Test func valueVelocityOverridesTheNormalisedOne() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            SpringAnimation(
                keyPath: "position", fromValue: [0, 0], toValue: [10, 0], initialValueVelocity: [0, 30],
                timing: try timing(duration: 2)),
            forKey: "s", to: box)
        try engine.flush()
        // Each component is its own spring from (from − to, v0).
        for t in [0.1, 0.5] {
            let x = referenceSpring(mass: 1, stiffness: 100, damping: 10, x0: -10, v0: 0, t: t).x + 10
            let y = referenceSpring(mass: 1, stiffness: 100, damping: 10, x0: 0, v0: 30, t: t).x
            let v = try engine.presentationValue(forKeyPath: "position", of: box, at: t)
            #expect(close(v[0], x, 1e-12) && close(v[1], y, 1e-12))
        }
        #expect(throws: HarmonicError.self) {
            try engine.add(
                SpringAnimation(keyPath: "position", toValue: [1, 1], initialValueVelocity: [1]), forKey: "bad", to: box
            )
        }
    }

    @Test func cumulativeSpringShiftsByTheValueReachedAtDuration() throws {
        let (engine, box) = try engineWithBox()
        var animation = SpringAnimation(
            keyPath: "position.x", from: 0, to: 10, timing: try timing(duration: 0.5, repeatCount: 2))
        animation.isCumulative = true
        try engine.add(animation, forKey: "s", to: box)
        let end = 10 * referenceSpringProgress(t: 0.5).p
        let p = referenceSpringProgress(t: 0.2).p
        #expect(close(try engine.scalar("position.x", of: box, at: 0.7), end + 10 * p, 1e-12))
    }
}

@Suite struct AnimationGroupTests {
    @Test func childrenRunConcurrentlyOnTheGroupsClock() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0], "opacity": [1]])
        let group = AnimationGroup(
            animations: [
                BasicAnimation(keyPath: "position.x", from: 0, to: 100, timing: try timing(duration: 2)),
                BasicAnimation(keyPath: "opacity", from: 0, to: 1, timing: try timing(begin: 0.5, duration: 0.5)),
            ],
            timing: try timing(begin: 1, duration: 1))
        try engine.add(group, forKey: "g", to: box)
        // Group begins at 1: at 1.25 the children see 0.25.
        #expect(close(try engine.scalar("position.x", of: box, at: 1.25), 12.5, 1e-14))
        #expect(try engine.scalar("opacity", of: box, at: 1.25) == 1)  // child not begun, no fill
        #expect(close(try engine.scalar("opacity", of: box, at: 1.75), 0.5, 1e-14))
        // Cut off at the group's duration, not rescaled: the 2 s child never passes 50.
        #expect(close(try engine.scalar("position.x", of: box, at: 1.999), 49.95, 1e-12))
        #expect(try engine.scalar("position.x", of: box, at: 2) == 0)  // removed on completion
    }

    @Test func groupFillHoldsTheChildrenWhereTheyWereCut() throws {
        let (engine, box) = try engineWithBox()
        var group = AnimationGroup(
            animations: [BasicAnimation(keyPath: "position.x", from: 0, to: 100, timing: try timing(duration: 2))],
            timing: try timing(duration: 1, fill: .forwards))
        group.isRemovedOnCompletion = false
        try engine.add(group, forKey: "g", to: box)
        try engine.advance(to: 3)
        #expect(close(try engine.scalar("position.x", of: box), 50, 1e-14))
    }

    @Test func childrenWithoutTimingSpanTheGroup() throws {
        let (engine, box) = try engineWithBox()
        try engine.add(
            AnimationGroup(
                animations: [BasicAnimation(keyPath: "position.y", from: 0, to: 8)], timing: try timing(duration: 2)),
            forKey: "g", to: box)
        #expect(close(try engine.scalar("position.y", of: box, at: 1), 4, 1e-14))
    }

    @Test func childErrorsNameTheChild() throws {
        let (engine, box) = try engineWithBox()
        do {
            try engine.add(
                AnimationGroup(animations: [
                    BasicAnimation(keyPath: "position.x", to: 1), BasicAnimation(keyPath: "nope", to: 1),
                ]),
                forKey: "g", to: box)
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("animations[1]"))
        }
    }
}
