extension KeyframeTrack where Value == SIMD2<Double> {
    /// Builds a track that follows a path, as `CAKeyframeAnimation` does when its `path` is
    /// set (the path replaces `values`).
    ///
    /// Keyframes are the path's start point and the end point of every line or curve segment;
    /// move-to points are not keyframes (``Path/keyframePoints``), so `keyTimes` should have
    /// `segments.count + 1` entries (`+ 2` in `discrete` mode). The geometry is the path's own
    /// in every mode:
    ///
    /// - `linear`: segment `i` is traversed from `keyTimes[i]` to `keyTimes[i+1]` by its Bézier
    ///   parameter, through `timingFunctions[i]` (not at constant speed along a curve);
    /// - `cubic`: the same as `linear` — the path already fixes the shape between keyframes, so
    ///   tension, continuity and bias do not apply (a documented Harmonic choice; Apple does not
    ///   say);
    /// - `paced`, `cubicPaced`: constant speed along the whole path (jumps at move-tos take no
    ///   time);
    /// - `discrete`: the keyframe points, each held from its key time to the next.
    ///
    /// At a move-to the motion jumps: at the key time of the jump the new subpath's start is
    /// shown (intervals are half-open).
    ///
    /// - Parameters:
    ///   - path: The geometry; its segment end points are the keyframes.
    ///   - keyTimes: Optional key times, one per keyframe (invalid ones are ignored).
    ///   - calculationMode: Default ``CalculationMode/linear``, as in Core Animation.
    ///   - timingFunctions: Per-segment timing functions.
    ///   - timingFunction: The track's own timing function.
    ///   - rotationMode: Adds the tangent angle (``angle(at:)``); `nil` for none.
    ///   - pacingMethod: Arc-length inversion in paced modes.
    public init(
        path: Path, keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil,
        rotationMode: RotationMode? = nil, pacingMethod: ArcLengthMethod = .exact
    ) {
        let points = path.keyframePoints.isEmpty ? [SIMD2<Double>.zero] : path.keyframePoints
        let zeros = Array(repeating: 0.0, count: points.count)
        self.init(
            values: points, segments: path.segments, isPath: true, calculationMode: calculationMode,
            resolved: Self.resolveKeyTimes(keyTimes, count: points.count, mode: calculationMode),
            timingFunctions: timingFunctions, timingFunction: timingFunction, tension: zeros, continuity: zeros,
            bias: zeros, cubicOptions: CubicKeyframeOptions(), pacingMethod: pacingMethod, rotationMode: rotationMode,
            arcLength: path.arcLength)
    }

    /// The rotation at progress `p` under ``rotationMode``: the angle of the geometry's
    /// direction of travel there (``RotationMode/angle(forTangent:)``), 0 when the track has no
    /// rotation mode.
    ///
    /// The direction is geometric — timing functions do not change it, even where they stop
    /// or reverse the motion. Held keyframes (discrete mode, before the start, after the end)
    /// use the direction of the segment leaving the keyframe, or arriving at the last one.
    public func angle(at p: Double) -> Double {
        guard let rotationMode else { return 0 }
        return rotationMode.angle(
            forTangent: tangent(at: position(atInternalProgress: internalValue(p), withRate: false)))
    }

    /// The direction of travel at a position.
    func tangent(at position: KeyframePosition) -> SIMD2<Double> {
        guard !segments.isEmpty else { return .zero }
        switch position {
        case let .keyframe(i, _):
            return i < segments.count ? segments[i].tangent(at: 0) : segments[segments.count - 1].tangent(at: 1)
        case let .segment(i, u, _):
            return segments[i].tangent(at: u)
        case let .paced(location, _):
            return segments[location.segment].tangent(at: location.parameter)
        }
    }
}
