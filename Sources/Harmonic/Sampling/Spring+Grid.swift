internal import CHarmonicKernels
import HarmonicPlatform

/// Evenly spaced samples of a spring by the exact state recurrence.
///
/// Because the spring equation is linear and time-invariant, the state `s = (x, v)` at
/// `t + h` is `Φ(h)·s(t)` exactly, for every damping regime (``SpringTransition``). Sampling a
/// grid therefore needs no `exp`, `sin` or `cos` per sample: eight interleaved lanes hold the
/// states at `t, t + h, …, t + 7h`, and each step multiplies all eight by `Φ(8h)` — four
/// multiplications and two additions per sample, in SIMD registers, with no dependency
/// between lanes. (For an oscillating spring this is the damped rotation
/// `z ← z·e^((−λ + iωd)·8h)` written in the real coordinates `x`, `v`.)
///
/// Accuracy: every `anchorSpacing` samples the state is recomputed in closed form
/// (``Spring/transition(over:)``), so rounding errors cannot accumulate beyond a block. In the
/// scaled coordinates `(x, v/ω0)` the matrices `Φ(t)` have norm ≤ about 2 for every `ζ`, so
/// a block of `m` steps adds at most about `4·m·ε` of the motion's scale; with 256 steps per
/// block the measured worst error against closed-form evaluation at the same times is below
/// 1e-13 of the motion's range for every regime (`Tests/HarmonicTests/Sampling`). Times are
/// the exact reals `start + i·step`; a closed-form evaluation at the rounded `Double` time
/// differs from them by at most `|velocity|·ulp(t)/2`, which only matters for phases of
/// more than about 1e4 radians.
///
/// Cost: about 7 SIMD floating-point operations per 8 samples plus the stores, and one
/// closed-form evaluation per 2048 samples — at the speed of writing the output to memory.
/// Samples at times `t ≤ 0` are the start (`from`, `initialVelocity`); once the closed-form
/// state has decayed below 2⁻⁹⁰⁰ of the start the rest of the grid is written as the target
/// at rest.
extension Spring {
    /// The number of samples between closed-form re-anchorings of the grid recurrence.
    @usableFromInline static let anchorSpacing = 2048

    /// Writes the values (and optionally velocities) of the motion from `from` toward `to`
    /// at the times of `grid`.
    ///
    /// - Parameters:
    ///   - grid: The sample times.
    ///   - from: The value at `t = 0`.
    ///   - to: The target.
    ///   - initialVelocity: The velocity at `t = 0`, in value units per second.
    ///   - values: Receives `value(at: tᵢ)` at index `i`.
    ///   - velocities: If given, receives `velocity(at: tᵢ)` at index `i`.
    ///   - threads: The number of threads to use (1 or 2 make sense on a 2-core machine);
    ///     grids shorter than 65,536 samples always use one. Each thread takes a contiguous
    ///     part of the grid with its own anchors, so results agree with the one-thread ones
    ///     to the recurrence's accuracy (not bit for bit).
    /// - Returns: The number of samples written: `grid.count`, or fewer if a buffer is
    ///   shorter (only the prefix that fits every buffer is written).
    /// - Complexity: O(`grid.count`), no allocation.
    @discardableResult
    public func sample(
        on grid: SampleGrid, from: Double, to: Double, initialVelocity: Double = 0,
        values: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>? = nil,
        threads: Int = 1
    ) -> Int {
        var n = min(grid.count, values.count)
        if let velocities { n = min(n, velocities.count) }
        guard n > 0, let valueBase = values.baseAddress else { return 0 }
        let kernel = SpringGridKernel(
            constants: constants, grid: grid, from: from, to: to, initialVelocity: initialVelocity,
            values: valueBase, velocities: velocities?.baseAddress)
        ParallelRanges.run(count: n, threads: threads, minimumPerThread: 1 << 15) { range in
            kernel.fill(range)
        }
        return n
    }

    /// Writes the values (and optionally velocities) of the motion on `grid` into arrays,
    /// replacing their contents (the arrays' storage is reused when large enough).
    ///
    /// See ``sample(on:from:to:initialVelocity:values:velocities:threads:)``.
    public func sample(
        on grid: SampleGrid, from: Double, to: Double, initialVelocity: Double = 0,
        values: inout [Double], velocities: inout [Double], threads: Int = 1
    ) {
        Self.resize(&values, grid.count)
        Self.resize(&velocities, grid.count)
        values.withUnsafeMutableBufferPointer { v in
            velocities.withUnsafeMutableBufferPointer { dv in
                _ = sample(
                    on: grid, from: from, to: to, initialVelocity: initialVelocity, values: v, velocities: dv,
                    threads: threads)
            }
        }
    }

    /// Writes the values of the motion on `grid` into an array, replacing its contents.
    public func sample(
        on grid: SampleGrid, from: Double, to: Double, initialVelocity: Double = 0,
        values: inout [Double], threads: Int = 1
    ) {
        Self.resize(&values, grid.count)
        values.withUnsafeMutableBufferPointer { v in
            _ = sample(on: grid, from: from, to: to, initialVelocity: initialVelocity, values: v, threads: threads)
        }
    }

    /// Writes the progress of `CASpringAnimation`'s unit curve (0 → 1 with `initialVelocity`
    /// in progress units per second) on `grid`; see ``progress(at:initialVelocity:)``.
    @discardableResult
    public func sampleProgress(
        on grid: SampleGrid, initialVelocity: Double = 0, into progress: UnsafeMutableBufferPointer<Double>,
        threads: Int = 1
    ) -> Int {
        sample(on: grid, from: 0, to: 1, initialVelocity: initialVelocity, values: progress, threads: threads)
    }

    /// Writes the transition matrices `Φ(tᵢ)` of `grid`: the basis that every motion of this
    /// spring shares (`x(tᵢ) = xFromX·x0 + xFromV·v0`), computed by the same recurrence
    /// (`Φ(t + h) = Φ(h)·Φ(t)`) with the same accuracy. Samples at `t ≤ 0` are the identity.
    ///
    /// - Returns: The number of matrices written (`min(grid.count, into.count)`).
    @discardableResult
    public func sampleTransitions(
        on grid: SampleGrid, into transitions: UnsafeMutableBufferPointer<SpringTransition>
    ) -> Int {
        let n = min(grid.count, transitions.count)
        guard n > 0, let base = transitions.baseAddress else { return 0 }
        // The columns of Φ are the motions from (1, 0) and (0, 1); evaluate both in blocks
        // through the scalar kernel and interleave.
        let chunk = 512
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * chunk) { scratch in
            let s = scratch.baseAddress!
            var i = 0
            while i < n {
                let m = min(chunk, n - i)
                let sub = grid.slice(i..<(i + m))
                let xColumn = SpringGridKernel(
                    constants: constants, grid: sub, from: 1, to: 0, initialVelocity: 0, values: s,
                    velocities: s + chunk)
                xColumn.fill(0..<m)
                let vColumn = SpringGridKernel(
                    constants: constants, grid: sub, from: 0, to: 0, initialVelocity: 1, values: s + 2 * chunk,
                    velocities: s + 3 * chunk)
                vColumn.fill(0..<m)
                for j in 0..<m {
                    base[i + j] = SpringTransition(
                        xFromX: s[j], xFromV: s[2 * chunk + j], vFromX: s[chunk + j], vFromV: s[3 * chunk + j])
                }
                i += m
            }
        }
        return n
    }

    @usableFromInline
    static func resize(_ array: inout [Double], _ count: Int) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
    }
}

/// The grid recurrence for one motion, over any sub-range of the grid.
@usableFromInline
struct SpringGridKernel: @unchecked Sendable {
    typealias Lanes = SIMD8<Double>
    static let laneCount = 8

    let constants: SpringConstants
    let grid: SampleGrid
    let from: Double, to: Double
    let x0: Double, v0: Double
    let values: UnsafeMutablePointer<Double>
    let velocities: UnsafeMutablePointer<Double>?
    /// `Φ(j·h)` for the lanes `j = 0 … 7`, as four lane vectors.
    let laneXX: Lanes, laneXV: Lanes, laneVX: Lanes, laneVV: Lanes
    /// `Φ(8h)`, the step of every lane.
    let stride: SpringTransition
    /// `Φ((8 + j)·h)`'s first row for the lanes: the second term of the values-only recurrence.
    let nextXX: Lanes, nextXV: Lanes
    /// `trace Φ(8h)` and `det Φ(8h) = e^(−16λh)`.
    let trace: Double, determinant: Double
    /// `Φ(blockLength·h)`: carries the exact state from block to block.
    let block: SpringTransition
    /// Samples per block of the values-only recurrence (a multiple of 16).
    static let blockLength = 256
    /// Whether the values-only recurrence runs in the AVX2/FMA kernel (x86-64 processors that
    /// have both; checked once).
    static let hasAVX2FMA = harmonic_kernels_have_avx2_fma()
    /// Whether this kernel uses it (tests turn it off to check the Swift loop on any machine).
    let usesAVX2FMA: Bool
    /// `ω0`, the scale between displacement and velocity.
    let naturalFrequency: Double
    /// Below this size (in `|x| + |v|/ω0`) the motion is written as at rest.
    let restThreshold: Double

    init(
        constants: SpringConstants, grid: SampleGrid, from: Double, to: Double, initialVelocity: Double,
        values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?,
        allowingAVX2FMA: Bool = true
    ) {
        self.usesAVX2FMA = allowingAVX2FMA && Self.hasAVX2FMA
        self.constants = constants
        self.grid = grid
        self.from = from
        self.to = to
        self.x0 = from - to
        self.v0 = initialVelocity
        self.values = values
        self.velocities = velocities
        var xx = Lanes(), xv = Lanes(), vx = Lanes(), vv = Lanes(), nx = Lanes(), nv = Lanes()
        for j in 0..<Self.laneCount {
            let next = constants.transition(at: Double(Self.laneCount + j) * grid.step)
            nx[j] = next.xFromX
            nv[j] = next.xFromV
            let phi = constants.transition(at: Double(j) * grid.step)
            xx[j] = phi.xFromX
            xv[j] = phi.xFromV
            vx[j] = phi.vFromX
            vv[j] = phi.vFromV
        }
        laneXX = xx
        laneXV = xv
        laneVX = vx
        laneVV = vv
        nextXX = nx
        nextXV = nv
        stride = constants.transition(at: Double(Self.laneCount) * grid.step)
        trace = stride.xFromX + stride.vFromV
        determinant = exp(-2 * constants.decayRate * Double(Self.laneCount) * grid.step)
        block = constants.transition(at: Double(Self.blockLength) * grid.step)
        naturalFrequency = constants.naturalFrequencySquared.squareRoot()
        restThreshold = 0x1p-900 * (abs(x0) + abs(initialVelocity) / naturalFrequency)
    }

    /// Fills the samples with indices in `range`.
    func fill(_ range: Range<Int>) {
        var i = range.lowerBound
        let end = range.upperBound
        // Before the motion starts.
        while i < end, grid.time(at: i) <= 0 {
            values[i] = from
            velocities?[i] = v0
            i += 1
        }
        while i < end {
            let blockEnd = min(end, i + Spring.anchorSpacing)
            let phi = constants.transition(at: grid.time(at: i))
            let x = phi.xFromX * x0 + phi.xFromV * v0
            let v = phi.vFromX * x0 + phi.vFromV * v0
            if abs(x) + abs(v) / naturalFrequency <= restThreshold {
                for j in i..<end {
                    values[j] = to
                    velocities?[j] = 0
                }
                return
            }
            if let velocities {
                run(i, blockEnd, x, v, velocities)
            } else {
                runValues(i, blockEnd, x, v)
            }
            i = blockEnd
        }
    }

    @inline(__always)
    private func run(_ start: Int, _ end: Int, _ x: Double, _ v: Double, _ velocities: UnsafeMutablePointer<Double>) {
        var lx = laneXX * x + laneXV * v
        var lv = laneVX * x + laneVV * v
        let target = Lanes(repeating: to)
        let (a, b, c, d) = (stride.xFromX, stride.xFromV, stride.vFromX, stride.vFromV)
        var j = start
        while j + Self.laneCount <= end {
            UnsafeMutableRawPointer(values + j).storeBytes(of: lx + target, as: Lanes.self)
            UnsafeMutableRawPointer(velocities + j).storeBytes(of: lv, as: Lanes.self)
            let nx = a * lx + b * lv
            lv = c * lx + d * lv
            lx = nx
            j += Self.laneCount
        }
        for l in 0..<(end - j) {
            values[j + l] = lx[l] + to
            velocities[j + l] = lv[l]
        }
    }

    /// Values only: each lane follows the two-term recurrence `x(t + 2H) = p·x(t + H) − q·x(t)`
    /// with `H = 8h`, `p = trace Φ(H)` and `q = det Φ(H) = e^(−2λH)` (Cayley–Hamilton:
    /// `Φ² = p·Φ − q·I`, so every entry, and so every displacement, obeys it). That is two
    /// multiplications and a subtraction per sample instead of four and two. A perturbation
    /// of one step grows at most linearly along this recurrence (its characteristic roots
    /// are Φ's eigenvalues, of modulus ≤ 1), so rounding adds up to about `m²·ε` over `m`
    /// steps; blocks of 32 steps (256 samples) keep that near 1e-13 of the motion's scale.
    /// Each block starts from the exact state carried by `Φ(256h)`, itself re-anchored in
    /// closed form every `anchorSpacing` samples.
    @inline(__always)
    private func runValues(_ start: Int, _ end: Int, _ x: Double, _ v: Double) {
        let target = Lanes(repeating: to)
        // Two steps at once: (x_{k+2}, x_{k+3}) from (x_k, x_{k+1}) by the companion matrix
        // squared, so the two new vectors do not wait for each other.
        let (p, q) = (trace, determinant)
        let (p2, pq) = (p * p - q, p * q)
        var (x, v) = (x, v)
        var i = start
        let wholeBlocks = (end - start) / Self.blockLength
        if usesAVX2FMA, wholeBlocks > 0 {
            // Every whole block in one call, the exact state carried in C: the per-block set-up
            // from Swift (eight-lane products, a call, the carry) cost as much as a third of the
            // recurrence itself on a million cache-resident samples.
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * Self.laneCount + 6) { scratch in
                let lanes = scratch.baseAddress!
                for j in 0..<Self.laneCount {
                    lanes[j] = laneXX[j]
                    lanes[Self.laneCount + j] = laneXV[j]
                    lanes[2 * Self.laneCount + j] = nextXX[j]
                    lanes[3 * Self.laneCount + j] = nextXV[j]
                }
                let carry = lanes + 4 * Self.laneCount, state = carry + 4
                (carry[0], carry[1], carry[2], carry[3]) = (block.xFromX, block.xFromV, block.vFromX, block.vFromV)
                (state[0], state[1]) = (x, v)
                harmonic_spring_grid_blocks_avx2(values + i, wholeBlocks, lanes, p, q, p2, pq, carry, state, to)
                (x, v) = (state[0], state[1])
            }
            i += wholeBlocks * Self.blockLength
        }
        while i < end {
            let blockEnd = min(end, i + Self.blockLength)
            var lane0 = laneXX * x + laneXV * v
            var lane1 = nextXX * x + nextXV * v
            var j = i
            let pairs = (blockEnd - j) / (2 * Self.laneCount) * (2 * Self.laneCount)
            if usesAVX2FMA, pairs > 0 {
                // The same steps with 256-bit registers and fused multiply–subtract: baseline
                // x86-64 (SSE2) spends about as many instructions copying registers as computing.
                withUnsafeMutableBytes(of: &lane0) { first in
                    withUnsafeMutableBytes(of: &lane1) { second in
                        harmonic_spring_grid_values_avx2(
                            values + j, pairs, first.baseAddress?.assumingMemoryBound(to: Double.self),
                            second.baseAddress?.assumingMemoryBound(to: Double.self), p, q, p2, pq, to)
                    }
                }
                j += pairs
            }
            while j + 2 * Self.laneCount <= blockEnd {
                UnsafeMutableRawPointer(values + j).storeBytes(of: lane0 + target, as: Lanes.self)
                UnsafeMutableRawPointer(values + j + Self.laneCount).storeBytes(of: lane1 + target, as: Lanes.self)
                let next0 = p * lane1 - q * lane0
                lane1 = p2 * lane1 - pq * lane0
                lane0 = next0
                j += 2 * Self.laneCount
            }
            if j + Self.laneCount <= blockEnd {
                UnsafeMutableRawPointer(values + j).storeBytes(of: lane0 + target, as: Lanes.self)
                j += Self.laneCount
                lane0 = lane1
            }
            for l in 0..<(blockEnd - j) { values[j + l] = lane0[l] + to }
            let nx = block.xFromX * x + block.xFromV * v
            v = block.vFromX * x + block.vFromV * v
            x = nx
            i = blockEnd
        }
    }
}
