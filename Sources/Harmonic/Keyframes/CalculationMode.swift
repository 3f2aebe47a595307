/// How a keyframe track computes values between its keyframes: Core Animation's
/// `CAAnimationCalculationMode` (Apple, "Value calculation modes").
///
/// | mode         | geometry between keyframes             | timing                                   |
/// |--------------|----------------------------------------|------------------------------------------|
/// | `linear`     | straight segments                      | `keyTimes` and per-segment timing        |
/// | `discrete`   | none: each value holds until the next  | `keyTimes` (one more than values)        |
/// | `paced`      | straight segments                      | constant speed; `keyTimes` ignored       |
/// | `cubic`      | Catmull-Rom / Kochanek–Bartels spline  | `keyTimes` and per-segment timing        |
/// | `cubicPaced` | the same spline                        | constant speed along it; `keyTimes` ignored |
///
/// For a track built from a ``Path`` the geometry is the path's own segments in every mode
/// (see
/// ``KeyframeTrack/init(path:keyTimes:calculationMode:timingFunctions:timingFunction:rotationMode:pacingMethod:)``).
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    /// Straight interpolation between consecutive keyframes (Core Animation's default).
    case linear
    /// No interpolation: each keyframe value is held from its key time until the next.
    case discrete
    /// Straight segments traversed at constant speed: key times proportional to the
    /// cumulative distance between keyframes.
    case paced
    /// A smooth spline through the keyframes (Catmull-Rom, shaped by per-keyframe tension,
    /// continuity and bias in the Kochanek–Bartels form).
    case cubic
    /// The `cubic` spline traversed at constant speed along its arc length.
    case cubicPaced

    /// Whether the mode generates its own timing from the geometry.
    public var isPaced: Bool { self == .paced || self == .cubicPaced }
}
