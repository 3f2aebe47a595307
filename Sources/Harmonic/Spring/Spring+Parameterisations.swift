/// The other ways people describe a spring, and reading every one of them back.
///
/// Sources: Apple's documentation of SwiftUI `Spring` (`init(duration:bounce:)`,
/// `init(response:dampingRatio:)`, the `smooth`/`snappy`/`bouncy` presets) and of
/// `CASpringAnimation(perceptualDuration:bounce:)`. Both map onto the physical parameters as
///
///     k = (2π / duration)²·m
///     ζ = 1 − bounce            (bounce ≥ 0)
///     ζ = 1 / (1 + bounce)      (bounce < 0)
///     c = 2ζ·√(k·m)
///
/// and `response`/`dampingRatio` is the same with `response` for `duration` and `ζ` given
/// directly (so `c = 4πζ·m/response`).
extension Spring {
    /// Creates a spring from SwiftUI's perceptual parameters.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration in seconds, finite and > 0: the period of the
    ///     undamped oscillation, `2π·√(m/k)`. SwiftUI's default is 0.5.
    ///   - bounce: In (−1, 1]. 0 is critically damped, positive values overshoot (1 never
    ///     stops), negative values are overdamped ("flatter").
    ///   - mass: `m`, finite and > 0 (default 1).
    /// - Throws: ``HarmonicError`` naming `duration`, `bounce` or `mass`.
    public init(duration: Double, bounce: Double = 0, mass: Double = 1) throws(HarmonicError) {
        try HarmonicError.require(duration, named: "duration", "> 0") { $0 > 0 }
        try HarmonicError.require(bounce, named: "bounce", "in (-1, 1]") { $0 > -1 && $0 <= 1 }
        try HarmonicError.require(mass, named: "mass", "> 0") { $0 > 0 }
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingRatio: ratio, mass: mass)
    }

    /// Creates a spring from a response time and a damping ratio.
    ///
    /// - Parameters:
    ///   - response: Seconds, finite and > 0: the period `2π·√(m/k)` of the undamped spring.
    ///   - dampingRatio: `ζ`, finite and ≥ 0 (1 is critical damping).
    ///   - mass: `m`, finite and > 0 (default 1).
    /// - Throws: ``HarmonicError`` naming `response`, `dampingRatio` or `mass`.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(HarmonicError) {
        try HarmonicError.require(response, named: "response", "> 0") { $0 > 0 }
        try HarmonicError.require(dampingRatio, named: "dampingRatio", ">= 0") { $0 >= 0 }
        try HarmonicError.require(mass, named: "mass", "> 0") { $0 > 0 }
        let omega = 2 * Double.pi / response
        try self.init(mass: mass, stiffness: omega * omega * mass, damping: 2 * dampingRatio * omega * mass)
    }

    /// SwiftUI's `smooth` preset: duration 0.5 s, bounce 0 (critically damped).
    public static let smooth = Spring(perceptualDuration: 0.5, bounce: 0)
    /// SwiftUI's `snappy` preset: duration 0.5 s, bounce 0.15.
    public static let snappy = Spring(perceptualDuration: 0.5, bounce: 0.15)
    /// SwiftUI's `bouncy` preset: duration 0.5 s, bounce 0.3.
    public static let bouncy = Spring(perceptualDuration: 0.5, bounce: 0.3)

    /// Presets from constants known to be valid.
    private init(perceptualDuration duration: Double, bounce: Double) {
        let omega = 2 * Double.pi / duration
        self.init(unchecked: 1, omega * omega, 2 * (1 - bounce) * omega)
    }

    // MARK: Reading back

    /// The damping ratio `ζ = c / (2√(k·m))`: 0 undamped, < 1 oscillating, 1 critical, > 1
    /// overdamped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped natural angular frequency `ω0 = √(k/m)`, in rad/s.
    public var naturalFrequency: Double { constants.naturalFrequencySquared.squareRoot() }

    /// The damped angular frequency `ωd = ω0·√(1 − ζ²)` in rad/s for an oscillating spring;
    /// 0 when `ζ ≥ 1`.
    public var dampedFrequency: Double { constants.dampedFrequency.value }

    /// The envelope's decay rate `λ = c/(2m) = ζ·ω0`, in 1/s.
    public var decayRate: Double { constants.decayRate }

    /// How the spring returns to rest (see ``SpringRegime``).
    public var regime: SpringRegime { constants.regime }

    /// SwiftUI's perceptual duration, `2π·√(m/k)` seconds (equal to ``response``).
    public var duration: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's response, `2π·√(m/k)` seconds.
    public var response: Double { duration }

    /// SwiftUI's bounce: `1 − ζ` for `ζ < 1`, `1/ζ − 1` for `ζ ≥ 1`; in (−1, 1] mathematically,
    /// and in [−1, 1] as a `Double`: past `ζ ≈ 1.8e16` the sum `1/ζ − 1` rounds to −1, a
    /// bounce ``init(duration:bounce:mass:)`` (like SwiftUI) refuses.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta < 1 ? 1 - zeta : 1 / zeta - 1
    }
}
