/// One concrete motion of a spring: where it starts, where it is going, how fast it starts,
/// and when — evaluated in closed form at absolute times.
///
/// Engines keep one of these per animated property and ask it for the value and velocity at
/// the current frame time; when the target changes they replace it with
/// ``retargeted(to:at:)``, which continues from the current value and velocity (the behaviour
/// of SwiftUI, POP and Android's `SpringAnimation`). ``isAtRest(at:thresholds:)``
/// and ``settlingTime(epsilon:)`` say when it is done.
///
/// With `τ = time − beginTime`, the state is the spring's closed form
/// (``Spring/state(at:from:to:initialVelocity:)``) at `τ`: accurate to about 1e-15 of the
/// range. At and before `beginTime` the motion has not started: the value is exactly `from` and
/// the velocity exactly `initialVelocity` (so a retargeted motion hands over its state without
/// rounding).
public struct SpringMotion<Value: VectorArithmetic>: Sendable {
    /// The spring.
    public let spring: Spring
    /// The value at ``beginTime``.
    public let from: Value
    /// The target, where the motion comes to rest.
    public let to: Value
    /// The velocity at ``beginTime``, in value units per second (not normalised).
    public let initialVelocity: Value
    /// The absolute time at which the motion starts, in seconds (any clock; the same clock as
    /// the times passed to the evaluation methods).
    public let beginTime: Double

    /// Creates a motion.
    ///
    /// - Parameters:
    ///   - spring: The spring.
    ///   - from: The value at `beginTime`.
    ///   - to: The target.
    ///   - initialVelocity: In value units per second (default zero).
    ///   - beginTime: Seconds, finite (default 0).
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming `from`, `to`,
    ///   `initialVelocity` or `beginTime` when it is not finite (a value counts as finite when
    ///   its squared norm is).
    public init(
        spring: Spring, from: Value, to: Value, initialVelocity: Value = .zero, beginTime: Double = 0
    ) throws(HarmonicError) {
        try Self.requireFinite(from, named: "from")
        try Self.requireFinite(to, named: "to")
        try Self.requireFinite(initialVelocity, named: "initialVelocity")
        try HarmonicError.require(beginTime, named: "beginTime")
        self.init(unchecked: spring, from, to, initialVelocity, beginTime)
    }

    @usableFromInline
    init(unchecked spring: Spring, _ from: Value, _ to: Value, _ initialVelocity: Value, _ beginTime: Double) {
        self.spring = spring
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.beginTime = beginTime
    }

    /// The value and velocity at absolute time `time` (seconds).
    @inlinable
    public func state(at time: Double) -> SpringState<Value> {
        guard time > beginTime else { return SpringState(value: from, velocity: initialVelocity) }
        return spring.state(at: time - beginTime, from: from, to: to, initialVelocity: initialVelocity)
    }

    /// The value at absolute time `time` (seconds).
    @inlinable
    public func value(at time: Double) -> Value {
        guard time > beginTime else { return from }
        return spring.value(at: time - beginTime, from: from, to: to, initialVelocity: initialVelocity)
    }

    /// The velocity at absolute time `time`, in value units per second.
    @inlinable
    public func velocity(at time: Double) -> Value {
        guard time > beginTime else { return initialVelocity }
        return spring.velocity(at: time - beginTime, from: from, to: to, initialVelocity: initialVelocity)
    }

    /// The animated range `R` that rest thresholds scale with: `|to − from|` (Euclidean norm),
    /// or, for a motion that starts at its target and is driven only by its initial velocity,
    /// `|v0|/ω0` — the amplitude an undamped spring would reach from that velocity. Zero only
    /// for a motion that never moves.
    public var range: Double {
        let distance = (to - from).magnitude
        if distance > 0 { return distance }
        return initialVelocity.magnitude / spring.naturalFrequency
    }

    static func requireFinite(_ value: Value, named name: String) throws(HarmonicError) {
        guard value.magnitudeSquared.isFinite else {
            throw .invalidParameter(
                name: name, value: "\(value)", allowed: "finite (every component, and its squared norm)")
        }
    }
}

extension SpringMotion: Equatable where Value: Equatable {}
