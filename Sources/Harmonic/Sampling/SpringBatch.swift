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
                ParallelRanges.run(count: group.count, threads: threads, minimumPerThread: 4096) { range in
                    kernel.fill(range)
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

/// The motions of one regime as structure-of-arrays.
@usableFromInline
struct LaneGroup: Sendable {
    var index: [Int] = []
    var decayRate: [Double] = [], omegaHi: [Double] = [], omegaLo: [Double] = []
    var omegaHead: [Double] = [], inverseOmega: [Double] = []
    var slowRate: [Double] = [], fastRate: [Double] = [], rateGap: [Double] = []
    var w2: [Double] = []
    var x0: [Double] = [], v0: [Double] = [], to: [Double] = [], begin: [Double] = []
    var constants: [SpringConstants] = []

    var count: Int { index.count }

    mutating func append(_ m: SpringBatch.Motion, index i: Int) {
        index.append(i)
        let c = m.spring.constants
        decayRate.append(c.decayRate)
        omegaHi.append(c.dampedFrequency.hi)
        omegaLo.append(c.dampedFrequency.lo)
        omegaHead.append(Self.head(c.dampedFrequency.hi))
        inverseOmega.append(1 / c.dampedFrequency.hi)
        slowRate.append(c.slowRate)
        fastRate.append(c.fastRate)
        rateGap.append(c.rateGap)
        w2.append(c.naturalFrequencySquared)
        x0.append(m.from - m.to)
        v0.append(m.initialVelocity)
        to.append(m.to)
        begin.append(m.beginTime)
        constants.append(c)
    }

    /// The 26-bit head of `ω` (Veltkamp), as ``LaneSineCosine/split(_:)`` computes it.
    static func head(_ omega: Double) -> Double {
        LaneSineCosine.split(SIMD4(repeating: omega)).hi[0]
    }

    mutating func replace(_ s: Int, with m: SpringBatch.Motion) {
        let c = m.spring.constants
        decayRate[s] = c.decayRate
        omegaHi[s] = c.dampedFrequency.hi
        omegaLo[s] = c.dampedFrequency.lo
        omegaHead[s] = Self.head(c.dampedFrequency.hi)
        inverseOmega[s] = 1 / c.dampedFrequency.hi
        slowRate[s] = c.slowRate
        fastRate[s] = c.fastRate
        rateGap[s] = c.rateGap
        w2[s] = c.naturalFrequencySquared
        x0[s] = m.from - m.to
        v0[s] = m.initialVelocity
        to[s] = m.to
        begin[s] = m.beginTime
        constants[s] = c
    }

    /// Removes slot `s` by moving the last slot into it; returns the motion index that moved.
    mutating func remove(_ s: Int) -> Int? {
        let last = count - 1
        let moved: Int? = s == last ? nil : index[last]
        func swapRemove<T>(_ a: inout [T]) {
            a.swapAt(s, last)
            a.removeLast()
        }
        swapRemove(&index)
        swapRemove(&decayRate)
        swapRemove(&omegaHi)
        swapRemove(&omegaLo)
        swapRemove(&omegaHead)
        swapRemove(&inverseOmega)
        swapRemove(&slowRate)
        swapRemove(&fastRate)
        swapRemove(&rateGap)
        swapRemove(&w2)
        swapRemove(&x0)
        swapRemove(&v0)
        swapRemove(&to)
        swapRemove(&begin)
        swapRemove(&constants)
        return moved
    }

    func withKernel(
        regime: Int, time: Double, values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?,
        _ body: (LaneGroupKernel) -> Void
    ) {
        index.withUnsafeBufferPointer { index in
        decayRate.withUnsafeBufferPointer { decayRate in
        omegaHi.withUnsafeBufferPointer { omegaHi in
        omegaLo.withUnsafeBufferPointer { omegaLo in
        omegaHead.withUnsafeBufferPointer { omegaHead in
        inverseOmega.withUnsafeBufferPointer { inverseOmega in
        slowRate.withUnsafeBufferPointer { slowRate in
        fastRate.withUnsafeBufferPointer { fastRate in
        rateGap.withUnsafeBufferPointer { rateGap in
        w2.withUnsafeBufferPointer { w2 in
        x0.withUnsafeBufferPointer { x0 in
        v0.withUnsafeBufferPointer { v0 in
        to.withUnsafeBufferPointer { to in
        begin.withUnsafeBufferPointer { begin in
        constants.withUnsafeBufferPointer { constants in
            body(LaneGroupKernel(
                regime: regime, time: time, index: index.baseAddress!, decayRate: decayRate.baseAddress!,
                omegaHi: omegaHi.baseAddress!, omegaLo: omegaLo.baseAddress!, omegaHead: omegaHead.baseAddress!,
                inverseOmega: inverseOmega.baseAddress!, slowRate: slowRate.baseAddress!,
                fastRate: fastRate.baseAddress!, rateGap: rateGap.baseAddress!, w2: w2.baseAddress!,
                x0: x0.baseAddress!, v0: v0.baseAddress!, to: to.baseAddress!, begin: begin.baseAddress!,
                constants: constants.baseAddress!, values: values, velocities: velocities))
        }}}}}}}}}}}}}}}
    }
}

/// One regime group's SIMD loop over a range of slots.
@usableFromInline
struct LaneGroupKernel: @unchecked Sendable {
    typealias Lanes = SIMD4<Double>
    let regime: Int
    let time: Double
    let index: UnsafePointer<Int>
    let decayRate: UnsafePointer<Double>, omegaHi: UnsafePointer<Double>, omegaLo: UnsafePointer<Double>
    let omegaHead: UnsafePointer<Double>, inverseOmega: UnsafePointer<Double>
    let slowRate: UnsafePointer<Double>, fastRate: UnsafePointer<Double>, rateGap: UnsafePointer<Double>
    let w2: UnsafePointer<Double>
    let x0: UnsafePointer<Double>, v0: UnsafePointer<Double>, to: UnsafePointer<Double>, begin: UnsafePointer<Double>
    let constants: UnsafePointer<SpringConstants>
    let values: UnsafeMutablePointer<Double>
    let velocities: UnsafeMutablePointer<Double>?

    @inline(__always)
    func load(_ p: UnsafePointer<Double>, _ s: Int, _ n: Int) -> Lanes {
        if n == 4 { return UnsafeRawPointer(p + s).loadUnaligned(as: Lanes.self) }
        var v = Lanes(repeating: p[s])
        for l in 1..<n { v[l] = p[s + l] }
        return v
    }

    func fill(_ range: Range<Int>) {
        var s = range.lowerBound
        while s < range.upperBound {
            let n = min(4, range.upperBound - s)
            step(s, n)
            s += n
        }
    }

    @inline(__always)
    func step(_ s: Int, _ n: Int) {
        let t = Lanes(repeating: time) - load(begin, s, n)
        let w = load(w2, s, n)
        var phi: LaneTransition
        switch regime {
        case 0:
            let fallback: SIMDMask<SIMD4<Int64>>
            (phi, fallback) = LaneTransition.oscillating(
                t, decayRate: load(decayRate, s, n), omegaHi: load(omegaHi, s, n), omegaHead: load(omegaHead, s, n),
                omegaLo: load(omegaLo, s, n), inverseOmega: load(inverseOmega, s, n),
                naturalFrequencySquared: w)
            if LaneOperations.any(fallback) {
                for l in 0..<n where fallback[l] { phi.set(l, constants[s + l].transition(at: t[l])) }
            }
        case 1:
            phi = LaneTransition.critical(t, decayRate: load(decayRate, s, n), naturalFrequencySquared: w)
        default:
            phi = LaneTransition.overdamped(
                t, slowRate: load(slowRate, s, n), fastRate: load(fastRate, s, n), rateGap: load(rateGap, s, n),
                naturalFrequencySquared: w)
        }
        let x = load(x0, s, n), v = load(v0, s, n)
        let value = phi.xFromX * x + phi.xFromV * v + load(to, s, n)
        for l in 0..<n { values[index[s + l]] = value[l] }
        if let velocities {
            let velocity = phi.vFromX * x + phi.vFromV * v
            for l in 0..<n { velocities[index[s + l]] = velocity[l] }
        }
    }
}
