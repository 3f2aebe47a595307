import HarmonicTestSupport
import Testing
@testable import Harmonic

@Suite("Speed polynomial")
struct SpeedPolynomialTests {
    /// |B′(t)| from the polynomial equals the norm of the directly evaluated derivative.
    @Test func matchesDerivativeNorm() {
        let segments: [BezierSegment<SIMD2<Double>>] = [
            .cubic([0, 0], [100, 0], [0, 100], [100, 100]),
            .cubic([0, 0], [1, 1], [0, 1], [1, 0]),
            .quadratic([-2, 4], [0, -4], [2, 4]),
            .line([1, 2], [4, 6]),
        ]
        for segment in segments {
            let speed = segment.speed
            for k in 0...64 {
                let t = Double(k) / 64
                let direct = segment.derivative(at: t).magnitude
                #expect(abs(speed.speed(at: t) - direct) <= 1e-13 * max(1, segment.chordScale * 3))
            }
        }
    }

    /// Critical points: the cusp of the classic cusp cubic at t = 1/2, the symmetric S-curve's
    /// speed extrema at (5 ∓ √5)/10 and 1/2, the parabola's vertex.
    @Test func splitParameters() {
        let cusp = BezierSegment<SIMD2<Double>>.cubic([0, 0], [1, 1], [0, 1], [1, 0]).speed
        #expect(cusp.splitParameters.count == 1)
        #expect(abs(cusp.splitParameters[0] - 0.5) <= 1e-15)
        #expect(cusp.speed(at: 0.5) == 0)

        let s = BezierSegment<SIMD2<Double>>.cubic([0, 0], [100, 0], [0, 100], [100, 100]).speed
        let expected = [(5 - 5.0.squareRoot()) / 10, 0.5, (5 + 5.0.squareRoot()) / 10]
        #expect(s.splitParameters.count == 3)
        for (a, b) in zip(s.splitParameters, expected) { #expect(abs(a - b) <= 1e-14) }

        let parabola = BezierSegment<SIMD2<Double>>.quadratic([-2, 4], [0, -4], [2, 4]).speed
        #expect(parabola.splitParameters == [0.5])

        #expect(BezierSegment<SIMD2<Double>>.line([0, 0], [3, 4]).speed.isConstant)
        #expect(BezierSegment<SIMD2<Double>>.line([0, 0], [3, 4]).speed.splitParameters.isEmpty)
    }

    /// Near a sharp speed minimum the re-expanded quartic keeps the speed's error at the
    /// level of rounding in `B′` itself (about `ε·max|B′|`), where the expansion about `t = 0`
    /// would lose half the digits (error about `√(ε)·max|B′|` relative to a tiny speed).
    @Test func accuracyNearMinimum() {
        // A cubic whose speed dips to about 7.5e-7 near t = 1/2 (max |B′| ≈ 4.3).
        let segment = BezierSegment<SIMD2<Double>>.cubic([0, 0], [1, 1], [1e-6, 1], [1, 0])
        let speed = segment.speed
        let naive = SpeedPolynomial(coefficients: speed.coefficients)
        var naiveWorst = 0.0
        for k in -20...20 {
            let t = 0.5 + Double(k) * 1e-7
            let reference = segmentSpeedReference(segment, t)
            #expect(abs(speed.speed(at: t) - reference) <= 1e-14 * 4.3, "t = \(t)")
            naiveWorst = max(naiveWorst, abs(naive.speed(at: t) - reference))
        }
        #expect(naiveWorst > 1e-11)
    }

    /// The speed growth at a cusp equals the limit of speed/|t − t₀|: for the cusp cubic
    /// |B′| = 3|1 − 2t|·√((1 − 2t)² + 1), so κ = 6.
    @Test func speedGrowthAtCusp() {
        let cusp = BezierSegment<SIMD2<Double>>.cubic([0, 0], [1, 1], [0, 1], [1, 0]).speed
        #expect(abs(cusp.speedGrowth(at: 0.5, direction: 1) - 6) <= 1e-12)
        #expect(abs(cusp.speedGrowth(at: 0.5, direction: -1) - 6) <= 1e-12)
    }

    /// The same curve in one, two and three dimensions (padded with zero components, or
    /// rotated) has the same speed.
    @Test func dimensionIndependent() {
        let scalar = BezierSegment<Double>.cubic(0, 3, -2, 1).speed
        let planar = BezierSegment<SIMD2<Double>>.cubic([0, 0], [3, 0], [-2, 0], [1, 0]).speed
        let c = 0.6, s = 0.8
        let rotated = BezierSegment<SIMD3<Double>>.cubic(
            [0, 0, 0], [3 * c, 3 * s, 0], [-2 * c, -2 * s, 0], [c, s, 0]
        ).speed
        let dynamic = BezierSegment<AnimatableVector>.cubic([0, 0], [0, 3], [0, -2], [0, 1]).speed
        for k in 0...32 {
            let t = Double(k) / 32
            let v = scalar.speed(at: t)
            #expect(abs(planar.speed(at: t) - v) <= 1e-14 * max(v, 1))
            #expect(abs(rotated.speed(at: t) - v) <= 1e-13 * max(v, 1))
            #expect(abs(dynamic.speed(at: t) - v) <= 1e-14 * max(v, 1))
        }
    }
}

/// |B′(t)| of a planar cubic evaluated in extended precision (``HighPrecision``) from the
/// control points.
func segmentSpeedReference(_ segment: BezierSegment<SIMD2<Double>>, _ t: Double) -> Double {
    guard case let .cubic(p0, c1, c2, p1) = segment else { return segment.derivative(at: t).magnitude }
    let t = HighPrecision(t), s = 1 - t
    var sum: HighPrecision = 0
    for i in 0..<2 {
        let d0 = HighPrecision(c1[i]) - HighPrecision(p0[i])
        let d1 = HighPrecision(c2[i]) - HighPrecision(c1[i])
        let d2 = HighPrecision(p1[i]) - HighPrecision(c2[i])
        let d = 3 * (s * s * d0 + 2 * s * t * d1 + t * t * d2)
        sum += d * d
    }
    return Double(sum.squareRoot())
}
