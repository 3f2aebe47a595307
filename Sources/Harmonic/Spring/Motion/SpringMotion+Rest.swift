/// When a motion is done.
extension SpringMotion {
    /// Whether the motion is at rest at absolute time `time`: displacement and velocity both
    /// within `thresholds` scaled by ``range`` (see ``SpringRestThresholds``).
    ///
    /// This is an instantaneous test, like the per-frame checks of Android, Motion and SwiftUI.
    /// For a damped spring the energy `½k·x² + ½m·v²` never increases, so once the test
    /// passes the displacement can never again exceed `√(value² + (velocity/ω0)²)·R`; the
    /// exact last exit from a displacement band is ``settlingTime(epsilon:)``.
    ///
    /// A motion with zero range (starts at rest on its target) is always at rest. Before
    /// ``beginTime`` the state is the initial one.
    public func isAtRest(at time: Double, thresholds: SpringRestThresholds = .default) -> Bool {
        let scale = range
        guard scale > 0 else { return true }
        let now = state(at: time)
        let valueLimit = thresholds.value * scale
        let velocityLimit = thresholds.velocity * scale
        return (now.value - to).magnitudeSquared <= valueLimit * valueLimit
            && now.velocity.magnitudeSquared <= velocityLimit * velocityLimit
    }
}

extension SpringMotion where Value: VectorComponents {
    /// The exact settling time: seconds after ``beginTime`` after which every component stays
    /// within `epsilon` of its target — the last time the ∞-norm of the displacement,
    /// `max_i |value_i − to_i|`, is at least `epsilon`.
    ///
    /// Each component is an independent scalar motion of the same spring, so this is the
    /// largest of the components' ``Spring/settlingTime(epsilon:displacement:velocity:)``
    /// (bracketed root finding, accurate to a few ulps).
    ///
    /// - Parameter epsilon: Value units, finite and > 0 (a non-positive or non-finite value is
    ///   treated as the smallest positive double).
    /// - Returns: Seconds after `beginTime`; 0 if the motion never leaves the band; `+∞` for
    ///   an undamped spring that does.
    public func settlingTime(epsilon: Double) -> Double {
        let x0 = (from - to).components
        let v0 = initialVelocity.components
        var latest = 0.0
        for i in 0..<Swift.max(x0.count, v0.count) {
            let x = i < x0.count ? x0[i] : 0
            let v = i < v0.count ? v0[i] : 0
            guard x != 0 || v != 0 else { continue }
            latest = Swift.max(latest, spring.settlingTime(epsilon: epsilon, displacement: x, velocity: v))
        }
        return latest
    }

    /// The exact settling time with the band scaled to the motion: `epsilon =
    /// thresholds.value × range` (see ``settlingTime(epsilon:)``). 0 for a motion with zero
    /// range.
    public func settlingTime(thresholds: SpringRestThresholds = .default) -> Double {
        let scale = range
        guard scale > 0 else { return 0 }
        return settlingTime(epsilon: thresholds.value * scale)
    }
}
