import Foundation
import Testing

/// Printed numbers parse back to the same `Double` (shortest round-trip text), whole numbers
/// print without a fraction, and the grid fast path agrees with per-time evaluation.
@Suite("printed numbers")
struct NumberTextTests {
    @Test func timesRoundTripExactly() throws {
        var generator = SystemRandomNumberGenerator()
        var times: [Double] = [
            0, -0.0, 1, -3, 0.1, 1e-5, 1.0000010000010001e-04, 123456789012345.6, 1e15, 2.5e20, 5e-324,
            -2.2250738585072014e-308, 1.7976931348623157e308, 0.30000000000000004,
        ]
        for _ in 0..<300 {
            let mantissa = Double.random(in: -1...1, using: &generator)
            let exponent = Double(Int.random(in: -300...300, using: &generator))
            times.append(mantissa * pow(10, exponent))
        }
        let list = times.map { "\($0)" }.joined(separator: ",")
        let run = try CLIRun.run(["sample", #"{"cubicBezier": [0.25, 0.1, 0.25, 1]}"#, "--times=\(list)"])
        #expect(run.status == 0, "\(run.stderr)")
        let printed = run.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
        #expect(printed.count == times.count)
        for (text, t) in zip(printed, times) {
            #expect(Double(text)?.bitPattern == (t == 0 ? 0.0 : t).bitPattern, "\(text) for \(t)")
            if t == t.rounded(), abs(t) < 1e15 { #expect(!text.contains(".") && !text.contains("e"), "\(text)") }
        }
    }

    /// The spring's grid path (a recurrence) and its closed form per time agree to the
    /// documented 1e-12 of the range; the time columns are identical.
    @Test func gridPathMatchesPointEvaluation() throws {
        let spec = #"{"spring": {"stiffness": 200, "damping": 12}, "from": [0, 5], "to": [100, -5]}"#
        let grid = try CLIRun.run(["sample", spec, "--start", "-0.1", "--end", "2", "--count", "2001", "--velocity"])
        #expect(grid.status == 0, "\(grid.stderr)")
        let times = grid.csv.rows.map { $0[0] }
        let list = times.map { "\($0)" }.joined(separator: ",")
        let points = try CLIRun.run(["sample", spec, "--times=\(list)", "--velocity"])
        #expect(points.status == 0)
        #expect(points.csv.rows.map { $0[0] } == times)
        var worstValue = 0.0, worstVelocity = 0.0
        for (a, b) in zip(grid.csv.rows, points.csv.rows) {
            worstValue = max(worstValue, abs(a[1] - b[1]), abs(a[2] - b[2]))
            worstVelocity = max(worstVelocity, abs(a[3] - b[3]), abs(a[4] - b[4]))
        }
        #expect(worstValue <= 1e-12 * 100)
        #expect(worstVelocity <= 1e-9 * 100 * 200.0.squareRoot())
    }
}
