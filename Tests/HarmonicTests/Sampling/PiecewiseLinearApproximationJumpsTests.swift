import Foundation
import Testing

@testable import Harmonic

@Suite("Piecewise-linear approximation of curves with jumps")
struct PiecewiseLinearApproximationJumpsTests {
    /// CSS evaluation of breakpoints written here: the last breakpoint with `x ≤ input` (the
    /// later one of two at the same `x`), interpolated towards the next.
    static func css(_ fit: PiecewiseLinearApproximation, _ x: Double) -> Double {
        var i = 0
        while i + 1 < fit.xs.count, fit.xs[i + 1] <= x { i += 1 }
        if i == fit.xs.count - 1 { i -= 1 }
        let a = fit.xs[i], b = fit.xs[i + 1]
        if a == b { return fit.ys[i + 1] }
        return fit.ys[i] + (fit.ys[i + 1] - fit.ys[i]) * (x - a) / (b - a)
    }

    /// The largest error at `count` pseudo-random inputs and at every input `k/256`.
    static func error(_ fit: PiecewiseLinearApproximation, _ f: (Double) -> Double, count: Int = 50_000) -> Double {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var worst = 0.0
        for k in 0...256 { worst = max(worst, abs(css(fit, Double(k) / 256) - f(Double(k) / 256))) }
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = Double(state >> 11) / Double(1 << 53)
            worst = max(worst, abs(css(fit, x) - f(x)))
        }
        return worst
    }

    @Test("Jumps of a staircase are found at the exact inputs, with both sides' values")
    func staircaseJumps() throws {
        // floor(5x)/5 written directly: jumps at k/5, the last at the interval's end.
        let f = { (x: Double) in min((5 * x).rounded(.down), 5) / 5 }
        let jumps = try #require(PiecewiseLinearApproximation.jumps(of: f, over: 0, 1, threshold: 0.01))
        #expect(jumps.count == 5)
        for (k, jump) in jumps.enumerated() {
            // The first Double with 5x ≥ k+1: f changes between jump.at.nextDown and jump.at.
            #expect(f(jump.at) == Double(k + 1) / 5 && f(jump.at.nextDown) == Double(k) / 5)
            #expect(abs(jump.at - Double(k + 1) / 5) <= 2 * (Double(k + 1) / 5).ulp)
            #expect(jump.left == Double(k) / 5 && jump.right == Double(k + 1) / 5)
        }
    }

    @Test("A steep but continuous curve has no jumps; many jumps in one pilot interval are all found")
    func steepAndDense() throws {
        let steep = { (x: Double) in tanh(2000 * (x - 0.5)) }
        #expect(try #require(PiecewiseLinearApproximation.jumps(of: steep, over: 0, 1, threshold: 1e-6)).isEmpty)
        // 3 000 jumps of 1/3000 on a 64-interval pilot: about 47 per interval.
        let stairs = { (x: Double) in (3000 * x).rounded(.down) / 3000 }
        let found = try #require(
            PiecewiseLinearApproximation.jumps(of: stairs, over: 0, 0.999_999, threshold: 1e-4, pilot: 64))
        #expect(found.count == 2999)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.at < $1.at })
        #expect(PiecewiseLinearApproximation.jumps(of: stairs, over: 0, 1, threshold: 1e-4, limit: 100) == nil)
    }

    @Test("A staircase becomes coincident breakpoints and is exact", arguments: [1, 3, 4, 16])
    func staircaseFit(steps: Int) throws {
        let n = Double(steps)
        let f = { (x: Double) in min((n * x).rounded(.down), n) / n }
        let fit = try PiecewiseLinearApproximation.fit(f, over: 0, 1, tolerance: 1e-3)
        // Two breakpoints per plateau and one for the final value: 2n + 1.
        #expect(fit.xs.count == 2 * steps + 1)
        #expect(fit.hasJumps)
        #expect(fit.maximumError == 0)
        #expect(Self.error(fit, f) == 0)
        #expect(fit.xs.last == 1 && fit.ys.last == 1)
    }

    @Test("A smooth curve with jumps stays within tolerance on every piece", arguments: [1e-2, 1e-3, 1e-4])
    func smoothWithJumps(tolerance: Double) throws {
        let f = { (x: Double) in sin(6 * x) + (x >= 0.3 ? 1 : 0) - (x >= 0.7 ? 0.5 : 0) }
        let fit = try PiecewiseLinearApproximation.fit(f, over: 0, 1, tolerance: tolerance)
        #expect(fit.maximumError <= tolerance)
        #expect(Self.error(fit, f) <= tolerance)
        let shared = zip(fit.xs, fit.xs.dropFirst()).filter { $0 == $1 }.map(\.0)
        #expect(shared == [0.3, 0.7])
        // Without the jumps the same curve needs the same stops plus the two pairs at most.
        let smooth = try PiecewiseLinearApproximation.fit({ sin(6 * $0) }, over: 0, 1, tolerance: tolerance)
        #expect(fit.xs.count <= smooth.xs.count + 6)
    }

    @Test("Jumps below a quarter of the tolerance are absorbed, the rest are refused beyond the limit")
    func smallAndMany() throws {
        let fine = { (x: Double) in (20_000 * x).rounded(.down) / 20_000 }
        let fit = try PiecewiseLinearApproximation.fit(fine, over: 0, 1, tolerance: 1e-3)
        #expect(!fit.hasJumps)
        #expect(Self.error(fit, fine) <= 1e-3)
        let coarse = { (x: Double) in (20_000 * x).rounded(.down) / 20_000 }
        #expect(throws: HarmonicError.self) {
            try PiecewiseLinearApproximation.fit(coarse, over: 0, 1, tolerance: 1e-5)
        }
    }
}
