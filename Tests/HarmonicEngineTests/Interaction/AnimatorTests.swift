import Foundation
import Harmonic
import Testing
@testable import HarmonicEngine

@Suite struct AnimatorTests {
    func makeAnimated(timing: AnimatorTiming = .curve(CubicBezier.linear), duration: Double = 1) throws
        -> (AnimationEngine, LayerID, AnimatorID)
    {
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        let animator = try engine.makeAnimator(duration: duration, timing: timing)
        try engine.addAnimations(to: animator) { () throws(HarmonicError) in
            try engine.setValue([100, 40], forKeyPath: "position", of: box)
        }
        // Recorded, not yet animated: the presentation still shows the old value.
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [0, 0])
        return (engine, box, animator)
    }

    @Test func runsWithItsCurveAndFinishesAtTheEnd() throws {
        let (engine, box, animator) = try makeAnimated(timing: .curve(CubicBezier.easeInEaseOut), duration: 2)
        try engine.startAnimation(animator)
        #expect(try engine.state(of: animator) == .active && engine.isRunning(animator))
        try engine.advance(to: 0.5)
        let p = referenceBezier(0.42, 0, 0.58, 1, at: 0.25)
        #expect(close(try engine.scalar("position.x", of: box), 100 * p, 1e-13))
        #expect(close(try engine.fractionComplete(of: animator), 0.25, 1e-15))
        let events = try engine.advance(to: 3)
        #expect(summary(events) == ["2.0 animatorFinished 0 end"])
        #expect(try engine.state(of: animator) == .inactive)
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [100, 40])
        #expect(try engine.animationKeys(of: box).isEmpty)
    }

    @Test func scrubbingWhilePausedIsLinear() throws {
        let (engine, box, animator) = try makeAnimated(timing: .curve(CubicBezier.easeIn))
        try engine.pauseAnimation(animator)
        for f in [0.3, 0.8, 0.1] {
            try engine.setFractionComplete(f, of: animator)
            #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [100 * f, 40 * f])
            try engine.advance(to: engine.time + 0.5)  // paused: time does not move it
            #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [100 * f, 40 * f])
        }
        #expect(throws: HarmonicError.self) { try engine.setFractionComplete(1.5, of: animator) }
    }

    @Test func resumingRunsTheCurveOverTheRemainingTime() throws {
        let (engine, box, animator) = try makeAnimated(timing: .curve(CubicBezier.easeIn), duration: 2)
        try engine.setFractionComplete(0.5, of: animator)
        try engine.startAnimation(animator)
        #expect(throws: HarmonicError.self) { try engine.setFractionComplete(0.2, of: animator) }
        // From 50 to 100 over the remaining half of 2 s, along easeIn.
        try engine.advance(to: 0.4)
        #expect(
            close(try engine.scalar("position.x", of: box), 50 + 50 * referenceBezier(0.42, 0, 1, 1, at: 0.4), 1e-13))
        #expect(close(try engine.fractionComplete(of: animator), 0.7, 1e-15))
    }

    @Test func reversingRunsBackToTheStart() throws {
        let (engine, box, animator) = try makeAnimated(duration: 1)
        try engine.startAnimation(animator)
        try engine.advance(to: 0.6)
        try engine.setReversed(true, of: animator)
        try engine.advance(to: 0.9)
        #expect(close(try engine.scalar("position.x", of: box), 30, 1e-12))  // 60 back down at 100/s
        let events = try engine.advance(to: 2)
        #expect(summary(events).count == 1 && summary(events)[0].hasSuffix("animatorFinished 0 start"))
        #expect(close(events[0].time, 1.2, 1e-15))
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [0, 0])
        #expect(try engine.modelValue(forKeyPath: "position", of: box) == [0, 0])
    }

    @Test func continuingWithASpringKeepsTheVelocity() throws {
        let (engine, box, animator) = try makeAnimated(duration: 1)
        try engine.startAnimation(animator)
        try engine.advance(to: 0.25)
        // Linear curve over 1 s: progress velocity 1/s, so 100 points/s in x.
        #expect(close(try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0], 100, 1e-13))
        let spring = try Spring(mass: 1, stiffness: 200, damping: 20)
        try engine.continueAnimation(animator, timing: .spring(spring, initialVelocity: 0))
        #expect(close(try engine.scalar("position.x", of: box), 25, 1e-13))
        #expect(close(try engine.presentationVelocity(forKeyPath: "position.x", of: box)[0], 100, 1e-12))
        // Then the progress spring from (0.25, 1/s) to 1.
        let s = referenceSpring(mass: 1, stiffness: 200, damping: 20, x0: -0.75, v0: 1, t: 0.1)
        #expect(close(try engine.scalar("position.x", of: box, at: 0.35), 100 * (1 + s.x), 1e-12))
    }

    @Test func stoppingAndFinishing() throws {
        let (engine, box, animator) = try makeAnimated(duration: 1)
        try engine.startAnimation(animator)
        try engine.advance(to: 0.5)
        try engine.stopAnimation(animator, withoutFinishing: false)
        #expect(try engine.state(of: animator) == .stopped)
        #expect(throws: HarmonicError.self) { try engine.startAnimation(animator) }
        try engine.finishAnimation(animator, at: .current)
        #expect(try engine.modelValue(forKeyPath: "position", of: box) == [50, 20])
        #expect(try engine.presentationValue(forKeyPath: "position", of: box) == [50, 20])
        #expect(summary(engine.takeEvents()) == ["0.5 animatorFinished 0 current"])
    }

    @Test func delayedStart() throws {
        let (engine, box, animator) = try makeAnimated(duration: 1)
        try engine.startAnimation(animator, afterDelay: 0.5)
        #expect(try engine.scalar("position.x", of: box, at: 0.4) == 0)
        #expect(close(try engine.scalar("position.x", of: box, at: 1), 50, 1e-13))
    }
}
