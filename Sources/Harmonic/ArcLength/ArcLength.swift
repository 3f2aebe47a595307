/// The arc length of a piecewise parametric curve, and its inverse: where on the curve a given
/// distance from the start lies.
///
/// Constant-speed motion (Core Animation's `paced` and `cubicPaced` modes, a dot travelling
/// along a path) needs `t(s)`, the parameter at arc length `s`, where
/// `s(t) = ∫₀ᵗ |B′(τ)| dτ`. Neither has a closed form for a cubic Bézier. This type computes
/// both to near machine precision:
///
/// 1. **Quadrature, split where the speed is not smooth.** Each segment is cut at its
///    ``CurveSpeed/splitParameters`` (speed minima and cusps, where `|B′|` has a kink or a
///    near-singularity that ruins the geometric convergence of Gauss–Legendre quadrature),
///    then every piece is subdivided adaptively into *panels* until an 8-point Gauss–Legendre
///    rule on the panel agrees with the rule on its two halves to `1e-14` of the panel's share
///    of the length. Panel boundaries and cumulative lengths are stored, so `s(t)` afterwards
///    costs one binary search and one 8-point rule.
/// 2. **Inversion by Newton's method inside a bisection bracket** (`BracketedNewton`) on the
///    panel that holds `s`: `f(t) = s(t) − s`, `f′(t) = |B′(t)|`. Plain Newton fails where the
///    speed is 0; the bracket makes it converge anyway.
/// 3. **A table for per-frame lookups** (``ArcLengthMethod/table``): per monotone piece, a
///    cubic-Hermite interpolant of `t` as a function of `u = √(s − s_slow)` (the square root
///    of the distance from the piece's slower end), with slopes from `dt/ds = 1/|B′(t)|`. The
///    substitution makes `t(u)` smooth even at a cusp, where `t(s)` itself has a square-root
///    singularity that no polynomial table can follow. Knots are added until the table's speed
///    ripple is below ``tableRippleTolerance`` and its arc-length error below a tenth of that
///    times the curve's length at the check points of every interval.
///
/// Accuracy (tests against closed forms and mpmath): relative length error below `1e-13`
/// for lines, circular arcs, parabolas, quadratic and cubic Béziers including a cusp and a
/// near-cusp; position error of ``ArcLengthMethod/exact`` below `1e-12` of the length; with
/// the default table tolerance, table speed ripple below `1e-5` and table position error below
/// `2e-7` of the length on dense samples (see <doc:Keyframes> for measured values).
///
/// Complexity: building costs a few hundred speed evaluations per segment for the panels and
/// a few thousand for the table (for a long curve, on its first table lookup:
/// ``eagerTableSegments``); ``location(atLength:method:)`` is `O(log n)` in the number of
/// segments and panels.
public struct ArcLength<Speed: CurveSpeed>: Sendable {
    /// The segments' speeds, in order.
    public let segments: [Speed]

    /// `cumulativeLengths[i]` is the length of segments `0..<i`; it has `segments.count + 1`
    /// entries, the last being ``length``.
    public let cumulativeLengths: [Double]

    /// The ripple tolerance the table was built for (0 when no table was built).
    public let tableRippleTolerance: Double

    @usableFromInline let quadratures: [SegmentQuadrature]
    /// The lookup table of a curve of at most ``eagerTableSegments`` segments, built with it.
    @usableFromInline let table: ArcLengthTable?
    /// The lookup table of a longer curve, built on its first table lookup
    /// (``LazyArcLengthTable``).
    @usableFromInline let lazyTable: LazyArcLengthTable<Speed>?

    /// Up to this many segments the table is built with the curve: it costs 15 KB per cubic
    /// segment (build times are in `Benchmarks/README.md`), and it makes every lookup faster
    /// (the table method reads it; the exact method starts Newton from it, about half the
    /// work). A longer curve — SVG
    /// icons run to hundreds of segments, generated paths to hundreds of thousands — builds
    /// it on the first table lookup only, so measuring it, drawing it and exact pacing along
    /// it cost under a kilobyte per segment.
    public static var eagerTableSegments: Int { 64 }

    /// The quadrature rule used on every panel.
    @usableFromInline static var rule: GaussLegendre { GaussLegendre.order8 }

    /// Measures the curve and, unless `tableRippleTolerance` is `nil`, builds the lookup table
    /// (for a curve of more than ``eagerTableSegments`` segments, on its first table lookup).
    ///
    /// - Parameters:
    ///   - segments: The segments' speeds, each on `t ∈ [0, 1]`.
    ///   - tableRippleTolerance: The largest speed ripple `|d s_true/d s − 1|` the table may
    ///     show at its check points, in `(0, 0.1]`; `nil` gives no table (then
    ///     ``ArcLengthMethod/table`` falls back to ``ArcLengthMethod/exact``). Default `1e-6`;
    ///     values outside `[1e-12, 0.1]` are clamped into it. Exact inversion starts from a
    ///     guess within the panel either way.
    public init(segments: [Speed], tableRippleTolerance: Double? = 1e-6) {
        self.segments = segments
        var quadratures: [SegmentQuadrature] = []
        var cumulative = [0.0]
        var total = CompensatedSum()
        for speed in segments {
            let q = SegmentQuadrature(speed, rule: Self.rule)
            quadratures.append(q)
            total.add(q.length)
            cumulative.append(total.value)
        }
        self.quadratures = quadratures
        self.cumulativeLengths = cumulative
        if let tolerance = tableRippleTolerance {
            let clamped = Swift.min(Swift.max(tolerance.isFinite ? tolerance : 1e-6, 1e-12), 0.1)
            self.tableRippleTolerance = clamped
            if segments.count <= Self.eagerTableSegments {
                self.table = ArcLengthTable(
                    segments: segments, quadratures: quadratures, cumulative: cumulative,
                    rippleTolerance: clamped, rule: Self.rule)
                self.lazyTable = nil
            } else {
                self.table = nil
                self.lazyTable = LazyArcLengthTable(
                    segments: segments, quadratures: quadratures, cumulative: cumulative,
                    rippleTolerance: clamped, rule: Self.rule)
            }
        } else {
            self.tableRippleTolerance = 0
            self.table = nil
            self.lazyTable = nil
        }
    }

    /// The total length.
    @inlinable
    public var length: Double { cumulativeLengths[cumulativeLengths.count - 1] }

    /// The length of each segment.
    public var segmentLengths: [Double] { quadratures.map(\.length) }

    /// The number of Hermite intervals in the table (0 without a table): a measure of its size
    /// (each interval stores nine numbers).
    public var tableIntervalCount: Int { (table ?? lazyTable?.value.table)?.intervals.count ?? 0 }

    /// The number of quadrature panels over all segments.
    public var panelCount: Int { quadratures.reduce(0) { $0 + $1.panelCount } }

    /// The arc length from the start of the curve to `location`.
    ///
    /// The segment index is clamped to the valid range and the parameter to `[0, 1]`.
    /// - Complexity: one binary search over the segment's panels and one 8-point quadrature.
    @inlinable
    public func length(to location: CurveLocation) -> Double {
        guard !segments.isEmpty else { return 0 }
        let i = Swift.min(Swift.max(location.segment, 0), segments.count - 1)
        let t = Swift.min(Swift.max(location.parameter.isNaN ? 0 : location.parameter, 0), 1)
        return cumulativeLengths[i] + quadratures[i].length(to: t, speed: segments[i], rule: Self.rule)
    }

    /// The location at arc length `s` from the start.
    ///
    /// `s` is clamped to `[0, length]` (NaN reads as 0). Zero-length segments are never
    /// returned except for a curve of zero length, whose every length maps to
    /// `(segment 0, t = 0)`. At `s = length` the location is the end of the last segment of
    /// positive length, at `t = 1`.
    ///
    /// - Parameters:
    ///   - s: The arc length from the start, in the path's units.
    ///   - method: ``ArcLengthMethod/exact`` (default) or ``ArcLengthMethod/table``.
    @inlinable
    public func location(atLength s: Double, method: ArcLengthMethod = .exact) -> CurveLocation {
        guard let (i, local) = segmentAndLocalLength(s) else { return CurveLocation(segment: 0, parameter: 0) }
        // Members are read in place (no `let` copies of the quadrature or the table): copying
        // them would retain and release their arrays on every call.
        if let v = quadratures[i].constantSpeed {
            return CurveLocation(segment: i, parameter: Swift.min(local / v, 1))
        }
        let guess = table?.parameter(atLength: s, segment: i)
        if method == .table {
            if let guess { return CurveLocation(segment: i, parameter: guess) }
            if let lazyTable {
                return CurveLocation(segment: i, parameter: lazyTable.value.parameter(atLength: s, segment: i))
            }
        }
        // Without a table (a long curve not yet looked up by table) Newton starts from the
        // panel's own guess.
        return CurveLocation(
            segment: i,
            parameter: quadratures[i].parameter(atLength: local, speed: segments[i], rule: Self.rule, guess: guess))
    }

    /// The segment holding arc length `s` and the length into that segment, or `nil` for an
    /// empty or zero-length curve.
    @inlinable
    func segmentAndLocalLength(_ s: Double) -> (Int, Double)? {
        let total = length
        guard !segments.isEmpty, total > 0 else { return nil }
        if s >= total {
            // The end: the last segment that has a length.
            var i = segments.count - 1
            while i > 0, quadratures[i].length == 0 { i -= 1 }
            return (i, quadratures[i].length)
        }
        let target = s > 0 ? s : 0  // Also maps NaN to the start.
        // Largest i with cumulative[i] <= target; cumulative is non-decreasing, so zero-length
        // segments (cumulative[i] == cumulative[i + 1]) are skipped over.
        let i = cumulativeLengths.lastIndex(notAbove: target, from: 0, through: segments.count - 1)
        return (i, Swift.min(target - cumulativeLengths[i], quadratures[i].length))
    }
}

extension ArcLength: Equatable where Speed: Equatable {
    public static func == (lhs: ArcLength, rhs: ArcLength) -> Bool {
        lhs.segments == rhs.segments && lhs.tableRippleTolerance == rhs.tableRippleTolerance
    }
}

/// Neumaier's compensated summation: the running sum of many positive lengths without the
/// `n·ε` drift of naive addition.
@usableFromInline
struct CompensatedSum {
    @usableFromInline var sum = 0.0
    @usableFromInline var compensation = 0.0

    @usableFromInline init() {}

    @inlinable
    mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) { compensation += (sum - t) + x } else { compensation += (x - t) + sum }
        sum = t
    }

    @inlinable var value: Double { sum + compensation }
}
