import Foundation
import Harmonic
import HarmonicTestSupport
import Testing

/// The table's documented position bound (2e-7 of the length; the exact method is the
/// reference) on curves whose speed drops steeply at an end without vanishing: a control point
/// that nearly meets its end point. Such an end once escaped the table's check points.
@Suite("arc-length table bound at near-degenerate ends")
struct ArcLengthTableBoundTests {
    static func worstError(_ d: String) throws -> Double {
        let path = try Path(svgPathData: d)
        let length = path.length
        var worst = 0.0
        for k in 0...4000 {
            let s = length * Double(k) / 4000
            let table = path.point(atLength: s, method: .table), exact = path.point(atLength: s, method: .exact)
            worst = max(worst, ((table - exact) * (table - exact)).sum().squareRoot() / length)
        }
        return worst
    }

    @Test("the reported path: M0,0 C5,0 10,5 10,5.03 at 0.55 of its length")
    func reportedPath() throws {
        #expect(try Self.worstError("M0,0 C5,0 10,5 10,5.03") <= 2e-7)
    }

    @Test("control points at 1e-1 … 1e-7 of the chord from either end, in random directions")
    func nearlyMeetingControlPoints() throws {
        var random = Lehmer(state: 0x5EED_0801)
        var worst = 0.0
        for case_ in 0..<60 {
            let gap = pow(10, -random.uniform(1, 7)) * 10
            let angle = random.uniform(0, 2 * .pi)
            let p1 = (random.uniform(-10, 10), random.uniform(-10, 10))
            let end = (random.uniform(5, 15), random.uniform(-8, 8))
            let p2 = (end.0 + gap * cos(angle), end.1 + gap * sin(angle))
            let d: String
            if case_.isMultiple(of: 2) {
                d = "M0,0 C\(p1.0),\(p1.1) \(p2.0),\(p2.1) \(end.0),\(end.1)"
            } else {
                // The mirror: the first control point nearly meets the start.
                d = "M\(end.0),\(end.1) C\(p2.0),\(p2.1) \(p1.0),\(p1.1) 0,0"
            }
            let error = try Self.worstError(d)
            worst = max(worst, error)
            #expect(error <= 2e-7, "\(d): \(error)")
        }
        print("arc-length table at near-degenerate ends: worst position error \(worst) of the length")
    }
}
