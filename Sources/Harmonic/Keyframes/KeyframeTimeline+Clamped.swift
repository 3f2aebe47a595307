extension KeyframeTimeline {
    /// The same motion held within `range`: at every time the value is this one's clamped,
    /// `min(max(v(t), lower), upper)` — for a one-component timeline.
    ///
    /// The timeline is cut where it reaches either bound (``times(reaching:)``; an easing that
    /// overshoots or turns back may reach one up to three times in a segment) without changing
    /// its motion (``splitting(at:)``). Each part then lies on one side of each bound: a part
    /// outside holds the bound it passed, a part inside keeps its keyframes and easing, and
    /// every keyframe's value is clamped. What a player needs to animate a value that its
    /// renderer clamps (an opacity whose easing overshoots past 100 %) with keyframes that
    /// reach the same values.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a timeline of more
    ///   than one component (`name` `keyframes`), a spatial one, a range whose bounds are not
    ///   finite, or the cuts' errors (see ``splitting(at:)``).
    public func clamped(to range: ClosedRange<Double>) throws(HarmonicError) -> KeyframeTimeline {
        guard range.lowerBound.isFinite, range.upperBound.isFinite else {
            throw .invalidParameter(name: "range", value: "\(range)", allowed: "finite bounds")
        }
        guard keyframes[0].value.count == 1, !isSpatial else {
            throw .invalidParameter(
                name: "keyframes", value: "values of \(keyframes[0].value.count) components",
                allowed: "one component, no spatial segments")
        }
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, range.lowerBound), range.upperBound) }
        let cut = try splitting(at: times(reaching: range.lowerBound) + times(reaching: range.upperBound))
        var out: [Keyframe] = []
        for (i, k) in cut.keyframes.enumerated() {
            var key = k
            key.value = [clamp(k.value[0])]
            if i + 1 < cut.keyframes.count, !k.holds {
                // A part lies on one side of each bound: its middle says which.
                let next = cut.keyframes[i + 1]
                let middle = cut.value(at: k.time + (next.time - k.time) / 2)[0]
                if middle < range.lowerBound || middle > range.upperBound {
                    key.value = [clamp(middle)]
                    key.holds = true
                    key.easing = []
                }
            }
            out.append(key)
        }
        return try KeyframeTimeline(out)
    }
}
