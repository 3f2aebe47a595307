extension KeyframeTrack {
    /// Apple's `keyTimes` rules (CAKeyframeAnimation, `keyTimes`): the key times to use for
    /// `count` keyframes in `mode`, and whether they are the given ones.
    ///
    /// Given key times are used when there is one per keyframe (`linear`, `cubic`) or one more
    /// (`discrete`), all finite, the first 0, the last 1, never decreasing (which keeps them in
    /// `[0, 1]`). Otherwise — and always in paced modes, whose times come from the geometry —
    /// they are evenly spaced: `i/(count − 1)`, or `i/count` for `discrete`. A single keyframe
    /// has the key times `[0]` (`[0, 1]` in `discrete`).
    static func resolveKeyTimes(_ given: [Double]?, count n: Int, mode: CalculationMode) -> (
        times: [Double], given: Bool
    ) {
        let expected = mode == .discrete ? n + 1 : n
        let even: [Double]
        if expected <= 1 {
            even = [0]
        } else {
            let intervals = Double(expected - 1)
            even = (0..<expected).map { Double($0) / intervals }
        }
        guard !mode.isPaced, let given, given.count == expected, expected >= 2,
            given.first == 0, given.last == 1, given.allSatisfy(\.isFinite),
            zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 })
        else { return (even, false) }
        return (given, true)
    }
}
