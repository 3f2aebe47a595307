import Harmonic

/// The product of a network's basis (its mode shapes or eigenvectors, `r × k`) with the
/// coefficients of many samples (`k × s`): the one place sampling multiplies, choosing
/// between OpenBLAS and a plain loop by size.
///
/// OpenBLAS packs both operands into blocks before it multiplies; for a handful of nodes that
/// setup costs more than the arithmetic, and a loop over the columns (each column a
/// combination of the basis columns, contiguous in memory) wins. The crossover is measured by
/// the benchmark "Spring network: 1,000 samples, loops vs OpenBLAS" (`Benchmarks/`).
enum ModalProduct {
    /// Bases with at most this many columns multiply with Harmonic's loop; larger ones with
    /// `cblas_dgemm`.
    static let loopColumnLimit = 12

    /// How a product is computed.
    enum Method: Sendable { case automatic, loops, matrixProduct }

    /// `basis[rows, :] · coefficients`.
    static func multiply(
        _ basis: DenseMatrix, rows: Range<Int>? = nil, _ coefficients: DenseMatrix, method: Method = .automatic
    ) -> DenseMatrix {
        let rows = rows ?? 0..<basis.rows
        let useLoops =
            switch method {
            case .automatic: basis.columns <= loopColumnLimit
            case .loops: true
            case .matrixProduct: false
            }
        if !useLoops {
            let slice =
                rows == 0..<basis.rows
                ? basis
                : DenseMatrix(
                    rows: rows.count, columns: basis.columns,
                    elements: (0..<basis.columns).flatMap { j in rows.map { basis[$0, j] } })
            return slice * coefficients
        }
        var product = DenseMatrix(rows: rows.count, columns: coefficients.columns)
        let r = rows.count, k = basis.columns
        basis.elements.withUnsafeBufferPointer { a in
            coefficients.elements.withUnsafeBufferPointer { b in
                product.elements.withUnsafeMutableBufferPointer { c in
                    for column in 0..<coefficients.columns {
                        let out = c.baseAddress! + column * r
                        for j in 0..<k {
                            let weight = b[column * k + j]
                            if weight == 0 { continue }
                            let source = a.baseAddress! + j * basis.rows + rows.lowerBound
                            for i in 0..<r { out[i] += weight * source[i] }
                        }
                    }
                }
            }
        }
        return product
    }
}
