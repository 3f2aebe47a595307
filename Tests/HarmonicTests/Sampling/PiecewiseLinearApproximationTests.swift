import Foundation
import Testing

@testable import Harmonic

@Suite("Piecewise-linear approximation")
struct PiecewiseLinearApproximationTests {
    /// The largest error at `count` pseudo-random points (a generator independent of the
    /// fit's grids), evaluated by plain linear interpolation written here.
    static func randomError(
        _ fit: PiecewiseLinearApproximation, _ f: (Double) -> Double, _ lower: Double, _ upper: Double,
        count: Int = 200_000
    ) -> Double {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var worst = 0.0
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = lower + (upper - lower) * Double(state >> 11) / Double(1 << 53)
            var i = 0
            while i + 2 < fit.xs.count, fit.xs[i + 1] <= x { i += 1 }
            let u = (x - fit.xs[i]) / (fit.xs[i + 1] - fit.xs[i])
            let y = fit.ys[i] + (fit.ys[i + 1] - fit.ys[i]) * u
            worst = max(worst, abs(f(x) - y))
        }
        return worst
    }

    @Test(
        "A smooth curve stays within tolerance everywhere, with far fewer stops than even spacing",
        arguments: [1e-2, 1e-3, 1e-4, 1e-5])
    func smoothCurve(tolerance: Double) throws {
        let f = { (x: Double) in sin(3 * x) * exp(-x) }
        let fit = try PiecewiseLinearApproximation.fit(f, over: 0, 4, tolerance: tolerance)
        #expect(fit.maximumError <= tolerance)
        #expect(Self.randomError(fit, f, 0, 4) <= tolerance)
        #expect(fit.xs.first == 0 && fit.xs.last == 4)
        #expect(fit.ys.first == f(0) && fit.ys.last == f(4))
        let even = try #require(PiecewiseLinearApproximation.fewestEvenlySpaced(f, over: 0, 4, tolerance: tolerance))
        #expect(even.maximumError <= tolerance)
        #expect(fit.xs.count * 2 < even.xs.count, "fan \(fit.xs.count) vs even \(even.xs.count)")
    }

    @Test("A straight line needs two stops; pinned ends are honoured")
    func lineAndPins() throws {
        let line = try PiecewiseLinearApproximation.fit({ 2 * $0 + 1 }, over: -1, 3, tolerance: 1e-6)
        #expect(line.xs == [-1, 3])
        #expect(line.ys == [-1, 7])
        let f = { (x: Double) in 1 - exp(-5 * x) }
        let pinned = try PiecewiseLinearApproximation.fit(
            f, over: 0, 1.5, tolerance: 1e-3, startValue: 0, endValue: 1)
        #expect(pinned.ys.last == 1)
        #expect(Self.randomError(pinned, f, 0, 1.5) <= 1e-3)
    }

    @Test("Invalid input is rejected with the parameter named")
    func invalid() {
        #expect(throws: HarmonicError.invalidParameter(name: "tolerance", value: "0.0", allowed: "finite and > 0")) {
            try PiecewiseLinearApproximation.fit({ $0 }, over: 0, 1, tolerance: 0)
        }
        #expect(throws: HarmonicError.self) { try PiecewiseLinearApproximation.fit({ $0 }, over: 1, 1, tolerance: 0.1) }
        #expect(throws: HarmonicError.self) {
            try PiecewiseLinearApproximation.fit({ $0 }, over: 0, 1, tolerance: 0.01, endValue: 2)
        }
    }

    @Test("value(at:) interpolates and holds the end values outside")
    func evaluation() {
        let p = PiecewiseLinearApproximation(xs: [0, 1, 3], ys: [0, 2, 0], maximumError: 0)
        #expect(p.value(at: -1) == 0)
        #expect(p.value(at: 0.5) == 1)
        #expect(p.value(at: 2) == 1)
        #expect(p.value(at: 5) == 0)
    }
}

/// The fit's work is bounded by its grid, whatever the curve's values: a curve that is not
/// finite, or bends more than 2¹⁸ grid intervals can follow at the tolerance, is refused
/// before any fitting.
@Suite struct PiecewiseLinearApproximationBudgetTests {
    @Test func aCurveThatIsNotFiniteIsRefused() {
        #expect {
            try PiecewiseLinearApproximation.fit({ abs($0 - 0.5) < 0.01 ? .nan : $0 }, over: 0, 1, tolerance: 1e-3)
        } throws: { "\($0)".contains("curve") && "\($0)".contains("finite") }
        // A progress divided by a span that is a subnormal: infinite from the first step on.
        #expect {
            try PiecewiseLinearApproximation.fit({ $0 / 1e-320 }, over: 0, 1, tolerance: 1e-3)
        } throws: { "\($0)".contains("finite") }
    }

    @Test func aCurveTooSharpForTheToleranceIsRefused() throws {
        // y = 4e9·x²: second derivative 8e9, so a chord error of a tenth of 1e-3 needs steps
        // of √(0.8·1e-3/(2·8e9)) ≈ 2.2e-7: about 4.5 million intervals, more than 2¹⁸.
        let result = Result { () throws(HarmonicError) in
            try PiecewiseLinearApproximation.fit({ 4e9 * $0 * $0 }, over: 0, 1, tolerance: 1e-3)
        }
        guard case let .failure(error) = result else {
            Issue.record("a curve needing 4.5 million samples is refused")
            return
        }
        #expect("\(error)".contains("tolerance") && "\(error)".contains("2^18"))
        // The same curve at a tolerance it can meet (steps of 2.2e-4) is fitted within it.
        let fit = try PiecewiseLinearApproximation.fit({ 4e9 * $0 * $0 }, over: 0, 1, tolerance: 1e3)
        #expect(fit.maximumError <= 1e3)
    }
}
