import HarmonicPlatform
import Harmonic
import HarmonicEngine

/// Where a path stops being affine in its drivers: the instants a clamping corner radius changes
/// its bound, a size crosses 0, a rounding radius reaches a side's half — each cut in the
/// driver's schedule so that every piece is affine — and the schedule one easing gives several
/// properties.
extension LottieEngineShapes {
    /// Whether a rectangle's corner radius `r` stays within `[0, min(w, h)/2]` and its size
    /// non-negative at every time, so that its corners never clamp and its path keeps its eight
    /// vertices: so at every keyframe of either (evaluated at both's times), with easing that does
    /// not overshoot — between keyframes each value then lies between its ends, and where both
    /// move they move in step or are listed, so `min(w, h)/2 − r` too.
    static func roundingNeverClamps(size: LottieProperty?, radius: LottieProperty) -> Bool {
        let properties = [size, radius].compactMap { $0 }
        guard properties.allSatisfy(\.neverOvershoots) else { return false }
        let times = properties.flatMap { $0.timeline.keyframes.map(\.time) }
        return times.allSatisfy { t in
            let s = size?.point(at: t) ?? .zero
            let r = radius.scalar(at: t)
            return s.x >= 0 && s.y >= 0 && r >= 0 && r <= min(s.x, s.y) / 2
        }
    }

    /// Whether every component of a size stays above 0 at every time (a missing one is 0).
    static func staysAboveZero(_ size: LottieProperty?) -> Bool {
        guard let size else { return false }
        return size.timeline.keyframes[0].value.indices.allSatisfy {
            size.timeline.valueRange(component: $0).lowerBound > 0
        }
    }

    /// Whether a moving size falls below 0 at some time (an easing overshooting past 0): the
    /// outline is drawn from `|w|` and `|h|`, folded where the size crosses 0, which path
    /// keyframes interpolated through 0 would instead mirror — the same area, but its start and
    /// direction, which trims and dashes follow, turned around.
    static func fallsBelowZero(_ size: LottieProperty?) -> Bool {
        guard let size, size.isAnimated else { return false }
        return size.timeline.keyframes[0].value.indices.contains {
            size.timeline.valueRange(component: $0).lowerBound < 0
        }
    }

    /// Whether a rounded rectangle's size and radius never fall below 0
    /// (``/Harmonic/KeyframeTimeline/valueRange(component:)``, overshoots included): its
    /// half-sides and radius are then `w/2`, `h/2`, `r` themselves, no fold of `|w|` nor clamp
    /// at 0, and its path keeps its eight vertices (``LottiePathOptions/keepsRoundedVertices``,
    /// corners of no length where the radius reaches 0) while the radius clamps to a side.
    static func roundingStaysNonNegative(size: LottieProperty?, radius: LottieProperty) -> Bool {
        [size, radius].compactMap { $0 }.allSatisfy { p in
            p.timeline.keyframes[0].value.indices.allSatisfy { p.timeline.valueRange(component: $0).lowerBound >= 0 }
        }
    }

    /// The times inside the driver's segments where a rounding radius reaches one of `levels`
    /// (half a fixed path's side): on the driver's keyframes, each segment eased by the
    /// driver's easing, as ``/Harmonic/KeyframeTimeline/times(reaching:)`` finds them; `nil`
    /// past ``maximumLevelSearches`` levels times segments (a path of many corners under a
    /// radius of many keyframes), so the work stays bounded.
    static func levelTimes(
        _ rounding: (radius: LottieProperty, levels: [Double]), driver: KeyframeTimeline
    ) -> [Double]? {
        let levels = Set(rounding.levels)
        guard levels.count * driver.keyframes.count <= LottieEngineBudget.maximumLevelSearches else { return nil }
        guard let r = onDriver(driver, { rounding.radius.scalar(at: $0) }) else { return [] }
        return levels.flatMap { r.times(reaching: $0) }
    }

    /// A value of the drivers (`value` at a frame) as a timeline on the driver's keyframes,
    /// each segment moved by the driver's easing: exact while the value is affine in drivers
    /// that move in step.
    static func onDriver(_ driver: KeyframeTimeline, _ value: (Double) -> Double) -> KeyframeTimeline? {
        try? KeyframeTimeline(
            driver.keyframes.map { k in .init(time: k.time, value: [value(k.time)], holds: k.holds, easing: k.easing) })
    }

    /// The times inside the driver's segments where a component of a size crosses 0 (the size
    /// moves in step with the driver, so each component is a timeline on the driver's keyframes,
    /// ``onDriver(_:_:)``).
    static func foldTimes(_ size: LottieProperty, driver: KeyframeTimeline) -> [Double] {
        (0..<size.dimension).flatMap { c in
            onDriver(driver, { size.value(at: $0)[c] })?.times(reaching: 0) ?? []
        }
    }

    /// The times inside the driver's segments where two of a rounded rectangle's `r`, `w/2` and
    /// `h/2` cross, so that the same one is smallest between them. The drivers move in step, so
    /// on a segment each of the three moves by the segment's easing (a fixed one by 0): each is
    /// a timeline on the driver's keyframes, and two meet where
    /// ``/Harmonic/KeyframeTimeline/crossings(with:)`` says (in closed form, one easing moving
    /// both).
    static func kinkTimes(
        _ rectangle: (size: LottieProperty?, radius: LottieProperty), driver: KeyframeTimeline
    ) -> [Double] {
        guard let r = onDriver(driver, { rectangle.radius.scalar(at: $0) }),
            let w = onDriver(driver, { (rectangle.size?.point(at: $0)?.x ?? 0) / 2 }),
            let h = onDriver(driver, { (rectangle.size?.point(at: $0)?.y ?? 0) / 2 })
        else { return [] }
        return [(r, w), (r, h), (w, h)].flatMap { a, b in a.crossings(with: b) ?? [] }
    }

    /// When several timelines change a value that is affine in all of them, the keyframes it
    /// changes by — their times, and per segment whether it holds and its easing (the values
    /// are placeholders) — or `nil` when no one easing moves it.
    ///
    /// Timelines keyed at different times are first cut at each other's
    /// (``/Harmonic/KeyframeTimeline/aligned(to:)``, which keeps their motion). Then on each
    /// segment every timeline either stays (the same value at both ends), holds and jumps at
    /// the end, or moves by its easing: the value holds where none moves and jumps where one
    /// does; it moves by the movers' easing where they share one (linear in all counts however
    /// its control points read) and nothing jumps. So linear keyframes — After Effects'
    /// default — keyed apart move in step once cut, and so do timelines keyed together.
    static func schedule(_ timelines: [KeyframeTimeline]) -> KeyframeTimeline? {
        guard let first = timelines.first else { return nil }
        var all = timelines
        if !timelines.allSatisfy({ $0.keyframes.map(\.time) == first.keyframes.map(\.time) }) {
            let times = Array(Set(timelines.flatMap { $0.keyframes.map(\.time) })).sorted()
            all = []
            for t in timelines {
                guard let a = try? t.aligned(to: times), a.keyframes.map(\.time) == times else { return nil }
                all.append(a)
            }
        }
        let times = all[0].keyframes.map(\.time)
        var keys: [KeyframeTimeline.Keyframe] = []
        for i in times.indices {
            guard i + 1 < times.count else {
                keys.append(.init(time: times[i], value: [0]))
                break
            }
            var movers: [KeyframeTimeline.Keyframe] = []
            var jumps = false
            for t in all {
                let a = t.keyframes[i], b = t.keyframes[i + 1]
                let curved = [a.outTangent, a.inTangent].contains { $0?.contains { $0 != 0 } == true }
                guard a.value != b.value || (curved && !a.holds) else { continue }
                if a.holds { jumps = true } else { movers.append(a) }
            }
            guard !(jumps && !movers.isEmpty) else { return nil }
            guard let lead = movers.first else {
                keys.append(.init(time: times[i], value: [0], holds: true))
                continue
            }
            guard movers.allSatisfy({ sameEasing($0.easing, lead.easing) }) else { return nil }
            keys.append(.init(time: times[i], value: [0], easing: Array(lead.easing.prefix(1))))
        }
        return try? KeyframeTimeline(keys)
    }

    /// Whether two keyframes' easings are one curve for every component and the same one
    /// (both linear counting as the same).
    static func sameEasing(_ a: [CubicBezier], _ b: [CubicBezier]) -> Bool {
        guard Set(a).count <= 1, Set(b).count <= 1 else { return false }
        let linearA = a.first?.isLinear ?? true, linearB = b.first?.isLinear ?? true
        return (linearA && linearB) || a.first == b.first
    }
}
