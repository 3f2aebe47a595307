import Harmonic

/// A compiled ``KeyframeAnimation``: its ``/Harmonic/KeyframeTrack`` specialised to the key path's
/// number of components (so that frames evaluate plain doubles and SIMD vectors, without
/// allocating), or its ``/Harmonic/KeyframeTimeline`` read at the time progress maps to, plus
/// what cumulative repeats and the rotation mode need.
final class KeyframeCurve: Sendable {
    enum Track: Sendable {
        case scalar(KeyframeTrack<Double>)
        case pair(KeyframeTrack<SIMD2<Double>>)
        case triple(KeyframeTrack<SIMD3<Double>>)
        case quad(KeyframeTrack<SIMD4<Double>>)
        case vector(KeyframeTrack<AnimatableVector>)
        /// Keyframes at their own times: progress `p` reads time `start + p·span`.
        case timeline(KeyframeTimeline, start: Double, span: Double, rotationMode: RotationMode?)
    }

    let track: Track
    let dimension: Int
    /// The first and last keyframe values: each completed repeat of a cumulative animation
    /// adds the value its repeat ends at (the last, or the first when it autoreverses).
    let first: [Double]
    let last: [Double]
    /// For a path with a rotation mode: the layer's `transform` slot, whose z rotation the
    /// tangent angle is added to.
    let rotationSlot: Int?

    /// The frame plan's flat form (``FlatKeyframes``), for eligible scalar tracks.
    let flatLayout: [Double]?

    init(track: Track, dimension: Int, first: [Double], last: [Double], rotationSlot: Int?) {
        self.track = track
        self.dimension = dimension
        self.first = first
        self.last = last
        self.rotationSlot = rotationSlot
        if case let .scalar(t) = track { flatLayout = t.flatLayout } else { flatLayout = nil }
    }

    /// Writes the track's value at progress `p` (and its rate, `velocity(at: p)·dp`) into
    /// `out`, combined with `current` (added when `additive`), shifted by `repeats` cumulative
    /// repeats (each ending at the last value, or at the first when `endsAtStart`). `current`
    /// may alias `out`.
    @inline(__always)
    func apply(
        p: Double, dp: Double, repeats n: Double, endsAtStart: Bool, current: UnsafePointer<Double>,
        currentRate: UnsafePointer<Double>?,
        out: UnsafeMutablePointer<Double>, outRate: UnsafeMutablePointer<Double>?, additive: Bool
    ) {
        var value = SIMD4<Double>()
        var rate = SIMD4<Double>()
        var wide: [Double] = []
        var wideRate: [Double] = []
        let wantsRate = outRate != nil
        switch track {
        case let .scalar(t):
            value[0] = t.value(at: p)
            if wantsRate { rate[0] = t.velocity(at: p) * dp }
        case let .pair(t):
            let v = t.value(at: p)
            value = SIMD4(v.x, v.y, 0, 0)
            if wantsRate {
                let r = t.velocity(at: p) * dp
                rate = SIMD4(r.x, r.y, 0, 0)
            }
        case let .triple(t):
            let v = t.value(at: p)
            value = SIMD4(v.x, v.y, v.z, 0)
            if wantsRate {
                let r = t.velocity(at: p) * dp
                rate = SIMD4(r.x, r.y, r.z, 0)
            }
        case let .quad(t):
            value = t.value(at: p)
            if wantsRate { rate = t.velocity(at: p) * dp }
        case let .vector(t):
            wide = t.value(at: p).components
            if wantsRate { wideRate = t.velocity(at: p).scaled(by: dp).components }
        case let .timeline(t, start, span, _):
            // Snapped to a keyframe time it lies within rounding of: a frame at a keyframe's time
            // shows that keyframe despite the progress round trip.
            let time = t.keyframeTime(near: start + p * span)
            let v = t.value(at: time)
            let r = wantsRate ? t.velocity(at: time).scaled(by: span * dp) : AnimatableVector(zeros: v.count)
            if dimension <= 4 {
                for i in 0..<min(dimension, v.count) {
                    value[i] = v[i]
                    rate[i] = r[i]
                }
            } else {
                wide = v.components
                wideRate = r.components
            }
        }
        for i in 0..<dimension {
            var v = dimension <= 4 ? value[i] : (i < wide.count ? wide[i] : 0)
            var dv = dimension <= 4 ? rate[i] : (i < wideRate.count ? wideRate[i] : 0)
            if n != 0 { v = MediaTiming.accumulated(v, cycles: n, changePerCycle: endsAtStart ? first[i] : last[i]) }
            if additive {
                v += current[i]
                dv += currentRate?[i] ?? 0
            }
            out[i] = v
            outRate?[i] = dv
        }
    }

    /// The tangent angle at progress `p` (0 without a path and rotation mode): a timeline's
    /// direction of travel, 0 where it does not move.
    func angle(at p: Double) -> Double {
        switch track {
        case let .pair(t): return t.angle(at: p)
        case let .timeline(t, start, span, mode):
            guard let mode, let d = t.direction(at: t.keyframeTime(near: start + p * span)) else { return 0 }
            return mode.angle(forTangent: d)
        default: return 0
        }
    }
}
