import Testing

@testable import Harmonic

/// The binary search behind every segment lookup, against a linear scan.
@Suite struct SortedSearchTests {
    /// The definition, by scanning: the largest `i` in `lower ... upper` with `a[i] <= x`, else `lower`.
    static func scan(_ a: [Double], _ x: Double, _ lower: Int, _ upper: Int) -> Int {
        var found = lower
        if lower <= upper { for i in lower...upper where a[i] <= x { found = i } }
        return found
    }

    @Test func agreesWithALinearScan() {
        var state: UInt64 = 12345
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<300 {
            // Sorted values on a coarse grid, so runs of equal values are common.
            let count = Int(next() % 12) + 1
            let a = (0..<count).map { _ in Double(next() % 8) / 4 }.sorted()
            let lower = Int(next() % UInt64(count))
            let upper = lower + Int(next() % UInt64(count - lower))
            for x in [-1, 0, 0.25, 0.5, 0.6, 1, 1.75, 2, 9, .nan, .infinity, -.infinity] as [Double] {
                #expect(
                    a.lastIndex(notAbove: x, from: lower, through: upper) == Self.scan(a, x, lower, upper),
                    "\(a) x=\(x) in \(lower)...\(upper)")
            }
        }
    }

    @Test func equalRunsResolveToTheirLastIndex() {
        // Key times with a zero-duration segment at 0.5: progress 0.5 belongs to the segment
        // that starts after the jump.
        let times: [Double] = [0, 0.5, 0.5, 0.5, 1]
        #expect(times.lastIndex(notAbove: 0.5, from: 0, through: 3) == 3)
        #expect(times.lastIndex(notAbove: 0.4999, from: 0, through: 3) == 0)
        #expect(times.lastIndex(notAbove: 0.7, from: 0, through: 2) == 2)
        // An empty range answers its lower bound without reading anything.
        #expect(times.lastIndex(notAbove: 0.7, from: 4, through: 3) == 4)
    }
}
