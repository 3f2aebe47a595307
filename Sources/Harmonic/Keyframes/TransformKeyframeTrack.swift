/// Keyframes of whole transforms: a `CAKeyframeAnimation` of the `transform` key path.
///
/// Between two keyframes the transform is interpolated by decomposition, as a basic animation
/// of `transform` is (``Transform3D/interpolated(to:fraction:)``: translation, scale, skew and
/// perspective linearly, the rotation along the shorter great-circle arc). Which segment a
/// progress falls in, and how far along it, follow the key times and per-segment timing
/// functions exactly as for numbers: the track keeps a scalar ``KeyframeTrack`` of the
/// keyframe *indices* `0, 1, …, n − 1` with the same timing, whose value `i + u` names segment
/// `i` at local fraction `u`.
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
    /// Keyframe indices against progress: the timing of the track.
    public let indexTrack: KeyframeTrack<Double>

    /// Builds a track.
    ///
    /// - Parameters:
    ///   - values: The keyframes, at least one, with finite entries.
    ///   - keyTimes, timingFunctions, timingFunction: As for ``KeyframeTrack``.
    ///   - calculationMode: ``CalculationMode/linear`` (the default) or
    ///     ``CalculationMode/discrete``.
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for an empty or
    ///   non-finite `values` or another calculation mode.
    public init(
        values: [Transform3D], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
        timingFunctions: [any TimingFunction] = [], timingFunction: (any TimingFunction)? = nil
    ) throws(HarmonicError) {
        guard calculationMode == .linear || calculationMode == .discrete else {
            throw .invalidParameter(
                name: "calculationMode", value: calculationMode.rawValue,
                allowed: "linear or discrete for keyframes of whole transforms")
        }
        for (i, v) in values.enumerated() where !(0..<16).allSatisfy({ v.storage[$0].isFinite }) {
            throw .invalidParameter(name: "values[\(i)]", value: "\(v)", allowed: "a transform with finite entries")
        }
        self.values = values
        components = values.map(\.decomposed)
        indexTrack = try KeyframeTrack(
            values: values.indices.map(Double.init), keyTimes: keyTimes, calculationMode: calculationMode,
            timingFunctions: timingFunctions, timingFunction: timingFunction)
    }

    /// The transform at progress `p`.
    public func value(at p: Double) -> Transform3D { sample(at: p, withRate: false).value }

    /// The transform at progress `p` and its derivative with respect to `p`, entry by entry
    /// (the segment's ``Transform3D/interpolatedWithRate(to:fraction:)`` times the rate of
    /// the local fraction; 0 while a discrete keyframe holds).
    public func sample(at p: Double) -> (value: Transform3D, rate: Transform3D) { sample(at: p, withRate: true) }

    func sample(at p: Double, withRate: Bool) -> (value: Transform3D, rate: Transform3D) {
        let zero = Transform3D(storage: SIMD16())
        guard values.count > 1 else { return (values[0], zero) }
        let (position, positionRate) = withRate ? indexTrack.sample(at: p) : (indexTrack.value(at: p), 0)
        // Segment i at local fraction u; progress before 0 or after 1 extrapolates the first or
        // last segment, as the scalar track does.
        let i = Swift.min(Swift.max(Int(position.rounded(.down)), 0), values.count - 2)
        let u = position - Double(i)
        if indexTrack.calculationMode == .discrete {
            return (values[Swift.min(Swift.max(Int(position.rounded()), 0), values.count - 1)], zero)
        }
        var (value, rate) = (values[i], zero)
        if let a = components[i], let b = components[i + 1] {
            if withRate {
                (value, rate) = a.interpolatedWithRate(to: b, fraction: u)
            } else {
                value = a.interpolated(to: b, fraction: u)
            }
        } else {
            (value, rate) = values[i].interpolatedWithRate(to: values[i + 1], fraction: u)
        }
        // On a keyframe the value is the keyframe itself, not its recomposition.
        if u == 0 || u == 1 { value = values[i + Int(u)] }
        return (value, Transform3D(storage: rate.storage * positionRate))
    }
}
