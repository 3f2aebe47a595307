import COpenBLAS
import Harmonic

/// `A = P·L·U` of a square matrix (LAPACK's `DGETRF`), with its condition estimate (`DGECON`)
/// and solves (`DGETRS`).
struct LUFactorisation: Sendable {
    let order: Int
    private let factors: [Double]
    private let pivots: [Int32]
    /// LAPACK's estimate of `1 / (‖A‖₁·‖A⁻¹‖₁)`; 0 for an exactly singular matrix.
    let reciprocalCondition: Double

    /// Factorises `matrix`; never fails (a singular matrix has `reciprocalCondition` 0).
    init(_ matrix: DenseMatrix) {
        precondition(matrix.rows == matrix.columns)
        let n = matrix.rows
        order = n
        var a = matrix.elements
        // Int: n ≤ the solvers' limits (a few thousand), within Int32.
        var size = Int32(n), info: Int32 = 0
        var ipiv = [Int32](repeating: 0, count: Swift.max(n, 1))
        dgetrf_(&size, &size, &a, &size, &ipiv, &info)
        var rcond = 0.0
        if info == 0 {
            var norm = CChar(UInt8(ascii: "1")), anorm = matrix.oneNorm
            var work = [Double](repeating: 0, count: 4 * Swift.max(n, 1))
            var iwork = [Int32](repeating: 0, count: Swift.max(n, 1))
            var conditionInfo: Int32 = 0
            dgecon_(&norm, &size, a, &size, &anorm, &rcond, &work, &iwork, &conditionInfo, 1)
            if conditionInfo != 0 || !rcond.isFinite { rcond = 0 }
        }
        factors = a
        pivots = ipiv
        reciprocalCondition = rcond
    }

    /// `A⁻¹·B` for a right-hand side with `order` rows.
    func solve(_ rhs: DenseMatrix) -> DenseMatrix {
        precondition(rhs.rows == order)
        guard order > 0, rhs.columns > 0 else { return rhs }
        var b = rhs.elements
        // Int: as in init.
        var size = Int32(order), count = Int32(rhs.columns), info: Int32 = 0
        var trans = CChar(UInt8(ascii: "N"))
        dgetrs_(&trans, &size, &count, factors, &size, pivots, &b, &size, &info, 1)
        return DenseMatrix(rows: rhs.rows, columns: rhs.columns, elements: b)
    }
}
