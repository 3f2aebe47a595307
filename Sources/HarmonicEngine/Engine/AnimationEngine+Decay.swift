import Harmonic

/// Flinging a key path: momentum from its presentation value, with the model value moved to
/// where the motion comes to rest.
extension AnimationEngine {
    /// Releases `keyPath` with `velocity`: adds a ``DecayAnimation`` from the presentation value
    /// now and, in the same transaction with actions disabled, sets the model value to the rest
    /// value, so the layer stays where the motion ends when the animation is removed.
    ///
    /// Flinging again (a new gesture) replaces the animation under `key` and starts from the
    /// presentation value at that moment; ``retargetSpring(forKey:on:to:spring:)`` catches a
    /// running decay with a spring carrying its velocity.
    ///
    /// - Parameters:
    ///   - keyPath: A key path of plain numbers (`position`, `bounds.origin.y`, a custom name).
    ///   - layer: The layer.
    ///   - velocity: Value units per second, one number per component.
    ///   - curve: The decay (default UIKit's normal deceleration).
    ///   - rest: When each component stops (default a speed of 0.1 units per second).
    ///   - lowerBound: Lower walls, one number per component, or `nil`.
    ///   - upperBound: Upper walls, one number per component, or `nil`.
    ///   - bounce: The spring at a wall.
    ///   - key: The animation's key (default the key path).
    /// - Returns: The rest value, which is now the model value.
    /// - Throws: ``/Harmonic/HarmonicError`` for an unknown layer or key path, sizes that do not match,
    ///   or parameters ``/Harmonic/DecayMotion`` refuses.
    @discardableResult
    public func fling(
        _ keyPath: String, of layer: LayerID, velocity: AnimatableVector, curve: DecayCurve = .exponential(.normal),
        rest: DecayRest = .composeDefault, lowerBound: AnimatableVector? = nil, upperBound: AnimatableVector? = nil,
        bounce: Spring = DecayBounds.motionBounce, forKey key: String? = nil
    ) throws(HarmonicError) -> AnimatableVector {
        let from = try presentationValue(forKeyPath: keyPath, of: layer)
        let animation = DecayAnimation(
            keyPath: keyPath, fromValue: from, initialVelocity: velocity, curve: curve, rest: rest,
            lowerBound: lowerBound, upperBound: upperBound, bounce: bounce)
        let restValue = AnimatableVector(try animation.motions(from: from.components).map(\.restValue))
        _ = try begin(TransactionSettings(disableActions: true))
        do {
            try setValue(restValue, forKeyPath: keyPath, of: layer)
            try add(animation, forKey: key ?? keyPath, to: layer)
        } catch {
            try? commit()
            throw error
        }
        try commit()
        return restValue
    }
}
