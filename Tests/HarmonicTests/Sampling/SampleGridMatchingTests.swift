import Testing

@testable import Harmonic

/// `SampleGrid.hasTimes`: an array is the grid only if every time is identical, bit for bit.
@Suite struct SampleGridMatchingTests {
    /// The times as numpy's `linspace(start, end, n)` computes them: `i·step + start` (two
    /// roundings), the last exactly `end`.
    static func linspace(_ start: Double, _ end: Double, _ n: Int) -> [Double] {
        let step = (end - start) / Double(n - 1)
        var t = (0..<n).map { Double($0) * step + start }
        t[n - 1] = end
        return t
    }

    static func matches(_ grid: SampleGrid, _ times: [Double], allowingAVX2: Bool) -> Bool {
        times.withUnsafeBufferPointer { grid.hasTimes($0, allowingAVX2: allowingAVX2) }
    }

    @Test(arguments: [true, false])
    func everyTimeMustBeIdentical(allowingAVX2: Bool) throws {
        for n in [2, 3, 17, 255, 256, 257, 1_000, 4_099] {
            let grid = try SampleGrid(start: -0.75, end: 10, count: n)
            let times = Self.linspace(-0.75, 10, n)
            #expect(Self.matches(grid, times, allowingAVX2: allowingAVX2), "n = \(n)")
            // One bit changed anywhere — first, inside a block, at a block's end, in the tail,
            // the last — is found.
            for k in Set([0, n / 3, min(255, n - 1), n - 2, n - 1]) {
                var changed = times
                changed[k] = changed[k].nextUp
                #expect(!Self.matches(grid, changed, allowingAVX2: allowingAVX2), "n = \(n), k = \(k)")
            }
            #expect(!Self.matches(grid, Array(times.dropLast()), allowingAVX2: allowingAVX2))
        }
    }

    @Test(arguments: [true, false])
    func signedZeroAndNaNAreNotTheGrid(allowingAVX2: Bool) throws {
        let grid = try SampleGrid(start: 0, step: 0.5, count: 600)
        var times = (0..<600).map { Double($0) * 0.5 }
        #expect(Self.matches(grid, times, allowingAVX2: allowingAVX2))
        times[0] = -0.0
        #expect(!Self.matches(grid, times, allowingAVX2: allowingAVX2))
        times[0] = 0
        times[300] = .nan
        #expect(!Self.matches(grid, times, allowingAVX2: allowingAVX2))
    }

    @Test func aRateGridIsComparedTimeByTime() throws {
        let grid = try SampleGrid(start: 0, rate: 20, count: 8)
        let times = (0..<8).map { Double($0) / 20 }
        #expect(times[7] == 0.35)
        #expect(Self.matches(grid, times, allowingAVX2: true))
        var changed = times
        changed[3] = changed[3].nextUp
        #expect(!Self.matches(grid, changed, allowingAVX2: true))
    }
}
