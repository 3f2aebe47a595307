extension KeyframeTimeline {
    /// The times strictly inside the timeline's segments at which its first component reaches
    /// `level`, in order: on a segment from `a` by `Δ` eased by `E`, where `E(u) = (level − a)/Δ`,
    /// every input solved (``CubicBezier/inputs(forOutput:)``: an easing that overshoots or turns
    /// back may reach a level up to three times, and reach levels beyond its keyframes). A hold
    /// reaches nothing inside its segment (it jumps at the end); a spatial segment is not
    /// looked into (its component does not move by the easing alone).
    ///
    /// Useful where a value is cut into pieces on which it keeps a side of a level: where an
    /// expansion changes sign, where a count passes a whole number.
    public func times(reaching level: Double) -> [Double] {
        var out: [Double] = []
        for i in 0..<(keyframes.count - 1) where !keyframes[i].holds && paths[i] == nil {
            let a = keyframes[i], b = keyframes[i + 1]
            let change = b.value[0] - a.value[0]
            guard change != 0 else { continue }
            let target = (level - a.value[0]) / change
            let inputs =
                a.easing.first.map { $0.inputs(forOutput: target) } ?? (target >= 0 && target <= 1 ? [target] : [])
            out += inputs.filter { $0 > 0 && $0 < 1 }.map { a.time + $0 * (b.time - a.time) }
        }
        return out
    }

    /// The times at which this timeline's first component and `other`'s cross (their
    /// difference changes sign), in order, or `nil` where they are not found exactly.
    ///
    /// Both are cut at each other's keyframe times (``aligned(to:)``, which keeps the motion);
    /// then on each shared segment each moves by its own easing or stays, and they meet:
    ///
    /// - one staying at `c`, the other eased from `a` by `Δ`: where `E(u) = (c − a)/Δ`;
    /// - both eased by the same curve (both linear included, ``CubicBezier/isLinear``): the
    ///   gap moves by that curve, from `d₀` by `Δ`, and closes where `E(u) = −d₀/Δ`;
    /// - by different curves: cut at the inputs where either output turns
    ///   (``CubicBezier/turningInputs``, none for an easing that never overshoots), each part
    ///   has both monotone, so on any interval within it each lies between its values at the
    ///   interval's ends, and the gap does too; intervals are halved until those bounds show
    ///   the gap keeps its sign, or until an interval of 2⁻⁴⁰ of the segment holds a change of
    ///   sign, a crossing placed at its middle (the two then differ by about 10⁻¹² of their
    ///   change there). Where they meet exactly at a turn, that time is given too.
    ///
    /// Holds jump at their segment's end, where a change of order is no crossing inside a
    /// segment. `nil` for a spatial segment, cuts that do not settle on shared times, or more
    /// than 20,000 halvings on one segment.
    public func crossings(with other: KeyframeTimeline) -> [Double]? {
        guard !isSpatial, !other.isSpatial else { return nil }
        // Cut at each other's times; a cut may halve a part no easing holds in one of them
        // only, so once more until both have the same times.
        var (a, b) = (self, other)
        for _ in 0..<3 where a.keyframes.map(\.time) != b.keyframes.map(\.time) {
            let times = Array(Set(a.keyframes.map(\.time) + b.keyframes.map(\.time))).sorted()
            guard let x = try? a.aligned(to: times), let y = try? b.aligned(to: times) else { return nil }
            (a, b) = (x, y)
        }
        guard a.keyframes.map(\.time) == b.keyframes.map(\.time) else { return nil }
        var out: [Double] = []
        for i in 0..<(a.keyframes.count - 1) {
            let s = Motion(a, segment: i), e = Motion(b, segment: i)
            let t0 = a.keyframes[i].time, t1 = a.keyframes[i + 1].time
            func times(_ inputs: [Double]) -> [Double] {
                inputs.filter { $0 > 0 && $0 < 1 }.map { t0 + $0 * (t1 - t0) }
            }
            switch (s.change == 0, e.change == 0) {
            case (true, true): continue
            case (true, false): out += times(e.inputs(reaching: s.value))
            case (false, true): out += times(s.inputs(reaching: e.value))
            case (false, false):
                let linear = (s.easing?.isLinear ?? true) && (e.easing?.isLinear ?? true)
                if linear || s.easing == e.easing {
                    let gap = Motion(value: e.value - s.value, change: e.change - s.change, easing: s.easing)
                    if gap.change != 0 { out += times(gap.inputs(reaching: 0)) }
                    continue
                }
                // Between the inputs where either output turns, both are monotone.
                let turns = Array(Set((s.easing?.turningInputs ?? []) + (e.easing?.turningInputs ?? []))).sorted()
                let knots = [0.0] + turns + [1]
                var budget = Self.halvingBudget
                for (u0, u1) in zip(knots, knots.dropFirst()) {
                    // A touch exactly at a turn lies at no part's inside: kept as a cut.
                    if u0 > 0, s.at(u0) == e.at(u0) { out += times([u0]) }
                    guard let inputs = Self.bracketedCrossings(s, e, from: u0, to: u1, budget: &budget) else {
                        return nil
                    }
                    out += times(inputs)
                }
            }
        }
        return out
    }

    /// One timeline's motion over a segment: from `value` by `change`, eased by `easing`
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

        func at(_ u: Double) -> Double { value + change * (easing?.value(at: u) ?? u) }

        /// The inputs in `[0, 1]` where the motion reaches `level`.
        func inputs(reaching level: Double) -> [Double] {
            let p = (level - value) / change
            return easing?.inputs(forOutput: p) ?? (p >= 0 && p <= 1 ? [p] : [])
        }
    }

    /// The most intervals one segment's search for crossings may look at.
    private static let halvingBudget = 20_000

    /// The inputs in `(u0, u1)` where `e − s` changes sign, both monotone there (see
    /// ``crossings(with:)``); `nil` once `budget` halvings are spent.
    private static func bracketedCrossings(
        _ s: Motion, _ e: Motion, from u0: Double, to u1: Double, budget: inout Int
    ) -> [Double]? {
        struct Interval {
            var u0, u1, s0, s1, e0, e1: Double
        }
        var found: [Double] = []
        var stack = [Interval(u0: u0, u1: u1, s0: s.at(u0), s1: s.at(u1), e0: e.at(u0), e1: e.at(u1))]
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
