import Foundation
import Testing

@testable import Harmonic

/// A spring so stiff that one sample's phase `ωd·t` is far past 2⁵⁰ rad (the fuzzer's
/// `{"spring": {"stiffness": 1501e205}}`: ω ≈ 1.2e104 rad/s) stays inside its envelope on every
/// path: the value is within `e^(−λt)·(1 + λ/ωd)` of the target for a start 1 away at rest,
/// whatever the phase, on the grid recurrence and in point evaluation alike.
@Suite struct HugePhaseTests {
    @Test(arguments: [1.501e208, 1e120, 0x1p120, 1e30])
    func stiffSpringStaysInItsEnvelope(stiffness: Double) throws {
        let spring = try Spring(mass: 1, stiffness: stiffness, damping: 10)
        let lambda = 5.0  // c/(2m)
        let grid = try SampleGrid(start: 0, step: 0.34538776394910686, count: 64)
        var values = [Double](repeating: .nan, count: 64)
        values.withUnsafeMutableBufferPointer { buffer in
            _ = spring.sample(on: grid, from: 0, to: 1, values: buffer)
        }
        // The grid's times are the exact reals i·step and a point evaluation's the rounded
        // doubles, a phase apart of ω·ulp(t) ≫ 1 rad here, so the two paths need not agree;
        // each must stay in the envelope, up to the rounding of `1 + x` (an ulp of 1).
        for i in 0..<64 {
            let t = grid.time(at: i)
            let envelope = exp(-lambda * t) * (1 + lambda / stiffness.squareRoot()) * (1 + 1e-12) + 0x1p-52
            let point = spring.value(at: t, from: 0.0, to: 1.0)
            #expect(abs(point - 1) <= envelope, "t = \(t): point \(point)")
            // The recurrence's stated accuracy: 1e-13 of the motion's range (Spring+Grid.swift).
            #expect(abs(values[i] - 1) <= envelope + 1e-13, "t = \(t): grid \(values[i])")
        }
    }

    @Test("sin and cos of a double-double angle past 2^50 follow the angle sum of its parts")
    func sinCosPastTheReductionLimit() {
        // hi + lo with lo a large angle itself: the identity sin²+cos² = 1 holds, and the
        // result is the C library's sin and cos of each part, combined.
        let angle = DoubleDouble.normalized(4.2e103, 3.1e87)
        let (s, c) = AngleReduction.sinCos(angle)
        #expect(abs(s * s + c * c - 1) < 1e-15)
        let expected = sin(angle.hi) * cos(angle.lo) + cos(angle.hi) * sin(angle.lo)
        #expect(s == expected)
        // Below the limit, the reduction path: sin of 1e6 + 1e-12 against the C library's sin
        // of the rounded angle, which differs by at most the rounding (1.2e-10) times |cos|.
        let (s2, _) = AngleReduction.sinCos(DoubleDouble.normalized(1e6, 1e-12))
        #expect(abs(s2 - sin(1e6)) < 2e-10)
    }
}
