import Harmonic

/// A trim's ends as the engine's `strokeStart` and `strokeEnd` need them: the smaller one first.
///
/// A Lottie trim draws from `min(s, e)` to `max(s, e)` at every frame: its start and end swap
/// where they cross. `strokeStart` and `strokeEnd` must each be one keyframe animation, so where
/// the two may cross, the crossings are found and both timelines are cut there
/// (``/Harmonic/KeyframeTimeline/splitting(at:)``, which keeps every value): between two cuts one
/// end stays below the other, and the lower one's keyframes and easing pieces are the start,
/// the upper one's the end. The crossings have closed forms when the ends move by one easing:
///
/// - one end fixed at `c`, the other eased from `a` to `b`: where `E(u) = (c − a)/(b − a)`;
/// - both keyed at the same frames with the same easings and holds: the gap `e − s` moves by
///   the same easing, from `d₀` by `Δ`, and closes where `E(u) = −d₀/Δ`;
///
/// each solved for every input by ``/Harmonic/CubicBezier/inputs(forOutput:)``. Ends keyed
/// apart, or whose easing overshoots, are no such case (`nil`).
enum LottieTrimEnds {
    /// The ordered start and end (fractions of the path; times in the layer's frames), or
    /// `nil` where they may cross and the crossings have no closed form.
    static func ordered(start: LottieProperty?, end: LottieProperty?) -> (
        start: KeyframeTimeline, end: KeyframeTimeline
    )? {
        guard start?.neverOvershoots ?? true, end?.neverOvershoots ?? true,
            let s = fractions(start, fallback: 0), let e = fractions(end, fallback: 1)
        else { return nil }
        let low = s.keyframes.map { $0.value[0] }, high = e.keyframes.map { $0.value[0] }
        if low.max()! <= high.min()! { return (s, e) }
        // The timeline whose keyframes set the segments: the moving one (both, when in step).
        let keyed: KeyframeTimeline
        switch (s.isStatic, e.isStatic) {
        case (true, true): return (s, e)
        case (false, true): keyed = s
        case (true, false): keyed = e
        case (false, false):
            guard inStep(s, e) else { return nil }
            keyed = s
        }
        var cuts: [Double] = []
        for i in 0..<(keyed.keyframes.count - 1) where !keyed.keyframes[i].holds {
            let t0 = keyed.keyframes[i].time, t1 = keyed.keyframes[i + 1].time
            let gap = e.value(at: t0)[0] - s.value(at: t0)[0]
            let change = (e.value(at: t1)[0] - s.value(at: t1)[0]) - gap
            guard change != 0 else { continue }
            let target = -gap / change
            guard target > 0, target < 1 else { continue }
            let inputs = keyed.keyframes[i].easing.first.map { $0.inputs(forOutput: target) } ?? [target]
            cuts += inputs.filter { $0 > 0 && $0 < 1 }.map { t0 + $0 * (t1 - t0) }
        }
        guard let cutKeyed = try? keyed.splitting(at: cuts) else { return nil }
        let times = cutKeyed.keyframes.map(\.time)
        func onKeyedTimes(_ t: KeyframeTimeline) -> KeyframeTimeline? {
            if t.isStatic {
                // A fixed end on the moving one's frames (holding as it does).
                return try? KeyframeTimeline(
                    cutKeyed.keyframes.map { .init(time: $0.time, value: t.keyframes[0].value, holds: $0.holds) })
            }
            return try? t.splitting(at: times)
        }
        guard let a = onKeyedTimes(s), let b = onKeyedTimes(e), a.keyframes.map(\.time) == times,
            b.keyframes.map(\.time) == times
        else { return nil }
        var lower: [KeyframeTimeline.Keyframe] = [], upper: [KeyframeTimeline.Keyframe] = []
        for k in times.indices {
            let x = a.keyframes[k], y = b.keyframes[k]
            // Which end is below on the segment from this keyframe (none crosses inside it).
            var startIsBelow = x.value[0] <= y.value[0]
            if k + 1 < times.count {
                let middle = (times[k] + times[k + 1]) / 2
                startIsBelow = a.value(at: middle)[0] <= b.value(at: middle)[0]
            }
            let (below, above) = startIsBelow ? (x, y) : (y, x)
            let holds = cutKeyed.keyframes[k].holds
            lower.append(
                .init(time: times[k], value: [min(x.value[0], y.value[0])], holds: holds, easing: below.easing))
            upper.append(
                .init(time: times[k], value: [max(x.value[0], y.value[0])], holds: holds, easing: above.easing))
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

    /// Whether two timelines have keyframes at the same times with the same holds and easings.
    private static func inStep(_ a: KeyframeTimeline, _ b: KeyframeTimeline) -> Bool {
        a.keyframes.count == b.keyframes.count
            && zip(a.keyframes, b.keyframes).allSatisfy { x, y in
                x.time == y.time && x.holds == y.holds && x.easing == y.easing
            }
    }
}
