import Harmonic
import Testing
@testable import HarmonicEngine

/// The animator controller on its own: how progress moves between events, against the
/// closed forms of each segment, with no layer involved.
@Suite struct AnimatorControllerTests {
    static func controller(duration: Double = 2, timing: AnimatorTiming = .curve(CubicBezier.linear))
        -> AnimatorController
    {
        var c = AnimatorController()
        _ = c.append(AnimatorState(duration: duration, timing: timing))
        c.activate(0, at: 0)
        return c
    }

    @Test func aCurveRunsOverTheRemainingFractionOfTheDuration() {
        var c = Self.controller()
        c.scrub(0, to: 0.25, at: 0)
        c.continueSegment(0, at: 1, timing: .curve(CubicBezier.linear), durationFactor: 0, carryVelocity: false)
        // 0.75 of 2 s remain: progress 0.25 → 1 over 1.5 s, linearly.
        #expect(c.samples[0].progress == 0.25)
        #expect(abs(c[0].sample(at: 1.75).progress - 0.625) < 1e-15)
        #expect(abs(c[0].sample(at: 1.75).rate - 0.5) < 1e-15)
        #expect(c[0].segment.endTime == 2.5)
        #expect(c.arrival(of: 0, by: 2.4) == nil)
        let arrived = c.arrival(of: 0, by: 3)
        #expect(arrived?.target == 1)
        #expect(arrived?.time == 2.5)
        #expect(!c[0].isRunning)
    }

    @Test func aDurationFactorSetsTheRemainingTime() {
        var c = Self.controller()
        c.continueSegment(0, at: 0, timing: .curve(CubicBezier.linear), durationFactor: 3, carryVelocity: false)
        #expect(c[0].segment.endTime == 6)
    }

    @Test func aSpringCarriesTheVelocityWhenTurnedAround() throws {
        var c = Self.controller(timing: .spring(try Spring(mass: 1, stiffness: 100, damping: 20), initialVelocity: 0))
        c.continueSegment(0, at: 0, timing: c[0].timing, durationFactor: 0, carryVelocity: false)
        let before = c[0].sample(at: 0.1)
        c[0].isReversed = true
        c.continueSegment(0, at: 0.1, timing: c[0].timing, durationFactor: 0, carryVelocity: true)
        let after = c[0].sample(at: 0.1)
        #expect(abs(after.progress - before.progress) < 1e-15)
        #expect(abs(after.rate - before.rate) < 1e-12)
        #expect(c[0].segment.target == 0)
    }

    @Test func aDelayHoldsTheProgressThenRunsTheSameSegmentLater() {
        var c = Self.controller()
        c.continueSegment(0, at: 0, timing: .curve(CubicBezier.linear), durationFactor: 0, carryVelocity: false)
        c.delay(0, by: 0.5, at: 0)
        #expect(c[0].sample(at: 0.4).progress == 0)
        #expect(abs(c[0].sample(at: 1.5).progress - 0.5) < 1e-15)
        #expect(c[0].segment.endTime == 2.5)
    }

    @Test func aFlingPastAWallEndsThere() throws {
        var c = Self.controller()
        c.scrub(0, to: 0.5, at: 0)
        try c.fling(0, at: 0, velocity: 10, curve: .exponential(.normal), bounce: DecayBounds.motionBounce)
        let arrived = c.arrival(of: 0, by: 100)
        #expect(arrived?.target == 1)
        #expect(c.samples[0].progress == 0.5)  // samples are the values at the time of the last change
    }

    @Test func aStoppedAnimatorIsRefusedAndAResetOneIsInactive() {
        var c = Self.controller()
        c[0].state = .stopped
        #expect(throws: HarmonicError.self) { try c.requireNotStopped(0) }
        c.reset(0, at: 0)
        #expect(c[0].state == .inactive)
        #expect((try? c.requireNotStopped(0)) != nil)
    }
}
