import Testing

@testable import Harmonic

/// The timing model against the rules of Core Animation (local-time formula, repeat,
/// autoreverse, fill, timeOffset wrap, pause/resume recipe) and Web Animations Level 1 (phases,
/// boundary rules, zero durations, before flag), each case worked by hand.
@Suite struct MediaTimingTests {
    func progress(_ timing: MediaTiming, _ tp: Double) -> Double? { timing.state(atParentTime: tp).directedProgress }

    @Test func localTimeIsCoreAnimationsFormula() throws {
        let timing = try MediaTiming(beginTime: 1.5, duration: 2, speed: -0.75, timeOffset: 0.25)
        for tp in stride(from: -3.0, through: 5, by: 0.5) {
            #expect(timing.localTime(atParentTime: tp) == (tp - 1.5) * -0.75 + 0.25)
        }
    }

    @Test func phasesAndFills() throws {
        let removed = try MediaTiming(beginTime: 1, duration: 2)
        #expect(progress(removed, 0.5) == nil)
        #expect(removed.state(atParentTime: 0.5).phase == .before)
        #expect(progress(removed, 1) == 0)  // the interval includes its start
        #expect(progress(removed, 2) == 0.5)
        #expect(progress(removed, 3) == nil)  // and excludes its end
        #expect(removed.state(atParentTime: 3).phase == .after)
        let both = try MediaTiming(beginTime: 1, duration: 2, fillMode: .both)
        #expect(progress(both, 0.5) == 0)
        #expect(progress(both, 3) == 1)
        #expect(progress(both, 100) == 1)
        let forwards = try MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards)
        #expect(progress(forwards, 0.5) == nil && progress(forwards, 3) == 1)
        let backwards = try MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards)
        #expect(progress(backwards, 0.5) == 0 && progress(backwards, 3) == nil)
    }

    @Test func speedScalesParentTime() throws {
        let timing = try MediaTiming(duration: 2, speed: 2)
        #expect(progress(timing, 0.5) == 0.5)
        #expect(timing.activeParentDuration == 1)
        #expect(timing.state(atParentTime: 0.5).progressRate == 1)
    }

    @Test func repeatCountsIncludingFractionalZeroAndInfinite() throws {
        // 0 means once (Core Animation).
        let once = try MediaTiming(duration: 1, repeatCount: 0, fillMode: .forwards)
        #expect(once.activeDuration == 1 && once.iterationCount == 1)
        // 2.5 repeats end half-way through the third.
        let fractional = try MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
        #expect(fractional.activeDuration == 2.5)
        let end = fractional.state(atParentTime: 10)
        #expect(end.directedProgress == 0.5 && end.currentIteration == 2)
        #expect(progress(fractional, 1.25) == 0.25)
        // Forever: never after, finite at huge times.
        let forever = try MediaTiming(duration: 0.3, repeatCount: .infinity)
        #expect(forever.activeDuration == .infinity)
        for tp in [1e9, 1e15, 1e300, Double.greatestFiniteMagnitude] {
            let s = forever.state(atParentTime: tp)
            #expect(s.phase == .active, "tp = \(tp)")
            #expect(s.directedProgress.map { $0 >= 0 && $0 <= 1 } == true, "tp = \(tp)")
            #expect(s.currentIteration?.isFinite == true && s.iterationTime?.isFinite == true)
        }
        #expect(abs(progress(forever, 1e9)! - 1.0 / 3) < 1e-6)
    }

    @Test func endingOnAnIterationBoundaryReportsTheEndOfThePreviousIteration() throws {
        let timing = try MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards)
        let s = timing.state(atParentTime: 2)
        #expect(s.phase == .after)
        #expect(s.simpleIterationProgress == 1)
        #expect(s.currentIteration == 1)
        // Inside, a boundary starts the next iteration at 0.
        let inside = timing.state(atParentTime: 1)
        #expect(inside.simpleIterationProgress == 0 && inside.currentIteration == 1)
    }

    @Test func autoreversePlaysEachRepeatForwardThenBack() throws {
        let timing = try MediaTiming(duration: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        #expect(timing.activeDuration == 2)
        #expect(progress(timing, 0.25) == 0.25)
        #expect(progress(timing, 1.25) == 0.75)
        #expect(timing.state(atParentTime: 1.25).isForwards == false)
        #expect(timing.state(atParentTime: 1.25).progressRate == -1)
        #expect(progress(timing, 5) == 0)  // it ends where it started
        let twice = try MediaTiming(duration: 2, repeatCount: 2, autoreverses: true)
        #expect(twice.activeDuration == 8)
        #expect(progress(twice, 5) == 0.5 && twice.state(atParentTime: 5).isForwards)
    }

    @Test func repeatDurationSetsTheActiveDuration() throws {
        let timing = try MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        #expect(timing.activeDuration == 2.5 && timing.iterationCount == 2.5)
        #expect(progress(timing, 3) == 0.5)
        #expect(
            throws: HarmonicError.conflict(
                parameters: ["repeatCount", "repeatDuration"], reason: "give at most one of them")
        ) {
            try MediaTiming(duration: 1, repeatCount: 2, repeatDuration: 2)
        }
    }

    /// Frames A B C D E with the offset at C play C D E A B (Core Animation's wrap-around).
    @Test func timeOffsetStartsPartWayAndWrapsAround() throws {
        let timing = try MediaTiming(duration: 5, timeOffset: 2, fillMode: .forwards)
        #expect(progress(timing, 0) == 0.4)
        #expect(abs(progress(timing, 2.9)! - 0.98) < 1e-15)
        #expect(progress(timing, 3) == 0)
        #expect(abs(progress(timing, 4.5)! - 0.3) < 1e-15)
        #expect(abs(progress(timing, 5)! - 0.4) < 1e-15)  // it ends where it began
        #expect(timing.state(atParentTime: 5).phase == .after)
        // A negative offset wraps the other way.
        let negative = try MediaTiming(duration: 4, timeOffset: -1)
        #expect(progress(negative, 0) == 0.75)
    }

    @Test func zeroDurationJumpsToTheEnd() throws {
        let timing = try MediaTiming(beginTime: 1, duration: 0, fillMode: .both)
        #expect(timing.activeDuration == 0)
        #expect(timing.state(atParentTime: 0.5).phase == .before)
        #expect(progress(timing, 0.5) == 0)
        #expect(timing.state(atParentTime: 1).phase == .after)
        #expect(progress(timing, 1) == 1)
        #expect(timing.state(atParentTime: 1).currentIteration == 0)
        let repeated = try MediaTiming(duration: 0, repeatCount: 3, fillMode: .forwards)
        #expect(repeated.state(atParentTime: 0).currentIteration == 2)
        #expect(progress(try MediaTiming(duration: 0), 0) == nil)
        // Endless repeats of nothing are still nothing.
        #expect(try MediaTiming(duration: 0, repeatCount: .infinity).activeDuration == 0)
    }

    @Test func negativeSpeedPlaysBackwardsInParentTime() throws {
        let timing = try MediaTiming(duration: 1, speed: -1, fillMode: .both)
        #expect(timing.state(atParentTime: 0.5).phase == .before)
        #expect(timing.state(atParentTime: 0).phase == .before)  // the start is excluded going backwards
        #expect(progress(timing, -0.25) == 0.25)
        #expect(timing.state(atParentTime: -0.25).progressRate == -1)
        let end = timing.state(atParentTime: -1)
        #expect(end.phase == .active && end.directedProgress == 1)
        #expect(timing.state(atParentTime: -2).phase == .after)
        #expect(progress(timing, -2) == 1)
    }

    @Test func beforeFlagReachesStepFunctions() throws {
        let stepStart = CSSEasingFunction.stepStart
        let timing = try MediaTiming(beginTime: 1, duration: 1, fillMode: .both)
        #expect(timing.state(atParentTime: 0).beforeFlag)
        #expect(timing.progress(atParentTime: 0, applying: stepStart) == 0)
        #expect(timing.progress(atParentTime: 1, applying: stepStart) == 1)
        // In the after phase of a backwards iteration the flag is set too.
        let reversed = try MediaTiming(duration: 1, autoreverses: true, fillMode: .both)
        let after = reversed.state(atParentTime: 3)
        #expect(after.phase == .after && !after.isForwards && after.beforeFlag)
        #expect(reversed.progress(atParentTime: 3, applying: stepStart) == 0)
    }

    @Test func hugeAndExtremeTimesStayFinite() throws {
        let timing = try MediaTiming(
            beginTime: -5, duration: 1e-300, speed: 1e10, timeOffset: 3, repeatCount: .infinity, autoreverses: true)
        for tp in [-Double.greatestFiniteMagnitude, -1e300, 0, 1e9, 1e300, Double.greatestFiniteMagnitude] {
            let s = timing.state(atParentTime: tp)
            #expect(s.localTime.isFinite && s.progressRate.isFinite, "tp = \(tp)")
            if let p = s.directedProgress { #expect(p >= 0 && p <= 1) }
            if let t = s.iterationTime { #expect(t.isFinite) }
        }
    }

    @Test func validation() {
        #expect(throws: HarmonicError.invalidParameter(name: "duration", value: "-1.0", allowed: "≥ 0 (+inf allowed)"))
        {
            try MediaTiming(duration: -1)
        }
        #expect(throws: HarmonicError.invalidParameter(name: "speed", value: "nan", allowed: "finite")) {
            try MediaTiming(duration: 1, speed: .nan)
        }
        #expect(
            throws: HarmonicError.invalidParameter(name: "repeatCount", value: "nan", allowed: "≥ 0 (+inf allowed)")
        ) {
            try MediaTiming(duration: 1, repeatCount: .nan)
        }
        #expect(throws: HarmonicError.invalidParameter(name: "beginTime", value: "inf", allowed: "finite")) {
            try MediaTiming(beginTime: .infinity, duration: 1)
        }
    }
}
