/// The two families of momentum curves: an exponential decay (UIKit, Android's
/// `FlingAnimation`, Compose's `exponentialDecay`, Flutter, Motion) and Android's fling spline
/// (`OverScroller`, Compose's `splineBasedDecay`).
///
/// Both are functions of the time since the release and the release velocity `v0`; offsets
/// are relative to the release position, velocities in value units per second.
public enum DecayCurve: Hashable, Sendable {
    case exponential(ExponentialDecay)
    case spline(SplineDecay)

    /// The offset `t` seconds after the release.
    @inlinable
    public func offset(at t: Double, initialVelocity v0: Double) -> Double {
        switch self {
        case let .exponential(decay): return decay.offset(at: t, initialVelocity: v0)
        case let .spline(decay): return decay.offset(at: t, initialVelocity: v0)
        }
    }

    /// The velocity `t` seconds after the release.
    @inlinable
    public func velocity(at t: Double, initialVelocity v0: Double) -> Double {
        switch self {
        case let .exponential(decay): return decay.velocity(at: t, initialVelocity: v0)
        case let .spline(decay): return decay.velocity(at: t, initialVelocity: v0)
        }
    }

    /// Where the curve would end if nothing stopped it: `v0/k` for an exponential decay, the
    /// fling's distance for the spline.
    @inlinable
    public func restOffset(initialVelocity v0: Double) -> Double {
        switch self {
        case let .exponential(decay): return decay.restOffset(initialVelocity: v0)
        case let .spline(decay): return decay.distance(initialVelocity: v0)
        }
    }

    /// The first time the offset equals `offset`, or `nil` if it never does.
    @inlinable
    public func time(atOffset offset: Double, initialVelocity v0: Double) -> Double? {
        switch self {
        case let .exponential(decay): return decay.time(atOffset: offset, initialVelocity: v0)
        case let .spline(decay): return decay.time(atOffset: offset, initialVelocity: v0)
        }
    }
}
