import Harmonic

/// A trim's ends as the engine's `strokeStart` and `strokeEnd` need them: the smaller one first.
///
/// A Lottie trim draws from `min(s, e)` to `max(s, e)` at every frame: its start and end swap
/// where they cross. `strokeStart` and `strokeEnd` must each be one keyframe animation, so both
/// ends are cut at each other's keyframe frames and where they cross
/// (``/Harmonic/KeyframeTimeline/crossings(with:)`` finds those, in closed form where one end
/// stays or both share an easing, by halving where each has its own;
/// ``/Harmonic/KeyframeTimeline/splitting(at:)`` cuts without changing the motion); between two
/// cuts one end stays at or below the other, and its keyframes and easing pieces are the
/// start, the other's the end. Ends whose easing overshoots are cut the same way (the
/// search brackets between the inputs where an easing turns).
enum LottieTrimEnds {
    /// The ordered start and end (fractions of the path; times in the layer's frames), each
    /// held within `[0, 1]` as direct evaluation clamps the file's ends before it adds the
    /// offset (``/Harmonic/KeyframeTimeline/clamped(to:)``, cut where an end passes a bound;
    /// clamping keeps the order, being monotonic), or `nil` where they may cross and the
    /// crossings are not found as above.
    static func ordered(start: LottieProperty?, end: LottieProperty?) -> (
        start: KeyframeTimeline, end: KeyframeTimeline
    )? {
        guard let (s, e) = unclamped(start: start, end: end),
            let lower = try? s.clamped(to: 0...1), let upper = try? e.clamped(to: 0...1)
        else { return nil }
        return (lower, upper)
    }

    /// The ordered ends as the file gives them, which may leave `[0, 1]`.
    private static func unclamped(start: LottieProperty?, end: LottieProperty?) -> (
        start: KeyframeTimeline, end: KeyframeTimeline
    )? {
        guard let s = fractions(start, fallback: 0), let e = fractions(end, fallback: 1) else { return nil }
        if s.valueRange(component: 0).upperBound <= e.valueRange(component: 0).lowerBound { return (s, e) }
        // Both ends on the same frames, cut where they cross.
        let times = Array(Set(s.keyframes.map(\.time) + e.keyframes.map(\.time))).sorted()
        guard let cuts = s.crossings(with: e), let a = try? s.aligned(to: times), let b = try? e.aligned(to: times)
        else { return nil }
        guard var x = try? a.splitting(at: cuts), var y = try? b.splitting(at: cuts) else { return nil }
        if x.keyframes.map(\.time) != y.keyframes.map(\.time) {
            let times = Array(Set(x.keyframes.map(\.time) + y.keyframes.map(\.time))).sorted()
            guard let xx = try? x.splitting(at: times), let yy = try? y.splitting(at: times),
                xx.keyframes.map(\.time) == yy.keyframes.map(\.time)
            else { return nil }
            (x, y) = (xx, yy)
        }
        var lower: [KeyframeTimeline.Keyframe] = [], upper: [KeyframeTimeline.Keyframe] = []
        let frames = x.keyframes.map(\.time)
        for k in frames.indices {
            let p = x.keyframes[k], q = y.keyframes[k]
            let least = min(p.value[0], q.value[0]), most = max(p.value[0], q.value[0])
            guard k + 1 < frames.count else {
                lower.append(.init(time: frames[k], value: [least]))
                upper.append(.init(time: frames[k], value: [most]))
                break
            }
            // Which end is below on the segment from this keyframe (none crosses inside it).
            let middle = (frames[k] + frames[k + 1]) / 2
            let startIsBelow = x.value(at: middle)[0] <= y.value(at: middle)[0]
            let (below, above) = startIsBelow ? (p, q) : (q, p)
            let (belowNext, aboveNext) =
                startIsBelow ? (x.keyframes[k + 1], y.keyframes[k + 1]) : (y.keyframes[k + 1], x.keyframes[k + 1])
            for (out, from, next, value) in [(0, below, belowNext, least), (1, above, aboveNext, most)] {
                var keys = [
                    KeyframeTimeline.Keyframe(time: frames[k], value: [value], holds: from.holds, easing: from.easing)
                ]
                // Where the other end jumps (a hold ends), the order may change at the next
                // keyframe: this one's segment still ends at its own value, then the value jumps
                // there (a second keyframe at the same time).
                let end = from.holds ? from.value[0] : next.value[0]
                let nextValue =
                    out == 0 ? min(belowNext.value[0], aboveNext.value[0]) : max(belowNext.value[0], aboveNext.value[0])
                if end != nextValue { keys.append(.init(time: frames[k + 1], value: [end], holds: true)) }
                if out == 0 { lower += keys } else { upper += keys }
            }
        }
        guard let first = try? KeyframeTimeline(lower), let second = try? KeyframeTimeline(upper) else { return nil }
        return (first, second)
    }

    /// A trim end in fractions (percent / 100); a missing one fixed at `fallback`.
    private static func fractions(_ p: LottieProperty?, fallback: Double) -> KeyframeTimeline? {
        guard let p else { return try? KeyframeTimeline([.init(time: 0, value: [fallback])]) }
        return try? KeyframeTimeline(
            p.timeline.keyframes.map { k in
                var k = k
                k.value = [k.value[0] / 100]
                return k
            })
    }
}
