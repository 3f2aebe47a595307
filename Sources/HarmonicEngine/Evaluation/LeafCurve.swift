import Harmonic

/// How a leaf turns timing into a value.
enum LeafCurve: Sendable {
    /// `start + (end − start)·p` with `p` the timing function's output.
    case basic
    /// A damped spring at spring time `τ = timingFunction(directed)·duration`.
    case spring(SpringCurve)
    /// Progress supplied by an interactive animator (by index), not by the media timing.
    case driven(animator: Int)
    /// A keyframe track at progress `p`.
    case keyframes(KeyframeCurve)
    /// Keyframes of whole transforms at progress `p`.
    case transformKeyframes(TransformKeyframeTrack)
    /// Keyframes of paths at progress `p`.
    case pathKeyframes(PathKeyframeTrack)
    /// Releases, one per component, at decay time `τ` (as a spring's).
    case decay(DecayLeaf)
    /// A caller's motion at motion time `τ` (as a spring's).
    case motion(MotionLeaf)
}
