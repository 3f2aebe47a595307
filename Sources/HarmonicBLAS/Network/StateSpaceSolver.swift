import HarmonicPlatform
import COpenBLAS
import Harmonic

/// The exact motion of any network with an invertible stiffness matrix and a diagonalisable
/// first-order form — directed couplings and non-proportional damping included — through the
/// eigenvectors of the state matrix (complex modes).
///
/// The state `s = (x, ẋ)` obeys `ṡ = A·s + (0, M⁻¹·b)` with
/// `A = [[0, I], [−M⁻¹·K, −M⁻¹·C]]` (`2n × 2n`). It rests at `s* = (K⁻¹·b, 0)`. LAPACK's
/// `DGEEV` gives `A`'s eigenvalues `μ = a ± i·b` and eigenvectors `p ± i·q`; with the real
/// basis `W` whose columns are the real eigenvectors and each complex pair's `p` and `q`,
/// `A·W = W·B` where `B` is block diagonal (`a` for a real eigenvalue, `[[a, b], [−b, a]]` for a
/// pair), so `s(t) = s* + W·e^(B·t)·W⁻¹·(s₀ − s*)` — each block a decaying rotation.
///
/// When `W` is ill-conditioned (repeated or nearly repeated eigenvalues without independent
/// eigenvectors, as at critical damping) the rounding of `W⁻¹` is amplified by its condition
/// number; above ``maximumCondition`` this solver declines and the matrix exponential takes
/// over.
///
/// Source: the modal analysis of non-classically damped systems in state space (K. A. Foss,
/// "Coordinates which uncouple the equations of motion of damped linear dynamic systems",
/// J. Appl. Mech. 25, 1958); LAPACK Users' Guide, `DGEEV`.
struct StateSpaceSolver: Sendable {
    /// The largest estimated condition number (1-norm) of the eigenvector basis accepted: the
    /// motion's relative error is about this times the double precision `1.1e-16`.
    static let maximumCondition = 1e6

    let order: Int
    /// `W`, `2n × 2n`.
    let basis: DenseMatrix
    /// `a` of each column's eigenvalue.
    let rates: [Double]
    /// `b` of a pair's first column (`p`); 0 for a real eigenvalue; the pair's second column
    /// (`q`) holds `−b` as a marker it is the second.
    let frequencies: [Double]
    /// Whether column `j` starts a complex pair.
    let startsPair: [Bool]
    let basisFactors: LUFactorisation
    let stiffnessFactors: LUFactorisation
    /// The estimated condition number of `W`.
    let condition: Double

    /// The modes of `system`, or `nil` when `K` is singular or `W` is too ill-conditioned.
    init?(_ system: SpringNetwork.LinearSystem) throws(HarmonicError) {
        let n = system.masses.count
        let k = DenseMatrix(rows: n, columns: n, elements: system.stiffness).transposed
        let stiffnessFactors = LUFactorisation(k)
        guard stiffnessFactors.reciprocalCondition > 1e-13 else { return nil }
        let c = DenseMatrix(rows: n, columns: n, elements: system.damping).transposed
        let m = 2 * n
        var a = DenseMatrix(rows: m, columns: m)
        for i in 0..<n {
            a[i, n + i] = 1
            for j in 0..<n {
                a[n + i, j] = -k[i, j] / system.masses[i]
                a[n + i, n + j] = -c[i, j] / system.masses[i]
            }
        }
        var elements = a.elements
        var wr = [Double](repeating: 0, count: m), wi = wr
        var vr = [Double](repeating: 0, count: m * m)
        var vl = [Double](repeating: 0, count: 1)
        // Int: m ≤ 2·SpringNetwork.maximumNodes.
        var size = Int32(m), one: Int32 = 1, info: Int32 = 0, query: Int32 = -1
        var jobvl = CChar(UInt8(ascii: "N")), jobvr = CChar(UInt8(ascii: "V"))
        var optimal = 0.0
        dgeev_(&jobvl, &jobvr, &size, &elements, &size, &wr, &wi, &vl, &one, &vr, &size, &optimal, &query, &info, 1, 1)
        // Int: LAPACK's workspace query returns a size it can index with a C int.
        var lwork = Int32(Swift.max(Double(4 * m), optimal))
        var work = [Double](repeating: 0, count: Int(lwork))
        dgeev_(&jobvl, &jobvr, &size, &elements, &size, &wr, &wi, &vl, &one, &vr, &size, &work, &lwork, &info, 1, 1)
        guard info == 0 else {
            throw .invalidParameter(
                name: "edges", value: "LAPACK DGEEV info \(info)",
                allowed: "a network whose state matrix's eigenvalues converge (the QR algorithm did not)")
        }
        var frequencies = [Double](repeating: 0, count: m), startsPair = [Bool](repeating: false, count: m)
        for j in 0..<m where wi[j] > 0 {
            startsPair[j] = true
            frequencies[j] = wi[j]
            frequencies[j + 1] = -wi[j]
        }
        let basis = DenseMatrix(rows: m, columns: m, elements: vr)
        let factors = LUFactorisation(basis)
        guard factors.reciprocalCondition > 1 / Self.maximumCondition else { return nil }
        order = n
        self.basis = basis
        rates = wr
        self.frequencies = frequencies
        self.startsPair = startsPair
        basisFactors = factors
        self.stiffnessFactors = stiffnessFactors
        condition = 1 / factors.reciprocalCondition
    }

    /// The rest positions `K⁻¹·b` and the modal coordinates `W⁻¹·(s₀ − s*)`, `2n × D`.
    struct Start: Sendable {
        var equilibrium: DenseMatrix
        var coordinates: DenseMatrix
    }

    func start(positions x0: DenseMatrix, velocities v0: DenseMatrix, load b: DenseMatrix) -> Start {
        let n = order, dims = x0.columns
        let equilibrium = stiffnessFactors.solve(b)
        var deviation = DenseMatrix(rows: 2 * n, columns: dims)
        for d in 0..<dims {
            for i in 0..<n {
                deviation[i, d] = x0[i, d] - equilibrium[i, d]
                deviation[n + i, d] = v0[i, d]
            }
        }
        return Start(equilibrium: equilibrium, coordinates: basisFactors.solve(deviation))
    }

    /// `e^(B·t)·y₀ − y₀` at each time — the change, so that `s₀ + W·(y(t) − y₀)` is exactly
    /// the start at `t = 0` — transposed: row `t·D + d`, column `j` (as ``ModalProduct``
    /// takes them).
    func coordinates(_ start: Start, at times: [Double]) -> DenseMatrix {
        let m = 2 * order, dims = start.coordinates.columns, count = times.count
        var y = DenseMatrix(rows: count * dims, columns: m)
        y.elements.withUnsafeMutableBufferPointer { out in
            var j = 0
            while j < m {
                let first = out.baseAddress! + j * count * dims
                if startsPair[j] {
                    let second = first + count * dims
                    for k in 0..<count {
                        let t = times[k]
                        let decay = exp(rates[j] * t)
                        let (s, c) = (sin(frequencies[j] * t), cos(frequencies[j] * t))
                        for d in 0..<dims {
                            let p = start.coordinates[j, d], q = start.coordinates[j + 1, d]
                            first[k * dims + d] = decay * (c * p + s * q) - p
                            second[k * dims + d] = decay * (c * q - s * p) - q
                        }
                    }
                    j += 2
                } else {
                    for k in 0..<count {
                        let change = exp(rates[j] * times[k]) - 1
                        for d in 0..<dims { first[k * dims + d] = change * start.coordinates[j, d] }
                    }
                    j += 1
                }
            }
        }
        return y
    }
}
