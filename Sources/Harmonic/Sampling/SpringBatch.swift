/// Many spring motions evaluated at one time: the per-frame work of an animation engine that
/// drives thousands of values with different springs.
///
/// Each motion is a spring, a start value, a target, an initial velocity and the time it
/// began. The batch stores them as structure-of-arrays, grouped by damping regime (each group
/// runs one branch-free SIMD kernel, see ``LaneTransition``), and ``evaluate(at:values:velocities:threads:)``
/// writes every motion's value and velocity at one clock time into the caller's buffers,
/// indexed like the motions. Per motion the cost is one SIMD `exp` and `sin`/`cos` (or two
/// `exp`s when overdamped) shared by four lanes, plus the loads and stores — no allocation.
///
/// Accuracy: the closed form of ``Spring/state(at:from:to:initialVelocity:)`` to a few ulps of
/// each motion's scale (tests compare to 1e-12 of its range). Motions whose begin time is
/// still ahead report their start (`from`, `initialVelocity`).
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

    static func group(of spring: Spring) -> Int {
        switch spring.regime {
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
    ///   - threads: Threads to use; fewer than 4,096 motions per thread always run on one.
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
        for (g, group) in groups.enumerated() where group.count > 0 {
            group.withKernel(regime: g, time: time, values: out, velocities: velocities?.baseAddress) { kernel in
                ParallelRanges.run(count: (group.count + 3) / 4, threads: threads, minimumPerThread: 1024) { range in
                    kernel.fill(blocks: range)
                }
            }
        }
        return count
    }

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

/// The motions of one regime in blocks of four lanes: for each block, ten fields of four
/// doubles each (`field·4 + lane`), so one base pointer and fixed offsets reach everything a
/// SIMD step needs. Fields by regime:
///
/// | field | oscillating | critical | overdamped |
/// |---|---|---|---|
/// | 0 | λ | λ | r_slow |
/// | 1 | ωd (hi) | – | r_fast |
/// | 2 | head of ωd (Veltkamp) | – | Δ |
/// | 3 | ωd (lo) | – | 1/Δ |
/// | 4 | 1/ωd | – | – |
/// | 5 … 9 | ω0², x0, v0, to, beginTime | same | same |
///
/// Unused lanes of the last block hold copies of a valid motion, so every lane computes
/// finite numbers.
@usableFromInline
struct LaneGroup: Sendable {
    static let fields = 10
    static let blockSize = 4 * fields

    var index: [Int] = []
    var blocks: [Double] = []
    var constants: [SpringConstants] = []

    var count: Int { index.count }

    static func fieldValues(_ m: SpringBatch.Motion) -> [Double] {
        let c = m.spring.constants
        let head: [Double]
        switch c.regime {
        case .undamped, .underdamped:
            let w = c.dampedFrequency.hi
            head = [c.decayRate, w, LaneSineCosine.split(SIMD4(repeating: w)).hi[0], c.dampedFrequency.lo, 1 / w]
        case .criticallyDamped:
            head = [c.decayRate, 0, 0, 0, 0]
        case .overdamped:
            head = [c.slowRate, c.fastRate, c.rateGap, 1 / c.rateGap, 0]
        }
        return head + [c.naturalFrequencySquared, m.from - m.to, m.initialVelocity, m.to, m.beginTime]
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

    func withKernel(
        regime: Int, time: Double, values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?,
        _ body: (LaneGroupKernel) -> Void
    ) {
        index.withUnsafeBufferPointer { index in
            blocks.withUnsafeBufferPointer { blocks in
                constants.withUnsafeBufferPointer { constants in
                    body(LaneGroupKernel(
                        regime: regime, time: time, count: count, index: index.baseAddress!,
                        blocks: blocks.baseAddress!, constants: constants.baseAddress!, values: values,
                        velocities: velocities))
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

    /// Fills the motions of blocks `range` (block `b` holds slots `4b ..< 4b + 4`).
    func fill(blocks range: Range<Int>) {
        switch regime {
        case 0: for b in range { step(b, Oscillating.self) }
        case 1: for b in range { step(b, Critical.self) }
        default: for b in range { step(b, Overdamped.self) }
        }
    }

    @inline(__always)
    func field(_ block: UnsafePointer<Double>, _ f: Int) -> Lanes {
        UnsafeRawPointer(block + 4 * f).loadUnaligned(as: Lanes.self)
    }

    @inline(__always)
    func step<Kind: LaneKind>(_ b: Int, _ kind: Kind.Type) {
        let block = blocks + b * LaneGroup.blockSize
        let slot = 4 * b
        let lanes = min(4, count - slot)
        let t = Lanes(repeating: time) - field(block, 9)
        var (phi, fallback) = Kind.transition(t, block, self)
        if Kind.mayFallBack, LaneOperations.any(fallback) {
            for l in 0..<lanes where fallback[l] { phi.set(l, constants[slot + l].transition(at: t[l])) }
        }
        let x = field(block, 6), v = field(block, 7)
        let value = phi.xFromX * x + phi.xFromV * v + field(block, 8)
        if lanes == 4 {
            values[index[slot]] = value[0]
            values[index[slot + 1]] = value[1]
            values[index[slot + 2]] = value[2]
            values[index[slot + 3]] = value[3]
        } else {
            for l in 0..<lanes { values[index[slot + l]] = value[l] }
        }
        if let velocities {
            let velocity = phi.vFromX * x + phi.vFromV * v
            for l in 0..<lanes { velocities[index[slot + l]] = velocity[l] }
        }
    }
}

/// The per-regime SIMD transition of a block.
protocol LaneKind {
    /// Whether some lanes may need the scalar path (only oscillating springs, at huge phases).
    static var mayFallBack: Bool { get }
    static func transition(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel)
        -> (LaneTransition, SIMDMask<SIMD4<Int64>>)
}

enum Oscillating: LaneKind {
    static var mayFallBack: Bool { true }
    @inline(__always)
    static func transition(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel)
        -> (LaneTransition, SIMDMask<SIMD4<Int64>>)
    {
        LaneTransition.oscillating(
            t, decayRate: k.field(block, 0), omegaHi: k.field(block, 1), omegaHead: k.field(block, 2),
            omegaLo: k.field(block, 3), inverseOmega: k.field(block, 4), naturalFrequencySquared: k.field(block, 5))
    }
}

enum Critical: LaneKind {
    static var mayFallBack: Bool { false }
    @inline(__always)
    static func transition(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel)
        -> (LaneTransition, SIMDMask<SIMD4<Int64>>)
    {
        (LaneTransition.critical(t, decayRate: k.field(block, 0), naturalFrequencySquared: k.field(block, 5)), .init())
    }
}

enum Overdamped: LaneKind {
    static var mayFallBack: Bool { false }
    @inline(__always)
    static func transition(_ t: SIMD4<Double>, _ block: UnsafePointer<Double>, _ k: LaneGroupKernel)
        -> (LaneTransition, SIMDMask<SIMD4<Int64>>)
    {
        let phi = LaneTransition.overdamped(
            t, slowRate: k.field(block, 0), fastRate: k.field(block, 1), rateGap: k.field(block, 2),
            inverseRateGap: k.field(block, 3),
            naturalFrequencySquared: k.field(block, 5))
        return (phi, .init())
    }
}
