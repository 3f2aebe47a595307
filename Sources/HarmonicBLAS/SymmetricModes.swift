import COpenBLAS
import Harmonic

/// The normal modes of an undamped linear network `M·ẍ + K·x = 0` with a diagonal, positive
/// mass matrix `M` and a symmetric stiffness matrix `K`: the solutions of the generalised
/// eigenproblem `K·φ = λ·M·φ`, found by LAPACK's `DSYGV` (OpenBLAS).
///
/// Each eigenvalue `λ = ω²` is a mode's squared angular frequency (rad²/s² for stiffness in
/// N/m and masses in kg, or any consistent units); `λ = 0` is a rigid motion (a network with no
/// anchor). The shapes are `M`-orthonormal — `Φᵀ·M·Φ = I` — so the modal coordinates of a state
/// `x` are `q = Φᵀ·M·x`, and the motion is a sum of independent oscillators, each one of the
/// library's closed forms once damping is added. Eigenvalues come in ascending order.
///
/// Source: LAPACK Users' Guide, "Generalized Symmetric Definite Eigenproblems" (`DSYGV`,
/// `ITYPE = 1`); the modal decomposition is the textbook one (Géradin & Rixen, *Mechanical
/// Vibrations*, ch. 2).
public struct SymmetricModes: Sendable {
    /// The largest network solved, in degrees of freedom (`DSYGV` is `O(n³)` in time and holds
    /// `2n²` doubles).
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
        // Row-major symmetric is column-major symmetric: DSYGV reads the upper triangle.
        var a = stiffness
        var b = [Double](repeating: 0, count: n * n)
        for i in 0..<n { b[i * n + i] = masses[i] }
        var w = [Double](repeating: 0, count: n)
        // Int: n ≤ maximumSize, so n and the work size fit a C int.
        var order = Int32(n), itype: Int32 = 1, info: Int32 = 0
        var lwork = Int32(Swift.max(1, 3 * n - 1))
        var work = [Double](repeating: 0, count: Int(lwork))
        var jobz = CChar(UInt8(ascii: "V")), uplo = CChar(UInt8(ascii: "U"))
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
