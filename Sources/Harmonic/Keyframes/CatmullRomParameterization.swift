/// The knot spacing of a Catmull-Rom spline: consecutive keyframes `Pᵢ`, `Pᵢ₊₁` are `dᵢ`
/// apart in the spline's parameter, with `dᵢ = |Pᵢ₊₁ − Pᵢ|^α`.
///
/// - `uniform` (α = 0) is the classic Catmull-Rom spline and what Core Animation's `cubic` mode
///   is documented to be; it can form cusps and loops inside a segment when keyframes are
///   unevenly spaced.
/// - `centripetal` (α = ½) is guaranteed to have no cusps or self-intersections within a
///   segment and follows the keyframes more tightly (Yuksel, Schaefer & Keyser, "Parameterization
///   and applications of Catmull-Rom curves", Computer-Aided Design 43(7), 2011).
/// - `chordal` (α = 1) spaces knots by distance.
///
/// With α > 0, a keyframe repeated twice in a row has a knot interval of 0; the tangent there
/// is 0 (the limit as the two keyframes approach each other).
public enum CatmullRomParameterization: String, Hashable, Sendable, CaseIterable {
    case uniform
    case centripetal
    case chordal

    /// The exponent α.
    public var alpha: Double {
        switch self {
        case .uniform: return 0
        case .centripetal: return 0.5
        case .chordal: return 1
        }
    }

    /// `|chord|^α`; exactly 1 for the uniform parameterisation (also for a zero chord).
    func knotInterval(_ chordLength: Double) -> Double {
        switch self {
        case .uniform: return 1
        case .centripetal: return chordLength.squareRoot()
        case .chordal: return chordLength
        }
    }
}
