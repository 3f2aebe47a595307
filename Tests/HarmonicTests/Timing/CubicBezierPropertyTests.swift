import Testing

@testable import Harmonic

/// Random curves and inputs against an independent Float80 solution (bisection of the
/// Bernstein form to the last Float80 bit): wherever the Float80 answer is itself accurate to
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

    static func x80(_ t: Float80, _ x1: Float80, _ x2: Float80) -> Float80 {
        let s = 1 - t
        return 3 * s * s * t * x1 + 3 * s * t * t * x2 + t * t * t
    }

    @Test func randomCurvesAgreeWithFloat80Bisection() throws {
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
                var lo: Float80 = 0, hi: Float80 = 1
                for _ in 0..<70 {
                    let mid = (lo + hi) / 2
                    if Self.x80(mid, Float80(x1), Float80(x2)) < Float80(x) { lo = mid } else { hi = mid }
                }
                let t = (lo + hi) / 2
                let s = 1 - t
                let dx = 3 * (s * s * Float80(x1) + 2 * t * s * (Float80(x2) - Float80(x1)) + t * t * (1 - Float80(x2)))
                guard dx > 1e-2 else { continue }  // the Float80 reference is only sure where x' is not tiny
                let y = 3 * s * s * t * Float80(y1) + 3 * s * t * t * Float80(y2) + t * t * t
                let error = abs(curve.value(at: x) - Double(y)) / scale
                worst = max(worst, error)
                checked += 1
                #expect(error <= 1e-13, "\(curve) x = \(x)")
            }
        }
        #expect(checked > 10_000)
        print("random cubic-bezier curves: \(checked) inputs, worst output error \(worst) against Float80")
    }
}
