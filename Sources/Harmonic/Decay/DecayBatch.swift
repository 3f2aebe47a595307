/// Many releases evaluated at one time: the per-frame work of a list with thousands of
/// flung items, or an engine's decay animations.
///
/// Exponential decays are stored as structure-of-arrays in blocks of four lanes and evaluated
/// with `LaneExponential` (one SIMD `exp` and one `expm1` per four motions):
///
///     value = from + restOffset·(−expm1(−k·τ)),   velocity = v0·e^(−k·τ),   τ = time − beginTime
///
/// then, lane by lane, the release state before `beginTime` and the rest state after the end
/// are selected. Motions that are in their bounce spring at `time`, and fling-spline motions,
/// are evaluated one by one with ``DecayMotion/state(at:)``. Accuracy: as
/// ``DecayMotion/state(at:)``, to a few ulps (the lane `exp` is within 2 ulps).
///
/// Indices are stable: a motion keeps the index ``append(_:)`` returned, and replacing it
/// through the subscript (a retarget) is O(1).
public struct DecayBatch: Sendable {
    /// The motions, by index.
    public private(set) var motions: [DecayMotion] = []
    /// Seven fields of four lanes per block (`field·4 + lane`): k, from, restOffset, v0,
    /// beginTime, the end of the decay phase, the rest value. Non-exponential motions occupy a
    /// lane with k = 1 and zero offsets, and are overwritten by the scalar pass.
    private var blocks: [Double] = []
    /// The motions evaluated one by one after the lanes: fling splines, and decays that hand
    /// off to a spring.
    private var scalar: Set<Int> = []

    static let fields = 7

    /// An empty batch.
    public init() {}

    /// A batch of `motions`, indexed in order.
    public init(_ motions: [DecayMotion]) {
        for motion in motions { append(motion) }
    }

    /// The number of motions.
    public var count: Int { motions.count }

    /// Adds a motion; returns its index.
    @discardableResult
    public mutating func append(_ motion: DecayMotion) -> Int {
        let index = motions.count
        motions.append(motion)
        if index % 4 == 0 { blocks += [Double](repeating: 0, count: 4 * Self.fields) }
        store(motion, at: index)
        return index
    }

    /// The motion at `index`; setting it replaces the motion in place.
    public subscript(index: Int) -> DecayMotion {
        get { motions[index] }
        set {
            motions[index] = newValue
            store(newValue, at: index)
        }
    }

    private mutating func store(_ motion: DecayMotion, at index: Int) {
        let base = (index / 4) * 4 * Self.fields + index % 4
        var k = 1.0, exponential = false
        if case let .exponential(decay) = motion.curve { (k, exponential) = (decay.decayConstant, true) }
        let fields = [
            k, motion.from, exponential ? motion.restOffset : 0, exponential ? motion.initialVelocity : 0,
            motion.beginTime, min(motion.decayDuration, motion.restTime), motion.restValue,
        ]
        for (f, value) in fields.enumerated() { blocks[base + 4 * f] = value }
        if exponential, motion.handoff == nil { scalar.remove(index) } else { scalar.insert(index) }
    }

    /// Writes every motion's value (and optionally velocity) at clock time `time`.
    ///
    /// - Returns: The number of motions evaluated: `count`, or 0 when a buffer is shorter
    ///   than `count` (nothing is written then).
    /// - Complexity: O(`count`), no allocation.
    @discardableResult
    public func evaluate(
        at time: Double, values: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>? = nil
    ) -> Int {
        guard values.count >= count, (velocities?.count ?? count) >= count else { return 0 }
        let blockCount = (count + 3) / 4
        let fullBlocks = count / 4
        blocks.withUnsafeBufferPointer { data in
            let out = values.baseAddress!, rates = velocities?.baseAddress
            for b in 0..<blockCount {
                let (value, velocity) = Self.evaluate(block: data.baseAddress! + b * 4 * Self.fields, at: time)
                if b < fullBlocks {
                    // The common case: four lanes stored without a test per lane.
                    for lane in 0..<4 { out[4 * b + lane] = value[lane] }
                    if let rates { for lane in 0..<4 { rates[4 * b + lane] = velocity[lane] } }
                } else {
                    for lane in 0..<(count - 4 * b) {
                        out[4 * b + lane] = value[lane]
                        rates?[4 * b + lane] = velocity[lane]
                    }
                }
            }
        }
        for index in scalar {
            let state = motions[index].state(at: time)
            values[index] = state.value
            velocities?[index] = state.velocity
        }
        return count
    }

    /// The values and velocities of one block of four lanes at `time`.
    @inline(__always)
    private static func evaluate(block p: UnsafePointer<Double>, at time: Double) -> (SIMD4<Double>, SIMD4<Double>) {
        typealias Lanes = SIMD4<Double>
        func field(_ f: Int) -> Lanes {
            UnsafeRawPointer(p + 4 * f).loadUnaligned(as: Lanes.self)
        }
        let k = field(0), from = field(1), rest = field(2), v0 = field(3)
        let tau = Lanes(repeating: time) - field(4)
        let exponent = -k * LaneOperations.raise(tau, to: 0)
        let value = from - rest * LaneExponential.expm1(exponent)
        let velocity = v0 * LaneExponential.exp(exponent)
        let before = tau .<= 0, after = tau .>= field(5)
        return (
            LaneOperations.select(before, from, LaneOperations.select(after, field(6), value)),
            LaneOperations.select(before, v0, LaneOperations.select(after, Lanes(), velocity))
        )
    }

    /// Writes every motion's value and velocity at `time` into arrays, replacing their contents.
    public func evaluate(at time: Double, values: inout [Double], velocities: inout [Double]) {
        values = [Double](repeating: 0, count: count)
        velocities = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBufferPointer { v in
            velocities.withUnsafeMutableBufferPointer { dv in _ = evaluate(at: time, values: v, velocities: dv) }
        }
    }
}
