/// The cubic spline of Core Animation's `cubic` mode: a Catmull-Rom spline through the
/// keyframes, shaped per keyframe by tension `t`, continuity `c` and bias `b` in the form of
/// Kochanek & Bartels ("Interpolating splines with local tension, continuity, and bias
/// control", SIGGRAPH 1984), generalised to non-uniform knots.
///
/// Each segment `Pᵢ → Pᵢ₊₁` is the cubic Hermite curve with the outgoing tangent of `Pᵢ` and
/// the incoming tangent of `Pᵢ₊₁`. At keyframe `Pᵢ`, with incoming chord `A = Pᵢ − Pᵢ₋₁`
/// (knot interval `d₀`) and outgoing chord `B = Pᵢ₊₁ − Pᵢ` (interval `d₁`), the tangents with
/// respect to the knot parameter are
///
///     m_out = (1 − t)·[(1 + b)(1 + c)·(d₁/d₀)·A + (1 − b)(1 − c)·(d₀/d₁)·B] / (d₀ + d₁)
///     m_in  = (1 − t)·[(1 + b)(1 − c)·(d₁/d₀)·A + (1 − b)(1 + c)·(d₀/d₁)·B] / (d₀ + d₁)
///
/// With `d₀ = d₁ = 1` these are exactly Kochanek & Bartels' source and destination tangents;
/// with `t = c = b = 0` they are the derivative of the non-uniform Catmull-Rom spline (Barry &
/// Goldman's pyramid) at `Pᵢ`, `(d₁/d₀·A + d₀/d₁·B)/(d₀ + d₁)`. On the segment's own parameter
/// `u ∈ [0, 1]` the Hermite tangents are `dᵢ·m`. A term whose knot interval is 0 (α > 0 and a
/// repeated keyframe, whose chord is then 0 as well) is dropped: its limit is 0.
///
/// With ``CubicKeyframeOptions/TangentScaling/keyTimes``, at an interior keyframe between
/// segments of durations `Δ₀` and `Δ₁`, each side's Hermite tangent is multiplied by
/// Kochanek & Bartels' factor for its own segment, `2Δ₀/(Δ₀ + Δ₁)` (end of the earlier segment)
/// or `2Δ₁/(Δ₀ + Δ₁)` (start of the later one). For uniform knots this makes the velocity in
/// time continuous across the keyframe when `c = 0`; with even key times the factors are 1, so
/// a centripetal or chordal spline with default key times is exactly that spline. (For α > 0
/// and uneven key times, the velocity is continuous only where neighbouring knot intervals
/// are equal: the knot parameter and time then disagree, and Harmonic keeps the knots.)
enum KochanekBartels {
    /// The spline's segments as cubic Béziers.
    ///
    /// - Parameters:
    ///   - values: The keyframes (at least two).
    ///   - durations: The duration of each segment (`values.count − 1` entries), used only for
    ///     ``CubicKeyframeOptions/TangentScaling/keyTimes``; `nil` disables the scaling.
    ///   - tension, continuity, bias: One entry per keyframe (already padded with zeros), with
    ///     continuity in the sign convention of `options`.
    static func segments<Value: VectorArithmetic>(
        values: [Value], durations: [Double]?, tension: [Double], continuity: [Double], bias: [Double],
        options: CubicKeyframeOptions
    ) -> [BezierSegment<Value>] {
        let n = values.count
        guard n >= 2 else { return [] }
        let chords = (0..<(n - 1)).map { values[$0 + 1] - values[$0] }
        let intervals = chords.map { options.parameterization.knotInterval($0.magnitude) }
        let zero = values[0].scaled(by: 0)
        let continuitySign: Double = options.continuitySign == .appleDocumentation ? -1 : 1

        // Incoming and outgoing chords (and knot intervals) at keyframe i, with the missing
        // neighbours at the ends supplied by the end-tangent option.
        func incoming(_ i: Int) -> (Value, Double) {
            if i > 0 { return (chords[i - 1], intervals[i - 1]) }
            return (options.endTangents == .extrapolate ? chords[0] : zero, intervals[0])
        }
        func outgoing(_ i: Int) -> (Value, Double) {
            if i < n - 1 { return (chords[i], intervals[i]) }
            return (options.endTangents == .extrapolate ? chords[n - 2] : zero, intervals[n - 2])
        }

        // m_out (leaving keyframe i) and m_in (arriving at keyframe i), per knot parameter.
        func tangents(_ i: Int) -> (incoming: Value, outgoing: Value) {
            if options.endTangents == .zero, i == 0 || i == n - 1 { return (zero, zero) }
            let (a, d0) = incoming(i)
            let (b, d1) = outgoing(i)
            guard d0 + d1 > 0 else { return (zero, zero) }
            let t = tension[i], c = continuitySign * continuity[i], bb = bias[i]
            // (d₁/d₀)·A and (d₀/d₁)·B, with a zero interval's term dropped.
            let wa = d0 > 0 ? d1 / d0 : 0
            let wb = d1 > 0 ? d0 / d1 : 0
            let scale = (1 - t) / (d0 + d1)
            let out = Value.combine(scale * (1 + bb) * (1 + c) * wa, a, scale * (1 - bb) * (1 - c) * wb, b)
            let into = Value.combine(scale * (1 + bb) * (1 - c) * wa, a, scale * (1 - bb) * (1 + c) * wb, b)
            return (into, out)
        }

        // The factor turning a knot-parameter tangent into a segment-parameter tangent on
        // `segment`, at its keyframe `keyframe` (an end of that segment): the knot interval,
        // times Kochanek & Bartels' duration factor at interior keyframes.
        func factor(segment: Int, keyframe: Int) -> Double {
            let own = intervals[segment]
            guard let durations, keyframe > 0, keyframe < n - 1 else { return own }
            let total = durations[keyframe - 1] + durations[keyframe]
            guard total > 0 else { return own }
            return own * 2 * durations[segment] / total
        }

        let all = (0..<n).map(tangents)
        return (0..<(n - 1)).map { i in
            .hermite(
                values[i], all[i].outgoing.scaled(by: factor(segment: i, keyframe: i)),
                values[i + 1], all[i + 1].incoming.scaled(by: factor(segment: i, keyframe: i + 1)))
        }
    }
}
