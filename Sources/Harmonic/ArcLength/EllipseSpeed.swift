import HarmonicPlatform

/// The speed of an elliptical arc traversed at a uniform rate of angle: the integrand of the
/// incomplete elliptic integral of the second kind.
///
/// An arc `P(θ) = C + cos θ·U + sin θ·V` for `θ = θ₀ + t·Δθ` (``EllipticalArc``) has
///
///     |P′(t)|² = Δθ²·(|U|² sin²θ − 2 U·V sin θ cos θ + |V|² cos²θ)
///              = Δθ²·(M cos²φ + m sin²φ),   φ = θ − α,
///
/// where `√M ≥ √m` are the ellipse's semi-axes and `α` is the angle (in the arc's own angle
/// parameter) at which the speed is largest: `M + m = |U|² + |V|²`,
/// `M·m = |U|²|V|² − (U·V)²` (the Gram determinant) and
/// `tan 2α = −2 U·V / (|V|² − |U|²)`. For the principal axes of an SVG arc (`U ⊥ V`), `M` and
/// `m` are simply the larger and smaller squared radius. The length of the arc is then
/// `|Δθ|·√M·(E(φ₁, k) − E(φ₀, k))` with `k² = 1 − m/M` — Legendre's incomplete elliptic integral
/// of the second kind, which ``ArcLength`` evaluates by the same adaptive Gauss–Legendre
/// quadrature as every other segment: the integrand is analytic and periodic, so the panels
/// converge geometrically to about `1e-14` relative.
///
/// **Why this form.** Both terms of `M cos²φ + m sin²φ` are non-negative, so the speed is
/// accurate to a few ulps relative to itself even on a very flat ellipse, where the expanded
/// form `p + q cos 2θ + r sin 2θ` would lose `log₁₀(M/m)` digits near the ends of the major
/// axis. `m` is computed as the Gram determinant over `M`, not as a difference.
///
/// **Split parameters** are the speed's extrema inside the arc, at `φ = k·π/2` (the ends of
/// the axes); between them the speed is monotone, as the table mode requires. A circle
/// (`M = m` to within `1e-15`) has ``constantSpeed`` `|Δθ|·r`, so its length is exactly
/// `r·|Δθ|` and its inversion a division.
public struct EllipseSpeed: CurveSpeed, Hashable {
    /// `M`: the larger squared semi-axis.
    public let majorSquared: Double
    /// `m`: the smaller squared semi-axis.
    public let minorSquared: Double
    /// `α`: the angle parameter at which the speed is largest (the end of the major axis).
    public let majorAngle: Double
    /// `θ₀`: the angle at `t = 0`.
    public let startAngle: Double
    /// `Δθ`: the signed sweep from `t = 0` to `t = 1`.
    public let sweep: Double

    public let splitParameters: [Double]

    /// The speed of `C + cos θ·U + sin θ·V` for `θ = startAngle + t·sweep`, from the inner
    /// products of the two conjugate semi-diameters `U` and `V`.
    ///
    /// - Parameters:
    ///   - uu: `|U|²`.
    ///   - vv: `|V|²`.
    ///   - uv: `U·V` (0 for principal axes).
    ///   - startAngle: `θ₀` in radians.
    ///   - sweep: `Δθ` in radians, either sign.
    public init(uu: Double, vv: Double, uv: Double, startAngle: Double, sweep: Double) {
        // Work in units of the longer semi-diameter, so that the Gram determinant's products
        // of fourth powers neither overflow nor underflow for any finite axes.
        let unit = Swift.max(uu, vv)
        let (a, b, c) = unit > 0 && unit.isFinite ? (uu / unit, vv / unit, uv / unit) : (0.0, 0.0, 0.0)
        let half = (b - a) / 2
        let radius = (half * half + c * c).squareRoot()
        let major = (a + b) / 2 + radius
        let gram = Swift.max(a * b - c * c, 0)
        majorSquared = major * unit
        minorSquared = major > 0 ? Swift.min(gram / major, major) * unit : 0
        // The speed² p + ρ·cos(2θ − 2α) peaks at θ = α.
        majorAngle = radius > 0 ? atan2(-c, half) / 2 : 0
        self.startAngle = startAngle
        self.sweep = sweep
        var splits: [Double] = []
        let isCircle = !(majorSquared - minorSquared > 1e-15 * majorSquared)
        if !isCircle, sweep != 0 {
            // Extrema at θ = α + k·π/2; list those strictly inside the sweep, in t order.
            let lower = Swift.min(startAngle, startAngle + sweep)
            let upper = Swift.max(startAngle, startAngle + sweep)
            var k = ((lower - majorAngle) / (Double.pi / 2)).rounded(.down)
            // Four extrema a turn: at most 4 per turn of the sweep plus the two ends. A sweep of
            // more turns than `maximumSplitTurns` (or not finite) is not split: the loop's trip
            // count is bounded by that, not by the sweep's size (a Path allows far fewer turns).
            let quarterTurns = ((upper - majorAngle) / (Double.pi / 2)).rounded(.up) - k
            if quarterTurns <= 4 * Self.maximumSplitTurns {
                while true {
                    let theta = majorAngle + k * (Double.pi / 2)
                    if theta >= upper { break }
                    let t = (theta - startAngle) / sweep
                    if theta > lower, t > 0, t < 1 { splits.append(t) }
                    k += 1
                }
            }
            splits.sort()
        }
        splitParameters = splits
    }

    /// The most turns of a sweep whose speed extrema are listed as split points (an arc of a
    /// ``Path`` has at most ``Path/maximumArcTurns``, 10,000).
    public static let maximumSplitTurns = 16_384.0

    /// `|P′(t)| = |Δθ|·√(M cos²φ + m sin²φ)`.
    @inlinable
    public func speed(at t: Double) -> Double {
        let (s, c) = LaneSineCosine.sinCos(startAngle + t * sweep - majorAngle)
        return abs(sweep) * (majorSquared * c * c + minorSquared * s * s).squareRoot()
    }

    /// `|Δθ|·r` for a circular arc, else `nil`.
    public var constantSpeed: Double? {
        majorSquared - minorSquared > 1e-15 * majorSquared ? nil : abs(sweep) * majorSquared.squareRoot()
    }
}
