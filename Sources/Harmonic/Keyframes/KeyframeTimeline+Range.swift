extension KeyframeTimeline {
    /// The smallest and largest value component `c` takes at any time.
    ///
    /// The keyframes' values, and on each segment:
    ///
    /// - a **hold** takes only its start value;
    /// - an **eased** segment from `a` by `Δ` takes `a + Δ·E(u)` for `u ∈ [0, 1]`, which spans
    ///   `a + Δ·[lo, hi]` for the easing's output range (``CubicBezier/outputRange``: beyond the
    ///   keyframes where it overshoots);
    /// - a **spatial** segment moves along its Bézier from one end to the other (its progress
    ///   clamped to the ends), so it takes every point of it: the component's range over the
    ///   curve, its ends and the interior roots of the component's derivative
    ///   `3[d₀(1 − t)² + 2d₁(1 − t)t + d₂t²]` (`dₖ` the control polygon's steps).
    ///
    /// Useful to check before cutting or drawing that a value stays in a range at every time
    /// (a trim end within the path, a radius above 0), or to find the most a count reaches.
    ///
    /// - Precondition: `0 ≤ c <` the values' length.
    /// - Complexity: O(n) for n keyframes.
    public func valueRange(component c: Int) -> ClosedRange<Double> {
        var lower = keyframes[0].value[c], upper = lower
        func take(_ v: Double) {
            lower = Swift.min(lower, v)
            upper = Swift.max(upper, v)
        }
        for i in keyframes.indices {
            let k = keyframes[i]
            take(k.value[c])
            guard i + 1 < keyframes.count, !k.holds else { continue }
            let next = keyframes[i + 1]
            if let path = paths[i], case let .cubic(p0, p1, p2, p3) = path.bezier {
                let d0 = p1[c] - p0[c], d1 = p2[c] - p1[c], d2 = p3[c] - p2[c]
                for t in CubicBezier.quadraticRoots(d0 - 2 * d1 + d2, 2 * (d1 - d0), d0) where t > 0 && t < 1 {
                    take(path.bezier.point(at: t)[c])
                }
                continue
            }
            let easing = k.easing.isEmpty ? nil : k.easing[Swift.min(c, k.easing.count - 1)]
            let outputs = easing?.outputRange ?? 0...1
            let change = next.value[c] - k.value[c]
            take(k.value[c] + change * outputs.lowerBound)
            take(k.value[c] + change * outputs.upperBound)
        }
        return lower...upper
    }
}
