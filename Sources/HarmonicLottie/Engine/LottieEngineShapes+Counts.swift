import HarmonicPlatform
import Harmonic
import HarmonicEngine

/// Counts that step: where a count rounded down from a moving property changes (a repeater's
/// copies, a star's points), found once and held as keyframes, and a lone star whose number of
/// points moves drawn once per count.
extension LottieEngineShapes {
    /// Whether a repeater's moving count stays between its keyframe values (its easing does not
    /// overshoot), so that its most copies are at a keyframe and it crosses each whole number
    /// at most once between two keyframes.
    /// A frame at which a repeater's moving count, rounded down, changes, and its value from then on.
    struct CountChange {
        var frame: Double
        var count: Double
    }

    /// Every frame at which a repeater's count `c`, rounded down (as direct evaluation rounds
    /// it), changes, in order, with its value from then on. On a segment from `a` by `Δ` eased
    /// by `E` the count passes a whole number `L` where `E(u) = (L − a)/Δ`: every such input
    /// (``/Harmonic/CubicBezier/inputs(forOutput:)``; an overshooting easing passes a level up to
    /// three times, and reaches levels beyond its keyframes), each change then pinned to
    /// adjacent doubles by bisection around it; at a hold's end the count jumps. `nil` when the
    /// count may change more than ``maximumCountChanges`` times — counted first from the
    /// segments' ranges alone, so the work stays within that budget whatever the values.
    static func countChanges(_ r: LottieRepeater) -> [CountChange]? {
        countChanges(of: r.copies, maximum: LottieRepeater.maximumCopies, count: r.count(at:))
    }

    /// Every frame at which a count that `property` gives changes (``countChanges(_:)``'s rule):
    /// `count` is the property's value at a frame rounded down within `0…maximum`.
    static func countChanges(of property: LottieProperty?, maximum: Double, count: (Double) -> Double)
        -> [CountChange]?
    {
        guard let keys = property?.timeline.keyframes else { return [] }
        /// The segment's start value, change and easing, and the range its value covers.
        func segment(_ a: KeyframeTimeline.Keyframe, _ b: KeyframeTimeline.Keyframe)
            -> (start: Double, change: Double, easing: CubicBezier?, range: ClosedRange<Double>)
        {
            let start = a.value[0], change = a.holds ? 0 : b.value[0] - start
            let easing = a.easing.first
            let outputs = easing?.outputRange ?? 0...1
            let ends = [start + change * outputs.lowerBound, start + change * outputs.upperBound, b.value[0]]
            return (start, change, easing, ends.min()!...ends.max()!)
        }
        var total = 0.0
        for (a, b) in zip(keys, keys.dropFirst()) {
            let range = segment(a, b).range
            // Each level in the range is passed at most three times (a cubic's output).
            total += 3 * (min(range.upperBound, maximum) - max(range.lowerBound, 0) + 1)
            guard total <= Double(LottieEngineBudget.maximumCountChanges) * 3 else { return nil }
        }
        var changes: [CountChange] = []
        func record(_ frame: Double) {
            let now = count(frame)
            if let last = changes.last, last.frame >= frame { return }
            if (changes.last?.count ?? count(keys[0].time)) != now {
                changes.append(CountChange(frame: frame, count: now))
            }
        }
        for (a, b) in zip(keys, keys.dropFirst()) {
            let s = segment(a, b)
            guard s.change != 0 else {
                record(b.time)
                continue
            }
            var frames: [Double] = []
            let low = max(s.range.lowerBound.rounded(.down), 0),
                high = min(s.range.upperBound, maximum)
            // Int: levels between the range's ends, within the budget counted above.
            for level in stride(from: low, through: high, by: 1) {
                let target = (level - s.start) / s.change
                let inputs = s.easing?.inputs(forOutput: target) ?? (0...1 ~= target ? [target] : [])
                frames += inputs.map { a.time + $0 * (b.time - a.time) }
            }
            for frame in frames.sorted() where frame > a.time && frame <= b.time {
                // The count on each side of the crossing, a hair away; the first frame with the
                // later count, by bisection to adjacent doubles.
                let hair = (b.time - a.time) * 1e-9
                var before = max(frame - hair, a.time), after = min(frame + hair, b.time)
                let from = count(before), to = count(after)
                guard from != to else { continue }
                while true {
                    let middle = before + (after - before) / 2
                    guard middle > before, middle < after else { break }
                    if count(middle) == from { before = middle } else { after = middle }
                }
                record(after)
            }
            record(b.time)
        }
        return changes.count > LottieEngineBudget.maximumCountChanges ? nil : changes
    }

    /// `timeline` times a weight that steps at `changes` (frames where something the weight
    /// depends on changes): `weight(t)·timeline(t)`, the weight read at each keyframe for the
    /// segment after it. The timeline is cut at the changes (``/Harmonic/KeyframeTimeline/aligned(to:)``,
    /// which keeps its motion), each keyframe scaled by its segment's weight (scaling keeps the
    /// easing), and where the weight steps, the value jumps: the segment before ends at its own
    /// weight, a second keyframe at the same frame starts the next.
    static func stepped(_ timeline: KeyframeTimeline, by weight: (Double) -> Double, at changes: [Double])
        -> KeyframeTimeline?
    {
        guard let cut = try? timeline.aligned(to: changes) else { return nil }
        let keys = cut.keyframes
        var out: [KeyframeTimeline.Keyframe] = []
        for j in keys.indices {
            let k = keys[j], w = weight(k.time)
            if j > 0 {
                let previous = keys[j - 1], before = weight(previous.time)
                if before != w {
                    let left = previous.holds ? previous.value : k.value
                    out.append(.init(time: k.time, value: AnimatableVector(left.map { $0 * before }), holds: true))
                }
            }
            out.append(
                .init(time: k.time, value: AnimatableVector(k.value.map { $0 * w }), holds: k.holds, easing: k.easing))
        }
        return try? KeyframeTimeline(out)
    }

    /// A lone star whose number of points moves: its paint once per count it takes (the count
    /// rounded down, as direct evaluation rounds it), each in a layer shown (held `hidden`)
    /// while the count is its own, from the frames where it changes (``countChanges(of:maximum:count:)``).
    func makeCounted(
        _ shape: LottieShape, path: String, index: Int, drivers: Drivers, points: LottieProperty, in container: LayerID,
        fade: Fade
    ) throws(HarmonicError) {
        let maximum = LottiePolystar.maximumPoints
        func count(_ frame: Double) -> Double { min(max(points.scalar(at: frame).rounded(.down), 0), maximum) }
        guard let changes = Self.countChanges(of: points, maximum: maximum, count: count) else {
            builder.skip(path, .animatedPolystar)
            return
        }
        let first = points.timeline.keyframes[0].time
        let counts = Set([count(first)] + changes.map(\.count)).sorted().filter { $0 >= 1 }
        // Every count is a path of its own: their points together stay within a budget, so that
        // a file cannot make the engine build paths without bound.
        guard counts.reduce(0, +) <= LottieEngineBudget.maximumCountedPoints else {
            builder.skip(path, .animatedPolystar)
            return
        }
        for n in counts {
            let holder = try builder.layer("\(n) points", parent: container, values: ["anchorPoint": [0, 0]])
            var hidden: [KeyframeTimeline.Keyframe] = [
                .init(time: first, value: [count(first) == n ? 0 : 1], holds: true)
            ]
            for change in changes {
                hidden.append(.init(time: change.frame, value: [change.count == n ? 0 : 1], holds: true))
            }
            let shown = try clock.timeline(KeyframeTimeline(hidden))
            try builder.engine.setValue(shown.keyframes[0].value, forKeyPath: "hidden", of: holder)
            try builder.add(shown, keyPath: "hidden", to: holder)
            try makePaint(shape, path: path, index: index, drivers: drivers, in: holder, fade: fade, points: n)
        }
    }
}
