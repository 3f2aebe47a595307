import Harmonic

/// A scalar keyframe track laid out as plain numbers, for the frame plan.
///
/// A ``KeyframeTrack`` keeps its key times and segments in arrays of its own; at thousands of
/// animations per frame, following those references costs more than the arithmetic. For the
/// common scalar case in the timed modes (`linear`, `cubic`, `discrete`, without per-segment
/// timing functions) the plan copies the track's resolved key times, values and Bézier control
/// points into its shared numbers and evaluates them with the track's own rule and the same
/// expressions as ``BezierSegment/point(at:)``, so the result is bit-for-bit the track's
/// (`FramePlanTests` compares them). Other tracks are evaluated through the track itself.
///
/// Layout: `[mode, n, m, keyTimes…, values…, segments…]` with `mode` 0 discrete, 1 timed;
/// `n` values; `m` segments of five numbers `(kind, p0, c1, c2, p1)`, kind 0 line, 1
/// quadratic (`c1` is the control point), 2 cubic; `keyTimes` has `n + 1` entries in discrete
/// mode, `n` otherwise.
enum FlatScalarKeyframes {
    /// The layout of `track`, or `nil` when it is not eligible.
    static func layout(_ track: KeyframeTrack<Double>) -> [Double]? {
        let mode: Double
        switch track.calculationMode {
        case .discrete: mode = 0
        case .linear, .cubic:
            guard track.timingFunctions.isEmpty else { return nil }
            mode = 1
        case .paced, .cubicPaced: return nil
        }
        guard track.timingFunction == nil, !track.values.isEmpty else { return nil }
        var out = [mode, Double(track.values.count), Double(track.segments.count)]
        out += track.keyTimes
        out += track.values
        for segment in track.segments {
            switch segment {
            case let .line(p0, p1): out += [0, p0, 0, 0, p1]
            case let .quadratic(p0, c, p1): out += [1, p0, c, 0, p1]
            case let .cubic(p0, c1, c2, p1): out += [2, p0, c1, c2, p1]
            }
        }
        return out
    }

    /// The value at progress `p` (the track's `value(at:)`).
    @inline(__always)
    static func value(_ data: UnsafePointer<Double>, at p: Double) -> Double {
        let q = p.isNaN ? 0 : p
        let n = Int(data[1])
        let m = Int(data[2])
        let discrete = data[0] == 0
        let keyTimes = data + 3
        let values = keyTimes + (discrete ? n + 1 : n)
        let segments = values + n
        if n == 1 || q < 0 { return values[0] }
        if q > 1 { return values[n - 1] }
        if discrete { return values[lastIndex(keyTimes, atOrBefore: q, limit: n - 1)] }
        guard m > 0 else { return values[0] }
        let i = lastIndex(keyTimes, atOrBefore: q, limit: m - 1)
        let start = keyTimes[i], duration = keyTimes[i + 1] - start
        let u = duration > 0 ? Swift.min(Swift.max((q - start) / duration, 0), 1) : 1
        let s = segments + 5 * i
        let t = u, r = 1 - t
        switch s[0] {
        case 0: return s[1] * r + s[4] * t
        case 1: return s[1] * (r * r) + s[2] * (2 * r * t) + s[4] * (t * t)
        default: return (s[1] * (r * r * r) + s[2] * (3 * r * r * t)) + (s[3] * (3 * r * t * t) + s[4] * (t * t * t))
        }
    }

    /// The largest `i ≤ limit` with `times[i] <= q` (0 if none), as the track finds segments.
    @inline(__always)
    static func lastIndex(_ times: UnsafePointer<Double>, atOrBefore q: Double, limit: Int) -> Int {
        var lo = 0, hi = limit
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= q { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
