import HarmonicPlatform

/// Momentum that dies away exponentially: the velocity of a released gesture decays as
/// `v(t) = v0·e^(−k·t)` and the position approaches a rest value `x0 + v0/k`.
///
/// `k` (the ``decayConstant``, per second) is the one parameter of the family. Four
/// ecosystems spell it differently; each has an initialiser and a property that reads it back,
/// so a curve converts between them exactly (up to one rounding):
///
/// | ecosystem | parameter | `k` (1/s) | source |
/// |---|---|---|---|
/// | UIKit | `decelerationRate` r per ms (`.normal` 0.998, `.fast` 0.99) | `−1000·ln r` | `UIScrollView` |
/// | Android, Compose | `frictionMultiplier` f (default 1) | `4.2·f` | `FlingAnimation`, `exponentialDecay` |
/// | Flutter | `drag` d (the velocity kept per second) | `−ln d` | `FrictionSimulation` |
/// | Motion | `timeConstant` τ in milliseconds (default 325) | `1000/τ` | `inertia` |
///
/// All four are the same curve; Android's fling spline (``SplineDecay``) is not, and does not
/// convert. Motion's `inertia` also scales the release velocity (`DecayMotion.inertia(from:velocity:…)`).
///
/// The closed forms (``offset(at:initialVelocity:)`` and the times in
/// `ExponentialDecay+Times.swift`) are accurate to a few ulps: the offset is computed with
/// `expm1`, so it stays exact relative to itself for small `k·t`.
public struct ExponentialDecay: Hashable, Sendable {
    /// `k`, the rate at which the velocity decays, per second: finite and > 0. The velocity
    /// falls by the factor `e` every `1/k` seconds.
    public let decayConstant: Double

    /// Creates the decay with constant `k` (per second).
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming
    ///   `decayConstant` when it is not finite and > 0.
    public init(decayConstant: Double) throws(HarmonicError) {
        try HarmonicError.require(decayConstant, named: "decayConstant", "> 0") { $0 > 0 }
        self.init(unchecked: decayConstant)
    }

    @usableFromInline
    init(unchecked decayConstant: Double) {
        self.decayConstant = decayConstant
    }

    // MARK: UIKit

    /// UIScrollView's deceleration: the velocity is multiplied by `rate` every millisecond,
    /// `v(t) = v0·rate^(1000·t)`, so `k = −1000·ln(rate)`.
    ///
    /// - Parameter rate: In (0, 1): UIKit's `.normal` is 0.998 and `.fast` 0.99.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming
    ///   `decelerationRate` outside (0, 1).
    public init(decelerationRate rate: Double) throws(HarmonicError) {
        try HarmonicError.require(rate, named: "decelerationRate", "in (0, 1)") { $0 > 0 && $0 < 1 }
        // ln r = log1p(r − 1), and r − 1 is exact for r ∈ [0.5, 1): the better-conditioned form.
        let logRate = rate >= 0.5 ? log1p(rate - 1) : log(rate)
        self.init(unchecked: -1000 * logRate)
    }

    /// UIKit's `UIScrollView.DecelerationRate.normal`, 0.998 per millisecond.
    public static let normalDecelerationRate = 0.998
    /// UIKit's `UIScrollView.DecelerationRate.fast`, 0.99 per millisecond.
    public static let fastDecelerationRate = 0.99

    /// UIScrollView's normal deceleration (`k ≈ 2.002` per second).
    public static let normal = ExponentialDecay(unchecked: -1000 * log1p(normalDecelerationRate - 1))
    /// UIScrollView's fast deceleration (`k ≈ 10.05` per second).
    public static let fast = ExponentialDecay(unchecked: -1000 * log1p(fastDecelerationRate - 1))

    /// The UIKit deceleration rate per millisecond, `e^(−k/1000)`.
    public var decelerationRate: Double { exp(-decayConstant / 1000) }

    // MARK: Android and Compose

    /// The constant that Android's `DragForce` and Compose's `exponentialDecay` multiply the
    /// friction by: `k = 4.2·frictionMultiplier`.
    public static let androidFrictionScale = 4.2

    /// Android's `FlingAnimation.setFriction` and Compose's
    /// `exponentialDecay(frictionMultiplier:)`: `k = 4.2·f`.
    ///
    /// - Parameter frictionMultiplier: Finite and > 0 (Android's default is 1).
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming
    ///   `frictionMultiplier` when it is not finite and > 0.
    public init(frictionMultiplier: Double) throws(HarmonicError) {
        try HarmonicError.require(frictionMultiplier, named: "frictionMultiplier", "> 0") {
            $0 > 0 && (Self.androidFrictionScale * $0).isFinite
        }
        self.init(unchecked: Self.androidFrictionScale * frictionMultiplier)
    }

    /// The Android friction multiplier, `k/4.2`.
    public var frictionMultiplier: Double { decayConstant / Self.androidFrictionScale }

    // MARK: Flutter

    /// Flutter's `FrictionSimulation(drag, …)`: the velocity keeps the fraction `drag` of
    /// itself every second, `v(t) = v0·drag^t`, so `k = −ln(drag)`.
    ///
    /// - Parameter drag: In (0, 1).
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming `drag`
    ///   outside (0, 1).
    public init(drag: Double) throws(HarmonicError) {
        try HarmonicError.require(drag, named: "drag", "in (0, 1)") { $0 > 0 && $0 < 1 }
        self.init(unchecked: -(drag >= 0.5 ? log1p(drag - 1) : log(drag)))
    }

    /// The Flutter drag, `e^(−k)`.
    public var drag: Double { exp(-decayConstant) }

    // MARK: Motion

    /// Motion's default `timeConstant`, 325 ms.
    public static let motionDefaultTimeConstant = 325.0

    /// Motion's `inertia` time constant: the distance still to go falls by `e` every
    /// `timeConstant` milliseconds, so `k = 1000/timeConstant`.
    ///
    /// - Parameter timeConstant: Milliseconds, as Motion takes it; finite and > 0.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming
    ///   `timeConstant` when it is not finite and > 0.
    public init(timeConstant: Double) throws(HarmonicError) {
        try HarmonicError.require(timeConstant, named: "timeConstant", "> 0 (milliseconds)") {
            $0 > 0 && (1000 / $0).isFinite
        }
        self.init(unchecked: 1000 / timeConstant)
    }

    /// Motion's time constant in milliseconds, `1000/k`.
    public var timeConstant: Double { 1000 / decayConstant }
}

extension ExponentialDecay: CustomStringConvertible {
    public var description: String { "ExponentialDecay(decayConstant: \(decayConstant))" }
}
