extension KeyframeTimeline {
    /// The same motion played backwards in time: the timeline `R` with
    ///
    ///     R(t) = V(−t)
    ///
    /// for this timeline `V`, except at the instants where `V` jumps (see below). Keyframe `i`
    /// of `n` becomes keyframe `n − 1 − i` at time `−tᵢ`; each segment keeps its rule, run
    /// from its end to its start:
    ///
    /// - an **eased** segment gets its easing backwards (``CubicBezier/reversed``, for each
    ///   component when each has its own), since `vᵢ₊₁ + E'(u)(vᵢ − vᵢ₊₁)` with
    ///   `E'(u) = 1 − E(1 − u)` is `vᵢ + E(1 − u)(vᵢ₊₁ − vᵢ)`; a linear one stays linear;
    /// - a **spatial** segment runs along the same Bézier from its other end: its tangents
    ///   trade places (the out tangent is the segment's `inTangent`), and since the fraction
    ///   of the arc length left is one minus the fraction travelled, the reversed easing again
    ///   gives the point (the clamp at the ends is symmetric);
    /// - a **hold** of `vᵢ` over `[tᵢ, tᵢ₊₁)` becomes a jump at `−tᵢ₊₁` (two keyframes at that
    ///   time, `vᵢ₊₁` then `vᵢ`) followed by a hold of `vᵢ` up to `−tᵢ`.
    ///
    /// Jumps: this type's values are right-continuous — at a jump's time the value is already
    /// the one after it (a hold's next value, the later of keyframes sharing a time). Played
    /// backwards, `t ↦ V(−t)` is left-continuous at those instants, which no timeline is; at
    /// each such instant `R` already has the value `V` has just before its jump, and equals
    /// `V(−t)` everywhere else. A caller that needs the instant itself (a player sampling exact
    /// frames) moves the keyframes after each jump a little later.
    ///
    /// Times are negated exactly, so `reversed().reversed()` has this timeline's keyframe
    /// times; its easings are within an ulp (``CubicBezier/reversed``); holds come back as
    /// jumps followed by holds, with the same values.
    ///
    /// - Complexity: O(n·d) for n keyframes of d components; each easing's solver table is
    ///   built again.
    public func reversed() -> KeyframeTimeline {
        let n = keyframes.count
        var out: [Keyframe] = []
        out.reserveCapacity(n + keyframes.lazy.filter(\.holds).count)
        for j in 0..<n {
            // Original keyframe i = n − 1 − j, and the segment (i − 1 → i) that now follows it.
            let i = n - 1 - j
            let k = keyframes[i]
            guard i > 0 else {
                out.append(Keyframe(time: -k.time, value: k.value))
                break
            }
            let before = keyframes[i - 1]
            if before.holds {
                out.append(Keyframe(time: -k.time, value: k.value))
                out.append(Keyframe(time: -k.time, value: before.value, holds: true))
            } else {
                out.append(
                    Keyframe(
                        time: -k.time, value: k.value, easing: before.easing.map(\.reversed),
                        outTangent: before.inTangent, inTangent: before.outTangent))
            }
        }
        return KeyframeTimeline(unchecked: out)
    }
}
