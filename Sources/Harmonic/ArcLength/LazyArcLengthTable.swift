import Synchronization

/// An ``ArcLength``'s lookup table, built the first time a location is asked for.
///
/// The table is the costly part of measuring a curve (about two hundred Hermite intervals
/// per cubic segment at the default ripple tolerance: tens of kilobytes and more than a
/// hundred microseconds each), and only arc-length lookups use it — a path drawn, trimmed by
/// its length or animated along by its Bézier parameter never does. So it is built on the
/// first ``ArcLength/location(atLength:method:)``, once: concurrent first readers may each
/// build one, and all keep the first that was stored.
@usableFromInline
final class LazyArcLengthTable<Speed: CurveSpeed>: Sendable {
    /// The built table, boxed so that it can be published atomically.
    @usableFromInline
    final class Built: Sendable {
        @usableFromInline let table: ArcLengthTable

        init(_ table: ArcLengthTable) { self.table = table }

        /// ``ArcLengthTable/parameter(atLength:segment:)``, read in place (a copy of the table
        /// would retain and release its arrays on every lookup).
        @inlinable
        func parameter(atLength s: Double, segment: Int) -> Double {
            table.parameter(atLength: s, segment: segment)
        }
    }

    @usableFromInline let built = AtomicLazyReference<Built>()
    private let segments: [Speed]
    private let quadratures: [SegmentQuadrature]
    private let cumulative: [Double]
    private let rippleTolerance: Double
    private let rule: GaussLegendre

    init(
        segments: [Speed], quadratures: [SegmentQuadrature], cumulative: [Double], rippleTolerance: Double,
        rule: GaussLegendre
    ) {
        self.segments = segments
        self.quadratures = quadratures
        self.cumulative = cumulative
        self.rippleTolerance = rippleTolerance
        self.rule = rule
    }

    /// The table if it has been built, without building it.
    var ifBuilt: Built? { built.load() }

    /// The table, built now if it was not yet.
    @inlinable
    var value: Built { built.load() ?? build() }

    @usableFromInline
    func build() -> Built {
        built.storeIfNil(
            Built(
                ArcLengthTable(
                    segments: segments, quadratures: quadratures, cumulative: cumulative,
                    rippleTolerance: rippleTolerance, rule: rule)))
    }
}
