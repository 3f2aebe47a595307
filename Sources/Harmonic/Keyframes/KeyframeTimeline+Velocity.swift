extension KeyframeTimeline {
    /// The rate of change of ``value(at:)`` per unit of time (the timeline's own unit), what an
    /// engine needs for the velocity it hands on to a later animation.
    ///
    /// On an eased segment `i` with `u = (t − tᵢ)/(tᵢ₊₁ − tᵢ)`, component `c` changes at
    /// `(vᵢ₊₁[c] − vᵢ[c])·E_c′(u)/(tᵢ₊₁ − tᵢ)`, with `E_c′` the slope of the component's easing
    /// (1 when linear). Along a spatial segment the point travels a fraction `p = E(u)` of the
    /// Bézier's arc length `L`, so its velocity is the unit tangent times
    /// `L·E′(u)/(tᵢ₊₁ − tᵢ)`; where the eased progress has left `[0, 1]` the point rests at an
    /// end, and at a cusp (zero tangent) the velocity is zero. Holds, single keyframes, times
    /// outside the keyframes and zero-length segments give zeros. At a keyframe's own time the
    /// segment that starts there is used (the right derivative).
    public func velocity(at time: Double) -> AnimatableVector {
        let n = keyframes[0].value.count
        var rate = AnimatableVector(zeros: n)
        guard keyframes.count > 1, time >= keyframes[0].time, time < keyframes[keyframes.count - 1].time else {
            return rate
        }
        let i = times.lastIndex(notAbove: time, from: 0, through: times.count - 2)
        let start = keyframes[i], end = keyframes[i + 1]
        let span = end.time - start.time
        guard !start.holds, span > 0 else { return rate }
        let u = (time - start.time) / span
        if let path = paths[i] {
            let easing = start.easing.first
            let progress = easing.map { $0.value(at: u) } ?? u
            guard progress > 0, progress < 1 else { return rate }
            let speed = path.arcLength.length * (easing.map { $0.slope(at: u) } ?? 1) / span
            let direction = path.unitTangent(atFraction: progress)
            for c in 0..<n { rate[c] = direction[c] * speed }
            return rate
        }
        for c in 0..<n {
            let slope: Double
            switch start.easing.count {
            case 0: slope = 1
            case 1: slope = start.easing[0].slope(at: u)
            default: slope = start.easing[c].slope(at: u)
            }
            rate[c] = (end.value[c] - start.value[c]) * slope / span
        }
        return rate
    }
}

extension SpatialSegment {
    /// The unit tangent, in every component, a fraction `f` (inside `(0, 1)`) of the arc
    /// length along; zeros at a cusp.
    func unitTangent(atFraction f: Double) -> AnimatableVector {
        let t = arcLength.location(atLength: f * arcLength.length).parameter
        let d = bezier.derivative(at: t)
        let length = d.magnitude
        return length > 0 ? d.scaled(by: 1 / length) : AnimatableVector(zeros: d.count)
    }
}

extension KeyframeTimeline {
    /// `time`, or the keyframe time it lies within `ulps` units in the last place of (the unit
    /// of the larger of the timeline's end times in magnitude and 1).
    ///
    /// A caller that reaches the timeline through another clock — an engine's progress
    /// `p = τ/duration`, read back as `t₀ + p·(t₁ − t₀)` — moves a time by a few roundings; a
    /// frame at a keyframe's time must still show that keyframe's value (a hold switches
    /// exactly there), so it snaps such a time back before reading the timeline.
    public func keyframeTime(near time: Double, withinULPs ulps: Double = 8) -> Double {
        guard time.isFinite else { return time }
        let tolerance = ulps * Swift.max(abs(times[0]), abs(times[times.count - 1]), 1).ulp
        // The last keyframe at or before `time`, and the one after it.
        guard time >= times[0] else { return times[0] - time <= tolerance ? times[0] : time }
        let i = times.lastIndex(notAbove: time, from: 0, through: times.count - 1)
        if i + 1 < times.count, times[i + 1] - time <= tolerance { return times[i + 1] }
        return time - times[i] <= tolerance ? times[i] : time
    }
}
