import HarmonicPlatform
import Harmonic

/// The exact motion of a ``/Harmonic/SpringNetwork``: every node's position and velocity at any
/// time, sampled for many times at once as a matrix product.
///
/// Three solvers, chosen in this order when the network allows (``Method``):
///
/// 1. **modal** — a symmetric network whose damping its undamped modes diagonalise
///    (Rayleigh damping `C = α·M + β·K` and undamped networks included): the generalised
///    symmetric eigenproblem `K·φ = λ·M·φ` (LAPACK `DSYGV`), every mode one of Harmonic's
///    spring closed forms, critically damped ones included.
/// 2. **state space** — directed couplings, non-proportional damping: the eigenvectors of the
///    first-order state matrix (LAPACK `DGEEV`), when `K` is invertible and the eigenvector
///    basis's condition number is at most `1e6` (``conditionNumber``).
/// 3. **exponential** — everything else (nearly defective state matrices, a free network
///    pushed by a load): the matrix exponential by scaling and squaring with Padé (Higham 2005).
///
/// Sampling at `T` times costs the modal coordinates (`n·T` closed forms for `n` free nodes)
/// and one `n × n` by `n × T·D` product, through OpenBLAS for larger networks and Harmonic's own
/// loop for small ones (the crossover is measured in `Benchmarks/`).
///
/// Times are seconds on the motion's clock; the motion starts at ``origin`` (0, or the time
/// of a retarget) and a time before it gives the state at ``origin``. A network with
/// ``rigidMotions`` drifts with its momentum and accelerates under a load without bound, so at
/// times far enough out (under a force `f`, about `|t| > 1e154/√f`) its exact positions leave
/// the double range and come out as ±∞ or NaN; every other network stays bounded. Sampled arrays are
/// `T × N × D`, row-major: node `i`'s component `d` at time index `k` is
/// `[(k·N + i)·D + d]`, pinned nodes included (velocity 0).
public struct SpringNetworkMotion: Sendable {
    /// The solver.
    public enum Method: String, Sendable, CaseIterable {
        /// Real modes of a symmetric, classically damped network.
        case modal
        /// Complex modes of the first-order system.
        case stateSpace
        /// The matrix exponential.
        case exponential
    }

    /// How sampling multiplies the modes with the modal coordinates.
    public enum Product: Sendable {
        /// The faster: OpenBLAS at every size measured, 4 to 1,000 nodes (the benchmark
        /// "Spring network: n-node chain, 1,000 times").
        case automatic
        /// Harmonic's own loop.
        case loops
        /// OpenBLAS `cblas_dgemm`.
        case matrixProduct
    }

    enum Solver: Sendable {
        case modal(ModalSolver)
        case stateSpace(StateSpaceSolver)
        case exponential(ExponentialSolver)
    }

    enum Start: Sendable {
        case modal(ModalSolver.Start)
        case stateSpace(StateSpaceSolver.Start)
        case exponential(ExponentialSolver.Start)
    }

    /// The most free nodes the state-space and matrix-exponential solvers take: their
    /// `2n × 2n` eigenproblem and exponential cost about `10·(2n)³` and `50·(2n)³` operations
    /// (about a second at this size on one core). The modal solver takes every network
    /// ``/Harmonic/SpringNetwork`` allows.
    public static let maximumCoupledNodes = 300

    /// The network (its masses, springs and initial state at time 0).
    public let network: SpringNetwork
    /// The loads in effect since ``origin``.
    public let loads: SpringNetwork.Loads
    /// The time (seconds) from which this motion runs: 0, or the time of the retarget that made it.
    public let origin: Double
    let system: SpringNetwork.LinearSystem
    let solver: Solver
    let start: Start
    /// The free nodes' state at ``origin``, `n × D` (component `d` in column `d`).
    let freePositions: DenseMatrix
    let freeVelocities: DenseMatrix

    /// The solver in use.
    public var method: Method {
        switch solver {
        case .modal: .modal
        case .stateSpace: .stateSpace
        case .exponential: .exponential
        }
    }

    /// The network's rigid motions: how many independent ways its free nodes can move together
    /// without stretching a spring (the dimension of `K`'s null space, per component) — 0 when
    /// anchors and pinned nodes hold it. A network with rigid motions is solved all the same (it
    /// drifts with its momentum and falls under a load), but it rests only if drag stops it and
    /// no load pushes it.
    public var rigidMotions: Int {
        switch solver {
        case .modal(let s): return s.eigenvalues.count { $0 == 0 }
        case .stateSpace: return 0  // the solver requires an invertible K
        case .exponential(let s):
            // K's eigenvalues that vanish against its norm.
            let n = s.order
            var k = DenseMatrix(rows: n, columns: n)
            for i in 0..<n {
                for j in 0..<n { k[i, j] = system.stiffness[i * n + j] }
            }
            return Self.vanishingEigenvalues(k)
        }
    }

    /// The state-space solver's eigenvector condition number (1-norm estimate); `nil` for the
    /// other solvers.
    public var conditionNumber: Double? {
        if case .stateSpace(let s) = solver { return s.condition }
        return nil
    }

    /// The motion of `network` from its initial state at time 0.
    ///
    /// - Parameters:
    ///   - network: The masses, springs, loads and initial state.
    ///   - method: A solver to insist on; `nil` chooses the first that applies.
    /// - Throws: ``/Harmonic/HarmonicError`` when `method` does not apply to the network
    ///   (`modal` needs a symmetric, classically damped network; `stateSpace` an invertible
    ///   stiffness and a well-conditioned basis), or when LAPACK fails to converge (stated).
    public init(_ network: SpringNetwork, method: Method? = nil) throws(HarmonicError) {
        let system = network.linearSystem
        let coupledAllowed = system.freeNodes.count <= Self.maximumCoupledNodes
        func requireCoupledSize() throws(HarmonicError) {
            guard coupledAllowed else {
                throw .invalidParameter(
                    name: "nodes", value: "\(system.freeNodes.count) free nodes",
                    allowed: "at most \(Self.maximumCoupledNodes) for a network with directed edges or damping its "
                        + "modes do not diagonalise (the state-space and exponential solvers)")
            }
        }
        let solver: Solver
        switch method {
        case .modal?:
            guard let modal = try ModalSolver(system) else {
                throw .conflict(
                    parameters: ["method", "edges"],
                    reason: "the modal solver needs a symmetric network whose damping the modes diagonalise")
            }
            solver = .modal(modal)
        case .stateSpace?:
            try requireCoupledSize()
            guard let s = try StateSpaceSolver(system) else {
                throw .conflict(
                    parameters: ["method", "edges"],
                    reason: "the state-space solver needs an invertible stiffness (an anchor or pinned node)"
                        + " and eigenvectors with condition ≤ 1e6")
            }
            solver = .stateSpace(s)
        case .exponential?:
            try requireCoupledSize()
            solver = .exponential(ExponentialSolver(system))
        case nil:
            if let modal = try ModalSolver(system) {
                solver = .modal(modal)
            } else {
                try requireCoupledSize()
                if let s = try StateSpaceSolver(system) {
                    solver = .stateSpace(s)
                } else {
                    solver = .exponential(ExponentialSolver(system))
                }
            }
        }
        try Self.requireStable(solver)
        let n = system.freeNodes.count, dims = network.dimensions
        var x0 = DenseMatrix(rows: n, columns: dims), v0 = x0
        for (row, node) in system.freeNodes.enumerated() {
            let p = network.nodes[node].position, v = network.nodes[node].velocity
            for d in 0..<dims {
                x0[row, d] = p[d]
                v0[row, d] = v.isEmpty ? 0 : v[d]
            }
        }
        try self.init(
            network: network, system: system, solver: solver, loads: network.loads, origin: 0, positions: x0,
            velocities: v0)
    }

    /// Refuses a network that grows without bound. Symmetric networks never do (their energy
    /// cannot increase), but directed edges are not conservative: a loop of one-way pulls can
    /// feed energy in and flutter (a state-matrix eigenvalue with a positive real part), which
    /// no animation means.
    static func requireStable(_ solver: Solver) throws(HarmonicError) {
        let growth: Double
        switch solver {
        case .modal: return
        case .stateSpace(let s):
            growth = s.rates.max() ?? 0
            let scale = zip(s.rates, s.frequencies).map { hypot($0, $1) }.max() ?? 0
            guard growth > 1e-9 * scale else { return }
        case .exponential(let s):
            guard let (real, imaginary) = Self.eigenvalues(of: s.stateMatrix) else { return }
            let rate = real.max() ?? 0
            let scale = zip(real, imaginary).map { hypot($0, $1) }.max() ?? 0
            // A free network's rigid motion is a Jordan block of size 2 at 0 (x'' = 0), whose
            // computed eigenvalues rounding spreads to about ±√(ε·‖A‖): rates up to √ε·scale
            // (1.5e-8·scale) are rounding's, and a true one that small would take over 10⁸/scale
            // seconds to grow e-fold.
            guard rate > Double.ulpOfOne.squareRoot() * scale else { return }
            // The exponential path holds nearly defective matrices, whose computed eigenvalues
            // can be off by ε^(1/m) for a Jordan-like block of size m (a long one-way chain of
            // equal links): a rate from them alone may be rounding's. The motion itself decides:
            // over the time a true rate would grow e^30, a stable network's propagator stays
            // moderate (here: below 1e6), while one that feeds energy in grows — a loop of
            // one-way pulls, or a long chain of lightly damped one-way links amplifying a wave
            // link after link (about 1/(2ζ) each at resonance).
            let horizon = 30 / rate
            let gain = MatrixExponential.exponential(of: horizon * s.stateMatrix).oneNorm
            guard !(gain <= 1e6) else { return }
            growth = rate
        }
        throw .invalidParameter(
            name: "edges", value: "a network that grows as e^(\(NumberText.text(growth))·t)",
            allowed: "a stable network (its directed edges feed energy in: a mode grows instead of decaying)")
    }

    init(
        network: SpringNetwork, system: SpringNetwork.LinearSystem, solver: Solver, loads: SpringNetwork.Loads,
        origin: Double, positions: DenseMatrix, velocities: DenseMatrix
    ) throws(HarmonicError) {
        let n = system.freeNodes.count
        let load = DenseMatrix(rows: n, columns: network.dimensions, elements: try system.load(loads))
        self.network = network
        self.system = system
        self.solver = solver
        self.loads = loads
        self.origin = origin
        freePositions = positions
        freeVelocities = velocities
        switch solver {
        case .modal(let s): start = .modal(s.start(positions: positions, velocities: velocities, load: load))
        case .stateSpace(let s): start = .stateSpace(s.start(positions: positions, velocities: velocities, load: load))
        case .exponential(let s):
            start = .exponential(s.start(positions: positions, velocities: velocities, load: load))
        }
    }

    /// Positions at `times`, `T × N × D`.
    public func positions(at times: [Double]) -> [Double] {
        sample(at: times, positions: true, velocities: false).positions
    }

    /// Velocities at `times` (units per second), `T × N × D`.
    public func velocities(at times: [Double]) -> [Double] {
        sample(at: times, positions: false, velocities: true).velocities
    }

    /// Positions and velocities at `times`, each `T × N × D` (an array not asked for is empty).
    public func sample(
        at times: [Double], positions wantPositions: Bool = true, velocities wantVelocities: Bool = true,
        product: Product = .automatic
    ) -> (positions: [Double], velocities: [Double]) {
        let elapsed = times.map { $0.isNaN ? 0 : Swift.max(0, $0 - origin) }
        let (x, v) = freeStates(
            at: elapsed, positions: wantPositions, velocities: wantVelocities, product: product)
        return (
            wantPositions ? scatter(x, times.count, pinned: true) : [],
            wantVelocities ? scatter(v, times.count, pinned: false) : []
        )
    }

    /// The free nodes' positions and velocities at `elapsed` seconds since ``origin``, each
    /// `n × (T·D)` (columns `k·D + d`).
    func freeStates(
        at elapsed: [Double], positions: Bool, velocities: Bool, product: Product = .automatic
    ) -> (DenseMatrix?, DenseMatrix?) {
        let n = system.freeNodes.count
        let method: ModalProduct.Method =
            switch product {
            case .automatic: .automatic
            case .loops: .loops
            case .matrixProduct: .matrixProduct
            }
        switch (solver, start) {
        case (.modal(let s), .modal(let st)):
            let x =
                positions
                ? ModalProduct.multiply(
                    s.shapes, transposed: s.coordinates(st, at: elapsed, velocities: false), start: freePositions,
                    method: method) : nil
            let v =
                velocities
                ? ModalProduct.multiply(
                    s.shapes, transposed: s.coordinates(st, at: elapsed, velocities: true), start: freeVelocities,
                    method: method) : nil
            return (x, v)
        case (.stateSpace(let s), .stateSpace(let st)):
            let y = s.coordinates(st, at: elapsed)
            let x =
                positions
                ? ModalProduct.multiply(s.basis, rows: 0..<n, transposed: y, start: freePositions, method: method)
                : nil
            let v =
                velocities
                ? ModalProduct.multiply(
                    s.basis, rows: n..<(2 * n), transposed: y, start: freeVelocities, method: method) : nil
            return (x, v)
        case (.exponential(let s), .exponential(let st)):
            let states = s.states(st, at: elapsed)
            func rows(_ range: Range<Int>) -> DenseMatrix {
                var m = DenseMatrix(rows: n, columns: states.columns)
                for j in 0..<states.columns {
                    for (r, i) in range.enumerated() { m[r, j] = states[i, j] }
                }
                return m
            }
            return (positions ? rows(0..<n) : nil, velocities ? rows(n..<(2 * n)) : nil)
        default:
            preconditionFailure("a motion's start always matches its solver")
        }
    }

    /// `n × (T·D)` free-node values to `T × N × D` with the pinned nodes filled in.
    func scatter(_ free: DenseMatrix?, _ count: Int, pinned: Bool) -> [Double] {
        guard let free else { return [] }
        let nodes = network.count, dims = network.dimensions, n = system.freeNodes.count
        if n == nodes && dims == 1 { return free.elements }  // already T × N × 1
        var out = [Double](repeating: 0, count: count * nodes * dims)
        out.withUnsafeMutableBufferPointer { o in
            free.elements.withUnsafeBufferPointer { f in
                if pinned {
                    for node in 0..<nodes where network.nodes[node].isPinned {
                        let p = loads.pinnedPositions[node]
                        for k in 0..<count {
                            for d in 0..<dims { o[(k * nodes + node) * dims + d] = p[d] }
                        }
                    }
                }
                for k in 0..<count {
                    for d in 0..<dims {
                        let column = f.baseAddress! + (k * dims + d) * n
                        for (row, node) in system.freeNodes.enumerated() {
                            o[(k * nodes + node) * dims + d] = column[row]
                        }
                    }
                }
            }
        }
        return out
    }

    /// The motion from the state at `time` with new loads — anchors moved, forces or gravity
    /// changed, pinned nodes moved: positions and velocities of the free nodes continue
    /// without a jump, and the network's decomposition is reused (only the loads change).
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` naming the load (`anchors[1]`, `forces[3]`, …)
    ///   that has the wrong shape or is not finite, or `time` when it is not finite.
    public func retargeted(at time: Double, to loads: SpringNetwork.Loads) throws(HarmonicError) -> SpringNetworkMotion
    {
        try HarmonicError.require(time, named: "time")
        let at = Swift.max(time, origin)
        let (x, v) = freeStates(at: [at - origin], positions: true, velocities: true)
        return try SpringNetworkMotion(
            network: network, system: system, solver: solver, loads: loads, origin: at, positions: x!,
            velocities: v!)
    }
}
