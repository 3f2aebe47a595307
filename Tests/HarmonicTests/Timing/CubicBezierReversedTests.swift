import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// An easing played backwards (`reversed`) against the curve's Bernstein form.
@Suite("Cubic Bézier reversed")
struct CubicBezierReversedTests {
    /// The point of `cubic-bezier(x1, y1, x2, y2)` at curve parameter `s`, from the Bernstein
    /// polynomials: a closed form the solver does not touch.
    static func point(_ s: Double, _ c: (Double, Double, Double, Double)) -> (x: Double, y: Double) {
        let a = 3 * (1 - s) * (1 - s) * s, b = 3 * (1 - s) * s * s, d = s * s * s
        return (a * c.0 + b * c.2 + d, a * c.1 + b * c.3 + d)
    }

    @Test func theReversedCurveRunsThroughTheMirroredPoints() throws {
        var random = Lehmer(state: 19)
        for _ in 0..<200 {
            let c = (random.next(), random.uniform(-1, 2), random.next(), random.uniform(-1, 2))
            let curve = try CubicBezier(c.0, c.1, c.2, c.3)
            let back = curve.reversed
            for s in stride(from: 0.0, through: 1, by: 1.0 / 32) {
                // E passes through (x, y), so R(1 − x) = 1 − E(x) = 1 − y.
                let (x, y) = Self.point(s, c)
                let scale = max(1, abs(c.1), abs(c.3))
                #expect(abs(back.value(at: 1 - x) - (1 - y)) <= 1e-13 * scale, "\(curve) at parameter \(s)")
            }
            // Half a turn twice is the identity (each 1 − x within an ulp).
            let twice = back.reversed
            for (p, q) in [(twice.x1, c.0), (twice.y1, c.1), (twice.x2, c.2), (twice.y2, c.3)] {
                #expect(abs(p - q) <= 2 * Double.ulpOfOne * max(1, abs(q)))
            }
        }
    }

    @Test func theNamedCurvesReverseIntoEachOther() throws {
        func same(_ a: CubicBezier, _ b: CubicBezier) -> Bool {
            // 1 − 0.42 is 0.58 only to within an ulp in binary.
            zip([a.x1, a.y1, a.x2, a.y2], [b.x1, b.y1, b.x2, b.y2]).allSatisfy { abs($0 - $1) <= Double.ulpOfOne }
        }
        // ease-in backwards is ease-out; ease-in-out and linear are their own reverses.
        #expect(same(CubicBezier.easeIn.reversed, .easeOut))
        #expect(same(CubicBezier.easeOut.reversed, .easeIn))
        #expect(same(CubicBezier.easeInEaseOut.reversed, .easeInEaseOut))
        #expect(CubicBezier.linear.reversed == .linear)
        // Extrapolation follows: the slopes at the ends trade places.
        let curve = try CubicBezier(0.3, -0.5, 0.75, 1.25)
        #expect(abs(curve.reversed.startGradient - curve.endGradient) <= 1e-15)
        #expect(abs(curve.reversed.endGradient - curve.startGradient) <= 1e-15)
    }
}
