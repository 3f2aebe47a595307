/// Closed-form evaluation of a spring's motion.
///
/// For a start value `from`, a target `to` and an initial velocity `v0` (value units per
/// second), the displacement `x = value − to` starts at `x0 = from − to` and evolves as
///
/// - underdamped: `x(t) = e^(−λt)·(x0·cos ωd·t + (v0 + λ·x0)·sin(ωd·t)/ωd)`
/// - critical:    `x(t) = e^(−λt)·(x0 + (v0 + λ·x0)·t)`
/// - overdamped:  `x(t) = e^(r_slow·t)·(x0 + (v0 − r_slow·x0)·(1 − e^(−Δt))/Δ)`
///
/// (the damped harmonic oscillator's textbook solutions; the overdamped line is the two-exponential solution rewritten
/// so it
/// neither overflows nor cancels). All three are evaluated through the state-transition
/// matrix ``SpringTransition``: one `exp` (and one `sin`/`cos` pair when oscillating) per
/// time, shared by value and velocity.
///
/// Accuracy (measured against 50-digit references, see <doc:Springs>): the unit curve
/// is within about 1e-15 absolute for all damping ratios, frequencies 0.1–1000 rad/s and
/// times up to 1e6 s; phase is carried in double-double, so even undamped springs keep it.
///
/// Edge behaviour: for `t ≤ 0` the motion has not started (value `from`, velocity `v0`);
/// every finite `t` gives a finite result.
extension Spring {
    /// The state-transition matrix `Φ(t)`; see ``SpringTransition``.
    ///
    /// - Parameter t: Elapsed time in seconds. `t ≤ 0` gives the identity.
    @inlinable
    public func transition(over t: Double) -> SpringTransition {
        constants.transition(at: t)
    }

    /// The value and velocity at time `t` of a motion from `from` toward `to`.
    ///
    /// - Parameters:
    ///   - t: Seconds since the motion started.
    ///   - from: The value at `t = 0`.
    ///   - to: The target (the rest position).
    ///   - initialVelocity: The velocity at `t = 0`, in value units per second.
    @inlinable
    public func state<Value: VectorArithmetic>(
        at t: Double, from: Value, to: Value, initialVelocity: Value = .zero
    ) -> SpringState<Value> {
        transition(over: t).state(from: from, to: to, initialVelocity: initialVelocity)
    }

    /// The value at time `t` (seconds) of a motion from `from` toward `to` that starts with
    /// `initialVelocity` (value units per second).
    @inlinable
    public func value<Value: VectorArithmetic>(
        at t: Double, from: Value, to: Value, initialVelocity: Value = .zero
    ) -> Value {
        transition(over: t).value(from: from, to: to, initialVelocity: initialVelocity)
    }

    /// The velocity (value units per second) at time `t` of the same motion.
    @inlinable
    public func velocity<Value: VectorArithmetic>(
        at t: Double, from: Value, to: Value, initialVelocity: Value = .zero
    ) -> Value {
        let phi = transition(over: t)
        return Value.combine(phi.vFromX, from - to, phi.vFromV, initialVelocity)
    }

    /// The acceleration (value units per second²) at time `t`: `−(k·x + c·v)/m`.
    ///
    /// For `t ≤ 0` this is the acceleration at the start, `−(k·x0 + c·v0)/m`.
    @inlinable
    public func acceleration<Value: VectorArithmetic>(
        at t: Double, from: Value, to: Value, initialVelocity: Value = .zero
    ) -> Value {
        let s = state(at: t, from: from, to: to, initialVelocity: initialVelocity)
        return Value.combine(
            -constants.naturalFrequencySquared, s.value - to, -2 * constants.decayRate, s.velocity)
    }

    // MARK: CASpringAnimation's unit curve

    /// The progress of a `CASpringAnimation` at time `t`: the motion from 0 to 1, with
    /// `initialVelocity` in progress units per second (Core Animation's normalised velocity:
    /// positive is toward the target). The animated value is `from + (to − from)·progress`.
    ///
    /// - Returns: Progress; starts at 0, tends to 1, overshoots when underdamped.
    @inlinable
    public func progress(at t: Double, initialVelocity: Double = 0) -> Double {
        transition(over: t).progress(initialVelocity: initialVelocity)
    }

    /// The rate of change of ``progress(at:initialVelocity:)``, in progress units per second.
    @inlinable
    public func progressVelocity(at t: Double, initialVelocity: Double = 0) -> Double {
        transition(over: t).progressVelocity(initialVelocity: initialVelocity)
    }
}
