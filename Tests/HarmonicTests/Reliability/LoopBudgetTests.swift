import Testing

@testable import Harmonic

/// Loops whose trip count could follow the size of a number are bounded by the size of the
/// input instead: each is given subnormal, huge and nearly equal values, and answers or
/// refuses. (How many evaluations each may take is stated where the budget is defined.)
@Suite struct LoopBudgetTests {
    /// Counts the evaluations of a function.
    final class Counter {
        var count = 0
        func wrap(_ f: @escaping (Double) -> Double) -> (Double) -> Double {
            {
                self.count += 1; return f($0)
            }
        }
    }

    @Test("A linear() fit of subnormal, huge and nearly constant curves stays within its grid budget")
    func fitOfExtremeCurves() throws {
        let curves: [(name: String, f: (Double) -> Double, tolerance: Double)] = [
            // Values 5e-324 apart: flat at any tolerance above them.
            ("subnormal ramp", { $0 * 5e-324 }, 1e-3),
            // One ulp of 1 apart: flat.
            ("nearly equal", { $0 < 0.5 ? 1 : (1 as Double).nextUp }, 1e-3),
            // Of the order of the largest double, at a tolerance of its scale: a smooth parabola.
            ("huge", { 1e307 * $0 * $0 }, 1e304),
        ]
        // The grid, the bisections and four measuring points per interval, plus the pilot
        // checks and each candidate's breakpoints (at most one per grid sample, 12 bands).
        let bound =
            6 * PiecewiseLinearApproximation.maximumGridCount + 13 * (PiecewiseLinearApproximation.maximumGridCount + 1)
            + 4096
        for (name, f, tolerance) in curves {
            let counter = Counter()
            let fit = try PiecewiseLinearApproximation.fit(counter.wrap(f), over: 0, 1, tolerance: tolerance)
            #expect(fit.maximumError <= tolerance, "\(name)")
            #expect(counter.count <= bound, "\(name): \(counter.count) evaluations")
        }
    }

    @Test("A piece that is NaN inside, or that bends past any grid, gets a grid within the budget")
    func gridCountOfExtremePieces() {
        let budget = 64...PiecewiseLinearApproximation.maximumGridCount
        // NaN on every pilot point but the ends: no second difference to go by.
        let notANumber: (Double) -> Double = { x in x == 0 || x == 1 ? x : .nan }
        #expect(budget.contains(PiecewiseLinearApproximation.gridCount(notANumber, 0, 1, 1e-3, pilot: 64)))
        // A jump of 1e300 inside the piece: the curvature asks for about 1e155 intervals.
        let huge: (Double) -> Double = { x in x < 0.5 ? 0 : 1e300 }
        #expect(PiecewiseLinearApproximation.gridCount(huge, 0, 1, 1e-3, pilot: 64) == budget.upperBound)
        // Values a subnormal apart: flat, the pilot is enough.
        #expect(PiecewiseLinearApproximation.gridCount({ $0 < 0.5 ? 0 : 5e-324 }, 0, 1, 1e-3, pilot: 64) == 64)
    }

    @Test("The evenly spaced comparison gives up at its evaluation budget")
    func evenlySpacedBudget() {
        // y = √x needs about a million evenly spaced stops at 1e-4: far past 2^16 evaluations.
        let counter = Counter()
        let even = PiecewiseLinearApproximation.fewestEvenlySpaced(
            counter.wrap { $0.squareRoot() }, over: 0, 1, tolerance: 1e-4, limit: 1 << 20, evaluationLimit: 1 << 16)
        #expect(even == nil)
        #expect(counter.count <= 1 << 16)
        // A gentle curve within the budget is still found: x² interpolated at spacing h is off
        // by at most h²/4, so 1e-3 takes 17 evenly spaced stops (h = 1/16).
        let gentle = PiecewiseLinearApproximation.fewestEvenlySpaced(
            { $0 * $0 }, over: 0, 1, tolerance: 1e-3, evaluationLimit: 1 << 16)
        #expect(gentle?.xs.count == 17)
        #expect(gentle.map { $0.maximumError <= 1e-3 } == true)
    }

    @Test("Keyframe segments of a NaN or enormous position land in an end segment")
    func keyframeSegmentsOfExtremePositions() throws {
        let segments = try KeyframeSegments(
            count: 4, keyTimes: nil, calculationMode: .linear, timingFunctions: [], timingFunction: nil, of: "paths")
        for p in [Double.nan, 5e-324, -5e-324, (1 as Double).nextDown, (1 as Double).nextUp, 1e308, -1e308] {
            let location = segments.location(at: p)
            #expect((0...2).contains(location.segment), "p = \(p)")
        }
    }
}

/// The speed of an elliptical arc lists its extrema by quarter turns: a sweep of any size, or
/// NaN, is answered in a bounded number of steps.
@Suite struct EllipseSpeedBudgetTests {
    @Test(arguments: [1e300, -1e300, Double.nan, 1e17, 2 * Double.pi * 20_000])
    func hugeSweepsAreNotSplit(sweep: Double) {
        let speed = EllipseSpeed(uu: 4, vv: 1, uv: 0, startAngle: 0, sweep: sweep)
        #expect(speed.splitParameters.isEmpty)
    }

    @Test func aSweepOfAFewTurnsIsSplitAtEveryQuarterTurn() {
        // Axes 2 and 1 along x and y: extrema of the speed at every multiple of π/2, so a sweep
        // of 3 turns has 11 of them strictly inside.
        let speed = EllipseSpeed(uu: 4, vv: 1, uv: 0, startAngle: 0, sweep: 6 * Double.pi)
        #expect(speed.splitParameters.count == 11)
    }
}
