/// The walls a decay may run into: a lower and an upper bound, and the spring that takes
/// over at a wall.
///
/// When the decay's value leaves `[lower, upper]` it hands off to ``bounce`` at the exact
/// crossing time, starting at the wall with the decay's velocity there and coming to rest on
/// the wall (Motion's `inertia` with `min`/`max`, a scroll view's edge). A decay released
/// outside the bounds hands off at once, from where it is, toward the nearest wall.
public struct DecayBounds: Hashable, Sendable {
    /// The lowest value at rest, or `nil` for none.
    public let lower: Double?
    /// The highest value at rest, or `nil` for none.
    public let upper: Double?
    /// The spring that brings the value back to a wall.
    public let bounce: Spring

    /// Motion's default bounce spring: stiffness 500, damping 10, mass 1.
    public static let motionBounce = Spring(unchecked: 1, 500, 10)

    /// Motion's bounce spring from its `bounceStiffness` and `bounceDamping` (mass 1; each
    /// defaults to ``motionBounce``'s), with a bad value reported under Motion's name.
    ///
    /// - Throws: ``HarmonicError`` naming `bounceStiffness` or `bounceDamping`.
    package static func motionBounce(
        stiffness: Double = motionBounce.stiffness, damping: Double = motionBounce.damping
    ) throws(HarmonicError) -> Spring {
        do {
            return try Spring(mass: 1, stiffness: stiffness, damping: damping)
        } catch {
            throw error.renamingParameter(["stiffness": "bounceStiffness", "damping": "bounceDamping"])
        }
    }

    /// Creates bounds.
    ///
    /// - Parameters:
    ///   - lower: Finite, or `nil`.
    ///   - upper: Finite and ≥ `lower`, or `nil`.
    ///   - bounce: The spring at a wall (default Motion's: stiffness 500, damping 10).
    /// - Throws: ``HarmonicError`` naming `min` or `max` when one is not finite, or both when
    ///   `min > max`.
    public init(lower: Double? = nil, upper: Double? = nil, bounce: Spring = DecayBounds.motionBounce)
        throws(HarmonicError)
    {
        if let lower { try HarmonicError.require(lower, named: "min") }
        if let upper { try HarmonicError.require(upper, named: "max") }
        if let lower, let upper, lower > upper {
            throw .conflict(parameters: ["min", "max"], reason: "min \(lower) is above max \(upper)")
        }
        self.lower = lower
        self.upper = upper
        self.bounce = bounce
    }

    /// Whether `value` lies outside the bounds.
    @inlinable
    public func excludes(_ value: Double) -> Bool {
        if let lower, value < lower { return true }
        if let upper, value > upper { return true }
        return false
    }

    /// The wall nearest to `value` (Motion's rule: the closer one, the upper on a tie).
    @inlinable
    public func nearestWall(to value: Double) -> Double? {
        guard let lower else { return upper }
        guard let upper else { return lower }
        return abs(lower - value) < abs(upper - value) ? lower : upper
    }
}
