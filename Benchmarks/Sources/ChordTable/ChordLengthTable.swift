import Harmonic

/// The arc-length lookup most web libraries use, reimplemented for comparison: three.js's
/// `Curve.getLengths(divisions = 200)` and `getUtoTmapping` (also the scheme of many
/// "constant speed along a Bézier" answers).
///
/// The path is sampled at `divisions + 1` evenly spaced values of a global parameter
/// `u ∈ [0, 1]` (segment `⌊u·m⌋` of `m`, at its own parameter `u·m − ⌊u·m⌋`); the cumulative
/// chord lengths form the table. A length `s` is found by binary search and mapped to `u` by
/// linear interpolation between the two neighbouring samples. The chords underestimate the
/// length (by about `κ²h²/24` per chord) and the linear map has a slope discontinuity at every
/// sample: the speed ripples at the table's resolution.
public struct ChordLengthTable: Sendable {
    public let path: Path
    /// Cumulative chord lengths at `u = i/divisions`.
    public let lengths: [Double]

    public init(path: Path, divisions: Int = 200) {
        self.path = path
        var lengths = [0.0]
        var previous = Self.point(path, atParameter: 0)
        for i in 1...divisions {
            let p = Self.point(path, atParameter: Double(i) / Double(divisions))
            lengths.append(lengths[i - 1] + ((p - previous) * (p - previous)).sum().squareRoot())
            previous = p
        }
        self.lengths = lengths
    }

    /// The table's estimate of the total length (the sum of the chords).
    public var length: Double { lengths[lengths.count - 1] }

    /// Segment and local parameter for global parameter `u`.
    public static func location(_ path: Path, atParameter u: Double) -> CurveLocation {
        let m = path.segments.count
        let scaled = Swift.min(Swift.max(u, 0), 1) * Double(m)
        let i = Swift.min(Int(scaled), m - 1)
        return CurveLocation(segment: i, parameter: scaled - Double(i))
    }

    static func point(_ path: Path, atParameter u: Double) -> SIMD2<Double> {
        path.point(at: location(path, atParameter: u))
    }

    /// `getUtoTmapping`: the global parameter at chord length `s` (clamped to the table).
    @inlinable
    public func parameter(atLength s: Double) -> Double {
        let target = Swift.min(Swift.max(s, 0), length)
        // Largest i with lengths[i] <= target, below the last entry.
        var lo = 0, hi = lengths.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lengths[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        let before = lengths[lo], span = lengths[lo + 1] - before
        let fraction = span > 0 ? (target - before) / span : 0
        return (Double(lo) + fraction) / Double(lengths.count - 1)
    }

    /// The location at length `s`, as the table maps it.
    public func location(atLength s: Double) -> CurveLocation {
        Self.location(path, atParameter: parameter(atLength: s))
    }

    /// The point at length `s`, as the table maps it.
    public func point(atLength s: Double) -> SIMD2<Double> {
        path.point(at: location(atLength: s))
    }
}
