import COpenBLAS
import Harmonic

/// Many motions of one spring (the same mass, stiffness and damping; different start values,
/// targets and initial velocities) at the same times, evaluated as one matrix product.
///
/// Every motion of a spring is its transition matrix applied to its own initial state
/// (``/Harmonic/SpringTransition``): with `x0 = from − to`,
///
///     value(tᵢ) = 1·to + Φxx(tᵢ)·x0 + Φxv(tᵢ)·v0,     velocity(tᵢ) = Φvx(tᵢ)·x0 + Φvv(tᵢ)·v0.
///
/// So the values of `C` channels at `n` times are the product of the `n × 3` basis
/// `[1, Φxx(tᵢ), Φxv(tᵢ)]`, computed once per spring and time set, with the `3 × C` matrix of
/// the channels' `[to; x0; v0]` — one `cblas_dgemm` through OpenBLAS. The typical users are
/// the channels of one animated value (a 4×4 transform is 16 channels, a colour 4) and
/// many objects that share one spring.
///
/// The basis comes from Harmonic's batch paths (the exact grid recurrence for a
/// ``/Harmonic/SampleGrid``, the Taylor table or SIMD closed form for arbitrary times), so results
/// agree with ``/Harmonic/Spring/value(at:from:to:initialVelocity:)`` to about 1e-14 of each channel's
/// range; the product adds one rounding per term.
///
/// Cost: building the basis is O(n) once; each evaluation writes `n × C` values. With three
/// basis columns the product is bound by those writes, and OpenBLAS packs its operands before
/// it multiplies, so Harmonic's own loops — the per-channel grid recurrence or a loop over the
/// shared basis — are the default (``Method/automatic``); ``Method/matrixProduct`` stays
/// available. Measurements: `Benchmarks/README.md` and the Batch article of Harmonic's documentation.
public struct SpringBasis: Sendable {
    /// Where channel `c`'s sample at time index `i` goes in the output.
    public enum Layout: Sendable {
        /// `values[i·C + c]`: each time's channels are contiguous (a frame of a transform).
        case timeMajor
        /// `values[c·n + i]`: each channel's curve is contiguous (an export per channel).
        case channelMajor
    }

    /// How the product is computed.
    public enum Method: Sendable {
        /// OpenBLAS `cblas_dgemm`.
        case matrixProduct
        /// Harmonic's own loops: per-channel grid recurrences for a grid in channel-major
        /// layout, otherwise a SIMD loop over the shared basis.
        case loops
        /// The faster of the two for a three-column basis: ``loops`` (see
        /// the Batch article of Harmonic's documentation).
        case automatic
    }

    /// The spring every channel follows.
    public let spring: Spring
    /// The number of times `n`.
    public let count: Int
    /// The grid, when the times are evenly spaced.
    public let grid: SampleGrid?
    /// `n × 5` row-major: `[1, Φxx, Φxv, Φvx, Φvv]` per time.
    let basis: [Double]

    /// The basis of `spring` on an evenly spaced grid (computed by the exact recurrence).
    public init(spring: Spring, grid: SampleGrid) {
        self.spring = spring
        self.count = grid.count
        self.grid = grid
        let transitions = [SpringTransition](unsafeUninitializedCapacity: grid.count) { buffer, initialized in
            initialized = spring.sampleTransitions(on: grid, into: buffer)
        }
        self.basis = Self.basis(transitions)
    }

    /// The basis of `spring` at arbitrary times (seconds, any order; `t ≤ 0` is the start).
    public init(spring: Spring, times: [Double]) {
        self.spring = spring
        self.count = times.count
        self.grid = nil
        let n = times.count
        var transitions = [SpringTransition](repeating: .identity, count: n)
        times.withUnsafeBufferPointer { t in
            transitions.withUnsafeMutableBufferPointer { _ = spring.sampleTransitions(at: t, into: $0) }
        }
        self.basis = Self.basis(transitions)
    }

    /// `[1, Φxx, Φxv, Φvx, Φvv]` per time, row-major.
    private static func basis(_ transitions: [SpringTransition]) -> [Double] {
        var basis = [Double](repeating: 0, count: 5 * transitions.count)
        for (i, phi) in transitions.enumerated() {
            basis[5 * i] = 1
            basis[5 * i + 1] = phi.xFromX
            basis[5 * i + 2] = phi.xFromV
            basis[5 * i + 3] = phi.vFromX
            basis[5 * i + 4] = phi.vFromV
        }
        return basis
    }

    /// Writes the values (and optionally velocities) of `from.count` channels.
    ///
    /// - Parameters:
    ///   - from: Each channel's value at `t = 0`.
    ///   - to: Each channel's target (same count as `from`).
    ///   - initialVelocity: Each channel's initial velocity in value units per second (same
    ///     count as `from`).
    ///   - values: Receives `count × C` values in `layout`.
    ///   - velocities: If given, receives `count × C` velocities in `layout`.
    ///   - layout: The output order.
    ///   - method: How to compute; ``Method/automatic`` by default.
    /// - Returns: The number of channels written: `C`, or 0 if the channel arrays differ in
    ///   length or a buffer holds fewer than `count × C` values (nothing is written then).
    @discardableResult
    public func evaluate(
        from: UnsafeBufferPointer<Double>, to: UnsafeBufferPointer<Double>,
        initialVelocity: UnsafeBufferPointer<Double>,
        values: UnsafeMutableBufferPointer<Double>, velocities: UnsafeMutableBufferPointer<Double>? = nil,
        layout: Layout = .timeMajor, method: Method = .automatic
    ) -> Int {
        let channels = from.count
        let total = channels * count
        guard to.count == channels, initialVelocity.count == channels, values.count >= total,
            (velocities?.count ?? total) >= total, channels > 0, count > 0,
            // Int: Int32.max widened; the guard bounds the counts converted to Int32 below.
            channels <= Int(Int32.max), count <= Int(Int32.max) / 5
        else { return 0 }
        let resolved = method == .automatic ? automaticMethod(channels: channels, layout: layout) : method
        switch resolved {
        case .matrixProduct, .automatic:
            product(from, to, initialVelocity, values.baseAddress!, velocities?.baseAddress, layout)
        case .loops:
            loops(from, to, initialVelocity, values.baseAddress!, velocities?.baseAddress, layout)
        }
        return channels
    }

    /// Array convenience for ``evaluate(from:to:initialVelocity:values:velocities:layout:method:)``;
    /// `values` is resized to `count × C`.
    public func evaluate(
        from: [Double], to: [Double], initialVelocity: [Double], values: inout [Double],
        layout: Layout = .timeMajor, method: Method = .automatic
    ) {
        let total = from.count * count
        if values.count != total { values = [Double](repeating: 0, count: total) }
        from.withUnsafeBufferPointer { f in
            to.withUnsafeBufferPointer { t in
                initialVelocity.withUnsafeBufferPointer { v in
                    values.withUnsafeMutableBufferPointer { out in
                        _ = evaluate(from: f, to: t, initialVelocity: v, values: out, layout: layout, method: method)
                    }
                }
            }
        }
    }

    /// With only three basis columns the product is bound by writing its output, and
    /// OpenBLAS's packing only adds work, so the loops are the default. Measured by
    /// `harmonic-peers --crossovers` (`Benchmarks/peers/crossovers.py`; 2²⁰ outputs, one
    /// thread): for 4, 16, 64, 256 and 1,024 channels, grid and arbitrary times, time- and
    /// channel-major output, the loops were faster in all 20 shapes (`dgemm` took 1.05× to 5×
    /// their time). There is no crossover to place: a product with more basis functions than
    /// three is where OpenBLAS gains, and a spring's motion has three.
    func automaticMethod(channels: Int, layout: Layout) -> Method {
        .loops
    }

    // MARK: OpenBLAS

    private func product(
        _ from: UnsafeBufferPointer<Double>, _ to: UnsafeBufferPointer<Double>, _ v0: UnsafeBufferPointer<Double>,
        _ values: UnsafeMutablePointer<Double>, _ velocities: UnsafeMutablePointer<Double>?, _ layout: Layout
    ) {
        BLASThreads.configureDefault()
        let c = from.count
        // Int: count ≤ Int32.max / 5 and channels ≤ Int32.max by the caller's guard.
        let n = Int32(count), channels = Int32(c)
        // The 3 × C right-hand side [to; x0; v0], row-major.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * c) { k in
            let k = k.baseAddress!
            for j in 0..<c {
                k[j] = to[j]
                k[c + j] = from[j] - to[j]
                k[2 * c + j] = v0[j]
            }
            basis.withUnsafeBufferPointer { b in
                let b = b.baseAddress!
                switch layout {
                case .timeMajor:
                    // (n × 3 of a row stride 5) · (3 × C) → n × C.
                    cblas_dgemm(
                        CblasRowMajor, CblasNoTrans, CblasNoTrans, n, channels, 3, 1, b, 5, k, channels, 0, values,
                        channels)
                    if let velocities {
                        cblas_dgemm(
                            CblasRowMajor, CblasNoTrans, CblasNoTrans, n, channels, 2, 1, b + 3, 5, k + c, channels, 0,
                            velocities, channels)
                    }
                case .channelMajor:
                    // (3 × C)ᵀ · (n × 3)ᵀ → C × n.
                    cblas_dgemm(
                        CblasRowMajor, CblasTrans, CblasTrans, channels, n, 3, 1, k, channels, b, 5, 0, values, n)
                    if let velocities {
                        cblas_dgemm(
                            CblasRowMajor, CblasTrans, CblasTrans, channels, n, 2, 1, k + c, channels, b + 3, 5, 0,
                            velocities, n)
                    }
                }
            }
        }
    }

    // MARK: Harmonic's loops

    private func loops(
        _ from: UnsafeBufferPointer<Double>, _ to: UnsafeBufferPointer<Double>, _ v0: UnsafeBufferPointer<Double>,
        _ values: UnsafeMutablePointer<Double>, _ velocities: UnsafeMutablePointer<Double>?, _ layout: Layout
    ) {
        let c = from.count, n = count
        if let grid, layout == .channelMajor {
            for j in 0..<c {
                spring.sample(
                    on: grid, from: from[j], to: to[j], initialVelocity: v0[j],
                    values: UnsafeMutableBufferPointer(start: values + j * n, count: n),
                    velocities: velocities.map { UnsafeMutableBufferPointer(start: $0 + j * n, count: n) })
            }
            return
        }
        basis.withUnsafeBufferPointer { b in
            let b = b.baseAddress!
            switch layout {
            case .timeMajor:
                withUnsafeTemporaryAllocation(of: Double.self, capacity: c) { x0 in
                    let x0 = x0.baseAddress!
                    for j in 0..<c { x0[j] = from[j] - to[j] }
                    let target = to.baseAddress!, velocity = v0.baseAddress!
                    for i in 0..<n {
                        let row = b + 5 * i
                        let (a, bx) = (row[1], row[2])
                        let out = values + i * c
                        for j in 0..<c { out[j] = target[j] + a * x0[j] + bx * velocity[j] }
                        if let velocities {
                            let (cx, cv) = (row[3], row[4])
                            let dv = velocities + i * c
                            for j in 0..<c { dv[j] = cx * x0[j] + cv * velocity[j] }
                        }
                    }
                }
            case .channelMajor:
                // Four channels per pass over the basis (its rows are read once per four
                // channels, not once per channel), then the rest one by one.
                var j = 0
                while j + 4 <= c {
                    typealias Lanes = SIMD4<Double>
                    let target = Lanes(to[j], to[j + 1], to[j + 2], to[j + 3])
                    let v = Lanes(v0[j], v0[j + 1], v0[j + 2], v0[j + 3])
                    let x0 = Lanes(from[j], from[j + 1], from[j + 2], from[j + 3]) - target
                    for i in 0..<n {
                        let x = target + b[5 * i + 1] * x0 + b[5 * i + 2] * v
                        values[j * n + i] = x[0]
                        values[(j + 1) * n + i] = x[1]
                        values[(j + 2) * n + i] = x[2]
                        values[(j + 3) * n + i] = x[3]
                    }
                    if let velocities {
                        for i in 0..<n {
                            let dv = b[5 * i + 3] * x0 + b[5 * i + 4] * v
                            velocities[j * n + i] = dv[0]
                            velocities[(j + 1) * n + i] = dv[1]
                            velocities[(j + 2) * n + i] = dv[2]
                            velocities[(j + 3) * n + i] = dv[3]
                        }
                    }
                    j += 4
                }
                for j in j..<c {
                    let (target, x0, v) = (to[j], from[j] - to[j], v0[j])
                    let out = values + j * n
                    for i in 0..<n { out[i] = target + b[5 * i + 1] * x0 + b[5 * i + 2] * v }
                    if let velocities {
                        let dv = velocities + j * n
                        for i in 0..<n { dv[i] = b[5 * i + 3] * x0 + b[5 * i + 4] * v }
                    }
                }
            }
        }
    }
}
