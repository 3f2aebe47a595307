import Harmonic

/// `e^A` by scaling and squaring with the [13/13] Padé approximant.
///
/// With `s = max(0, ⌈log₂(‖A‖₁ / θ₁₃)⌉)` and `B = A / 2^s`, the approximant
/// `r₁₃(B) = (V − U)⁻¹·(V + U)` — `U` the odd and `V` the even part of the Padé numerator —
/// matches `e^B` to double precision in backward error for `‖B‖₁ ≤ θ₁₃ = 5.37…`, and
/// `e^A = r₁₃(B)^(2^s)` by `s` squarings. Costs six matrix products, one LU solve and `s`
/// squarings, all through OpenBLAS and LAPACK.
///
/// Source: N. J. Higham, "The Scaling and Squaring Method for the Matrix Exponential
/// Revisited", SIAM J. Matrix Anal. Appl. 26(4), 2005 (θ₁₃ and the coefficients `b₀…b₁₃`,
/// Table 2.3 and eq. 2.2). The lower-degree approximants that paper uses for small norms are
/// not used here: degree 13 on a scaled matrix is as accurate and the networks' matrices are
/// rarely small in norm.
enum MatrixExponential {
    /// `θ₁₃`, the largest `‖B‖₁` at which `r₁₃` keeps the backward error below `2⁻⁵³`.
    static let theta13 = 5.371920351148152

    /// The numerator coefficients of the [13/13] Padé approximant of `eˣ`.
    static let coefficients: [Double] = [
        64_764_752_532_480_000, 32_382_376_266_240_000, 7_771_770_303_897_600, 1_187_353_796_428_800,
        129_060_195_264_000, 10_559_470_521_600, 670_442_572_800, 33_522_128_640, 1_323_241_920, 40_840_800,
        960_960, 16_380, 182, 1,
    ]

    /// `e^A` for a square matrix; all NaN when an entry is not finite (a time so large that
    /// `A·t` overflows).
    static func exponential(of a: DenseMatrix) -> DenseMatrix {
        let n = a.rows
        let norm = a.oneNorm
        guard norm.isFinite else {
            return DenseMatrix(rows: n, columns: n, elements: [Double](repeating: .nan, count: n * n))
        }
        var squarings = 0
        if norm > theta13 {
            // Int: ‖A‖₁ is finite, so the exponent is at most about 1024.
            squarings = Int((norm / theta13).exponent) + 1
        }
        let b = squarings == 0 ? a : Double(sign: .plus, exponent: -squarings, significand: 1) * a
        let c = coefficients
        let identity = DenseMatrix.identity(n)
        let b2 = b * b, b4 = b2 * b2, b6 = b4 * b2
        let oddHigh = c[13] * b6 + c[11] * b4 + c[9] * b2
        let oddLow = c[7] * b6 + c[5] * b4 + c[3] * b2 + c[1] * identity
        let u = b * (b6 * oddHigh + oddLow)
        let evenHigh = c[12] * b6 + c[10] * b4 + c[8] * b2
        let v = b6 * evenHigh + c[6] * b6 + c[4] * b4 + c[2] * b2 + c[0] * identity
        var result = LUFactorisation(v - u).solve(v + u)
        for _ in 0..<squarings { result = result * result }
        return result
    }
}
