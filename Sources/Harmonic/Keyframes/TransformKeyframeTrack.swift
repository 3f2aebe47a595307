/// Keyframes of whole transforms: a `CAKeyframeAnimation` of the `transform` key path.
///
/// Between two keyframes the transform is interpolated by decomposition, as a basic animation
/// of `transform` is (``Transform3D/interpolated(to:fraction:)``: translation, scale, skew and
/// perspective linearly, the rotation along the shorter great-circle arc). Which segment a
/// progress falls in, and how far along it, follow the key times and per-segment timing
/// functions exactly as for numbers (``KeyframeSegments``).
///
/// Modes: ``CalculationMode/linear`` and ``CalculationMode/discrete``. The paced and cubic
/// modes need a distance between transforms or a spline through them, which neither Core
/// Animation's documentation nor CSS defines; the initialiser refuses them rather than
/// inventing one.
public struct TransformKeyframeTrack: Sendable {
    /// The keyframes.
    public let values: [Transform3D]
    /// The keyframes' decompositions, `nil` where a matrix cannot be decomposed (a segment
    /// touching one interpolates entries).
    let components: [TransformComponents?]
    /// The timing: which segment, how far along.
    public let segments: KeyframeSegments

    /// Builds a track.
    ///
    /// - Parameters:
    ///   - values: The keyframes, at least one, with finite entries.
    ///   - keyTimes: Optional key times, as for ``KeyframeTrack``.
    ///   - timingFunctions: Per-segment timing functions, as for ``KeyframeTrack``.
    ///   - timingFunction: The track's own timing function, as for ``KeyframeTrack``.
    ///   - calculationMode: ``CalculationMode/linear`` (the default) or
    ///     ``CalculationMode/discrete``.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for an empty or
    ///   non-finite `values` or another calculation mode.
    public init(
        values: [Transform3D], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil
    ) throws(HarmonicError) {
        for (i, v) in values.enumerated() where !(0..<16).allSatisfy({ v.storage[$0].isFinite }) {
            throw .invalidParameter(name: "values[\(i)]", value: "\(v)", allowed: "a transform with finite entries")
        }
        segments = try KeyframeSegments(
            count: values.count, keyTimes: keyTimes, calculationMode: calculationMode,
            timingFunctions: timingFunctions, timingFunction: timingFunction, of: "whole transforms")
        self.values = values
        components = values.map(\.decomposed)
    }

    /// The transform at progress `p`.
    public func value(at p: Double) -> Transform3D { sample(at: p).value }

    /// The transform at progress `p` and its derivative with respect to `p`, entry by entry
    /// (the segment's ``Transform3D/interpolatedWithRate(to:fraction:)`` times the rate of
    /// the local fraction; 0 while a discrete keyframe holds). On a keyframe the value is the
    /// keyframe itself, not its recomposition.
    public func sample(at p: Double) -> (value: Transform3D, rate: Transform3D) {
        let at = segments.location(at: p)
        let zero = Transform3D(storage: SIMD16())
        if at.rate == 0, let k = at.keyframe { return (values[k], zero) }
        let i = at.segment
        var (value, rate): (Transform3D, Transform3D)
        if let a = components[i], let b = components[i + 1] {
            (value, rate) = a.interpolatedWithRate(to: b, fraction: at.fraction)
        } else {
            (value, rate) = values[i].interpolatedWithRate(to: values[i + 1], fraction: at.fraction)
        }
        if let k = at.keyframe { value = values[k] }
        return (value, rate.scaled(by: at.rate))
    }
}

extension Transform3D {
    /// Every entry times `factor`.
    package func scaled(by factor: Double) -> Transform3D { Transform3D(storage: storage * factor) }
}
