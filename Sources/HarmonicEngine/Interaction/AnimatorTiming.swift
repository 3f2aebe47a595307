import Harmonic

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
