/// When a spring motion counts as "at rest": thresholds on displacement and velocity that
/// scale with the animated range, so the same thresholds work for an opacity (range 1) and a
/// scroll offset (range 2,000).
///
/// With `R` the motion's ``SpringMotion/range`` (`|to − from|`, or `|v0|/ω0` when that is
/// zero), a motion is at rest when
///
///     |value − to| ≤ value·R   and   |velocity| ≤ velocity·R  (per second),
///
/// both norms Euclidean.
///
/// Defaults: `value` = 0.001, Core Animation's own threshold (`settlingDuration` waits until
/// the unit curve is within 0.001 of 1, `settlingDuration`); `velocity` = 0.0625 per second, the
/// speed at which the value moves by the value threshold within one 16 ms frame — the rule
/// Android's `DynamicAnimation` uses to derive its velocity threshold from its value threshold
/// (`62.5 × minimumVisibleChange`).
public struct SpringRestThresholds: Hashable, Sendable {
    /// Largest displacement from the target, as a fraction of the range.
    public var value: Double
    /// Largest speed, as a fraction of the range per second.
    public var velocity: Double

    /// Creates thresholds.
    ///
    /// - Parameters:
    ///   - value: Fraction of the range, finite and > 0.
    ///   - velocity: Fraction of the range per second, finite and > 0.
    /// - Throws: ``HarmonicError`` naming `value` or `velocity`.
    public init(value: Double = 0.001, velocity: Double = 0.0625) throws(HarmonicError) {
        try HarmonicError.require(value, named: "value", "> 0") { $0 > 0 }
        try HarmonicError.require(velocity, named: "velocity", "> 0") { $0 > 0 }
        self.value = value
        self.velocity = velocity
    }

    private init(unchecked value: Double, _ velocity: Double) {
        self.value = value
        self.velocity = velocity
    }

    /// `value` 0.001, `velocity` 0.0625 per second (see the type's documentation).
    public static let `default` = SpringRestThresholds(unchecked: 0.001, 0.0625)
}
