/// When a decay stops, and where.
///
/// An exponential decay never stops by itself; every ecosystem ends it by a threshold:
///
/// - ``speed(_:)``: when the speed falls to the threshold, holding the value reached then —
///   Android's `FlingAnimation` (a velocity threshold of 62.5 × the minimum visible change),
///   Compose's `exponentialDecay(absVelocityThreshold = 0.1)`, Flutter's `FrictionSimulation`
///   (tolerance velocity 0.001).
/// - ``distance(_:)``: when the value is within the threshold of the rest value, jumping onto
///   the rest value — Motion's `inertia` (`restDelta`, 0.5).
///
/// Android's fling spline (``SplineDecay``) ends at its own duration and ignores the rule,
/// except that a bounce spring after a boundary settles within a ``distance(_:)`` threshold.
public enum DecayRest: Hashable, Sendable {
    /// At rest when `|velocity|` falls to this many value units per second (> 0).
    case speed(Double)
    /// At rest when within this many value units of the rest value (> 0), which it then takes.
    case distance(Double)

    /// Harmonic's rest rule for UIKit's deceleration, which has none of its own: speed 1 point
    /// per second (at the normal rate the content is then half a point from where it stops).
    public static let uiKitDefault = DecayRest.speed(1)
    /// Compose's `exponentialDecay` default: speed 0.1 units per second.
    public static let composeDefault = DecayRest.speed(0.1)
    /// Flutter's default tolerance: speed 0.001 units per second.
    public static let flutterDefault = DecayRest.speed(0.001)
    /// Motion's `inertia` default: within 0.5 units.
    public static let motionDefault = DecayRest.distance(0.5)

    /// The threshold of Android's `FlingAnimation` for a minimum visible change (1 pixel for
    /// pixel properties, 1/256 for alpha): `speed(62.5 × change)`, the change per 16 ms frame.
    public static func android(minimumVisibleChange change: Double) throws(HarmonicError) -> DecayRest {
        try HarmonicError.require(change, named: "minimumVisibleChange", "> 0") { $0 > 0 && ($0 * 62.5).isFinite }
        return .speed(change * 62.5)
    }

    /// The threshold as a speed for an exponential decay of constant `k` (per second): a
    /// ``speed(_:)`` as it is, a ``distance(_:)`` `d` as `d·k`.
    ///
    /// An exponential decay's speed is `k` times the distance it still has to go
    /// (`v(t) = k·(rest − x(t))`), so "speed below `d·k`" and "within `d` of rest" hold from the
    /// same instant: the two rules stop the release at the same time (the value then differs
    /// by `d`: a speed rule holds where it is, a distance rule jumps onto the rest value).
    public func speedThreshold(decayConstant k: Double) -> Double {
        switch self {
        case let .speed(s): return s
        case let .distance(d): return d * k
        }
    }

    /// The threshold as a distance for an exponential decay of constant `k`: a ``distance(_:)``
    /// as it is, a ``speed(_:)`` `s` as `s/k` (``speedThreshold(decayConstant:)``'s inverse).
    public func distanceThreshold(decayConstant k: Double) -> Double {
        switch self {
        case let .speed(s): return s / k
        case let .distance(d): return d
        }
    }

    /// Checks the threshold.
    func validated() throws(HarmonicError) -> DecayRest {
        switch self {
        case let .speed(v): try HarmonicError.require(v, named: "restSpeed", "> 0") { $0 > 0 }
        case let .distance(d): try HarmonicError.require(d, named: "restDelta", "> 0") { $0 > 0 }
        }
        return self
    }
}
