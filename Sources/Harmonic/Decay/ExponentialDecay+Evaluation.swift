import HarmonicPlatform

/// The closed forms of an exponential decay released at `t = 0` with velocity `v0`.
///
/// With `k` the ``ExponentialDecay/decayConstant``:
///
///     v(t)      = v0·e^(−k·t)
///     offset(t) = (v0/k)·(1 − e^(−k·t)) = −(v0/k)·expm1(−k·t)
///     rest      = v0/k                    (the offset as t → ∞)
///
/// Times are seconds after the release, velocities value units per second, offsets value
/// units from the release position. The formulas hold for any `t`; `t = +∞` gives the rest
/// offset and zero velocity.
extension ExponentialDecay {
    /// The distance travelled by `t` seconds after a release at `initialVelocity`.
    @inlinable
    public func offset(at t: Double, initialVelocity v0: Double) -> Double {
        offset(at: t, restOffset: restOffset(initialVelocity: v0))
    }

    /// The offset by `t` of a decay that comes to rest `restOffset` from its start:
    /// `−restOffset·expm1(−k·t)`. (Motion's `inertia` states its curve by this amplitude.)
    @inlinable
    public func offset(at t: Double, restOffset: Double) -> Double {
        -restOffset * expm1(-decayConstant * t)
    }

    /// The velocity `t` seconds after a release at `initialVelocity`: `v0·e^(−k·t)`.
    @inlinable
    public func velocity(at t: Double, initialVelocity v0: Double) -> Double {
        v0 * exp(-decayConstant * t)
    }

    /// Where the motion comes to rest, relative to its start: `v0/k` — the continuous
    /// projection of a release.
    @inlinable
    public func restOffset(initialVelocity v0: Double) -> Double {
        v0 / decayConstant
    }

    /// UIKit's discrete projection of a release, from Apple's "Designing Fluid Interfaces"
    /// (WWDC 2018): the velocity per millisecond summed over the frames of a deceleration
    /// that multiplies it by `rate` each millisecond, `(v0/1000)·rate/(1 − rate)`.
    ///
    /// It differs from the continuous ``restOffset(initialVelocity:)`` (`v0/k`) by about
    /// `v0/2000`: the sum starts one millisecond late and counts whole steps. For
    /// `rate = 0.998`, `v0 = 1000` pt/s: 499 pt against 499.5.
    ///
    /// - Parameters:
    ///   - v0: The release velocity, value units per second.
    ///   - rate: UIKit's deceleration rate per millisecond, in (0, 1).
    @inlinable
    public static func projectedOffset(initialVelocity v0: Double, decelerationRate rate: Double) -> Double {
        (v0 / 1000) * rate / (1 - rate)
    }
}

/// When an exponential decay reaches a place, a speed or its rest.
extension ExponentialDecay {
    /// The time at which the offset first equals `offset`:
    /// `t = −log1p(−offset·k/v0)/k`, exact to a few ulps.
    ///
    /// - Returns: Seconds after the release; 0 for a zero offset; `nil` when the motion never
    ///   gets there (the offset lies behind the release, or at or beyond the rest offset).
    @inlinable
    public func time(atOffset offset: Double, initialVelocity v0: Double) -> Double? {
        time(atOffset: offset, restOffset: restOffset(initialVelocity: v0))
    }

    /// The time at which the offset of a decay that rests `restOffset` from its start first
    /// equals `offset`: `t = −log1p(−offset/restOffset)/k`.
    @inlinable
    public func time(atOffset offset: Double, restOffset: Double) -> Double? {
        if offset == 0 { return 0 }
        // The fraction of the way to rest must lie in (0, 1): same sign, and short of the rest.
        let fraction = offset / restOffset
        guard fraction > 0, fraction < 1 else { return nil }
        return -log1p(-fraction) / decayConstant
    }

    /// The time at which the speed falls to `speed`: `ln(|v0|/speed)/k` — Android's and
    /// Compose's end of a fling (`absVelocityThreshold`) and Flutter's `isDone`.
    ///
    /// - Parameters:
    ///   - speed: Value units per second, > 0.
    ///   - v0: The release velocity, value units per second.
    /// - Returns: Seconds after the release; 0 when `|v0| ≤ speed`.
    @inlinable
    public func time(atSpeed speed: Double, initialVelocity v0: Double) -> Double {
        let v = abs(v0)
        guard v > speed else { return 0 }
        return Self.logRatio(v, speed) / decayConstant
    }

    /// The time at which the motion is within `distance` of its rest:
    /// `ln(|v0/k|/distance)/k` — Motion's `restDelta`.
    ///
    /// - Parameters:
    ///   - distance: Value units, > 0.
    ///   - restOffset: Where the motion rests relative to its start (`v0/k`, or Motion's amplitude).
    /// - Returns: Seconds after the release; 0 when the rest offset is within `distance`.
    @inlinable
    public func time(withinDistance distance: Double, ofRestOffset restOffset: Double) -> Double {
        let a = abs(restOffset)
        guard a > distance else { return 0 }
        return Self.logRatio(a, distance) / decayConstant
    }

    /// `ln(a/b)` for `a > b > 0`, also when the quotient overflows or underflows.
    @inlinable
    static func logRatio(_ a: Double, _ b: Double) -> Double {
        let ratio = a / b
        return ratio.isNormal && ratio.isFinite ? log(ratio) : log(a) - log(b)
    }
}
