import Harmonic

/// A handle to an interactive animator of an ``AnimationEngine``.
public struct AnimatorID: Hashable, Sendable {
    /// The animator's position in creation order.
    public let index: Int
    init(_ index: Int) { self.index = index }
}

/// Where an animator ends (`UIViewAnimatingPosition`).
public enum AnimatorPosition: String, Hashable, Sendable {
    /// The values it animated from.
    case start
    /// The values it animated to.
    case end
    /// Where the values were when it was finished.
    case current
}

/// An animator's life cycle (`UIViewAnimatingState`).
public enum AnimatingState: String, Hashable, Sendable {
    /// Not started, or finished: its changes are not being animated.
    case inactive
    /// Started or paused: its changes are animated (``AnimationEngine/isRunning(_:)`` tells which).
    case active
    /// Stopped without finishing; waits for ``AnimationEngine/finishAnimation(_:at:)``.
    case stopped
}

/// How an interactive animator's progress moves from its current value to its target
/// (`UITimingCurveProvider`).
public enum AnimatorTiming: Sendable {
    /// A timing function over the animator's duration (`UICubicTimingParameters`). Resuming
    /// part-way runs the curve over the remaining part (`p0 + (target − p0)·f(τ/remaining)`).
    case curve(any TimingFunction)
    /// A spring on progress (`UISpringTimingParameters`): from the current progress to the
    /// target, starting with the current progress velocity when the animator is running, or
    /// with `initialVelocity` (progress units per second toward the target, scaled by the
    /// remaining distance, as UIKit's normalised velocity) when it starts from rest. It ends
    /// when it has settled within 0.001 of the target; the animator's duration is not used.
    case spring(Spring, initialVelocity: Double)
}
