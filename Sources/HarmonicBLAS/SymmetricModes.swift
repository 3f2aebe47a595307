import COpenBLAS
import Harmonic

/// The normal modes of an undamped linear network `M·ẍ + K·x = 0` with a diagonal, positive
/// mass matrix `M` and a symmetric stiffness matrix `K`: the solutions of the generalised
/// eigenproblem `K·φ = λ·M·φ`, found by LAPACK's `DSYEVR` on `M^(−1/2)·K·M^(−1/2)`, with
/// `DSYGV` as the fallback (OpenBLAS).
///
/// Each eigenvalue `λ = ω²` is a mode's squared angular frequency (rad²/s² for stiffness in
/// N/m and masses in kg, or any consistent units); `λ = 0` is a rigid motion (a network with no
/// anchor). The shapes are `M`-orthonormal — `Φᵀ·M·Φ = I` — so the modal coordinates of a state
/// `x` are `q = Φᵀ·M·x`, and the motion is a sum of independent oscillators, each one of the
/// library's closed forms once damping is added. Eigenvalues come in ascending order.
///
/// Source: LAPACK Users' Guide, "Symmetric Eigenproblems" (`DSYEVR`, the MRRR algorithm of
/// Dhillon and Parlett) and "Generalized Symmetric Definite Eigenproblems" (`DSYGV`,
/// `ITYPE = 1`); the modal decomposition is the textbook one (Géradin & Rixen, *Mechanical
/// Vibrations*, ch. 2).
public struct SymmetricModes: Sendable {
    /// The largest network solved, in degrees of freedom (the eigensolvers are `O(n³)` in time
    /// and hold a few `n²` doubles).
    public static let maximumSize = 2_000

    /// The degrees of freedom.
    public let count: Int
    /// `λ₁ ≤ … ≤ λₙ`, the squared angular frequencies.
    public let eigenvalues: [Double]
    /// The shapes, column-major: mode `j` is `shapes[j·n ..< (j + 1)·n]`, scaled so that
    /// `Φᵀ·M·Φ = I`.
    public let shapes: [Double]

    /// The modes of stiffness `stiffness` (`n × n`, row-major, symmetric) and masses `masses`
    /// (the diagonal of `M`).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming `masses` for a count outside
    ///   1…``maximumSize`` or a mass that is not finite and positive; `stiffness` for a matrix
    ///   of the wrong size, a number that is not finite, or an asymmetry beyond 1e-12 of its
    ///   largest entry; and LAPACK's failure to converge, stated.
    public init(stiffness: [Double], masses: [Double]) throws(HarmonicError) {
        let n = masses.count
        guard (1...Self.maximumSize).contains(n) else {
            throw .invalidParameter(
                name: "masses", value: "\(n) masses", allowed: "1...\(Self.maximumSize) degrees of freedom")
        }
        for (i, m) in masses.enumerated() {
            try HarmonicError.require(m, named: "masses[\(i)]", "> 0") { $0 > 0 }
        }
        guard stiffness.count == n * n else {
            throw .invalidParameter(
                name: "stiffness", value: "\(stiffness.count) numbers", allowed: "\(n) × \(n) = \(n * n), row-major")
        }
        var largest = 0.0
        for (i, k) in stiffness.enumerated() {
            try HarmonicError.require(k, named: "stiffness[\(i / n)][\(i % n)]")
            largest = Swift.max(largest, abs(k))
        }
        for i in 0..<n {
            for j in (i + 1)..<n where abs(stiffness[i * n + j] - stiffness[j * n + i]) > 1e-12 * largest {
                throw .invalidParameter(
                    name: "stiffness[\(i)][\(j)]", value: "\(stiffness[i * n + j])",
                    allowed: "equal to stiffness[\(j)][\(i)] \(stiffness[j * n + i]) (a symmetric matrix)")
            }
        }
        // With M diagonal, K·φ = λ·M·φ is the standard problem A·u = λ·u for
        // A = M^(−1/2)·K·M^(−1/2) and φ = M^(−1/2)·u (what DSYGV does through its Cholesky
        // factor, exactly here). DSYEVR's MRRR algorithm solves it in about a third of DSYGV's
        // time at a thousand degrees of freedom; DSYGV stays the fallback should it fail.
        let scale = masses.map { 1 / $0.squareRoot() }
        var a = stiffness
        for i in 0..<n {
            for j in 0..<n { a[i * n + j] *= scale[i] * scale[j] }
        }
        var w = [Double](repeating: 0, count: n)
        var z = [Double](repeating: 0, count: n * n)
        // Int: n ≤ maximumSize, so n and the work sizes fit a C int.
        var order = Int32(n), info: Int32 = 0, found: Int32 = 0
        var jobz = CChar(UInt8(ascii: "V")), range = CChar(UInt8(ascii: "A")), uplo = CChar(UInt8(ascii: "U"))
        var vl = 0.0, vu = 0.0, il: Int32 = 0, iu: Int32 = 0, abstol = 0.0
        var support = [Int32](repeating: 0, count: 2 * n)
        var workSize = 0.0, iworkSize: Int32 = 0, query: Int32 = -1
        dsyevr_(
            &jobz, &range, &uplo, &order, &a, &order, &vl, &vu, &il, &iu, &abstol, &found, &w, &z, &order, &support,
            &workSize, &query, &iworkSize, &query, &info, 1, 1, 1)
        // Int: LAPACK's workspace query returns sizes it indexes with a C int.
        var lwork = Int32(Swift.max(workSize, Double(26 * n))), liwork = Swift.max(iworkSize, Int32(10 * n))
        var work = [Double](repeating: 0, count: Int(lwork))
        var iwork = [Int32](repeating: 0, count: Int(liwork))
        if info == 0 {
            dsyevr_(
                &jobz, &range, &uplo, &order, &a, &order, &vl, &vu, &il, &iu, &abstol, &found, &w, &z, &order,
                &support, &work, &lwork, &iwork, &liwork, &info, 1, 1, 1)
        }
        if info == 0 && found == order {
            for j in 0..<n {
                for i in 0..<n { z[j * n + i] *= scale[i] }
            }
            count = n
            eigenvalues = w
            shapes = z
            return
        }
        // Row-major symmetric is column-major symmetric: DSYGV reads the upper triangle.
        a = stiffness
        var b = [Double](repeating: 0, count: n * n)
        for i in 0..<n { b[i * n + i] = masses[i] }
        var itype: Int32 = 1
        // Int: n ≤ maximumSize, so 3n − 1 fits a C int and an Int.
        lwork = Int32(Swift.max(1, 3 * n - 1))
        work = [Double](repeating: 0, count: Int(lwork))
        info = 0
        dsygv_(&itype, &jobz, &uplo, &order, &a, &order, &b, &order, &w, &work, &lwork, &info, 1, 1)
        guard info == 0 else {
            // info < 0 is an argument this code passed wrong; info > n: M not positive definite
            // (impossible with positive masses); 0 < info ≤ n: no convergence.
            throw .invalidParameter(
                name: "stiffness", value: "LAPACK DSYGV info \(info)",
                allowed: "a matrix whose eigenproblem converges (it did not: \(info) off-diagonal elements remained)")
        }
        count = n
        eigenvalues = w
        shapes = a
    }
}
