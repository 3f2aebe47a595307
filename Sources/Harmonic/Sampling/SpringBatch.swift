internal import CHarmonicKernels

/// Many spring motions evaluated at one time: the per-frame work of an animation engine that
/// drives thousands of values with different springs.
///
/// Each motion is a spring, a start value, a target, an initial velocity and the time it
/// began. The batch stores them as structure-of-arrays, grouped by damping regime (each group
/// runs one SIMD kernel built from `LaneExponential` and `LaneSineCosine`, see
/// `LaneGroup`), and `evaluate(at:values:velocities:threads:)`
/// writes every motion's value and velocity at one clock time into the caller's buffers,
/// indexed like the motions. Per motion the cost is one SIMD `exp` and `sin`/`cos` (or two
/// `exp`s when overdamped) shared by four lanes, plus the loads and stores — no allocation.
/// The initial state is folded into two coefficients per output when a motion is added, so a
/// frame computes only the time-dependent factors.
///
/// Accuracy: the closed form of ``Spring/state(at:from:to:initialVelocity:)`` to a few ulps of
/// each motion's scale (tests compare to 1e-12 of its range). Phases `ωd·t` below 64 rad use
/// the rounded product instead of the exact one, which adds at most 2⁻⁴⁸ ≈ 3.6e-15 of the
/// oscillation amplitude (tested against a Float80 closed form); longer phases are reduced
/// exactly. Motions whose begin time is still ahead report their start (`from`,
/// `initialVelocity`). On processors with AVX2 and FMA a frame runs in the C kernel
/// `harmonic_spring_batch_avx2` (same formulas, fused multiply–adds, every phase exact); the
/// Swift loops described here run elsewhere.
///
/// Indices are stable: a motion keeps the index ``append(_:)`` returned for the life of the
/// batch, and replacing it through the subscript (a retarget, a new spring) is O(1).
public struct SpringBatch: Sendable {
    /// One animated value driven by a spring.
    public struct Motion: Hashable, Sendable {
        /// The spring.
        public var spring: Spring
        /// The value at the begin time.
        public var from: Double
        /// The target.
        public var to: Double
        /// The velocity at the begin time, in value units per second.
        public var initialVelocity: Double
        /// The clock time (s) at which the motion starts; evaluation at clock time `T` uses
        /// the spring's time `T − beginTime`.
        public var beginTime: Double

        public init(spring: Spring, from: Double, to: Double, initialVelocity: Double = 0, beginTime: Double = 0) {
            self.spring = spring
            self.from = from
            self.to = to
            self.initialVelocity = initialVelocity
            self.beginTime = beginTime
        }
    }

    /// The motions in index order.
    public private(set) var motions: [Motion] = []
    @usableFromInline var groups: [LaneGroup] = [LaneGroup(), LaneGroup(), LaneGroup()]
    /// Where each motion lives: its group (0 oscillating, 1 critical, 2 overdamped) and slot.
    @usableFromInline var locations: [(group: Int, slot: Int)] = []

    /// Whether frames run in the AVX2/FMA kernel where the processor has it (tests turn it off
    /// to check the Swift loops on any machine).
    var usesAVX2FMA = SpringGridKernel.hasAVX2FMA

    /// An empty batch.
    public init() {}

    /// A batch holding `motions`, indexed in their order.
    public init(_ motions: [Motion]) {
        self.motions.reserveCapacity(motions.count)
        for m in motions { append(m) }
    }

    /// The number of motions.
    public var count: Int { motions.count }

    /// Adds a motion and returns its index.
    @discardableResult
    public mutating func append(_ motion: Motion) -> Int {
        let index = motions.count
        motions.append(motion)
        let group = Self.group(of: motion.spring)
        locations.append((group, groups[group].count))
        groups[group].append(motion, index: index)
        return index
    }

    /// The motion at `index` (`0 ..< count`, as with an array). Setting it updates the batch in
    /// O(1), moving the motion between regime groups when its spring's regime changes.
    public subscript(index: Int) -> Motion {
        get { motions[index] }
        set {
            motions[index] = newValue
            let (old, slot) = locations[index]
            let group = Self.group(of: newValue.spring)
            if group == old {
                groups[old].replace(slot, with: newValue)
            } else {
                if let moved = groups[old].remove(slot) { locations[moved].slot = slot }
                locations[index] = (group, groups[group].count)
                groups[group].append(newValue, index: index)
            }
        }
    }

    static func group(of spring: Spring) -> Int { group(of: spring.regime) }

    /// The regime group (and `harmonic_spring_batch_avx2`'s `regime`): 0 oscillating,
    /// 1 critical, 2 overdamped.
    static func group(of regime: SpringRegime) -> Int {
        switch regime {
        case .undamped, .underdamped: return 0
        case .criticallyDamped: return 1
        case .overdamped: return 2
        }
    }

    /// Writes every motion's value (and optionally velocity) at clock time `time`.
    ///
    /// - Parameters:
    ///   - time: The clock time in seconds (each motion sees `time − beginTime`).
    ///   - values: Receives motion `i`'s value at index `i`.
    ///   - velocities: If given, receives motion `i`'s velocity (value units per second).
    ///   - threads: Threads to use; fewer than 8,192 motions per thread always run on one.
    /// - Returns: The number of motions evaluated: `count`, or 0 if a buffer is shorter than
    ///   `count` (nothing is written then).
    /// - Complexity: O(`count`), no allocation.
    @discardableResult
    public func evaluate(
        at time: Double, values: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>? = nil, threads: Int = 1
    ) -> Int {
        guard values.count >= count, (velocities?.count ?? count) >= count, let out = values.baseAddress else {
            return 0
        }
        let dv = velocities?.baseAddress
        groups[0].withKernel(regime: 0, time: time, values: out, velocities: dv, usesAVX2FMA: usesAVX2FMA) { k0 in
            groups[1].withKernel(regime: 1, time: time, values: out, velocities: dv, usesAVX2FMA: usesAVX2FMA) { k1 in
                groups[2].withKernel(regime: 2, time: time, values: out, velocities: dv, usesAVX2FMA: usesAVX2FMA) {
                    k2 in
                    // The three groups' blocks as one sequence, split among threads at once: one
                    // hand-off per frame rather than one per group, and a frame whose groups are each
                    // too small to split still shares its whole work.
                    let total = k0.blockCount + k1.blockCount + k2.blockCount
                    ParallelRanges.run(count: total, threads: threads, minimumPerThread: Self.blocksPerThread) {
                        range in
                        let second = k0.fill(part: range, from: 0)
                        k2.fill(part: range, from: k1.fill(part: range, from: second))
                    }
                }
            }
        }
        return count
    }

    /// The fewest blocks of four motions worth a thread of their own: below this, handing part
    /// of a frame to a second thread costs more than it saves.
    ///
    /// The second thread wakes 10–25 µs late, against about 5 ns a motion. Measured on the
    /// 2-core x86-64 VM with `harmonic-peers --frame-springs M --workloads
    /// per_frame,per_frame_2threads` (AVX2/FMA kernel, three alternating runs, 2026-11-27), two
    /// threads ÷ one: 0.97–1.38 at 10,000 motions, 0.93–1.01 at 16,000, 0.83–1.14 at 20,000,
    /// 0.77–1.03 at 32,000 and 0.65–0.67 at 40,000. So two threads start at 16,384 motions.
    static let blocksPerThread = 2048

    /// Writes every motion's value (and velocity) at `time` into arrays, replacing their contents.
    public func evaluate(at time: Double, values: inout [Double], velocities: inout [Double], threads: Int = 1) {
        Spring.resize(&values, count)
        Spring.resize(&velocities, count)
        values.withUnsafeMutableBufferPointer { v in
            velocities.withUnsafeMutableBufferPointer { dv in
                _ = evaluate(at: time, values: v, velocities: dv, threads: threads)
            }
        }
    }

    /// Writes every motion's value at `time` into an array, replacing its contents.
    public func evaluate(at time: Double, values: inout [Double], threads: Int = 1) {
        Spring.resize(&values, count)
        values.withUnsafeMutableBufferPointer { v in
            _ = evaluate(at: time, values: v, threads: threads)
        }
    }
}

/// The motions of one regime in blocks of four lanes: for each block, eleven fields of four
/// doubles each (`field·4 + lane`), so one base pointer and fixed offsets reach everything a
/// SIMD step needs.
///
/// The initial state is folded into per-motion coefficients once, at insertion, so that each
/// frame computes only the time-dependent factors. With `x0 = from − to`, the displacement and
/// velocity are `e(t)·(x0·c(t) + b·s(t))` and `e(t)·(v0·c(t) − a·s(t))`, where
///
/// | regime | `e(t)` | `c(t)` | `s(t)` | `b` | `a` |
/// |---|---|---|---|---|---|
/// | oscillating | `e^(−λt)` | `cos ωd·t` | `sin(ωd·t)/ωd` | `v0 + λ·x0` | `ω0²·x0 + λ·v0` |
/// | critical | `e^(−λt)` | 1 | `t` | `v0 + λ·x0` | `ω0²·x0 + λ·v0` |
/// | overdamped | `e^(r_slow·t)` | 1 | `(1 − e^(−Δt))/Δ` | `v0 − r_slow·x0` | `ω0²·x0 − r_fast·v0` |
///
/// which is `Φ(t)` of ``SpringConstants/transition(at:)`` applied to `(x0, v0)` with its terms
/// regrouped (the same products, so the same rounding behaviour). Fields:
///
/// | field | oscillating | critical | overdamped |
/// |---|---|---|---|
/// | 0 | λ | λ | r_slow |
/// | 1 | ωd (hi) | – | – |
/// | 2 | head of ωd (Veltkamp) | – | Δ |
/// | 3 | ωd (lo) | – | 1/Δ |
/// | 4 | 1/ωd | – | – |
/// | 5 … 10 | x0, b, v0, a, to, beginTime | same | same |
///
/// Unused lanes of the last block hold copies of a valid motion, so every lane computes
/// finite numbers.
@usableFromInline
struct LaneGroup: Sendable {
    static let fields = 11
    static let blockSize = 4 * fields

    var index: [Int] = []
    var blocks: [Double] = []
    var constants: [SpringConstants] = []

    var count: Int { index.count }

    static func fieldValues(_ m: SpringBatch.Motion) -> [Double] {
        fieldValues(m.spring.constants, x0: m.from - m.to, v0: m.initialVelocity, to: m.to, beginTime: m.beginTime)
    }

    /// The eleven fields of a motion with displacement `x0` and velocity `v0` at its begin time.
    static func fieldValues(_ c: SpringConstants, x0: Double, v0: Double, to: Double, beginTime: Double) -> [Double] {
        let w2 = c.naturalFrequencySquared
        switch c.regime {
        case .undamped, .underdamped:
            let w = c.dampedFrequency.hi, l = c.decayRate
            return [
                l, w, LaneSineCosine.split(SIMD4(repeating: w)).hi[0], c.dampedFrequency.lo, 1 / w,
                x0, v0 + l * x0, v0, w2 * x0 + l * v0, to, beginTime,
            ]
        case .criticallyDamped:
            let l = c.decayRate
            return [l, 0, 0, 0, 0, x0, v0 + l * x0, v0, w2 * x0 + l * v0, to, beginTime]
        case .overdamped:
            return [
                c.slowRate, 0, c.rateGap, 1 / c.rateGap, 0,
                x0, v0 - c.slowRate * x0, v0, w2 * x0 - c.fastRate * v0, to, beginTime,
            ]
        }
    }

    /// Writes slot `s`'s fields (and, for a new block, every lane of it).
    mutating func write(_ s: Int, _ m: SpringBatch.Motion) {
        let values = Self.fieldValues(m)
        let base = (s / 4) * Self.blockSize, lane = s % 4
        if base >= blocks.count {
            blocks.append(contentsOf: repeatElement(0, count: Self.blockSize))
            for f in 0..<Self.fields { for l in 0..<4 { blocks[base + 4 * f + l] = values[f] } }
        } else {
            for f in 0..<Self.fields { blocks[base + 4 * f + lane] = values[f] }
        }
    }

    mutating func append(_ m: SpringBatch.Motion, index i: Int) {
        index.append(i)
        constants.append(m.spring.constants)
        write(count - 1, m)
    }

    mutating func replace(_ s: Int, with m: SpringBatch.Motion) {
        constants[s] = m.spring.constants
        write(s, m)
    }

    /// Removes slot `s` by moving the last slot into it; returns the motion index that moved.
    mutating func remove(_ s: Int) -> Int? {
        let last = count - 1
        var moved: Int? = nil
        if s != last {
            moved = index[last]
            index[s] = index[last]
            constants[s] = constants[last]
            let from = (last / 4) * Self.blockSize + last % 4, to = (s / 4) * Self.blockSize + s % 4
            for f in 0..<Self.fields { blocks[to + 4 * f] = blocks[from + 4 * f] }
        }
        index.removeLast()
        constants.removeLast()
        if count % 4 == 0 { blocks.removeLast(Self.blockSize) }
        return moved
    }

    // An empty group's kernel has no blocks and never reads through these.
    private static var noIndex: UnsafePointer<Int> { .init(bitPattern: MemoryLayout<Int>.alignment)! }
    private static var noBlocks: UnsafePointer<Double> { .init(bitPattern: MemoryLayout<Double>.alignment)! }
    private static var noConstants: UnsafePointer<SpringConstants> {
        .init(bitPattern: MemoryLayout<SpringConstants>.alignment)!
    }

    func withKernel(
        regime: Int, time: Double, values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?,
        usesAVX2FMA: Bool, _ body: (LaneGroupKernel) -> Void
    ) {
        index.withUnsafeBufferPointer { index in
            blocks.withUnsafeBufferPointer { blocks in
                constants.withUnsafeBufferPointer { constants in
                    body(
                        LaneGroupKernel(
                            regime: regime, time: time, count: count, index: index.baseAddress ?? Self.noIndex,
                            blocks: blocks.baseAddress ?? Self.noBlocks,
                            constants: constants.baseAddress ?? Self.noConstants, values: values,
                            velocities: velocities, usesAVX2FMA: usesAVX2FMA))
                }
            }
        }
    }
}

/// One regime group's SIMD loop over a range of slots (whole blocks of four).
@usableFromInline
struct LaneGroupKernel: @unchecked Sendable {
    typealias Lanes = SIMD4<Double>
    let regime: Int
    let time: Double
    let count: Int
    let index: UnsafePointer<Int>
    let blocks: UnsafePointer<Double>
    let constants: UnsafePointer<SpringConstants>
    let values: UnsafeMutablePointer<Double>
    let velocities: UnsafeMutablePointer<Double>?
    /// Whether the blocks run in the AVX2/FMA kernel (`harmonic_spring_batch_avx2`), which
    /// returns the blocks it cannot finish to the Swift step below.
    let usesAVX2FMA: Bool

    /// The group's blocks of four slots (the last one possibly partly used).
    var blockCount: Int { (count + 3) / 4 }

    /// Fills the part of `range` that falls on this group when its blocks are numbered from
    /// `first` in a sequence of several groups; returns the number after its last block.
    @discardableResult
    func fill(part range: Range<Int>, from first: Int) -> Int {
        let mine = first..<(first + blockCount)
        let part = mine.clamped(to: range)
        if !part.isEmpty { fill(blocks: (part.lowerBound - first)..<(part.upperBound - first)) }
        return mine.upperBound
    }

    /// Fills the motions of blocks `range` (block `b` holds slots `4b ..< 4b + 4`).
    func fill(blocks range: Range<Int>) {
        if usesAVX2FMA {
            var b = range.lowerBound
            while b < range.upperBound {
                // Int: the regime is a group number, 0, 1 or 2.
                b = harmonic_spring_batch_avx2(
                    Int32(regime), blocks, b, range.upperBound, count, index, time, values, velocities)
                guard b < range.upperBound else { break }
                // A block with a phase beyond the lanes' reduction: the Swift step's scalar
                // fallback finishes it.
                fill(swiftBlocks: b..<(b + 1))
                b += 1
            }
            return
        }
        fill(swiftBlocks: range)
    }

    /// The Swift loops (any processor).
    func fill(swiftBlocks range: Range<Int>) {
        switch (regime, velocities != nil) {
        case (0, false): run(range, Oscillating.self, ValuesOnly.self)
        case (0, true): run(range, Oscillating.self, ValuesAndVelocities.self)
        case (1, false): run(range, Critical.self, ValuesOnly.self)
        case (1, true): run(range, Critical.self, ValuesAndVelocities.self)
        case (_, false): run(range, Overdamped.self, ValuesOnly.self)
        case (_, true): run(range, Overdamped.self, ValuesAndVelocities.self)
        }
    }

    /// One loop per regime and output set, each its own function with the step inlined (the
    /// value-only loops carry no velocity arithmetic, and no loop calls out per block).
    @inline(never)
    func run<Kind: LaneKind, Output: LaneOutput>(_ range: Range<Int>, _ kind: Kind.Type, _ output: Output.Type) {
        for b in range { step(b, kind, output) }
    }

    @inline(__always)
    func field(_ block: UnsafePointer<Double>, _ f: Int) -> Lanes {
        UnsafeRawPointer(block + 4 * f).loadUnaligned(as: Lanes.self)
    }

    @inline(__always)
    func step<Kind: LaneKind, Output: LaneOutput>(_ b: Int, _ kind: Kind.Type, _ output: Output.Type) {
        let block = blocks + b * LaneGroup.blockSize
        let slot = 4 * b
        let lanes = min(4, count - slot)
        let t = Lanes(repeating: time) - field(block, 10)
        let (envelope, cosine, sine, fallback) = Kind.factors(t, block, self)
        let x0 = field(block, 5), to = field(block, 9)
        // Without oscillation, e·s first: the critical s(t) = t grows without bound while e(t)
        // underflows, and b·t could overflow before the product with e brings it back.
        let es = Kind.oscillates ? sine : envelope * sine
        var value =
            Kind.oscillates
            ? envelope * (x0 * cosine + field(block, 6) * sine) + to : envelope * x0 + field(block, 6) * es + to
        // Before its begin time a motion reports its start.
        let before = t .<= 0
        let anyBefore = LaneOperations.any(before)
        if anyBefore { value = LaneOperations.select(before, x0 + to, value) }
        var velocity = Lanes()
        if Output.velocities {
            let v0 = field(block, 7)
            velocity =
                Kind.oscillates
                ? envelope * (v0 * cosine - field(block, 8) * sine) : envelope * v0 - field(block, 8) * es
            if anyBefore { velocity = LaneOperations.select(before, v0, velocity) }
        }
        if Kind.mayFallBack, _slowPath(LaneOperations.any(fallback)) {
            for l in 0..<lanes where fallback[l] {
                let phi = constants[slot + l].transition(at: t[l])
                let x = block[4 * 5 + l], v = block[4 * 7 + l]
                value[l] = phi.xFromX * x + phi.xFromV * v + block[4 * 9 + l]
                velocity[l] = phi.vFromX * x + phi.vFromV * v
            }
        }
        if lanes == 4 {
            values[index[slot]] = value[0]
            values[index[slot + 1]] = value[1]
            values[index[slot + 2]] = value[2]
            values[index[slot + 3]] = value[3]
        } else {
            for l in 0..<lanes { values[index[slot + l]] = value[l] }
        }
        if Output.velocities, let velocities {
            for l in 0..<lanes { velocities[index[slot + l]] = velocity[l] }
        }
    }
}
