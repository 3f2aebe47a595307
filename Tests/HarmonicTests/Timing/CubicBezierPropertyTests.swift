import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Random curves and inputs against an independent HighPrecision solution (bisection of the
/// Bernstein form to the last HighPrecision bit): wherever the HighPrecision answer is itself accurate to
/// ~1e-16 in the output (x'(t) not tiny), `value(at:)` must agree to 1e-13·max(1, |y1|, |y2|).
@Suite struct CubicBezierPropertyTests {
    /// A small deterministic generator (64-bit LCG), so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) * 0x1p-53
        }
    }

    static func x80(_ t: HighPrecision, _ x1: HighPrecision, _ x2: HighPrecision) -> HighPrecision {
        let s = 1 - t
        return 3 * s * s * t * x1 + 3 * s * t * t * x2 + t * t * t
    }

    @Test func randomCurvesAgreeWithHighPrecisionBisection() throws {
        var g = Generator(state: 2024)
        var worst = 0.0
        var checked = 0
        for _ in 0..<400 {
            // x1, x2 uniform in [0, 1], sometimes exactly at the ends; y1, y2 in [-3, 4].
            func coordinate() -> Double {
                let r = g.next()
                return r < 0.1 ? 0 : r > 0.9 ? 1 : g.next()
            }
            let (x1, x2) = (coordinate(), coordinate())
            let (y1, y2) = (g.next() * 7 - 3, g.next() * 7 - 3)
            let curve = try CubicBezier(x1, y1, x2, y2)
            let scale = max(1, abs(y1), abs(y2))
            for _ in 0..<40 {
                let x = g.next()
                guard x > 0 else { continue }
                var lo: HighPrecision = 0, hi: HighPrecision = 1
                for _ in 0..<70 {
                    let mid = (lo + hi) / 2
                    if Self.x80(mid, HighPrecision(x1), HighPrecision(x2)) < HighPrecision(x) {
                        lo = mid
                    } else {
                        hi = mid
                    }
                }
                let t = (lo + hi) / 2
                let s = 1 - t
                let dx =
                    3
                    * (s * s * HighPrecision(x1) + 2 * t * s * (HighPrecision(x2) - HighPrecision(x1)) + t * t
                        * (1 - HighPrecision(x2)))
                guard dx > 1e-2 else { continue }  // the HighPrecision reference is only sure where x' is not tiny
                let y = 3 * s * s * t * HighPrecision(y1) + 3 * s * t * t * HighPrecision(y2) + t * t * t
                let error = abs(curve.value(at: x) - Double(y)) / scale
                worst = max(worst, error)
                checked += 1
                #expect(error <= 1e-13, "\(curve) x = \(x)")
            }
        }
        #expect(checked > 10_000)
        print("random cubic-bezier curves: \(checked) inputs, worst output error \(worst) against HighPrecision")
    }
}
