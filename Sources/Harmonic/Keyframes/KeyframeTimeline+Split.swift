extension KeyframeTimeline {
    /// The same motion with keyframes added at `times`: at every time the new timeline's value
    /// equals this one's (up to rounding), and a keyframe now sits at each given time that lies
    /// strictly inside a segment.
    ///
    /// A segment cut at input fractions `uⱼ` (`uⱼ = (t − tᵢ)/(tᵢ₊₁ − tᵢ)`) becomes one segment
    /// per part:
    ///
    /// - a **hold** holds the same value through each part;
    /// - an **eased** part `[a, b]` runs from the value at `a` to the value at `b` with the
    ///   easing's piece over `[a, b]` (``CubicBezier/piece(from:to:)``), component by component
    ///   when each has its own; a linear segment stays linear;
    /// - a **spatial** part runs along the part of the segment's Bézier between the arc-length
    ///   fractions `E(a)` and `E(b)` (its tangents that part's control points), with the piece
    ///   of the easing, so that the eased fraction of the part's arc length is again the fraction
    ///   the whole segment would have travelled. This needs an easing that stays within `[0, 1]`
    ///   on the segment (a spatial value clamps at the segment's ends, and the clamp does not
    ///   move with a cut).
    ///
    /// Where no easing holds a part (see ``CubicBezier/pieceFit(from:to:)``),
    /// the part is halved until each piece does, so a few more keyframes than asked for may
    /// appear; they change no value either. Times outside the timeline, or at a keyframe's
    /// time, add nothing. Useful to give two
    /// timelines the same keyframe times, or to cut a motion where something else happens (where
    /// two eased values cross, a trim's ends swap).
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` for a time that is not
    ///   finite, a cut in a spatial segment whose easing leaves `[0, 1]`, an easing whose parts
    ///   still do not fit after 64 halvings, or more keyframes than ``maximumKeyframes``.
    public func splitting(at times: [Double]) throws(HarmonicError) -> KeyframeTimeline {
        for (i, t) in times.enumerated() where !t.isFinite {
            throw .invalidParameter(name: "times[\(i)]", value: "\(t)", allowed: "a finite time")
        }
        let cuts = Array(Set(times)).sorted()
        var out: [Keyframe] = []
        var next = 0
        for i in keyframes.indices {
            let start = keyframes[i]
            guard i + 1 < keyframes.count else {
                out.append(start)
                break
            }
            let end = keyframes[i + 1]
            // The cuts strictly inside this segment.
            while next < cuts.count, cuts[next] <= start.time { next += 1 }
            var inside: [Double] = []
            while next < cuts.count, cuts[next] < end.time {
                inside.append(cuts[next])
                next += 1
            }
            guard !inside.isEmpty else {
                out.append(start)
                continue
            }
            out += try Self.parts(of: i, start, end, at: inside, path: paths[i])
        }
        return try KeyframeTimeline(out)
    }

    /// The same motion with a keyframe at every one of `times`: inside the timeline's range the
    /// segments are cut there (``splitting(at:)``), and a time before the first keyframe or after
    /// the last gets a keyframe of the first or last value, joined to it by a constant segment
    /// (the value holds there anyway). Two timelines aligned to the union of their keyframe
    /// times share their keyframe times, so that they can be compared or combined segment by
    /// segment.
    ///
    /// - Throws: As ``splitting(at:)``.
    public func aligned(to times: [Double]) throws(HarmonicError) -> KeyframeTimeline {
        for (i, t) in times.enumerated() where !t.isFinite {
            throw .invalidParameter(name: "times[\(i)]", value: "\(t)", allowed: "a finite time")
        }
        var keys = keyframes
        if let first = times.min(), first < keys[0].time {
            keys.insert(Keyframe(time: first, value: keys[0].value), at: 0)
        }
        if let last = times.max(), last > keys[keys.count - 1].time {
            var end = keys[keys.count - 1]
            // The last keyframe now starts a segment: one that stays at its value.
            end.holds = false
            end.easing = []
            end.outTangent = nil
            end.inTangent = nil
            keys[keys.count - 1] = end
            keys.append(Keyframe(time: last, value: end.value))
        }
        return try KeyframeTimeline(keys).splitting(at: times)
    }

    /// The keyframes of segment `index` (from `start` to `end`) cut at `times`, from `start`'s
    /// replacement to the last part's first keyframe (`end` itself stays where it is).
    private static func parts(
        of index: Int, _ start: Keyframe, _ end: Keyframe, at times: [Double], path: SpatialSegment?
    ) throws(HarmonicError) -> [Keyframe] {
        if start.holds {
            return [start] + times.map { Keyframe(time: $0, value: start.value, holds: true) }
        }
        let span = end.time - start.time
        let easings = path == nil ? start.easing : Array(start.easing.prefix(1))
        if path != nil, let easing = easings.first,
            easing.outputRange.lowerBound < 0 || easing.outputRange.upperBound > 1
        {
            throw .invalidParameter(
                name: "keyframes[\(index)].easing", value: "\(easing)",
                allowed: "an easing within [0, 1] on a spatial segment that is cut")
        }
        // The parts' input fractions and times; a part no easing can hold (see
        // `CubicBezier.pieceFit`) is halved until each fits.
        var fractions = [0.0] + times.map { ($0 - start.time) / span } + [1]
        var cuts = [start.time] + times + [end.time]
        var pieces: [[CubicBezier]] = []
        var j = 0
        var halvings = 0
        while j + 1 < fractions.count {
            var fitted: [CubicBezier] = []
            var fits = true
            for curve in easings {
                switch curve.pieceFit(from: fractions[j], to: fractions[j + 1]) {
                case let .curve(piece): fitted.append(piece)
                case .flat, .emptyRange: fitted.append(.linear)
                case .tooLong: fits = false
                }
            }
            if fits {
                pieces.append(fitted)
                j += 1
                continue
            }
            halvings += 1
            guard halvings <= 64 else {
                throw .invalidParameter(
                    name: "keyframes[\(index)].easing", value: "\(easings)",
                    allowed: "an easing whose parts can be held as easings")
            }
            let middle = (fractions[j] + fractions[j + 1]) / 2
            fractions.insert(middle, at: j + 1)
            cuts.insert(start.time + middle * span, at: j + 1)
        }
        var out: [Keyframe] = []
        if let path {
            let easing = easings.first
            let parameters = fractions.map { u in path.parameter(atFraction: easing?.value(at: u) ?? u) }
            for j in pieces.indices {
                guard case let .cubic(p0, c1, c2, p1) = path.bezier.part(from: parameters[j], to: parameters[j + 1])
                else { continue }
                out.append(
                    Keyframe(
                        time: cuts[j], value: j == 0 ? start.value : p0, easing: pieces[j], outTangent: c1 - p0,
                        inTangent: c2 - p1))
            }
            return out
        }
        for j in pieces.indices {
            var value = start.value
            if j > 0 {
                let u = fractions[j]
                for c in 0..<value.count {
                    let curve = easings.isEmpty ? nil : easings[easings.count == 1 ? 0 : c]
                    value[c] = start.value[c] + (curve?.value(at: u) ?? u) * (end.value[c] - start.value[c])
                }
            }
            out.append(Keyframe(time: cuts[j], value: value, easing: pieces[j]))
        }
        return out
    }
}

extension SpatialSegment {
    /// The Bézier parameter at a fraction `f` of the arc length (clamped to `[0, 1]`).
    func parameter(atFraction f: Double) -> Double {
        let fraction = min(max(f.isNaN ? 0 : f, 0), 1)
        if fraction == 0 { return 0 }
        if fraction == 1 { return 1 }
        return arcLength.location(atLength: fraction * arcLength.length).parameter
    }
}
