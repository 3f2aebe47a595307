import Testing

@testable import Harmonic

@Suite("Finite scan")
struct FiniteScanTests {
    /// Against the plain definition: every length modulo the eight-element step, the
    /// non-finite value (NaN, ±∞) at every position, and several of them (the first counts).
    @Test func matchesFirstIndexWhereNotFinite() {
        for n in 0..<40 {
            let finite: [Double] = (0..<n).map { (k: Int) -> Double in
                let offset: Double = k % 3 == 0 ? 1e308 : 0
                return Double(k) * 1.5 - 7 + offset
            }
            #expect(finite.withUnsafeBufferPointer { $0.firstNonFiniteIndex() } == nil, "n=\(n)")
            for position in 0..<n {
                let nonFinite: [Double] = [.nan, .infinity, -.infinity, .signalingNaN]
                for bad in nonFinite {
                    var times = finite
                    times[position] = bad
                    if position + 5 < n { times[position + 5] = .nan }
                    let expected = times.firstIndex { !$0.isFinite }
                    #expect(
                        times.withUnsafeBufferPointer { $0.firstNonFiniteIndex() } == expected, "n=\(n) at \(position)")
                }
            }
        }
        // Finite extremes, whose differences are still 0.
        let extremes: [Double] = [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 0]
        let repeated = Array(repeating: extremes, count: 4).flatMap { $0 }
        #expect(repeated.withUnsafeBufferPointer { $0.firstNonFiniteIndex() } == nil)
    }
}
