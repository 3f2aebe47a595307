extension KeyframeTimeline {
    /// One timeline whose value is the values of `parts` side by side: at every time its
    /// components are part 0's, then part 1's, and so on — however the parts are keyed.
    ///
    /// Each part is cut at every other part's keyframe times (``aligned(to:)``, which keeps its
    /// motion), so that all share their times. Then at each shared time `tᵢ` and on each
    /// segment `(tᵢ, tᵢ₊₁)`:
    ///
    /// - the segment moves every component by its own part's easing (one easing per component,
    ///   ``Keyframe/easing``); a part that holds or stays there is linear with no change;
    ///   where no part moves, the segment holds;
    /// - a part that jumps at `tᵢ` (its hold ends there, or two of its keyframes share the time)
    ///   makes the whole value jump: a keyframe of the values just before `tᵢ`, then one of the
    ///   values at `tᵢ`, as this type's values take the new value at a jump's instant.
    ///
    /// The result equals every part at every time (up to the rounding of the cuts, about 1e-12
    /// of a part's change). What an engine needs to play values keyed apart as one animated
    /// list (a dash pattern whose lengths each have their own keyframes), or to store several
    /// channels of an After Effects composition as one track.
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for no parts, a part
    ///   with a spatial segment (its components move together along a curve, not each by an
    ///   easing; `name` is `parts[i]`), cuts that do not settle on shared times, or more
    ///   keyframes than ``maximumKeyframes``.
    public init(combining parts: [KeyframeTimeline]) throws(HarmonicError) {
        guard !parts.isEmpty else {
            throw .invalidParameter(name: "parts", value: "no timelines", allowed: "at least one timeline")
        }
        for (i, part) in parts.enumerated() where part.isSpatial {
            throw .invalidParameter(
                name: "parts[\(i)]", value: "a timeline with spatial segments",
                allowed: "timelines whose components are each eased on their own")
        }
        func distinctTimes(_ t: KeyframeTimeline) -> [Double] { Array(Set(t.times)).sorted() }
        var aligned = parts
        // A cut may halve a part no easing holds in one part only: cut again until all agree.
        for _ in 0..<4 {
            let times = Array(Set(aligned.flatMap(\.times))).sorted()
            guard !aligned.allSatisfy({ distinctTimes($0) == times }) else { break }
            var next: [KeyframeTimeline] = []
            for t in aligned { next.append(try t.aligned(to: times)) }
            aligned = next
        }
        let times = distinctTimes(aligned[0])
        guard aligned.allSatisfy({ distinctTimes($0) == times }) else {
            throw .invalidParameter(
                name: "parts", value: "timelines whose cuts do not settle on shared times",
                allowed: "timelines that can be cut at each other's keyframe times")
        }
        // Per part and shared time: the first and last keyframe there.
        let spans: [[(first: Int, last: Int)]] = aligned.map { t in
            var out: [(first: Int, last: Int)] = []
            var k = 0
            for time in times {
                let first = k
                while k + 1 < t.keyframes.count, t.keyframes[k + 1].time == time { k += 1 }
                out.append((first, k))
                k += 1
            }
            return out
        }
        let linear = CubicBezier.linear
        var keys: [Keyframe] = []
        var previousHolds = false
        for i in times.indices {
            var before: [Double] = [], at: [Double] = []
            var moves = false
            var easing: [CubicBezier] = []
            for (t, span) in zip(aligned, spans) {
                let k = t.keyframes, here = span[i]
                // Just before tᵢ: the held value when the segment into tᵢ holds.
                let heldInto = i > 0 && k[span[i - 1].last].holds
                before += (heldInto ? k[span[i - 1].last] : k[here.first]).value.components
                let start = k[here.last]
                at += start.value.components
                guard i + 1 < times.count else { continue }
                let end = k[span[i + 1].first]
                let moving = !start.holds && end.value != start.value
                moves = moves || moving
                for c in 0..<start.value.count {
                    let own = start.easing.isEmpty ? linear : start.easing[min(c, start.easing.count - 1)]
                    easing.append(moving ? own : linear)
                }
            }
            if before != at, !previousHolds { keys.append(Keyframe(time: times[i], value: AnimatableVector(before))) }
            let isLast = i + 1 == times.count
            let eased = easing.contains { !$0.isLinear }
            keys.append(
                Keyframe(
                    time: times[i], value: AnimatableVector(at), holds: !isLast && !moves,
                    easing: !isLast && moves && eased ? easing : []))
            previousHolds = !isLast && !moves
        }
        guard keys.count <= Self.maximumKeyframes else {
            throw .invalidParameter(
                name: "parts", value: "\(keys.count) keyframes combined", allowed: "at most \(Self.maximumKeyframes)")
        }
        self.init(unchecked: keys)
    }
}
