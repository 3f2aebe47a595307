import Harmonic

/// Changing a running spring's target without a kink.
extension AnimationEngine {
    /// Replaces the spring animation under `key` with one toward `newValue` that starts from
    /// the key path's presentation value *and velocity* now (`Guides/Springs.md`, "Retargeting"; what
    /// SwiftUI, POP and Android do when an animation is interrupted).
    ///
    /// The new animation is a ``SpringAnimation`` with `initialValueVelocity` set to the
    /// current velocity (value units per second, any direction), the same spring unless one is
    /// given, and a duration that lasts until the new motion has settled within 0.001 of its
    /// range (exactly, by root finding). Position and velocity are continuous; only the
    /// acceleration jumps. Continuity is exact when the spring is the only non-additive
    /// animation on its key path, or the topmost one.
    ///
    /// - Throws: ``HarmonicError`` when there is no spring animation under `key`, it is
    ///   additive or animates a whole transform, or `newValue` has the wrong size.
    public func retargetSpring(forKey key: String, on layer: LayerID, to newValue: AnimatableVector, spring: Spring? = nil)
        throws(HarmonicError)
    {
        defer { runDueCompletions() }
        let s = try store(layer)
        guard let attached = registry[layer.index].first(where: { $0.key == key }), case let .spring(old) = attached.animation else {
            throw .invalidParameter(name: "key", value: "\"\(key)\"", allowed: "the key of a spring animation on layer \(s.name)")
        }
        guard !old.isAdditive else {
            throw .invalidParameter(name: "key", value: "\"\(key)\"", allowed: "a non-additive spring animation")
        }
        let path = try resolve(old.keyPath, in: s)
        guard !path.isWholeTransform else {
            throw .invalidParameter(
                name: "keyPath", value: "\"\(old.keyPath)\"", allowed: "not a whole transform (retarget a transform piece instead)")
        }
        let target = try Self.finite(newValue, named: "toValue")
        try Self.requireDimension(target, path.dimension, named: "toValue")
        let value = try presentationValue(forKeyPath: old.keyPath, of: layer)
        let velocity = try presentationVelocity(forKeyPath: old.keyPath, of: layer)
        let newSpring = spring ?? old.spring
        let settle = Self.settleDuration(spring: newSpring, from: value, to: AnimatableVector(target), velocity: velocity)
        var replacement = old
        replacement.fromValue = value
        replacement.toValue = AnimatableVector(target)
        replacement.byValue = nil
        replacement.spring = newSpring
        replacement.initialVelocity = 0
        replacement.initialValueVelocity = velocity
        replacement.timingFunction = nil
        replacement.isCumulative = false
        replacement.timing = try MediaTiming(
            duration: settle.isFinite && settle > 0 ? settle : (old.timing?.duration ?? 0.25),
            fillMode: old.timing?.fillMode ?? .removed)
        try add(replacement, forKey: key, to: layer)
    }
}
