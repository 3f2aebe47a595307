/// A damped harmonic oscillator: the physics behind `CASpringAnimation`, SwiftUI's `Spring`,
/// UIKit's spring timing, Android's `SpringForce` and the springs of web animation libraries.
///
/// A mass `m` on a spring of stiffness `k` with viscous damping `c` obeys
///
///     m·x'' + c·x' + k·x = 0,
///
/// where `x = value − target` is the displacement. A `Spring` holds only these three
/// parameters; start value, target and initial velocity are given when it is evaluated
/// (see ``value(at:from:to:initialVelocity:)`` and ``SpringMotion``). Values of a valid spring
/// are total: every finite time gives a finite result.
///
/// The parameters use Core Animation's names and defaults (`mass` 1, `stiffness` 100,
/// `damping` 10). Other parameterisations — SwiftUI's `duration`/`bounce` and
/// `response`/`dampingRatio` — are initialisers in `Spring+Parameterisations.swift`, and every
/// one of them can be read back from any spring.
///
/// Units: mass in arbitrary mass units, stiffness in force per unit displacement, damping in
/// force per unit velocity, all consistent with time in seconds. Only the ratios `k/m` and `c/m`
/// affect the motion.
public struct Spring: Hashable, Sendable {
    /// The moving mass `m`, finite and > 0. Core Animation's default is 1.
    public let mass: Double

    /// The spring constant `k`, finite and > 0. Core Animation's default is 100.
    public let stiffness: Double

    /// The viscous damping coefficient `c`, finite and ≥ 0 (0 is an undamped oscillator that
    /// never settles). Core Animation's default is 10.
    public let damping: Double

    /// Constants derived once from `mass`, `stiffness` and `damping` and used by every
    /// evaluation (see ``SpringConstants``).
    @usableFromInline
    let constants: SpringConstants

    /// Creates a spring from its physical parameters, with Core Animation's defaults.
    ///
    /// - Parameters:
    ///   - mass: `m`, finite and > 0.
    ///   - stiffness: `k`, finite and > 0.
    ///   - damping: `c`, finite and ≥ 0.
    ///   Parameters must also be of representable size: `4·k·m` and `c²` finite and normal
    ///   (roughly, each parameter below 1e150) and `k/m` a normal number.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` naming the first
    ///   parameter that is out of range, NaN or infinite.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) throws(HarmonicError) {
        try HarmonicError.require(mass, named: "mass", "> 0") { $0 > 0 }
        try HarmonicError.require(stiffness, named: "stiffness", "> 0") { $0 > 0 }
        try HarmonicError.require(damping, named: "damping", ">= 0") { $0 >= 0 }
        // The discriminant 4km − c² and the rates k/m, c/m must be representable; this only
        // excludes parameters beyond about 1e150 or ratios beyond the double range.
        let fourKM = 4 * stiffness * mass
        guard fourKM.isFinite, fourKM >= .leastNormalMagnitude, (damping * damping).isFinite,
            (stiffness / mass).isNormal, (damping / mass).isFinite
        else {
            throw .invalidParameter(
                name: "mass, stiffness, damping",
                value:
                    "(\(HarmonicError.text(mass)), \(HarmonicError.text(stiffness)), \(HarmonicError.text(damping)))",
                allowed: "of moderate size: 4·stiffness·mass and damping² finite and normal, stiffness/mass normal")
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.constants = SpringConstants(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// Core Animation's default spring: mass 1, stiffness 100, damping 10 (ζ = 0.5,
    /// ω0 = 10 rad/s).
    public static let `default` = Spring(unchecked: 1, 100, 10)

    /// Creates a spring from parameters already known to be valid (library constants).
    @usableFromInline
    init(unchecked mass: Double, _ stiffness: Double, _ damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.constants = SpringConstants(mass: mass, stiffness: stiffness, damping: damping)
    }

    public static func == (lhs: Spring, rhs: Spring) -> Bool {
        lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
    }
}

extension Spring: CustomStringConvertible {
    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }
}
