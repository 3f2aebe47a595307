import Foundation
import Testing

/// A spring spec with a `timing` block runs as a `CASpringAnimation` with that timing: spring
/// time is the iteration time, repeats restart the motion, the animation is cut off at its
/// duration and, without a fill, leaves `from` outside its active interval.
@Suite("spring specs with a timing block")
struct SpringTimingTests {
    @Test func cutOffAtTheDurationAndRestartedByRepeats() throws {
        let spec =
            #"{"spring":{"stiffness":100,"damping":10},"timing":{"duration":1,"repeatCount":2},"from":0,"to":10}"#
        let run = try CLIRun.run(["sample", spec, "--times=-0.1,0,0.25,0.99,1.25,2,2.5", "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.csv.rows
        let p = SpringCommandTests.defaultProgress
        #expect(rows.map { $0[1] }.count == 7)
        #expect(rows[0][1] == 0)  // before: no fill
        #expect(rows[1][1] == 0)
        #expect(abs(rows[2][1] - 10 * p(0.25)) <= 1e-12)
        #expect(abs(rows[3][1] - 10 * p(0.99)) <= 1e-12)
        #expect(abs(rows[4][1] - 10 * p(0.25)) <= 1e-12)  // second repeat starts over
        #expect(rows[5][1] == 0)  // after: removed
        #expect(rows[6][1] == 0)
        let h = 1e-6
        #expect(abs(rows[4][2] - 10 * (p(0.25 + h) - p(0.25 - h)) / (2 * h)) <= 1e-6)
    }

    /// `speed` 2 plays spring time twice as fast; the velocity doubles with it.
    @Test func speedScalesSpringTime() throws {
        let spec = #"{"spring":{},"timing":{"duration":1,"speed":2,"fillMode":"forwards"}}"#
        let run = try CLIRun.run(["sample", spec, "--times=0.125,5", "--velocity"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.csv.rows
        let p = SpringCommandTests.defaultProgress
        #expect(abs(rows[0][1] - p(0.25)) <= 1e-12)
        let h = 1e-6
        #expect(abs(rows[0][2] - 2 * (p(0.25 + h) - p(0.25 - h)) / (2 * h)) <= 1e-6)
        #expect(abs(rows[1][1] - p(1)) <= 1e-12)  // held at the cut-off
    }

    /// Without `duration` the timing runs for the spring's settling duration.
    @Test func defaultDurationIsTheSettlingDuration() throws {
        let spec = #"{"spring":{},"timing":{"fillMode":"forwards"}}"#
        let settle = try CLIRun.run(["settle", #"{"spring":{}}"#])
        let duration = try #require(Double(settle.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let run = try CLIRun.run(["sample", spec, "--times=100"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(abs(run.csv.rows[0][1] - SpringCommandTests.defaultProgress(duration)) <= 1e-12)
    }
}
