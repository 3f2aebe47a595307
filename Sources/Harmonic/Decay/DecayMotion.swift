/// One release: a decay from a position and a velocity, its rest rule, and optionally walls
/// with a spring that takes over at a wall — evaluated in closed form at absolute times.
///
/// With `τ = time − beginTime`:
///
/// - `τ ≤ 0`: the release state, `from` and `initialVelocity`;
/// - until the decay ends (``decayDuration``): `from + curve.offset(τ)`, velocity
///   `curve.velocity(τ)`;
/// - with ``bounds``, when the value leaves them: the ``handoff`` spring, which starts on the
///   wall at the exact crossing time with the decay's velocity there, until it settles;
/// - from ``restTime`` on: ``restValue`` with zero velocity.
///
/// The decay ends by its ``rest`` rule (``DecayRest``): at the speed threshold it holds its
/// value; within the distance threshold it takes the rest value (Motion's jump). The fling
/// spline ends at its own duration.
public struct DecayMotion: Equatable, Sendable {
    /// The curve family.
    public let curve: DecayCurve
    /// The value at the release.
    public let from: Double
    /// The velocity at the release, value units per second.
    public let initialVelocity: Double
    /// How far from ``from`` the curve would come to rest if nothing stopped it: `v0/k` for
    /// an exponential decay (Motion's `amplitude`), the fling distance for the spline.
    public let restOffset: Double
    /// When the decay counts as stopped.
    public let rest: DecayRest
    /// The walls, if any.
    public let bounds: DecayBounds?
    /// The absolute time of the release, seconds.
    public let beginTime: Double

    /// Seconds after the release at which the decay ends: by its rest rule, or at the
    /// crossing of a wall when it hands off.
    public let decayDuration: Double
    /// The spring after a wall crossing, with its absolute begin time; `nil` without one.
    public let handoff: SpringMotion<Double>?
    /// Seconds after the release at which the whole motion is at rest.
    public let restTime: Double
    /// The value at rest.
    public let restValue: Double

    /// Creates a release.
    ///
    /// - Parameters:
    ///   - curve: The decay.
    ///   - from: The release position, finite.
    ///   - initialVelocity: The release velocity, value units per second, finite.
    ///   - rest: The rest rule (default: a speed of 0.1 units per second, Compose's).
    ///   - bounds: Walls and their spring, or `nil`.
    ///   - beginTime: The absolute time of the release, finite (default 0).
    /// - Throws: ``HarmonicError`` naming `from`, `initialVelocity`, `beginTime`, `restSpeed`
    ///   or `restDelta` when it is not finite (or a threshold not > 0), and `initialVelocity`
    ///   when the rest position `from + v0/k` is beyond the double range.
    public init(
        curve: DecayCurve, from: Double, initialVelocity: Double, rest: DecayRest = .composeDefault,
        bounds: DecayBounds? = nil, beginTime: Double = 0
    ) throws(HarmonicError) {
        try HarmonicError.require(initialVelocity, named: "initialVelocity")
        try self.init(
            curve: curve, from: from, initialVelocity: initialVelocity,
            restOffset: curve.restOffset(initialVelocity: initialVelocity), rest: rest, bounds: bounds,
            beginTime: beginTime)
    }

    /// The designated initialiser: `restOffset` is given, so that Motion's `inertia` can state
    /// its target exactly (`amplitude = target − from`) rather than through `v0/k`. For an
    /// exponential decay `initialVelocity` must be `restOffset·k`.
    package init(
        curve: DecayCurve, from: Double, initialVelocity v0: Double, restOffset: Double, rest: DecayRest,
        bounds: DecayBounds?, beginTime: Double
    ) throws(HarmonicError) {
        try HarmonicError.require(from, named: "from")
        try HarmonicError.require(v0, named: "initialVelocity")
        try HarmonicError.require(beginTime, named: "beginTime")
        guard restOffset.isFinite, (from + restOffset).isFinite else {
            throw .invalidParameter(
                name: "initialVelocity", value: "\(v0)",
                allowed: "small enough that the rest position from + \(restOffset) is finite")
        }
        self.curve = curve
        self.from = from
        self.initialVelocity = v0
        self.restOffset = restOffset
        self.rest = try rest.validated()
        self.bounds = bounds
        self.beginTime = beginTime

        // The free decay: when it ends and where.
        let freeEnd: Double, freeValue: Double
        switch (curve, rest) {
        case let (.exponential(decay), .speed(speed)):
            freeEnd = decay.time(atSpeed: speed, initialVelocity: v0)
            freeValue = from + decay.offset(at: freeEnd, restOffset: restOffset)
        case let (.exponential(decay), .distance(distance)):
            freeEnd = decay.time(withinDistance: distance, ofRestOffset: restOffset)
            freeValue = from + restOffset
        case let (.spline(decay), _):
            freeEnd = decay.duration(initialVelocity: v0)
            freeValue = from + restOffset
        }

        // A wall: the decay's path runs monotonically from `from` toward `freeValue`.
        var handoff: SpringMotion<Double>? = nil
        var decayEnd = freeEnd
        if let bounds,
            let crossing = Self.crossing(
                of: bounds, curve: curve, from: from, v0: v0, restOffset: restOffset, end: freeEnd, endValue: freeValue)
        {
            decayEnd = crossing.time
            handoff = SpringMotion(
                unchecked: bounds.bounce, crossing.value, crossing.wall, crossing.velocity, beginTime + crossing.time)
        }
        self.decayDuration = decayEnd
        self.handoff = handoff
        if let handoff {
            let settle: Double
            switch rest {
            case let .distance(distance): settle = handoff.settlingTime(epsilon: distance)
            case .speed: settle = handoff.settlingTime(thresholds: .default)
            }
            restTime = decayEnd + settle
            restValue = handoff.to
        } else {
            restTime = freeEnd
            restValue = freeValue
        }
    }

    /// Where, when and how fast the decay leaves `bounds`, and toward which wall; `nil` if it
    /// stays inside.
    static func crossing(
        of bounds: DecayBounds, curve: DecayCurve, from: Double, v0: Double, restOffset: Double, end: Double,
        endValue: Double
    ) -> (time: Double, value: Double, velocity: Double, wall: Double)? {
        if bounds.excludes(from), let wall = bounds.nearestWall(to: from) {
            return (0, from, v0, wall)
        }
        // From inside, the path leaves through the wall on its side of `from`.
        guard bounds.excludes(endValue), let wall = endValue > from ? bounds.upper : bounds.lower else { return nil }
        // The exact crossing of the continuous curve, when it comes before the decay ends;
        // otherwise the decay jumped out at its end (Motion's jump onto its target).
        if let t = time(atOffset: wall - from, curve: curve, v0: v0, restOffset: restOffset), t <= end {
            return (t, wall, curve.velocity(at: t, initialVelocity: v0), wall)
        }
        return (end, endValue, curve.velocity(at: end, initialVelocity: v0), wall)
    }

    /// When the curve's offset first equals `offset`; for an exponential decay through the
    /// rest offset, so that Motion's amplitude is used as given.
    static func time(atOffset offset: Double, curve: DecayCurve, v0: Double, restOffset: Double) -> Double? {
        if case let .exponential(decay) = curve { return decay.time(atOffset: offset, restOffset: restOffset) }
        return curve.time(atOffset: offset, initialVelocity: v0)
    }

    /// The curve's offset at `τ`, through ``restOffset`` for an exponential decay.
    @inlinable
    func offset(at tau: Double) -> Double {
        switch curve {
        case let .exponential(decay): return decay.offset(at: tau, restOffset: restOffset)
        case let .spline(decay): return decay.offset(at: tau, initialVelocity: initialVelocity)
        }
    }

    /// The value and velocity at absolute time `time`.
    public func state(at time: Double) -> SpringState<Double> {
        let tau = time - beginTime
        guard tau > 0 else { return SpringState(value: from, velocity: initialVelocity) }
        guard tau < restTime else { return SpringState(value: restValue, velocity: 0) }
        if let handoff, tau >= decayDuration { return handoff.state(at: time) }
        return SpringState(
            value: from + offset(at: tau), velocity: curve.velocity(at: tau, initialVelocity: initialVelocity))
    }

    /// The value at absolute time `time`.
    public func value(at time: Double) -> Double { state(at: time).value }

    /// The velocity at absolute time `time`, value units per second.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// The absolute time at which the decay first reaches `value`, before it ends or hands
    /// off; `nil` if it does not.
    public func time(reaching value: Double) -> Double? {
        guard let tau = Self.time(atOffset: value - from, curve: curve, v0: initialVelocity, restOffset: restOffset),
            tau <= decayDuration
        else { return nil }
        return beginTime + tau
    }

    /// Whether the motion hands off to a spring at a wall.
    public var bounces: Bool { handoff != nil }
}
