import COpenBLAS
import Harmonic

/// A dense real matrix in LAPACK's column-major order: entry `(i, j)` is `elements[j·rows + i]`.
struct DenseMatrix: Sendable {
    let rows: Int
    let columns: Int
    var elements: [Double]

    init(rows: Int, columns: Int, elements: [Double]? = nil) {
        self.rows = rows
        self.columns = columns
        self.elements = elements ?? [Double](repeating: 0, count: rows * columns)
    }

    /// A matrix whose every entry the caller writes before reading (no zero fill).
    static func uninitialized(rows: Int, columns: Int) -> DenseMatrix {
        DenseMatrix(
            rows: rows, columns: columns,
            elements: [Double](unsafeUninitializedCapacity: rows * columns) { _, count in count = rows * columns })
    }

    /// The `n × n` identity.
    static func identity(_ n: Int) -> DenseMatrix {
        var m = DenseMatrix(rows: n, columns: n)
        for i in 0..<n { m[i, i] = 1 }
        return m
    }

    subscript(i: Int, j: Int) -> Double {
        get { elements[j * rows + i] }
        set { elements[j * rows + i] = newValue }
    }

    /// `‖A‖₁`, the largest absolute column sum.
    var oneNorm: Double {
        var largest = 0.0
        for j in 0..<columns {
            var sum = 0.0
            for i in 0..<rows { sum += abs(elements[j * rows + i]) }
            largest = Swift.max(largest, sum)
        }
        return largest
    }

    /// `self · other` through `cblas_dgemm`.
    static func * (lhs: DenseMatrix, rhs: DenseMatrix) -> DenseMatrix {
        var product = DenseMatrix(rows: lhs.rows, columns: rhs.columns)
        product.multiply(lhs, rhs)
        return product
    }

    /// `self = α·a·b + β·self`.
    mutating func multiply(_ a: DenseMatrix, _ b: DenseMatrix, alpha: Double = 1, beta: Double = 0) {
        precondition(a.columns == b.rows && rows == a.rows && columns == b.columns)
        guard rows > 0, columns > 0 else { return }
        // Int: sizes are bounded by SpringNetwork.maximumNodes × the sample count, within Int32.
        let m = Int32(rows), n = Int32(columns), k = Int32(a.columns)
        a.elements.withUnsafeBufferPointer { pa in
            b.elements.withUnsafeBufferPointer { pb in
                elements.withUnsafeMutableBufferPointer { pc in
                    cblas_dgemm(
                        CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, alpha, pa.baseAddress, Swift.max(m, 1),
                        pb.baseAddress, Swift.max(k, 1), beta, pc.baseAddress, Swift.max(m, 1))
                }
            }
        }
    }

    /// `Aᵀ`.
    var transposed: DenseMatrix {
        var t = DenseMatrix(rows: columns, columns: rows)
        for j in 0..<columns {
            for i in 0..<rows { t[j, i] = self[i, j] }
        }
        return t
    }

    static func + (lhs: DenseMatrix, rhs: DenseMatrix) -> DenseMatrix {
        DenseMatrix(rows: lhs.rows, columns: lhs.columns, elements: zip(lhs.elements, rhs.elements).map { $0 + $1 })
    }

    static func - (lhs: DenseMatrix, rhs: DenseMatrix) -> DenseMatrix {
        DenseMatrix(rows: lhs.rows, columns: lhs.columns, elements: zip(lhs.elements, rhs.elements).map { $0 - $1 })
    }

    static func * (scale: Double, matrix: DenseMatrix) -> DenseMatrix {
        DenseMatrix(rows: matrix.rows, columns: matrix.columns, elements: matrix.elements.map { scale * $0 })
    }
}
