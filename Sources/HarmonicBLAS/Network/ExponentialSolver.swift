import Harmonic

/// The exact motion of any network through the matrix exponential — the path for what the
/// eigenvector solvers cannot do accurately: defective or nearly defective state matrices
/// (critically damped modes, repeated eigenvalues without independent eigenvectors) and
/// singular stiffness with a load (a free network pushed by a force).
///
/// The constant load joins the state as `D` extra coordinates that stay 1:
/// `A' = [[A, B], [0, 0]]` with `A = [[0, I], [−M⁻¹·K, −M⁻¹·C]]` and `B`'s column `d` the
/// load `(0, M⁻¹·b_d)`, so `(s_d(t), e_d) = e^(A'·t)·(s_d(0), e_d)` for every component `d`
/// at once — no rest position is needed. Times on an even grid cost one exponential for the
/// step and one matrix–vector product a sample (`s(t + h) = e^(A'·h)·s(t)`, whose rounding
/// grows by about one ulp a step); other times one exponential each (``MatrixExponential``).
struct ExponentialSolver: Sendable {
    let order: Int
    let masses: [Double]
    /// `A`, `2n × 2n`.
    let stateMatrix: DenseMatrix

    init(_ system: SpringNetwork.LinearSystem) {
        let n = system.masses.count
        var a = DenseMatrix(rows: 2 * n, columns: 2 * n)
        for i in 0..<n {
            a[i, n + i] = 1
            for j in 0..<n {
                a[n + i, j] = -system.stiffness[i * n + j] / system.masses[i]
                a[n + i, n + j] = -system.damping[i * n + j] / system.masses[i]
            }
        }
        order = n
        masses = system.masses
        stateMatrix = a
    }

    /// The augmented matrix `A'` and the augmented initial states, one column a component.
    struct Start: Sendable {
        var generator: DenseMatrix
        var state: DenseMatrix
    }

    func start(positions x0: DenseMatrix, velocities v0: DenseMatrix, load b: DenseMatrix) -> Start {
        let n = order, dims = x0.columns, m = 2 * n + dims
        var g = DenseMatrix(rows: m, columns: m)
        for j in 0..<(2 * n) {
            for i in 0..<(2 * n) { g[i, j] = stateMatrix[i, j] }
        }
        var s = DenseMatrix(rows: m, columns: dims)
        for d in 0..<dims {
            for i in 0..<n {
                g[n + i, 2 * n + d] = b[i, d] / masses[i]
                s[i, d] = x0[i, d]
                s[n + i, d] = v0[i, d]
            }
            s[2 * n + d, d] = 1
        }
        return Start(generator: g, state: s)
    }

    /// The states (positions in rows `0..<n`, velocities in `n..<2n`) at `times` (≥ 0):
    /// columns `t·D + d`.
    func states(_ start: Start, at times: [Double]) -> DenseMatrix {
        let dims = start.state.columns
        var out = DenseMatrix(rows: 2 * order, columns: times.count * dims)
        func store(_ state: DenseMatrix, _ k: Int) {
            for d in 0..<dims {
                for i in 0..<(2 * order) { out[i, k * dims + d] = state[i, d] }
            }
        }
        guard !times.isEmpty else { return out }
        if let step = Self.evenStep(times) {
            var state = MatrixExponential.exponential(of: times[0] * start.generator) * start.state
            let propagator = MatrixExponential.exponential(of: step * start.generator)
            store(state, 0)
            for k in 1..<times.count {
                state = propagator * state
                store(state, k)
            }
        } else {
            for (k, t) in times.enumerated() {
                store(MatrixExponential.exponential(of: t * start.generator) * start.state, k)
            }
        }
        return out
    }

    /// The step of `times` when they are evenly spaced and increasing (to 1e-12 of their span).
    static func evenStep(_ times: [Double]) -> Double? {
        guard times.count >= 3, let first = times.first, let last = times.last, last > first else { return nil }
        let step = (last - first) / Double(times.count - 1)
        let tolerance = 1e-12 * Swift.max(abs(first), abs(last))
        for (k, t) in times.enumerated() where abs(t - (first + Double(k) * step)) > tolerance { return nil }
        return step
    }
}
