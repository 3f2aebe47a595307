import HarmonicPlatform
import Harmonic

/// The exact motion of a symmetric network whose damping the undamped modes diagonalise
/// (classical damping — Rayleigh's `C = α·M + β·K` is the common case): every mode is an
/// independent damped oscillator, one of Harmonic's spring closed forms.
///
/// With `K·Φ = M·Φ·Λ` and `Φᵀ·M·Φ = I` (``SymmetricModes``), `x = Φ·q` turns
/// `M·ẍ + C·ẋ + K·x = b` into `q̈ⱼ + cⱼ·q̇ⱼ + λⱼ·qⱼ = gⱼ` with `cⱼ = (Φᵀ·C·Φ)ⱼⱼ` and
/// `g = Φᵀ·b`. A mode with `λⱼ > 0` is a spring of mass 1, stiffness `λⱼ` and damping `cⱼ`
/// about `gⱼ/λⱼ` (``/Harmonic/Spring/transition(over:)``); a rigid mode (`λⱼ = 0`, a network
/// with no anchor) drifts: `q = q₀ + p₀·t + g·t²/2` undamped, or with drag `c`,
/// `q = q₀ + p₀·(1 − e^(−ct))/c + g·(t − (1 − e^(−ct))/c)/c`.
///
/// Source: the modal superposition of classically damped systems, T. K. Caughey and
/// M. E. J. O'Kelly, "Classical normal modes in damped linear dynamic systems", J. Appl.
/// Mech. 32, 1965; Géradin & Rixen, *Mechanical Vibrations*, ch. 2.
struct ModalSolver: Sendable {
    /// The relative size of `Φᵀ·C·Φ`'s off-diagonal entries (against its largest entry) below
    /// which the damping counts as classical.
    static let couplingTolerance = 1e-10

    let modes: SymmetricModes
    /// `Φ`, `n × n`, mode `j` in column `j`.
    let shapes: DenseMatrix
    let masses: [Double]
    /// `λⱼ`, rigid modes exactly 0.
    let eigenvalues: [Double]
    /// `cⱼ`.
    let modalDamping: [Double]
    /// Each elastic mode's oscillator; `nil` for a rigid mode.
    let springs: [Spring?]

    /// The modes of `system`, or `nil` when its damping couples them (or it is unsymmetric).
    init?(_ system: SpringNetwork.LinearSystem) throws(HarmonicError) {
        guard system.isSymmetric else { return nil }
        let n = system.masses.count
        let modes = try SymmetricModes(stiffness: system.stiffness, masses: system.masses)
        let shapes = DenseMatrix(rows: n, columns: n, elements: modes.shapes)
        // Φᵀ·C·Φ (C is symmetric, so row- and column-major agree).
        let c = DenseMatrix(rows: n, columns: n, elements: system.damping)
        let modal = shapes.transposed * (c * shapes)
        let largest = modal.elements.reduce(0) { Swift.max($0, abs($1)) }
        for i in 0..<n {
            for j in 0..<n where i != j && abs(modal[i, j]) > Self.couplingTolerance * largest { return nil }
        }
        // DSYGV's eigenvalues carry an absolute error of about ε·‖K‖, which is a large relative
        // error for the slow modes of a stiff network (a 200-node chain at 1e6 N/m: about 1e-11,
        // a phase error of 1e-9 after ten seconds). Their Rayleigh quotients summed edge by
        // edge, `Σ k·(φ_i − φ_j)²` over `φᵀ·M·φ`, are sums of non-negative terms accurate to a
        // few ulps each, and the quotient's error is quadratic in the shape's.
        let refined = Self.quotients(system.stiffnessCouplings, modes, system.masses)
        let refinedDamping = Self.quotients(system.dampingCouplings, modes, system.masses)
        let top = refined.last ?? 0
        // DSYGV's eigenvalues are accurate to about n·ε·λmax in absolute terms: below that a
        // mode is indistinguishable from a rigid motion.
        let rigid = 64 * Double(n) * .ulpOfOne * Swift.max(top, 0)
        var eigenvalues: [Double] = [], damping: [Double] = [], springs: [Spring?] = []
        for j in 0..<n {
            let lambda = modes.eigenvalues[j] <= rigid ? 0 : refined[j]
            let cj = Swift.max(0, refinedDamping[j])
            eigenvalues.append(lambda)
            damping.append(cj)
            if lambda == 0 {
                springs.append(nil)
            } else {
                guard let spring = try? Spring(mass: 1, stiffness: lambda, damping: cj) else { return nil }
                springs.append(spring)
            }
        }
        self.modes = modes
        self.shapes = shapes
        self.masses = system.masses
        self.eigenvalues = eigenvalues
        self.modalDamping = damping
        self.springs = springs
    }

    /// `Σ value·(φ_i − φ_j)² / Σ m·φ_i²` for every mode `φ`: the Rayleigh quotients of the
    /// matrix the couplings sum to.
    static func quotients(
        _ couplings: [SpringNetwork.LinearSystem.Coupling], _ modes: SymmetricModes, _ masses: [Double]
    ) -> [Double] {
        let n = modes.count
        return (0..<n).map { j in
            let phi = modes.shapes[(j * n)..<((j + 1) * n)]
            let base = phi.startIndex
            var energy = 0.0, norm = 0.0
            for coupling in couplings {
                let difference = phi[base + coupling.i] - (coupling.j.map { phi[base + $0] } ?? 0)
                energy += coupling.value * difference * difference
            }
            for i in 0..<n { norm += masses[i] * phi[base + i] * phi[base + i] }
            return energy / norm
        }
    }

    /// The modal state at time 0 and the modal loads, `n × D` each.
    struct Start: Sendable {
        var displacement: DenseMatrix
        var velocity: DenseMatrix
        var load: DenseMatrix
    }

    /// `q₀ = Φᵀ·M·x₀`, `p₀ = Φᵀ·M·v₀`, `g = Φᵀ·b` (inputs component-major, `n × D`).
    func start(positions x0: DenseMatrix, velocities v0: DenseMatrix, load b: DenseMatrix) -> Start {
        func weighted(_ m: DenseMatrix) -> DenseMatrix {
            var w = m
            for j in 0..<m.columns {
                for i in 0..<m.rows { w[i, j] *= masses[i] }
            }
            return w
        }
        let phiT = shapes.transposed
        return Start(displacement: phiT * weighted(x0), velocity: phiT * weighted(v0), load: phiT * b)
    }

    /// Mode `j`'s response over `t` seconds: `q = xx·q₀ + xv·p₀ + xg·g`, `p = vx·q₀ + vv·p₀ + vg·g`.
    func response(mode j: Int, over t: Double) -> (
        xx: Double, xv: Double, vx: Double, vv: Double, xg: Double, vg: Double
    ) {
        if let spring = springs[j] {
            let phi = spring.transition(over: t)
            let lambda = eigenvalues[j]
            return (phi.xFromX, phi.xFromV, phi.vFromX, phi.vFromV, (1 - phi.xFromX) / lambda, -phi.vFromX / lambda)
        }
        let c = modalDamping[j]
        guard c > 0 else { return (1, t, 0, 1, t * t / 2, t) }
        let ct = c * t
        let lag = -expm1(-ct) / c  // (1 − e^(−ct))/c
        // (t − lag)/c = t²/2 − c·t³/6 + …, whose subtraction cancels for small c·t.
        let drift = ct < 1e-3 ? t * t * (0.5 - ct / 6 + ct * ct / 24) : (t - lag) / c
        return (1, lag, 0, exp(-ct), drift, lag)
    }

    /// How far the modal coordinates have moved from their start at `times` (seconds since
    /// the start, ≥ 0) — `q(t) − q₀`, or `p(t) − p₀` with `velocities` — transposed: row
    /// `t·D + d`, column `j` (each mode's samples contiguous, as ``ModalProduct`` takes them).
    ///
    /// The change rather than the coordinates themselves, so that `x₀ + Φ·(q(t) − q₀)` is
    /// exactly `x₀` at the start and rounds in proportion to how far a node has moved.
    /// Each elastic mode's transition matrices come from the spring's batch paths: the exact
    /// grid recurrence when the times are evenly spaced (``/Harmonic/SampleGrid``), the SIMD
    /// closed form otherwise.
    func coordinates(_ start: Start, at times: [Double], velocities: Bool) -> DenseMatrix {
        let n = shapes.rows, dims = start.displacement.columns, count = times.count
        guard count > 0 else { return DenseMatrix(rows: 0, columns: n) }
        // Every entry is written below: mode by mode, each time and component.
        var q = DenseMatrix.uninitialized(rows: count * dims, columns: n)
        let grid = times.withUnsafeBufferPointer { SampleGrid(matching: $0) }
        var transitions = [SpringTransition](repeating: .identity, count: count)
        q.elements.withUnsafeMutableBufferPointer { out in
            for j in 0..<n {
                let column = out.baseAddress! + j * count * dims
                guard let spring = springs[j] else {
                    // A rigid mode: its closed form per time.
                    for k in 0..<count {
                        let r = response(mode: j, over: times[k])
                        for d in 0..<dims {
                            let q0 = start.displacement[j, d], p0 = start.velocity[j, d], g = start.load[j, d]
                            column[k * dims + d] =
                                velocities
                                ? r.vx * q0 + (r.vv - 1) * p0 + r.vg * g
                                : (r.xx - 1) * q0 + r.xv * p0 + r.xg * g
                        }
                    }
                    continue
                }
                let lambda = eigenvalues[j]
                transitions.withUnsafeMutableBufferPointer { tr in
                    if let grid {
                        _ = spring.sampleTransitions(on: grid, into: tr)
                    } else {
                        times.withUnsafeBufferPointer { _ = spring.sampleTransitions(at: $0, into: tr) }
                    }
                    // About g/λ, x − g/λ follows the transition: q(t) − q₀ = (xx − 1)·(q₀ − g/λ) + xv·p₀,
                    // p(t) − p₀ = vx·(q₀ − g/λ) + (vv − 1)·p₀.
                    for d in 0..<dims {
                        let offset = start.displacement[j, d] - start.load[j, d] / lambda
                        let p0 = start.velocity[j, d]
                        if velocities {
                            for k in 0..<count {
                                column[k * dims + d] = tr[k].vFromX * offset + (tr[k].vFromV - 1) * p0
                            }
                        } else {
                            for k in 0..<count {
                                column[k * dims + d] = (tr[k].xFromX - 1) * offset + tr[k].xFromV * p0
                            }
                        }
                    }
                }
            }
        }
        return q
    }
}
