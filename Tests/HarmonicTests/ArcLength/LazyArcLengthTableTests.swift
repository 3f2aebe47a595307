@testable import Harmonic
import Testing

/// A long curve's arc-length table is built only for table lookups: measuring, drawing and
/// exact pacing never pay for it (it is tens of kilobytes per cubic segment); a short curve's
/// is built with it.
@Suite("lazy arc-length table")
struct LazyArcLengthTableTests {
    static func zigzag(_ n: Int) throws -> Path {
        var d = "M0,0"
        for i in 0..<n { d += " C\(i),1 \(Double(i) + 0.3),2 \(i + 1),0" }
        return try Path(svgPathData: d)
    }

    @Test func exactPacingNeverBuildsTheTable() throws {
        let path = try Self.zigzag(200)
        let track = KeyframeTrack(path: path, calculationMode: .paced)
        for k in 0...100 { _ = track.value(at: Double(k) / 100) }
        #expect(path.length > 200)
        #expect(path.arcLength.lazyTable?.ifBuilt == nil)
    }

    @Test func tableLookupsBuildItOnceAndAgreeWithExact() throws {
        let path = try Self.zigzag(100)
        let arc = path.arcLength
        #expect(arc.lazyTable?.ifBuilt == nil)
        let s = 0.37 * arc.length
        let table = arc.location(atLength: s, method: .table)
        let built = try #require(arc.lazyTable?.ifBuilt)
        _ = arc.location(atLength: 0.8 * arc.length, method: .table)
        #expect(arc.lazyTable?.ifBuilt === built)
        let exact = arc.location(atLength: s, method: .exact)
        #expect(table.segment == exact.segment)
        // The table's documented position error: below 2e-7 of the length.
        #expect(abs(arc.length(to: table) - s) < 2e-7 * arc.length)
    }

    @Test func aShortCurveBuildsItsTableWithIt() throws {
        let arc = try Self.zigzag(ArcLength<SpeedPolynomial>.eagerTableSegments).arcLength
        #expect(arc.table != nil && arc.lazyTable == nil)
        let long = try Self.zigzag(ArcLength<SpeedPolynomial>.eagerTableSegments + 1).arcLength
        #expect(long.table == nil && long.lazyTable != nil)
    }
}
