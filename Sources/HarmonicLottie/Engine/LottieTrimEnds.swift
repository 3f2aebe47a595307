import Harmonic

/// A trim's ends as the engine's `strokeStart` and `strokeEnd` need them: the smaller one first.
///
/// A Lottie trim draws from `min(s, e)` to `max(s, e)` at every frame: its start and end swap
/// where they cross. `strokeStart` and `strokeEnd` must each be one keyframe animation, so both
/// ends are cut at each other's keyframe frames and where they cross
/// (``/Harmonic/KeyframeTimeline/splitting(at:)``, which keeps every value); between two cuts
/// one end stays at or below the other, and its keyframes and easing pieces are the start, the
/// other's the end.
///
/// On a segment both ends share, each is fixed or eased on its own, and the crossings are:
///
/// - one end fixed at `c`, the other eased from `a` to `b`: where `E(u) = (c − a)/(b − a)`,
///   every input solved by ``/Harmonic/CubicBezier/inputs(forOutput:)``;
/// - both eased by the same curve (both linear included): the gap `e − s` moves by that curve,
///   from `d₀` by `Δ`, and closes where `E(u) = −d₀/Δ`;
/// - eased by different curves: the gap has no closed form, but each end is monotone (an
///   easing whose control outputs lie in `[0, 1]` never turns back,
///   ``/Harmonic/CubicBezier/outputIsMonotone``), so on any interval the gap is bounded by the
///   ends' values at its ends; intervals are halved until the bounds show the gap keeps its
///   sign, or until an interval of 2⁻⁴⁰ of the segment holds a change of sign, which is a
///   crossing (placed at its middle, where the ends differ by about 10⁻¹² of the path).
///
/// Ends whose easing overshoots are no such case (`nil`; `strokeStart` clamps where a trim's
/// end would not).
enum LottieTrimEnds {
    /// The ordered start and end (fractions of the path; times in the layer's frames), or
    /// `nil` where they may cross and the crossings are not found as above.
    static func ordered(start: LottieProperty?, end: LottieProperty?) -> (
        start: KeyframeTimeline, end: KeyframeTimeline
    )? {
        guard start?.neverOvershoots ?? true, end?.neverOvershoots ?? true,
            let s = fractions(start, fallback: 0), let e = fractions(end, fallback: 1)
        else { return nil }
        let low = s.keyframes.map { $0.value[0] }, high = e.keyframes.map { $0.value[0] }
        if low.max()! <= high.min()! { return (s, e) }
        // Both ends on the same frames: each cut at the other's (a cut may add a halving
        // keyframe to one, so once more until they agree).
        var (a, b) = (s, e)
        for _ in 0..<3 {
            let times = Array(Set(a.keyframes.map(\.time) + b.keyframes.map(\.time))).sorted()
            guard let x = onTimes(a, times), let y = onTimes(b, times) else { return nil }
            (a, b) = (x, y)
            if a.keyframes.map(\.time) == b.keyframes.map(\.time) { break }
        }
        guard a.keyframes.map(\.time) == b.keyframes.map(\.time) else { return nil }
        var cuts: [Double] = []
        for k in 0..<(a.keyframes.count - 1) {
            guard let found = crossings(a, b, segment: k) else { return nil }
            cuts += found
        }
        guard var x = try? a.splitting(at: cuts), var y = try? b.splitting(at: cuts) else { return nil }
        if x.keyframes.map(\.time) != y.keyframes.map(\.time) {
            let times = Array(Set(x.keyframes.map(\.time) + y.keyframes.map(\.time))).sorted()
            guard let xx = try? x.splitting(at: times), let yy = try? y.splitting(at: times),
                xx.keyframes.map(\.time) == yy.keyframes.map(\.time)
            else { return nil }
            (x, y) = (xx, yy)
        }
        var lower: [KeyframeTimeline.Keyframe] = [], upper: [KeyframeTimeline.Keyframe] = []
        let times = x.keyframes.map(\.time)
        for k in times.indices {
            let p = x.keyframes[k], q = y.keyframes[k]
            let least = min(p.value[0], q.value[0]), most = max(p.value[0], q.value[0])
            guard k + 1 < times.count else {
                lower.append(.init(time: times[k], value: [least]))
                upper.append(.init(time: times[k], value: [most]))
                break
            }
            // Which end is below on the segment from this keyframe (none crosses inside it).
            let middle = (times[k] + times[k + 1]) / 2
            let startIsBelow = x.value(at: middle)[0] <= y.value(at: middle)[0]
            let (below, above) = startIsBelow ? (p, q) : (q, p)
            let (belowNext, aboveNext) =
                startIsBelow ? (x.keyframes[k + 1], y.keyframes[k + 1]) : (y.keyframes[k + 1], x.keyframes[k + 1])
            for (out, from, next, value) in [(0, below, belowNext, least), (1, above, aboveNext, most)] {
                var keys = [
                    KeyframeTimeline.Keyframe(time: times[k], value: [value], holds: from.holds, easing: from.easing)
                ]
                // Where the other end jumps (a hold ends), the order may change at the next
                // keyframe: this one's segment still ends at its own value, then the value jumps
                // there (a second keyframe at the same time).
                let end = from.holds ? from.value[0] : next.value[0]
                let nextValue =
                    out == 0 ? min(belowNext.value[0], aboveNext.value[0]) : max(belowNext.value[0], aboveNext.value[0])
                if end != nextValue { keys.append(.init(time: times[k + 1], value: [end], holds: true)) }
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

    /// `t` with a keyframe at every one of `times`, its motion kept
    /// (``/Harmonic/KeyframeTimeline/aligned(to:)``).
    private static func onTimes(_ t: KeyframeTimeline, _ times: [Double]) -> KeyframeTimeline? {
        try? t.aligned(to: times)
    }

    /// One end's motion over a shared segment: from `value` by `change`, eased by `easing`
    /// (`nil` for linear); `change` 0 when it holds or stays.
    private struct Motion {
        var value: Double
        var change: Double
        var easing: CubicBezier?

        init(value: Double, change: Double, easing: CubicBezier?) {
            self.value = value
            self.change = change
            self.easing = easing
        }

        init(_ t: KeyframeTimeline, segment k: Int) {
            let key = t.keyframes[k]
            value = key.value[0]
            change = key.holds ? 0 : t.keyframes[k + 1].value[0] - value
            easing = key.easing.first
        }

        func progress(_ u: Double) -> Double { easing?.value(at: u) ?? u }
        func at(_ u: Double) -> Double { value + change * progress(u) }
    }

    /// The times inside segment `k` where `b − a` changes sign, or `nil` when they are not
    /// found as ``LottieTrimEnds`` says.
    private static func crossings(_ a: KeyframeTimeline, _ b: KeyframeTimeline, segment k: Int) -> [Double]? {
        let t0 = a.keyframes[k].time, t1 = a.keyframes[k + 1].time
        let s = Motion(a, segment: k), e = Motion(b, segment: k)
        func times(_ inputs: [Double]) -> [Double] { inputs.filter { $0 > 0 && $0 < 1 }.map { t0 + $0 * (t1 - t0) } }
        func level(_ m: Motion, reaching target: Double) -> [Double] {
            let p = (target - m.value) / m.change
            guard p > 0, p < 1 else { return [] }
            return m.easing?.inputs(forOutput: p) ?? [p]
        }
        switch (s.change == 0, e.change == 0) {
        case (true, true): return []
        case (true, false): return times(level(e, reaching: s.value))
        case (false, true): return times(level(s, reaching: e.value))
        case (false, false): break
        }
        if s.easing == e.easing || (s.easing == nil && e.easing == .linear) || (e.easing == nil && s.easing == .linear)
        {
            // The gap moves by the shared easing: from d₀ by Δ.
            let gap = Motion(value: e.value - s.value, change: e.change - s.change, easing: s.easing ?? e.easing)
            guard gap.change != 0 else { return [] }
            return times(level(gap, reaching: 0))
        }
        guard s.easing?.outputIsMonotone ?? true, e.easing?.outputIsMonotone ?? true,
            let inputs = bisectedCrossings(s, e)
        else { return nil }
        return times(inputs)
    }

    /// The inputs in `(0, 1)` where `e − s` changes sign, both ends monotone: an interval's
    /// gap lies between `min(e) − max(s)` and `max(e) − min(s)` over its ends' values, so an
    /// interval where that range excludes 0 holds no crossing; others are halved, down to
    /// 2⁻⁴⁰, where a change of sign is a crossing at the middle. `nil` past a budget of
    /// halvings (which a crossing costs about 80 of).
    private static func bisectedCrossings(_ s: Motion, _ e: Motion) -> [Double]? {
        struct Interval {
            var u0, u1, s0, s1, e0, e1: Double
        }
        var found: [Double] = []
        var stack = [Interval(u0: 0, u1: 1, s0: s.at(0), s1: s.at(1), e0: e.at(0), e1: e.at(1))]
        var budget = 20_000
        while let i = stack.popLast() {
            budget -= 1
            guard budget > 0 else { return nil }
            let least = min(i.e0, i.e1) - max(i.s0, i.s1), most = max(i.e0, i.e1) - min(i.s0, i.s1)
            if least > 0 || most < 0 { continue }
            let g0 = i.e0 - i.s0, g1 = i.e1 - i.s1
            if i.u1 - i.u0 <= 0x1p-40 {
                if (g0 < 0 && g1 > 0) || (g0 > 0 && g1 < 0) { found.append((i.u0 + i.u1) / 2) }
                continue
            }
            let um = (i.u0 + i.u1) / 2
            let sm = s.at(um), em = e.at(um)
            stack.append(Interval(u0: i.u0, u1: um, s0: i.s0, s1: sm, e0: i.e0, e1: em))
            stack.append(Interval(u0: um, u1: i.u1, s0: sm, s1: i.s1, e0: em, e1: i.e1))
        }
        return found.sorted()
    }
}
