@testable import Harmonic
import Testing

/// The arc-length table is built only for table lookups: measuring, drawing and exact pacing
/// never pay for it (it is tens of kilobytes per cubic segment).
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
        #expect(path.arcLength.table?.ifBuilt == nil)
    }

    @Test func tableLookupsBuildItOnceAndAgreeWithExact() throws {
        let path = try Self.zigzag(20)
        let arc = path.arcLength
        #expect(arc.table?.ifBuilt == nil)
        let s = 0.37 * arc.length
        let table = arc.location(atLength: s, method: .table)
        let built = try #require(arc.table?.ifBuilt)
        _ = arc.location(atLength: 0.8 * arc.length, method: .table)
        #expect(arc.table?.ifBuilt === built)
        let exact = arc.location(atLength: s, method: .exact)
        #expect(table.segment == exact.segment)
        // The table's documented position error: below 2e-7 of the length.
        #expect(abs(arc.length(to: table) - s) < 2e-7 * arc.length)
    }
}
