/// A scalar keyframe track laid out as plain numbers, for loops that evaluate thousands of
/// tracks per frame.
///
/// A ``KeyframeTrack`` keeps its key times and segments in arrays of its own; at thousands of
/// animations per frame, following those references costs more than the arithmetic. The flat
/// form copies the resolved key times, values and segment control points into one run of
/// numbers that a caller can store beside others (an engine keeps every track of a frame in
/// one array) and evaluates them with the track's own rules: the same key-time search
/// (``lastIndex(notAbove:from:through:)``) and the same segment evaluation
/// (``BezierSegment/point(at:)``), so the value equals ``KeyframeTrack/value(at:)`` bit for bit.
///
/// Eligible tracks: scalar, `discrete`, `linear` or `cubic` mode, with neither an overall
/// timing function nor per-segment ones (those need a timing-function call per frame and are
/// evaluated through the track itself).
///
/// Layout, in order (every count is stored as a `Double`):
///
/// | part | numbers |
/// |---|---|
/// | header | `isDiscrete` (1 or 0), value count `n`, segment count `m` |
/// | key times | `n + 1` in discrete mode, `n` otherwise |
/// | values | `n` |
/// | segments | `m × 5`: kind (0 line, 1 quadratic, 2 cubic), `P₀`, `C₁`, `C₂`, `P₁` (unused controls 0) |
package struct FlatKeyframes {
    /// The first number of the layout.
    @usableFromInline let base: UnsafePointer<Double>

    /// Reads the layout that starts at `base` (produced by ``KeyframeTrack/flatLayout``).
    @inlinable
    package init(_ base: UnsafePointer<Double>) { self.base = base }

    @usableFromInline static let headerSize = 3
    @usableFromInline static let numbersPerSegment = 5

    @inlinable var isDiscrete: Bool { base[0] != 0 }
    // Int: counts the library wrote into the header as exact small integers (< 2^53).
    @inlinable var valueCount: Int { Int(base[1]) }
    @inlinable var segmentCount: Int { Int(base[2]) }
    @inlinable var keyTimes: UnsafePointer<Double> { base + Self.headerSize }
    @inlinable var values: UnsafePointer<Double> { keyTimes + (isDiscrete ? valueCount + 1 : valueCount) }

    /// The segment whose five numbers start at `s` (the segments follow the values).
    @inlinable @inline(__always)
    static func segment(at s: UnsafePointer<Double>) -> BezierSegment<Double> {
        switch s[0] {
        case 0: return .line(s[1], s[4])
        case 1: return .quadratic(s[1], s[2], s[4])
        default: return .cubic(s[1], s[2], s[3], s[4])
        }
    }

    /// The value at progress `p`: ``KeyframeTrack/value(at:)`` of the track flattened.
    @inlinable @inline(__always)
    package func value(at p: Double) -> Double {
        // The header is read once: the per-frame loop calls this for every keyframe animation,
        // and the layout's accessors would each convert the counts again.
        let q = p.isNaN ? 0 : p
        let discrete = isDiscrete
        let n = valueCount
        let times = keyTimes
        let values = times + (discrete ? n + 1 : n)
        if n == 1 || q < 0 { return values[0] }
        if q > 1 { return values[n - 1] }
        let keys = UnsafeBufferPointer(start: times, count: discrete ? n + 1 : n)
        if discrete { return values[keys.lastIndex(notAbove: q, from: 0, through: n - 1)] }
        let m = segmentCount
        guard m > 0 else { return values[0] }
        let i = keys.lastIndex(notAbove: q, from: 0, through: m - 1)
        let segment = Self.segment(at: values + n + Self.numbersPerSegment * i)
        let start = keys[i], duration = keys[i + 1] - start
        guard duration > 0 else { return segment.point(at: 1) }
        return segment.point(at: Swift.min(Swift.max((q - start) / duration, 0), 1))
    }

    /// The value at the end of one repeat: the last value, or the first when the repeat
    /// autoreverses. Each completed repeat of a cumulative animation adds it to the track
    /// (Core Animation's `cumulative`: the value at the end of the previous repeat plus the
    /// value of the current one).
    @inlinable
    package func cycleEndValue(endsAtStart: Bool) -> Double { endsAtStart ? values[0] : values[valueCount - 1] }
}

extension KeyframeTrack where Value == Double {
    /// The track in the ``FlatKeyframes`` layout, or `nil` when it is not eligible (a paced
    /// mode, a timing function the flat form does not apply, or an arc segment).
    package var flatLayout: [Double]? {
        switch calculationMode {
        case .discrete: break
        case .linear, .cubic: guard timingFunctions.isEmpty else { return nil }
        case .paced, .cubicPaced: return nil
        }
        guard timingFunction == nil, !values.isEmpty else { return nil }
        var out = [calculationMode == .discrete ? 1 : 0, Double(values.count), Double(segments.count)]
        out += keyTimes
        out += values
        for segment in segments {
            switch segment {
            case let .bezier(.line(p0, p1)): out += [0, p0, 0, 0, p1]
            case let .bezier(.quadratic(p0, c, p1)): out += [1, p0, c, 0, p1]
            case let .bezier(.cubic(p0, c1, c2, p1)): out += [2, p0, c1, c2, p1]
            case .arc: return nil  // Tracks built from values hold Béziers only.
            }
        }
        return out
    }
}
