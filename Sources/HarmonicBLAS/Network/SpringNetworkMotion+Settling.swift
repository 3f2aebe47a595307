import HarmonicPlatform
import COpenBLAS
import Harmonic

extension SpringNetworkMotion {
    /// Where every node comes to rest, `N × D`; `nil` when the network never rests (an
    /// undamped mode still moving, or a free network drifting under a load or its own momentum
    /// without drag).
    public var restPositions: [Double]? {
        guard let free = freeRest() else { return nil }
        return scatter(free, 1, pinned: true)
    }

    /// The time after which every node stays within `epsilon` of its rest position (each
    /// component), in seconds on the motion's clock (≥ ``origin``); `+∞` when the network
    /// never rests.
    ///
    /// Each mode's deviation is bounded by its envelope (`A·e^(−σt)`, `(a + b·t)·e^(−σt)` at
    /// critical damping, the sum of two exponentials when overdamped), which gives a time
    /// after which the bound itself is below `epsilon`; from there the motion is sampled
    /// backwards at an eighth of the fastest oscillating period until a node is found
    /// outside — every sampled peak above `0.8·epsilon` is maximised exactly (golden-section
    /// search), so a peak grazing `epsilon` between samples is not missed — and the exit is
    /// refined by bisection to about 1e-12 of the time: the last exit through `epsilon`, the
    /// definition of ``/Harmonic/Spring/settlingTime(epsilon:initialVelocity:)``.
    /// The matrix-exponential solver has no envelope; it samples forwards until the nodes
    /// have stayed inside for five time constants of the slowest mode.
    public func settlingTime(epsilon: Double = 0.001) -> Double {
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : .leastNormalMagnitude
        guard let rest = freeRest() else { return .infinity }
        let deviation = { (times: [Double]) -> [Double] in
            let x = self.freeStates(at: times, positions: true, velocities: false).0!
            let dims = rest.columns
            return (0..<times.count).map { k in
                var largest = 0.0
                for d in 0..<dims {
                    for i in 0..<x.rows { largest = Swift.max(largest, abs(x[i, k * dims + d] - rest[i, d])) }
                }
                return largest
            }
        }
        let settled: Double
        if let envelope = envelope(rest: rest) {
            settled = Self.lastExit(eps, envelope: envelope, deviation: deviation)
        } else {
            settled = forwardScan(eps, deviation: deviation)
        }
        return origin + settled
    }

    /// Decaying terms bounding each free node's deviation from rest: node `i`, component `d`
    /// deviates at most `Σ (constant + linear·t)·e^(−rate·t)` over the terms.
    struct EnvelopeTerm {
        var rate: Double
        var frequency: Double
        var constant: [Double]
        var linear: [Double]?
    }

    /// The free nodes' rest, `n × D`.
    func freeRest() -> DenseMatrix? {
        let n = system.freeNodes.count, dims = network.dimensions
        switch (solver, start) {
        case (.modal(let s), .modal(let st)):
            var q = DenseMatrix(rows: n, columns: dims)
            for j in 0..<n {
                let lambda = s.eigenvalues[j], c = s.modalDamping[j]
                for d in 0..<dims {
                    let q0 = st.displacement[j, d], p0 = st.velocity[j, d], g = st.load[j, d]
                    let scale = 1e-13 * (abs(q0) + abs(p0) + abs(g) + 1e-300)
                    if lambda > 0 {
                        let target = g / lambda
                        guard c > 0 || (abs(q0 - target) <= scale && abs(p0) <= scale) else { return nil }
                        q[j, d] = target
                    } else {
                        guard abs(g) <= 1e-12 * Self.loadScale(st.load) else { return nil }
                        guard c > 0 || abs(p0) <= scale else { return nil }
                        q[j, d] = c > 0 ? q0 + p0 / c : q0
                    }
                }
            }
            return s.shapes * q
        case (.stateSpace(let s), .stateSpace(let st)):
            for j in 0..<(2 * n) where s.rates[j] >= 0 {
                for d in 0..<dims where st.coordinates[j, d] != 0 { return nil }
            }
            return st.equilibrium
        case (.exponential(let s), .exponential):
            guard let (rate, _) = Self.slowest(s.stateMatrix) else { return nil }
            let far = 50 / rate
            let (x1, v1) = freeStates(at: [far], positions: true, velocities: true)
            let (x2, _) = freeStates(at: [2 * far], positions: true, velocities: false)
            let scale = ((x1!.elements + freePositions.elements).map(abs).max() ?? 0) + 1e-300
            for (a, b) in zip(x1!.elements, x2!.elements) where abs(a - b) > 1e-9 * scale { return nil }
            for v in v1!.elements where abs(v) * far > 1e-9 * scale { return nil }
            return x2
        default:
            return nil
        }
    }

    static func loadScale(_ load: DenseMatrix) -> Double {
        (load.elements.map(abs).max() ?? 0) + 1e-300
    }

    /// The slowest decay rate and the fastest frequency of a state matrix's eigenvalues
    /// (eigenvalues within 1e-9 of its norm of zero are rigid motions, left out); `nil` when
    /// an eigenvalue does not decay.
    static func slowest(_ a: DenseMatrix) -> (rate: Double, frequency: Double)? {
        guard let (wr, wi) = eigenvalues(of: a) else { return nil }
        let m = a.rows
        let tiny = 1e-9 * a.oneNorm
        var rate = Double.infinity, frequency = 0.0
        for j in 0..<m where hypot(wr[j], wi[j]) > tiny {
            guard wr[j] < 0 else { return nil }
            rate = Swift.min(rate, -wr[j])
            frequency = Swift.max(frequency, abs(wi[j]))
        }
        return rate.isFinite ? (rate, frequency) : nil
    }

    /// How many eigenvalues of `a` are zero against its norm (within 1e-10 of it).
    static func vanishingEigenvalues(_ a: DenseMatrix) -> Int {
        guard a.rows > 0, let (wr, wi) = eigenvalues(of: a) else { return 0 }
        let tiny = 1e-10 * a.oneNorm
        return (0..<a.rows).count { hypot(wr[$0], wi[$0]) <= tiny }
    }

    /// The eigenvalues of a square matrix (real and imaginary parts), by LAPACK's `DGEEV`
    /// without eigenvectors; `nil` if it does not converge.
    static func eigenvalues(of a: DenseMatrix) -> (real: [Double], imaginary: [Double])? {
        let m = a.rows
        var elements = a.elements
        var wr = [Double](repeating: 0, count: m), wi = wr, vl = [0.0], vr = [0.0]
        // Int: m ≤ 2·SpringNetwork.maximumNodes.
        var size = Int32(m), one: Int32 = 1, info: Int32 = 0, lwork = Int32(Swift.max(1, 4 * m))
        var work = [Double](repeating: 0, count: Swift.max(1, 4 * m))
        var jobv = CChar(UInt8(ascii: "N"))
        dgeev_(&jobv, &jobv, &size, &elements, &size, &wr, &wi, &vl, &one, &vr, &one, &work, &lwork, &info, 1, 1)
        return info == 0 ? (wr, wi) : nil
    }

    /// The modes' envelopes about `rest`, or `nil` for the exponential solver.
    func envelope(rest: DenseMatrix) -> [EnvelopeTerm]? {
        let n = system.freeNodes.count, dims = network.dimensions
        var terms: [EnvelopeTerm] = []
        switch (solver, start) {
        case (.modal(let s), .modal(let st)):
            let qRest =
                s.shapes.transposed
                * DenseMatrix(
                    rows: n, columns: dims,
                    elements: (0..<dims).flatMap { d in (0..<n).map { i in rest[i, d] * s.masses[i] } })
            for j in 0..<n {
                let lambda = s.eigenvalues[j], c = s.modalDamping[j], sigma = c / 2
                var constant = [Double](repeating: 0, count: n * dims), linear = constant
                var rate = 0.0, frequency = 0.0, isCritical = false
                for d in 0..<dims {
                    let dq = st.displacement[j, d] - qRest[j, d], p0 = st.velocity[j, d]
                    var a = 0.0, b = 0.0
                    if lambda == 0 {
                        // Rigid with drag: the deviation is −(p₀/c)·e^(−ct).
                        rate = c
                        a = c > 0 ? abs(p0 / c) : 0
                    } else {
                        switch s.springs[j]!.regime {
                        case .undamped, .underdamped:
                            let wd = (lambda - sigma * sigma).squareRoot()
                            rate = sigma
                            frequency = wd
                            a = hypot(dq, (p0 + sigma * dq) / wd)
                        case .criticallyDamped:
                            rate = sigma
                            isCritical = true
                            a = abs(dq)
                            b = abs(p0 + sigma * dq)
                        case .overdamped:
                            let root = (c * c - 4 * lambda).squareRoot()
                            let slow = -2 * lambda / (c + root), fast = -(c + root) / 2
                            let c1 = (p0 - fast * dq) / (slow - fast)
                            rate = -slow
                            a = abs(c1) + abs(dq - c1)
                        }
                    }
                    for i in 0..<n {
                        constant[d * n + i] = abs(s.shapes[i, j]) * a
                        linear[d * n + i] = abs(s.shapes[i, j]) * b
                    }
                }
                terms.append(
                    .init(rate: rate, frequency: frequency, constant: constant, linear: isCritical ? linear : nil))
            }
        case (.stateSpace(let s), .stateSpace(let st)):
            var j = 0
            while j < 2 * n {
                var constant = [Double](repeating: 0, count: n * dims)
                let width = s.startsPair[j] ? 2 : 1
                for d in 0..<dims {
                    let y =
                        width == 2 ? hypot(st.coordinates[j, d], st.coordinates[j + 1, d]) : abs(st.coordinates[j, d])
                    for i in 0..<n {
                        let w = width == 2 ? hypot(s.basis[i, j], s.basis[i, j + 1]) : abs(s.basis[i, j])
                        constant[d * n + i] = w * y
                    }
                }
                terms.append(
                    .init(rate: -s.rates[j], frequency: abs(s.frequencies[j]), constant: constant, linear: nil))
                j += width
            }
        default:
            return nil
        }
        return terms.filter { $0.constant.contains { $0 > 0 } || ($0.linear?.contains { $0 > 0 } ?? false) }
    }

    /// The last time the sampled deviation exceeds `eps`, searched backwards from where the
    /// envelope has fallen below it.
    static func lastExit(_ eps: Double, envelope: [EnvelopeTerm], deviation: ([Double]) -> [Double]) -> Double {
        guard !envelope.isEmpty else { return 0 }
        func bound(_ t: Double) -> Double {
            let count = envelope[0].constant.count
            var sums = [Double](repeating: 0, count: count)
            for term in envelope {
                let decay = exp(-term.rate * t)
                for i in 0..<count {
                    sums[i] += (term.constant[i] + (term.linear?[i] ?? 0) * t) * decay
                }
            }
            return sums.max() ?? 0
        }
        // Past 1/rate every (a + b·t)·e^(−rate·t) decreases.
        let turn = envelope.compactMap { $0.linear != nil ? 1 / $0.rate : nil }.max() ?? 0
        var upper = Swift.max(turn, envelope.map { 1 / $0.rate }.min() ?? 1)
        guard bound(0) > eps || turn > 0 else { return 0 }
        var lower = turn
        var guardCount = 0
        while bound(upper) > eps && guardCount < 2000 {
            lower = upper
            upper *= 2
            guardCount += 1
        }
        guard bound(upper) <= eps else { return .infinity }
        for _ in 0..<60 where upper - lower > 1e-12 * upper {
            let mid = (lower + upper) / 2
            if bound(mid) > eps { lower = mid } else { upper = mid }
        }
        let fastest = envelope.map(\.frequency).max() ?? 0
        let step = Swift.min(fastest > 0 ? .pi / (4 * fastest) : upper, upper / 64)
        // Sample backwards in windows (an eighth of the fastest period apart) until a node is
        // outside, or a sampled peak comes close enough that its true maximum may be.
        let window = 256
        var end = upper + step
        while end > 0 {
            let times = (0..<(window + 1)).map { Swift.max(0, end - Double($0) * step) }
            let values = deviation(times)
            for k in 1..<window {
                if values[k] > eps { return refine(eps, times[k], times[k - 1], deviation) }
                guard values[k] > 0.8 * eps, values[k] >= values[k - 1], values[k] >= values[k + 1] else { continue }
                let (peakTime, peak) = maximum(times[k + 1], times[k - 1], deviation)
                if peak > eps { return refine(eps, peakTime, times[k - 1], deviation) }
            }
            if times.last == 0 { return values.last! > eps ? refine(eps, 0, times[window - 1], deviation) : 0 }
            end -= Double(window - 1) * step
        }
        return 0
    }

    /// The largest deviation on `[lower, upper]` around a sampled peak, by golden-section search.
    static func maximum(_ lower: Double, _ upper: Double, _ deviation: ([Double]) -> [Double]) -> (Double, Double) {
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = lower, b = upper
        for _ in 0..<60 where b - a > 1e-13 * Swift.max(b, 1e-300) {
            let c = b - ratio * (b - a), d = a + ratio * (b - a)
            let values = deviation([c, d])
            if values[0] >= values[1] { b = d } else { a = c }
        }
        let t = (a + b) / 2
        return (t, deviation([t])[0])
    }

    /// Bisection for the exit between a time outside (`outside`) and a later time inside.
    static func refine(_ eps: Double, _ outside: Double, _ inside: Double, _ deviation: ([Double]) -> [Double])
        -> Double
    {
        var lo = outside, hi = inside
        for _ in 0..<80 where hi - lo > 1e-12 * Swift.max(hi, 1e-300) {
            let mid = (lo + hi) / 2
            if deviation([mid])[0] > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The exponential solver's settling: samples forwards until the nodes have stayed within
    /// `eps` for five time constants of the slowest mode.
    func forwardScan(_ eps: Double, deviation: ([Double]) -> [Double]) -> Double {
        guard case .exponential(let s) = solver, let (rate, frequency) = Self.slowest(s.stateMatrix) else {
            return .infinity
        }
        let quiet = 5 / rate
        let step = Swift.min(frequency > 0 ? .pi / (2 * frequency) : quiet / 64, quiet / 64)
        var lastOutside: Double? = nil, t = 0.0
        let window = 512
        while true {
            let times = (0..<window).map { t + Double($0) * step }
            let values = deviation(times)
            if let k = values.lastIndex(where: { $0 > eps }) { lastOutside = times[k] }
            t += Double(window) * step
            if t - (lastOutside ?? -step) > quiet { break }
            if t > 1e6 * quiet { return .infinity }
        }
        guard let outside = lastOutside else { return 0 }
        return Self.refine(eps, outside, outside + step, deviation)
    }
}
