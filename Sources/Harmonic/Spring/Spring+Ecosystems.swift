import HarmonicPlatform

/// How UIKit, Android, Motion (framer-motion) and react-spring describe a spring, in both
/// directions.
///
/// All of these ecosystems integrate the same equation `m·x'' + c·x' + k·x = 0`; they differ
/// only in which numbers the user types. Because the motion depends on `k/m` and `c/m` alone,
/// every spring can be rescaled to mass 1 without changing its curve, which is what the
/// ecosystems that have no mass parameter (UIKit's damping-ratio form, Android) assume.
///
/// Sources, per ecosystem:
///
/// - UIKit: `UISpringTimingParameters(dampingRatio:initialVelocity:)` and
///   `UIViewPropertyAnimator(duration:timingParameters:)` (Apple documentation). The initial
///   velocity is normalised by the total distance, as in `CASpringAnimation`. How UIKit turns
///   the animator's duration into a stiffness is not documented; Harmonic's rule is stated
///   on ``init(uiKitDuration:dampingRatio:initialVelocity:epsilon:)``.
/// - Android: `androidx.dynamicanimation.animation.SpringForce` (Android documentation):
///   stiffness and damping ratio with the mass fixed at 1; presets `STIFFNESS_HIGH` 10000,
///   `STIFFNESS_MEDIUM` 1500 (default), `STIFFNESS_LOW` 200, `STIFFNESS_VERY_LOW` 50 and
///   `DAMPING_RATIO_HIGH_BOUNCY` 0.2, `MEDIUM_BOUNCY` 0.5 (default), `LOW_BOUNCY` 0.75,
///   `NO_BOUNCY` 1.
/// - Motion (framer-motion): the spring options `stiffness`/`damping`/`mass` (defaults 100,
///   10, 1), `duration`/`bounce` and `visualDuration`/`bounce` (Motion documentation, and the
///   `findSpring` and `getSpringOptions` functions of its source for the exact mapping).
/// - react-spring: `config` objects `{tension, friction, mass}` (react-spring documentation;
///   `config.default` is tension 170, friction 26, mass 1), which are stiffness, damping and
///   mass under other names.
extension Spring {
    /// The same motion with mass 1: stiffness `k/m` and damping `c/m`.
    ///
    /// The curve is unchanged because the equation of motion divided by `m` depends only on
    /// `k/m` and `c/m`.
    public var withUnitMass: Spring {
        Spring(unchecked: 1, stiffness / mass, damping / mass)
    }

    // MARK: UIKit

    /// The threshold, in progress units, at which Harmonic's UIKit mapping considers a spring
    /// settled: the same 0.001 that Core Animation's `settlingDuration` uses.
    public static let uiKitSettlingEpsilon = 0.001

    /// Creates the spring that a UIKit animator of the given duration runs with
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`.
    ///
    /// Rule (Harmonic's choice, because Apple does not document UIKit's): mass 1, the given
    /// damping ratio `ζ`, and the natural frequency `ω0` for which the exact settling time
    /// (the last time `|1 − progress| ≥ epsilon`, see ``settlingTime(epsilon:initialVelocity:)``)
    /// equals `duration`. The spring therefore finishes within `epsilon` of its target when
    /// the animator's duration ends, which is what the animator's duration promises.
    ///
    /// With zero initial velocity the settling time is exactly proportional to `1/ω0`, so
    /// `ω0 = T₁/duration` with `T₁` the settling time at `ω0 = 1` (one settling-time solve).
    /// With a non-zero velocity the proportion no longer holds and `ω0` is found by bisection
    /// on `ln ω0` to a relative 1e-15 (about 60 settling-time solves); where the settling
    /// time jumps as `ω0` changes (a late overshoot just touching `epsilon`), the result is
    /// the frequency at the jump.
    ///
    /// - Parameters:
    ///   - duration: The animator's duration in seconds, finite and > 0.
    ///   - dampingRatio: `ζ`, finite and > 0 (an undamped spring never settles, so no duration
    ///     describes it). UIKit's `init()` uses 4.56.
    ///   - initialVelocity: In progress units per second (UIKit's normalised velocity).
    ///   - epsilon: The settling threshold in progress units, finite and in (0, 1).
    /// - Throws: ``HarmonicError`` naming `duration`, `dampingRatio`, `initialVelocity` or
    ///   `epsilon`, or when the resulting stiffness is not representable.
    public init(
        uiKitDuration duration: Double, dampingRatio: Double, initialVelocity: Double = 0,
        epsilon: Double = Spring.uiKitSettlingEpsilon
    ) throws(HarmonicError) {
        try HarmonicError.require(duration, named: "duration", "> 0") { $0 > 0 }
        try HarmonicError.require(dampingRatio, named: "dampingRatio", "> 0") { $0 > 0 }
        try HarmonicError.require(initialVelocity, named: "initialVelocity")
        try HarmonicError.require(epsilon, named: "epsilon", "in (0, 1)") { $0 > 0 && $0 < 1 }
        let omega = try Self.uiKitFrequency(
            duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity, epsilon: epsilon)
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// The duration a UIKit animator needs for this spring under Harmonic's rule (see
    /// ``init(uiKitDuration:dampingRatio:initialVelocity:epsilon:)``): the exact settling time.
    ///
    /// - Returns: Seconds; `+∞` for an undamped spring.
    public func uiKitDuration(initialVelocity: Double = 0, epsilon: Double = Spring.uiKitSettlingEpsilon) -> Double {
        settlingTime(epsilon: epsilon, initialVelocity: initialVelocity)
    }

    /// Solves `settlingTime(ω0) = duration` for the unit-mass spring with ratio `ζ`.
    private static func uiKitFrequency(
        duration: Double, dampingRatio zeta: Double, initialVelocity v0: Double, epsilon: Double
    ) throws(HarmonicError) -> Double {
        func settle(_ omega: Double) -> Double {
            Spring(unchecked: 1, omega * omega, 2 * zeta * omega).settlingTime(epsilon: epsilon, initialVelocity: v0)
        }
        guard (2 * zeta).isFinite, zeta < 1e150 else {
            throw .invalidParameter(name: "dampingRatio", value: HarmonicError.text(zeta), allowed: "below 1e150")
        }
        let unit = settle(1)
        var omega = unit / duration
        guard omega.isNormal, omega < 1e75 else {
            throw .invalidParameter(
                name: "duration", value: HarmonicError.text(duration),
                allowed: "a settling time reachable with a representable stiffness")
        }
        if v0 == 0 { return omega }
        // Bisection on ln ω0: the settling time falls as ω0 grows (faster spring), apart from
        // jumps where an overshoot crosses epsilon.
        var low = omega, high = omega
        var expansions = 0
        while settle(low) < duration, expansions < 200 { low /= 2; expansions += 1 }
        while settle(high) > duration, expansions < 400 { high *= 2; expansions += 1 }
        for _ in 0..<200 {
            let mid = (low * high).squareRoot()
            guard mid > low, mid < high, high / low > 1 + 1e-15 else { break }
            if settle(mid) > duration { low = mid } else { high = mid }
        }
        omega = (low * high).squareRoot()
        guard omega.isNormal, omega < 1e75 else {
            throw .invalidParameter(
                name: "duration", value: HarmonicError.text(duration),
                allowed: "a settling time reachable with a representable stiffness")
        }
        return omega
    }

    // MARK: Android

    /// Android `SpringForce`'s default stiffness, `STIFFNESS_MEDIUM`.
    public static let androidDefaultStiffness = 1500.0
    /// Android `SpringForce`'s default damping ratio, `DAMPING_RATIO_MEDIUM_BOUNCY`.
    public static let androidDefaultDampingRatio = 0.5

    /// Creates the spring of Android's `SpringForce(finalPosition).setStiffness(_:)
    /// .setDampingRatio(_:)`: mass 1, stiffness `k`, damping `c = 2ζ·√k`.
    ///
    /// - Parameters:
    ///   - androidStiffness: `k` with mass 1, finite and > 0 (Android's default is
    ///     ``androidDefaultStiffness``, 1500, `STIFFNESS_MEDIUM`).
    ///   - dampingRatio: `ζ`, finite and ≥ 0 (Android's default is
    ///     ``androidDefaultDampingRatio``, 0.5, `DAMPING_RATIO_MEDIUM_BOUNCY`).
    public init(androidStiffness: Double, dampingRatio: Double) throws(HarmonicError) {
        try HarmonicError.require(androidStiffness, named: "stiffness", "> 0") { $0 > 0 }
        try HarmonicError.require(dampingRatio, named: "dampingRatio", ">= 0") { $0 >= 0 }
        try self.init(
            mass: 1, stiffness: androidStiffness, damping: 2 * dampingRatio * androidStiffness.squareRoot())
    }

    /// The stiffness Android's `SpringForce` needs for this motion (its mass is fixed at 1):
    /// `k/m`.
    public var androidStiffness: Double { stiffness / mass }

    // MARK: Motion (framer-motion)

    /// Motion's default `bounce` for the `duration`/`bounce` form (its `springDefaults`).
    public static let motionDefaultBounce = 0.3

    /// The threshold of Motion's duration mapping (`safeMin` in its `findSpring`).
    static let motionEnvelopeThreshold = 0.001

    /// Creates the spring Motion runs for `{ type: "spring", duration, bounce }`.
    ///
    /// Motion's rule (`findSpring`): damping ratio `ζ = 1 − bounce` clamped to [0.05, 1],
    /// duration clamped to [0.01, 10] s, mass 1, and the natural frequency `ω0` for which the
    /// oscillation envelope has decayed to 0.001 at the duration:
    ///
    /// - `ζ < 1`: `(ζ/√(1 − ζ²))·e^(−ζ·ω0·T) = 0.001`, so
    ///   `ω0 = ln(1000·ζ/√(1 − ζ²)) / (ζ·T)`;
    /// - `ζ = 1`: `(1 + ω0·T)·e^(−ω0·T) = 0.001`, so `ω0 = u/T` with `u ≈ 9.2335` the root of
    ///   `(1 + u)·e^(−u) = 0.001`.
    ///
    /// Motion approximates the root with 11 Newton steps from `5/T`; Harmonic uses the closed
    /// form (over durations 0.05–10 s and bounces −0.5–1 the two stiffnesses agree to 4e-16
    /// relative: `scripts/references/motion_spring_mapping.py`). Motion folds the animation's start velocity into
    /// this mapping; Harmonic maps at zero velocity, so the curve's shape does not depend on
    /// how it is started.
    ///
    /// - Parameters:
    ///   - motionDuration: Seconds, finite and > 0 (Motion clamps it to [0.01, 10]).
    ///   - bounce: Finite (Motion clamps `1 − bounce` to [0.05, 1]); default 0.3.
    public init(motionDuration: Double, bounce: Double = Spring.motionDefaultBounce) throws(HarmonicError) {
        try HarmonicError.require(motionDuration, named: "duration", "> 0") { $0 > 0 }
        try HarmonicError.require(bounce, named: "bounce")
        let zeta = Swift.min(Swift.max(1 - bounce, 0.05), 1)
        let duration = Swift.min(Swift.max(motionDuration, 0.01), 10)
        let omega: Double
        if zeta < 1 {
            omega = log(zeta / (1 - zeta * zeta).squareRoot() / Self.motionEnvelopeThreshold) / (zeta * duration)
        } else {
            omega = Self.motionCriticalRoot / duration
        }
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    /// The root `u > 1` of `(1 + u)·e^(−u) = 0.001`, by Newton's method on
    /// `g(u) = ln(1 + u) − u − ln 0.001` (concave, so the iteration from u = 10 converges
    /// monotonically).
    static let motionCriticalRoot: Double = {
        var u = 10.0
        for _ in 0..<50 {
            let g = log1p(u) - u - log(motionEnvelopeThreshold)
            let step = g / (1 / (1 + u) - 1)
            u -= step
            if abs(step) <= 1e-16 * u { break }
        }
        return u
    }()

    /// Creates the spring Motion runs for `{ type: "spring", visualDuration, bounce }`.
    ///
    /// Motion's rule (`getSpringOptions`): mass 1, `ω0 = 2π / (1.2·visualDuration)`,
    /// `ζ = 1 − bounce` clamped to [0.05, 1]. The visual duration is the time by which the
    /// motion has visibly arrived (Motion: "the time it takes to visually reach its target";
    /// the tail afterwards is small).
    ///
    /// - Parameters:
    ///   - motionVisualDuration: Seconds, finite and > 0.
    ///   - bounce: Finite; Motion's default for this form is 0 (no overshoot).
    public init(motionVisualDuration: Double, bounce: Double = 0) throws(HarmonicError) {
        try HarmonicError.require(motionVisualDuration, named: "visualDuration", "> 0") { $0 > 0 }
        try HarmonicError.require(bounce, named: "bounce")
        let zeta = Swift.min(Swift.max(1 - bounce, 0.05), 1)
        let omega = 2 * Double.pi / (motionVisualDuration * 1.2)
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    // MARK: react-spring

    /// react-spring's `config.default`: tension 170, friction 26, mass 1.
    public static let reactSpringDefault = Spring(unchecked: 1, 170, 26)

    /// Creates the spring of a react-spring `config` object: `tension` is the stiffness and
    /// `friction` the damping.
    ///
    /// - Parameters:
    ///   - tension: Finite and > 0 (react-spring's `config.default`: 170).
    ///   - friction: Finite and ≥ 0 (`config.default`: 26).
    ///   - mass: Finite and > 0 (default 1).
    public init(tension: Double, friction: Double, mass: Double = 1) throws(HarmonicError) {
        try HarmonicError.require(tension, named: "tension", "> 0") { $0 > 0 }
        try HarmonicError.require(friction, named: "friction", ">= 0") { $0 >= 0 }
        try self.init(mass: mass, stiffness: tension, damping: friction)
    }

    /// react-spring's name for ``stiffness``.
    public var tension: Double { stiffness }

    /// react-spring's name for ``damping``.
    public var friction: Double { damping }
}
