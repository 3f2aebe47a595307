/// Changing the target mid-flight.
extension SpringMotion {
    /// A motion toward `newTarget` that continues this one from absolute time `time`.
    ///
    /// The new motion starts at `time` with this motion's value and velocity at that instant,
    /// so position and velocity are continuous across the change (only the acceleration jumps,
    /// by `−ω0²·(old target − new target)`). This is what SwiftUI, POP and Android do when an
    /// animation is interrupted (as SwiftUI, POP and Android's `SpringAnimation` do). The spring is kept; use
    /// ``retargeted(to:at:spring:)`` to change it too.
    ///
    /// - Parameters:
    ///   - newTarget: The new rest position, finite.
    ///   - time: Absolute time of the change, finite. A time before ``beginTime`` hands over
    ///     the not-yet-started state (`from`, `initialVelocity`) at that earlier time.
    /// - Throws: ``HarmonicError`` naming `to` or `time` when not finite.
    public func retargeted(to newTarget: Value, at time: Double) throws(HarmonicError) -> SpringMotion {
        try retargeted(to: newTarget, at: time, spring: spring)
    }

    /// A motion toward `newTarget` with a new spring, continuing this one from `time` with the
    /// same value and velocity (UIViewPropertyAnimator's `continueAnimation(withTimingParameters:)`).
    ///
    /// - Throws: ``HarmonicError`` naming `to` or `time` when not finite.
    public func retargeted(to newTarget: Value, at time: Double, spring newSpring: Spring) throws(HarmonicError)
        -> SpringMotion
    {
        try Self.requireFinite(newTarget, named: "to")
        try HarmonicError.require(time, named: "time")
        let now = state(at: time)
        return SpringMotion(unchecked: newSpring, now.value, newTarget, now.velocity, time)
    }
}
