/// Motion's (framer-motion's) `inertia` animation.
extension DecayMotion {
    /// Motion's default `power`, 0.8.
    public static let motionDefaultPower = 0.8

    /// The release Motion's `inertia` animates: a target `from + power·velocity` (optionally
    /// moved by `modifyTarget`, the distance then following it), approached as
    /// `target − amplitude·e^(−t/τ)`, done within `restDelta` of the target, and with
    /// `min`/`max` a spring (`bounceStiffness`, `bounceDamping`, mass 1) from the wall.
    ///
    /// Motion scales the velocity by `power` into a distance, so the curve's own initial
    /// velocity is `power·velocity·1000/timeConstant` (2.46 × `velocity` by default), not
    /// `velocity`. Motion detects a wall on the first frame past it and estimates the velocity
    /// there from two frames; Harmonic hands off at the exact crossing with the exact velocity.
    /// Motion's bounce spring also waits for its speed to fall below `restSpeed`; Harmonic's
    /// settles at the exact last exit from the `restDelta` band.
    ///
    /// - Parameters:
    ///   - from: The value at the release, finite.
    ///   - velocity: The gesture's velocity, value units per second, finite.
    ///   - power: The distance per unit of velocity, finite (default 0.8).
    ///   - timeConstant: Milliseconds, > 0 (default 325).
    ///   - restDelta: Value units, > 0 (default 0.5).
    ///   - modifyTarget: Moves the ideal target (snapping to a grid, for example).
    ///   - min: The lower wall, or `nil`.
    ///   - max: The upper wall, or `nil`.
    ///   - bounceStiffness: The wall spring's stiffness (default 500).
    ///   - bounceDamping: The wall spring's damping (default 10).
    ///   - beginTime: The absolute time of the release (default 0).
    /// - Throws: ``HarmonicError`` naming the parameter that is out of range, or `modifyTarget`
    ///   when it returns a value that is not finite.
    public static func inertia(
        from: Double, velocity: Double, power: Double = motionDefaultPower,
        timeConstant: Double = ExponentialDecay.motionDefaultTimeConstant, restDelta: Double = 0.5,
        modifyTarget: ((Double) -> Double)? = nil, min: Double? = nil, max: Double? = nil,
        bounceStiffness: Double = DecayBounds.motionBounce.stiffness,
        bounceDamping: Double = DecayBounds.motionBounce.damping, beginTime: Double = 0
    ) throws(HarmonicError) -> DecayMotion {
        try HarmonicError.require(from, named: "from")
        try HarmonicError.require(velocity, named: "velocity")
        try HarmonicError.require(power, named: "power")
        let decay = try ExponentialDecay(timeConstant: timeConstant)
        let release = inertiaRelease(velocity: velocity, power: power, decay: decay)
        let ideal = from + release.amplitude
        let target = modifyTarget?(ideal) ?? ideal
        guard target.isFinite else {
            throw .invalidParameter(name: "modifyTarget", value: "\(target)", allowed: "a finite target")
        }
        let amplitude = target == ideal ? release.amplitude : target - from
        var bounds: DecayBounds? = nil
        if min != nil || max != nil {
            let bounce = try DecayBounds.motionBounce(stiffness: bounceStiffness, damping: bounceDamping)
            bounds = try DecayBounds(lower: min, upper: max, bounce: bounce)
        }
        return try DecayMotion(
            curve: .exponential(decay), from: from, initialVelocity: amplitude * decay.decayConstant,
            restOffset: amplitude, rest: .distance(restDelta), bounds: bounds, beginTime: beginTime)
    }
}

extension DecayMotion {
    /// Motion's `inertia` release of one component: the amplitude `power·velocity` (the
    /// distance to the ideal target, computed exactly as Motion computes it) and the curve's
    /// initial velocity `amplitude·k` (`k = 1000/timeConstant`, per second).
    ///
    /// Motion's `inertia` factory above and the spec format's `decay` of form `motion` both
    /// release through it.
    package static func inertiaRelease(
        velocity: Double, power: Double, decay: ExponentialDecay
    ) -> (amplitude: Double, initialVelocity: Double) {
        let amplitude = power * velocity
        return (amplitude, amplitude * decay.decayConstant)
    }
}
