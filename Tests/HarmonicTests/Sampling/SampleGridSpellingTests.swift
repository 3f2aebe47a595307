import Testing

@testable import Harmonic

/// A grid's printed times follow the way it was given: frame `i` of a clock at `rate` is
/// `start + i/rate`; a grid through `end` ends exactly there; a step grid is `start + i·step`.
@Suite struct SampleGridSpellingTests {
    @Test func frameRateTimesAreDividedNotMultiplied() throws {
        let grid = try SampleGrid(start: 0, rate: 20, count: 41)
        for i in 0..<41 { #expect(grid.time(at: i) == Double(i) / 20) }
        #expect(grid.time(at: 7) == 0.35)
        #expect(grid.step == 1.0 / 20)
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, rate: 0, count: 3) }
        #expect(throws: HarmonicError.self) { try SampleGrid(start: 0, rate: 5e-324, count: 3) }
    }

    @Test func throughGridEndsExactlyAtItsEnd() throws {
        // 35·fl(0.7/35) rounds to 0.7000000000000001; the grid's last time is the end as given.
        let grid = try SampleGrid(start: 0, end: 0.7, count: 36)
        #expect(35 * grid.step != 0.7)
        #expect(grid.time(at: 35) == 0.7)
        #expect(grid.time(at: 1) == grid.step)
        let long = try SampleGrid(start: -1, end: 10, count: 1_000_001)
        #expect(long.time(at: 1_000_000) == 10)
        #expect(long.time(at: 0) == -1)
    }

    @Test func slicesContinueTheRealGrid() throws {
        let grid = try SampleGrid(start: 1, step: 0.25, count: 100)
        let slice = grid.slice(40..<60)
        #expect(slice.count == 20)
        #expect(slice.step == grid.step)
        for i in 0..<20 { #expect(slice.time(at: i) == grid.time(at: 40 + i)) }
    }
}
