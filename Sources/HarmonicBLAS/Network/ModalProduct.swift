import COpenBLAS
import Harmonic

/// The product that samples a network: `start + basis[rows, :]·Cᵀ`, where the basis is the
/// mode shapes or eigenvectors (`r × k`) and `Cᵀ` holds one row per sample column (`s × k`,
/// time `t` and component `d` in row `t·D + d`) — the modal coordinates' changes since the
/// start. The one place sampling multiplies, through OpenBLAS or a plain loop.
///
/// The coefficients come transposed because the solvers write them mode by mode: each mode's
/// samples are then contiguous, which keeps the writes sequential for any size. `cblas_dgemm`
/// reads the transpose directly, and the start is its `C` operand (`β = 1`), so nothing is
/// copied. Measured on the chains of the benchmark "Spring network: n-node chain, 1,000 times"
/// (`Benchmarks/`), OpenBLAS is faster from 4 nodes up (1.16× at 4 nodes, where the modal
/// coordinates dominate; 2.2× at 100, 6.2× at 1,000), so ``Method/automatic`` is OpenBLAS; the
/// loop stays for comparison.
enum ModalProduct {
    /// How a product is computed.
    enum Method: Sendable { case automatic, loops, matrixProduct }

    /// `start[i, c mod D] + Σⱼ basis[rows.lowerBound + i, j]·transposed[c, j]` for every row
    /// `i` and sample column `c`: an `r × s` matrix (column-major).
    static func multiply(
        _ basis: DenseMatrix, rows: Range<Int>? = nil, transposed coefficients: DenseMatrix, start: DenseMatrix,
        method: Method = .automatic
    ) -> DenseMatrix {
        let rows = rows ?? 0..<basis.rows
        let r = rows.count, k = basis.columns, s = coefficients.rows, dims = start.columns
        precondition(coefficients.columns == k && start.rows == r)
        guard r > 0, s > 0 else { return DenseMatrix(rows: r, columns: s) }
        // Every column is the start first, then the product is added to it.
        var product = DenseMatrix.uninitialized(rows: r, columns: s)
        product.elements.withUnsafeMutableBufferPointer { c in
            start.elements.withUnsafeBufferPointer { x0 in
                for column in 0..<s {
                    (c.baseAddress! + column * r).update(from: x0.baseAddress! + (column % dims) * r, count: r)
                }
            }
        }
        guard k > 0 else { return product }
        basis.elements.withUnsafeBufferPointer { a in
            coefficients.elements.withUnsafeBufferPointer { b in
                product.elements.withUnsafeMutableBufferPointer { c in
                    let modes = a.baseAddress! + rows.lowerBound
                    switch method {
                    case .automatic, .matrixProduct:
                        // Int: sizes are bounded by 2·SpringNetwork.maximumNodes and the sample count.
                        let (m, n, kk, lda) = (Int32(r), Int32(s), Int32(k), Int32(basis.rows))
                        cblas_dgemm(
                            CblasColMajor, CblasNoTrans, CblasTrans, m, n, kk, 1, modes, lda, b.baseAddress, n, 1,
                            c.baseAddress, m)
                    case .loops:
                        for j in 0..<k {
                            let shape = modes + j * basis.rows
                            let weights = b.baseAddress! + j * s
                            for column in 0..<s {
                                let w = weights[column]
                                if w == 0 { continue }
                                let out = c.baseAddress! + column * r
                                for i in 0..<r { out[i] += w * shape[i] }
                            }
                        }
                    }
                }
            }
        }
        return product
    }
}
