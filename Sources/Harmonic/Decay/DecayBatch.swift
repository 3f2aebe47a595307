/// Many releases evaluated at one time: the per-frame work of a list with thousands of
/// flung items, or an engine's decay animations.
///
/// Exponential decays are stored as structure-of-arrays in blocks of four lanes and evaluated
/// with ``LaneExponential`` (one SIMD `exp` and one `expm1` per four motions):
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
        typealias Lanes = SIMD4<Double>
        let blockCount = (count + 3) / 4
        blocks.withUnsafeBufferPointer { data in
            for b in 0..<blockCount {
                let p = data.baseAddress! + b * 4 * Self.fields
                func field(_ f: Int) -> Lanes { Lanes(p[4 * f], p[4 * f + 1], p[4 * f + 2], p[4 * f + 3]) }
                let k = field(0), from = field(1), rest = field(2), v0 = field(3)
                let tau = Lanes(repeating: time) - field(4)
                let exponent = -k * LaneOperations.raise(tau, to: 0)
                var value = from - rest * LaneExponential.expm1(exponent)
                var velocity = v0 * LaneExponential.exp(exponent)
                let before = tau .<= 0, after = tau .>= field(5)
                value = LaneOperations.select(before, from, LaneOperations.select(after, field(6), value))
                velocity = LaneOperations.select(before, v0, LaneOperations.select(after, Lanes(), velocity))
                for lane in 0..<min(4, count - 4 * b) {
                    values[4 * b + lane] = value[lane]
                    velocities?[4 * b + lane] = velocity[lane]
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

    /// Writes every motion's value and velocity at `time` into arrays, replacing their contents.
    public func evaluate(at time: Double, values: inout [Double], velocities: inout [Double]) {
        values = [Double](repeating: 0, count: count)
        velocities = [Double](repeating: 0, count: count)
        values.withUnsafeMutableBufferPointer { v in
            velocities.withUnsafeMutableBufferPointer { dv in _ = evaluate(at: time, values: v, velocities: dv) }
        }
    }
}
