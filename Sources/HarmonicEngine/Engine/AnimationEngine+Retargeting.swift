import Harmonic

/// Changing a running spring's target, or catching a decay with a spring, without a kink.
extension AnimationEngine {
    /// Replaces the spring (or decay) animation under `key` with a spring toward `newValue`
    /// that starts from the key path's presentation value *and velocity* now
    /// (the Springs article of Harmonic's documentation, "Retargeting"; what SwiftUI, POP and
    /// Android do when an animation is interrupted).
    ///
    /// The new animation is a ``SpringAnimation`` with `initialValueVelocity` set to the
    /// current velocity (value units per second, any direction), the same spring unless one is
    /// given (for a decay, its bounce spring), and a duration that lasts until the new motion
    /// has settled within 0.001 of its range (exactly, by root finding). Position and velocity
    /// are continuous; only the acceleration jumps. Continuity is exact when the animation is
    /// the only non-additive animation on its key path, or the topmost one.
    ///
    /// - Throws: ``/Harmonic/HarmonicError`` when there is no spring or decay animation under `key`, it
    ///   is additive or animates a whole transform, or `newValue` has the wrong size.
    public func retargetSpring(
        forKey key: String, on layer: LayerID, to newValue: AnimatableVector, spring: Spring? = nil
    )
        throws(HarmonicError)
    {
        defer { runDueCompletions() }
        let s = try store(layer)
        var replacement: SpringAnimation
        var fillMode = FillMode.removed
        // The latest add under the key, even one still waiting for its commit.
        switch try animation(forKey: key, on: layer) {
        case let .spring(old)?:
            replacement = old
            fillMode = old.timing?.fillMode ?? .removed
        case let .decay(old)?:
            replacement = SpringAnimation(
                keyPath: old.keyPath, spring: old.bounce, isAdditive: old.isAdditive,
                isRemovedOnCompletion: old.isRemovedOnCompletion)
            fillMode = old.timing?.fillMode ?? .removed
        default:
            throw .invalidParameter(
                name: "key", value: "\"\(key)\"", allowed: "the key of a spring or decay animation on layer \(s.name)")
        }
        guard !replacement.isAdditive else {
            throw .invalidParameter(
                name: "key", value: "\"\(key)\"", allowed: "a non-additive spring or decay animation")
        }
        let path = try resolve(replacement.keyPath, in: s)
        guard !path.isWholeTransform, path.pathStructure == nil else {
            throw .invalidParameter(
                name: "keyPath", value: "\"\(replacement.keyPath)\"",
                allowed: "not a whole transform or a path (retarget a transform piece or a number instead)")
        }
        let target = try Self.finite(newValue, named: "toValue")
        try Self.requireDimension(target, path.dimension, named: "toValue")
        let value = try presentationValue(forKeyPath: replacement.keyPath, of: layer)
        let velocity = try presentationVelocity(forKeyPath: replacement.keyPath, of: layer)
        let newSpring = spring ?? replacement.spring
        let settle = Self.settleDuration(
            spring: newSpring, from: value, to: AnimatableVector(target), velocity: velocity)
        replacement.fromValue = value
        replacement.toValue = AnimatableVector(target)
        replacement.byValue = nil
        replacement.spring = newSpring
        replacement.initialVelocity = 0
        replacement.initialValueVelocity = velocity
        replacement.timingFunction = nil
        replacement.isCumulative = false
        replacement.timing = try MediaTiming(
            duration: settle.isFinite && settle > 0
                ? settle : (replacement.timing?.duration ?? MediaTiming.defaultDuration),
            fillMode: fillMode)
        try add(replacement, forKey: key, to: layer)
    }
}
