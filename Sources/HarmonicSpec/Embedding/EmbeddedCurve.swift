import Harmonic

/// A curve of the spec format for code that embeds Harmonic (the C library and, through it,
/// the Python package): made from spec text or from parameters, evaluated into caller buffers.
///
/// It is the same ``SpecCurve`` the commands sample, so a curve gives the numbers
/// `harmonic sample` prints for the same spec; buffers are row-major, `dimension` numbers per
/// time. Immutable after creation, so one curve may be evaluated from several threads.
package final class EmbeddedCurve: Sendable {
    package let curve: SpecCurve
    private let sampled: any SampledCurve

    package init(_ curve: SpecCurve) {
        self.curve = curve
        sampled = curve.sampled
    }

    /// Parses one spec (JSON text).
    package convenience init(spec text: String) throws(HarmonicError) {
        self.init(try Spec.parse(text).curve)
    }

    /// The number of value components per time.
    package var dimension: Int { sampled.dimension }

    /// Whether the curve has an angle (a path with a rotation mode).
    package var hasAngle: Bool { sampled.hasAngle }

    /// The interval `harmonic sample` uses when given no times.
    package var defaultDomain: ClosedRange<Double> { sampled.defaultDomain }

    // MARK: Evaluation

    /// The value and velocity at `time` into `value` and `velocity` (`dimension` each).
    package func evaluate(
        at time: Double, value: UnsafeMutablePointer<Double>, velocity: UnsafeMutablePointer<Double>?
    ) {
        if case let .spring(spec) = curve, let (from, to, v0) = spec.scalarMotion {
            // One transition matrix gives both, without the general path's arrays.
            let state = spec.spring.state(at: time, from: from, to: to, initialVelocity: v0)
            value[0] = state.value
            velocity?[0] = state.velocity
            return
        }
        let sample = sampled.sample(at: time)
        for c in 0..<dimension {
            value[c] = sample.value[c]
            velocity?[c] = sample.velocity[c]
        }
    }

    /// The values (and velocities) at `times`, row-major.
    ///
    /// Times that are exactly the evenly spaced grid from the first to the last (bit for bit
    /// what ``SampleGrid/init(start:end:count:)`` and `numpy.linspace` produce) take the grid
    /// path; a spring without a timing block takes the library's SIMD or Taylor-table path for
    /// arbitrary times; other curves are evaluated per time.
    ///
    /// - Parameter knownUneven: The caller has already found that `times` is no grid
    ///   (``SampleGrid/init(matching:)`` returned `nil`), so the check is skipped.
    package func sample(
        at times: UnsafeBufferPointer<Double>, values: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>?, knownUneven: Bool = false
    ) {
        let n = times.count
        guard n > 0 else { return }
        if case let .springNetwork(spec) = curve {
            // One solve for every time (the network finds a grid in the times itself).
            sampleNetwork(spec, Array(times), values: values, velocities: velocities)
            return
        }
        if !knownUneven, let grid = SampleGrid(matching: times) {
            sample(on: grid, values: values, velocities: velocities)
            return
        }
        if case let .spring(spec) = curve, let (from, to, v0) = spec.scalarMotion {
            spec.spring.sample(
                at: times, from: from, to: to, initialVelocity: v0,
                values: UnsafeMutableBufferPointer(start: values, count: n),
                velocities: velocities.map { UnsafeMutableBufferPointer(start: $0, count: n) })
            return
        }
        sampleByBlocks(count: n, values: values, velocities: velocities) { rows in
            (.list(Array(times[rows])), 0..<rows.count)
        }
    }

    /// ``sample(at:values:velocities:knownUneven:)`` for times that must all be finite: when one
    /// is NaN or infinite nothing is written and its index is returned. A spring checks in the
    /// pass that finds the span of the times; other curves scan first.
    package func sampleIfFinite(
        at times: UnsafeBufferPointer<Double>, values: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>?, knownUneven: Bool = false
    ) -> Int? {
        let n = times.count
        guard n > 0 else { return nil }
        if knownUneven, case let .spring(spec) = curve, let (from, to, v0) = spec.scalarMotion {
            return spec.spring.sampleIfFinite(
                at: times, from: from, to: to, initialVelocity: v0,
                values: UnsafeMutableBufferPointer(start: values, count: n),
                velocities: velocities.map { UnsafeMutableBufferPointer(start: $0, count: n) })
        }
        if let i = times.firstNonFiniteIndex() { return i }
        sample(at: times, values: values, velocities: velocities, knownUneven: knownUneven)
        return nil
    }

    /// The values (and velocities) on `grid`, row-major, through the curve's grid kernel
    /// where it has one.
    package func sample(
        on grid: SampleGrid, values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?
    ) {
        let n = grid.count
        guard n > 0 else { return }
        if case let .spring(spec) = curve, let (from, to, v0) = spec.scalarMotion {
            spec.spring.sample(
                on: grid, from: from, to: to, initialVelocity: v0,
                values: UnsafeMutableBufferPointer(start: values, count: n),
                velocities: velocities.map { UnsafeMutableBufferPointer(start: $0, count: n) })
            return
        }
        if case let .springNetwork(spec) = curve {
            sampleNetwork(spec, grid.times, values: values, velocities: velocities)
            return
        }
        sampleByBlocks(count: n, values: values, velocities: velocities) { rows in (.even(grid), rows) }
    }

    /// A spring network's nodes at `times`, straight into the caller's buffers (`T × N × D`).
    private func sampleNetwork(
        _ spec: SpringNetworkSpec, _ times: [Double], values: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>?
    ) {
        let (x, v) = spec.object.sample(at: times, velocities: velocities != nil)
        x.withUnsafeBufferPointer { values.update(from: $0.baseAddress!, count: x.count) }
        if let velocities { v.withUnsafeBufferPointer { velocities.update(from: $0.baseAddress!, count: v.count) } }
    }

    /// The angles (radians) at `times`; zeros for a curve without an angle.
    package func angles(at times: UnsafeBufferPointer<Double>, into angles: UnsafeMutablePointer<Double>) {
        for (i, t) in times.enumerated() { angles[i] = sampled.sample(at: t).angle ?? 0 }
    }

    /// Fills `n` rows through the curve's block sampler (its grid kernel where it has one), at
    /// most 4,096 rows at a time; `times` gives, for rows `r`, the times and their range in them.
    private func sampleByBlocks(
        count n: Int, values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?,
        times: (Range<Int>) -> (TimeGrid, Range<Int>)
    ) {
        var block = SampleBlock(dimension: dimension, capacity: min(n, 4096))
        var start = 0
        while start < n {
            let rows = start..<min(start + block.capacity, n)
            let (grid, range) = times(rows)
            sampled.sample(grid, range, velocity: velocities != nil, into: &block)
            copy(block, rows: rows.count, to: start, values: values, velocities: velocities)
            start = rows.upperBound
        }
    }

    private func copy(
        _ block: SampleBlock, rows: Int, to row: Int, values: UnsafeMutablePointer<Double>,
        velocities: UnsafeMutablePointer<Double>?
    ) {
        let d = dimension
        block.values.withUnsafeBufferPointer { v in
            (values + row * d).update(from: v.baseAddress!, count: rows * d)
        }
        if let velocities {
            block.velocities.withUnsafeBufferPointer { v in
                (velocities + row * d).update(from: v.baseAddress!, count: rows * d)
            }
        }
    }

    // MARK: Settling

    /// When the motion is over (seconds): for springs, the last time the displacement exceeds
    /// `epsilon` of the distance (`epsilon` > 0) or Core Animation's settling duration
    /// (`epsilon` = 0); for decays, the rest time; for spring networks, the last time a node
    /// is `epsilon` away from rest, in the nodes' units (0 means 0.001). `nil` for other curves.
    package func settlingTime(epsilon: Double) throws(HarmonicError) -> Double? {
        switch curve {
        case let .spring(spec):
            try HarmonicError.require(epsilon, named: "epsilon", ">= 0 and < 1") { $0 >= 0 && $0 < 1 }
            if epsilon == 0 { return spec.spring.settlingDuration(initialVelocity: spec.initialVelocity) }
            return spec.spring.settlingTime(epsilon: epsilon, initialVelocity: spec.initialVelocity)
        case let .decay(spec):
            return spec.motion.restTime
        case let .springNetwork(spec):
            // ε is in the nodes' units here (there is no distance to be a fraction of).
            try HarmonicError.require(epsilon, named: "epsilon", ">= 0") { $0 >= 0 }
            return spec.object.settlingTime(epsilon: epsilon == 0 ? 0.001 : epsilon)
        case .timingFunction, .keyframes, .path, .rubberBand:
            return nil
        }
    }

    /// The curve kind as the spec format names it.
    package var kind: String {
        switch curve {
        case .spring: return "spring"
        case .timingFunction: return "timingFunction"
        case .keyframes: return "keyframes"
        case .path: return "path"
        case .decay: return "decay"
        case .rubberBand: return "rubberBand"
        case .springNetwork: return "springNetwork"
        }
    }
}
