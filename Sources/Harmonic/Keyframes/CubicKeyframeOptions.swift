/// The choices Core Animation leaves undocumented for its `cubic` and `cubicPaced` modes, as
/// options with documented defaults.
public struct CubicKeyframeOptions: Hashable, Sendable {
    /// The knot spacing of the underlying Catmull-Rom spline. Default ``CatmullRomParameterization/uniform``
    /// (the classic spline Apple's documentation names).
    public var parameterization: CatmullRomParameterization

    /// What stands in for the missing neighbour of the first and last keyframes. Default
    /// ``EndTangents/duplicateEndValue``.
    public var endTangents: EndTangents

    /// Whether tangents account for uneven key times. Default ``TangentScaling/keyTimes``.
    public var tangentScaling: TangentScaling

    /// The sign convention of `continuityValues`. Default ``ContinuitySign/appleDocumentation``.
    public var continuitySign: ContinuitySign

    public init(
        parameterization: CatmullRomParameterization = .uniform, endTangents: EndTangents = .duplicateEndValue,
        tangentScaling: TangentScaling = .keyTimes, continuitySign: ContinuitySign = .appleDocumentation
    ) {
        self.parameterization = parameterization
        self.endTangents = endTangents
        self.tangentScaling = tangentScaling
        self.continuitySign = continuitySign
    }

    /// The end tangents of a cubic keyframe spline.
    public enum EndTangents: String, Hashable, Sendable, CaseIterable {
        /// The end keyframe is its own missing neighbour (`P₋₁ = P₀`): the incoming chord is 0,
        /// so the end tangent is half the adjacent chord (uniform spline, no TCB), and the
        /// motion eases in and out of the ends. For α > 0 the missing knot interval is taken
        /// equal to the adjacent one. This is the default, and a common reading of Core
        /// Animation's behaviour.
        case duplicateEndValue
        /// The missing neighbour mirrors the next keyframe (`P₋₁ = 2P₀ − P₁`): the end
        /// tangent is the full adjacent chord, so the track leaves and arrives at full speed.
        case extrapolate
        /// Zero tangent at the ends: the track starts and stops with zero velocity.
        case zero
    }

    /// How tangents at a keyframe between segments of different durations are scaled.
    public enum TangentScaling: String, Hashable, Sendable, CaseIterable {
        /// Kochanek & Bartels' adjustment for uneven timing ("Interpolating splines with local
        /// tension, continuity, and bias control", SIGGRAPH 1984): each side's tangent is
        /// scaled by `2Δ/(Δ₀ + Δ₁)` with `Δ` its own segment's duration, so that with
        /// continuity 0 (and uniform knots) the velocity in time is continuous across the
        /// keyframe. The geometry then depends on the key times; with even key times nothing
        /// changes. Default. Not applied in `cubicPaced`, whose key times are generated.
        case keyTimes
        /// Tangents from the geometry alone; segments of different durations meet with a jump
        /// in speed (but the same direction).
        case none
    }

    /// The meaning of a positive `continuityValues` entry.
    public enum ContinuitySign: String, Hashable, Sendable, CaseIterable {
        /// As Apple documents `continuityValues`: "positive values result in sharper corners".
        /// In the Kochanek–Bartels formulas that is continuity `c = −value` (their `c = −1`
        /// makes each segment straight, with a corner at every keyframe). Default.
        case appleDocumentation
        /// The sign of Kochanek & Bartels' paper: positive values give inverted, boxy corners.
        case kochanekBartels
    }
}
