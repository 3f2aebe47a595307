import Testing

@testable import Harmonic

/// `hasStarted` and `hasFinished`: the active interval reached and left in the direction the
/// timing plays, for forward and backward speeds, with and without fills.
@Suite struct MediaTimingPhaseRuleTests {
    @Test func forwardTimingsStartAtTheirBeginAndFinishAtTheirEnd() throws {
        let timing = try MediaTiming(beginTime: 1, duration: 2)
        let before = timing.state(atParentTime: 0.5)
        let during = timing.state(atParentTime: 2)
        let after = timing.state(atParentTime: 3.5)
        #expect(!timing.hasStarted(before) && !timing.hasFinished(before))
        #expect(timing.hasStarted(during) && !timing.hasFinished(during))
        #expect(timing.hasStarted(after) && timing.hasFinished(after))
    }

    /// With a negative speed, local time runs down as parent time runs on: the animation is
    /// not started while local time is past its end, plays, and has finished once local time
    /// is below its begin. Over increasing parent time the rules never go back.
    @Test(arguments: [1.0, -1.0, -2.5])
    func startedThenFinishedInTheDirectionOfPlay(speed: Double) throws {
        let timing = try MediaTiming(beginTime: 4, duration: 2, speed: speed, timeOffset: speed < 0 ? 2 : 0)
        var stages: [Int] = []
        for t in stride(from: -10.0, through: 20, by: 0.125) {
            let s = timing.state(atParentTime: t)
            let stage = timing.hasFinished(s) ? 2 : timing.hasStarted(s) ? 1 : 0
            if stages.last != stage { stages.append(stage) }
        }
        #expect(stages == [0, 1, 2], "speed \(speed)")
    }
}
