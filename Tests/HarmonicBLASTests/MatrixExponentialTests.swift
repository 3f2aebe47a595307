import Foundation
import Testing

@testable import HarmonicBLAS

/// The Padé scaling-and-squaring exponential against closed forms.
///
/// Each squaring doubles the relative rounding of the scaled approximant (Higham 2005, §3), so
/// the tolerances are a few ulps times `2^s` for the `s` squarings the norm asks for.
@Suite struct MatrixExponentialTests {
    /// `4·2^s·ε`, `s = ⌈log₂(‖A‖₁/θ₁₃)⌉ + 1` when the norm exceeds θ₁₃.
    static func tolerance(_ a: DenseMatrix) -> Double {
        let ratio = a.oneNorm / MatrixExponential.theta13
        let squarings = ratio > 1 ? ceil(log2(ratio)) + 1 : 0
        return 4 * pow(2, squarings) * .ulpOfOne
    }

    /// `exp([[0, ω], [−ω, 0]]·t)` is the rotation `[[cos ωt, sin ωt], [−sin ωt, cos ωt]]`, for
    /// norms needing no squaring up to many.
    @Test(arguments: [0.01, 1, 5, 80, 3000])
    func aRotationIsCosineAndSine(angle: Double) {
        var a = DenseMatrix(rows: 2, columns: 2)
        a[0, 1] = angle
        a[1, 0] = -angle
        let e = MatrixExponential.exponential(of: a)
        // Squaring s times multiplies the rounding of the scaled rotation by about 2^s.
        let tolerance = 4e-16 * max(1, angle)
        #expect(abs(e[0, 0] - cos(angle)) <= tolerance)
        #expect(abs(e[0, 1] - sin(angle)) <= tolerance)
        #expect(abs(e[1, 0] + sin(angle)) <= tolerance)
        #expect(abs(e[1, 1] - cos(angle)) <= tolerance)
    }

    /// A Jordan block `λ·I + N` (N nilpotent): `e^(λt)·(I + N·t + N²·t²/2)`, the defective case
    /// the networks hand to the exponential.
    @Test(arguments: [0.1, 2, 30])
    func aJordanBlockIsItsPolynomial(time: Double) {
        let lambda = -3.0
        var a = DenseMatrix(rows: 3, columns: 3)
        for i in 0..<3 { a[i, i] = lambda * time }
        a[0, 1] = time
        a[1, 2] = time
        let e = MatrixExponential.exponential(of: a)
        let decay = exp(lambda * time)
        let expected: [[Double]] = [[1, time, time * time / 2], [0, 1, time], [0, 0, 1]]
        for i in 0..<3 {
            for j in 0..<3 {
                let value = decay * expected[i][j]
                // Normwise: the error is relative to e^A's largest entry, `e^(λt)·t²/2` or so.
                let scale = decay * max(1, time * time / 2)
                #expect(abs(e[i, j] - value) <= Self.tolerance(a) * scale, "(\(i), \(j))")
            }
        }
    }

    /// A diagonal matrix: `e^dᵢ` each, including large negative entries that must underflow
    /// cleanly rather than overflow during the squarings.
    @Test func aDiagonalMatrixIsItsExponentials() {
        let diagonal = [-700.0, -2, 0, 0.5, 3]
        var a = DenseMatrix(rows: 5, columns: 5)
        for (i, d) in diagonal.enumerated() { a[i, i] = d }
        let e = MatrixExponential.exponential(of: a)
        for (i, d) in diagonal.enumerated() {
            #expect(abs(e[i, i] - exp(d)) <= Self.tolerance(a) * exp(d) + 1e-300, "e^\(d)")
        }
    }
}
