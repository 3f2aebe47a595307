import Foundation
import Testing
@testable import Harmonic

// Closed forms evaluated with Float80's elementary functions (x86-64 only); the mpmath table in
// ArcLengthReferenceTests covers every processor.
#if arch(x86_64)

    /// Arc length, exact inversion and table against curves whose length and inverse are known in
    /// closed form. Targets (issue 4): relative length error ≤ 1e-12, position error of exact
    /// paced evaluation ≤ 1e-9 of the length, table speed ripple ≤ 1e-5. The assertions below are
    /// tighter where the method is (length 1e-13, exact position 1e-12).
    @Suite("Arc length — closed forms")
    struct ArcLengthClosedFormTests {
        typealias Point = SIMD2<Double>

        static let lengthTolerance = 1e-13
        static let positionTolerance = 1e-12
        static let rippleTolerance = 1e-5

        /// Checks a single-segment planar Bézier against a reference inverse `t(s)`.
        func check(
            _ segment: BezierSegment<Point>, length: Double, inverse: (Double) -> Double,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let arc = ArcLength(segments: [segment.speed])
            #expect(abs(arc.length - length) <= Self.lengthTolerance * length, sourceLocation: sourceLocation)
            var worstExact = 0.0, worstTable = 0.0
            for k in 0...400 {
                let s = length * Double(k) / 400
                let reference = segment.point(at: inverse(s))
                let exact = arc.location(atLength: s, method: .exact)
                let table = arc.location(atLength: s, method: .table)
                #expect(exact.segment == 0 && table.segment == 0, sourceLocation: sourceLocation)
                worstExact = max(worstExact, (segment.point(at: exact.parameter) - reference).magnitude)
                worstTable = max(worstTable, (segment.point(at: table.parameter) - reference).magnitude)
            }
            #expect(worstExact <= Self.positionTolerance * length, sourceLocation: sourceLocation)
            // The table is built for ripple 1e-6 and position 1e-7 of the length.
            #expect(worstTable <= 2e-7 * length, sourceLocation: sourceLocation)
            #expect(maximumTableRipple(arc) <= Self.rippleTolerance, sourceLocation: sourceLocation)
        }

        @Test func line() {
            let segment = BezierSegment<Point>.line([1, 2], [4, 6])
            let arc = ArcLength(segments: [segment.speed])
            #expect(arc.length == 5)
            #expect(arc.location(atLength: 2.5).parameter == 0.5)
            #expect(arc.location(atLength: 2.5, method: .table).parameter == 0.5)
            #expect(arc.length(to: CurveLocation(segment: 0, parameter: 0.2)) == 1)
        }

        /// A straight cubic with uneven control points: the speed varies but the inverse is the
        /// root of a cubic, `|B(t) − P₀| = s`.
        @Test func unevenlyParameterisedLine() {
            let segment = BezierSegment<Point>.cubic([0, 0], [0.1, 0], [0.2, 0], [1, 0])
            check(segment, length: 1) { s in
                Double(
                    solveFloat80(Float80(s), in: 0, 1) { t in
                        let u = 1 - t
                        return 3 * u * u * t * 0.1 + 3 * u * t * t * 0.2 + t * t * t
                    })
            }
        }

        /// Circular arcs in a rational parameterisation (speed varying by 1 + k²), through the
        /// protocol path rather than ``SpeedPolynomial``.
        @Test(arguments: [Double.pi / 2, 3 * Double.pi / 4, 1.9 * Double.pi / 2])
        func circularArc(angle: Double) {
            let circle = RationalCircularArc(radius: 2, angle: angle)
            let arc = ArcLength(segments: [circle])
            #expect(abs(arc.length - circle.length) <= Self.lengthTolerance * circle.length)
            for k in 0...200 {
                let s = circle.length * Double(k) / 200
                let reference = circle.point(at: circle.parameter(atLength: s))
                let exact = circle.point(at: arc.location(atLength: s).parameter)
                #expect((exact - reference).magnitude <= Self.positionTolerance * circle.length)
            }
            #expect(maximumTableRipple(arc) <= Self.rippleTolerance)
        }

        /// y = x² from x = 0 to X as a quadratic Bézier; L = (X/2)√(1 + 4X²) + asinh(2X)/4.
        @Test(arguments: [0.5, 2.0, 10.0])
        func parabola(halfWidth x: Double) {
            let segment = BezierSegment<Point>.quadratic([0, 0], [x / 2, 0], [x, x * x])
            let length = Double(Self.parabolaLength(Float80(x)))
            check(segment, length: length) { s in
                Double(solveFloat80(Float80(s), in: 0, Float80(x), Self.parabolaLength)) / x
            }
        }

        /// The symmetric parabola y = x², x ∈ [−X, X]: the speed minimum at the vertex is a split.
        @Test func symmetricParabola() {
            let x = 3.0
            let segment = BezierSegment<Point>.quadratic([-x, x * x], [0, -x * x], [x, x * x])
            let half = Self.parabolaLength(Float80(x))
            check(segment, length: Double(2 * half)) { s in
                let xs =
                    s <= Double(half)
                    ? -solveFloat80(half - Float80(s), in: 0, Float80(x), Self.parabolaLength)
                    : solveFloat80(Float80(s) - half, in: 0, Float80(x), Self.parabolaLength)
                return Double((xs + Float80(x)) / (2 * Float80(x)))
            }
        }

        /// A general quadratic Bézier: ∫√(At² + Bt + C) has a closed form.
        @Test func quadraticBezier() {
            let p0: Point = [0, 0], c: Point = [3, 5], p1: Point = [7, -1]
            let segment = BezierSegment<Point>.quadratic(p0, c, p1)
            let alpha = (c - p0) * 2, beta = (p1 - c * 2 + p0) * 2
            let a = Float80((beta * beta).sum()), b = Float80(2 * (alpha * beta).sum()),
                cc = Float80((alpha * alpha).sum())
            func antiderivative(_ t: Float80) -> Float80 {
                let q = (a * t * t + b * t + cc).squareRoot()
                let ra = a.squareRoot()
                return (2 * a * t + b) * q / (4 * a) + (4 * a * cc - b * b) / (8 * a * ra)
                    * log(2 * ra * q + 2 * a * t + b)
            }
            func s(_ t: Float80) -> Float80 { antiderivative(t) - antiderivative(0) }
            check(segment, length: Double(s(1))) { length in Double(solveFloat80(Float80(length), in: 0, 1, s)) }
        }

        /// A Pythagorean-hodograph cubic: B′ = 3(u² − v², 2uv) with u = 1 + t, v = 1 − 2t, so
        /// |B′| = 3(u² + v²) and s(t) = 6t − 3t² + 5t³ exactly (length 8).
        @Test func pythagoreanHodographCubic() {
            let segment = BezierSegment<Point>.cubic([0, 0], [0, 2], [3, 3], [6, -1])
            for k in 0...16 {
                let t = Double(k) / 16
                let u = 1 + t, v = 1 - 2 * t
                #expect(abs(segment.derivative(at: t).magnitude - 3 * (u * u + v * v)) <= 1e-14 * 20)
            }
            check(segment, length: 8) { s in
                Double(solveFloat80(Float80(s), in: 0, 1) { t in 6 * t - 3 * t * t + 5 * t * t * t })
            }
        }

        /// The cusp cubic (0,0) (1,1) (0,1) (1,0): |B′| = 3|w|√(w² + 1), w = 1 − 2t, so
        /// L = 2√2 − 1 and s(t) = (2√2 − (w² + 1)^{3/2})/2 before the cusp, symmetric after.
        @Test func cuspCubic() {
            let segment = BezierSegment<Point>.cubic([0, 0], [1, 1], [0, 1], [1, 0])
            let root2 = Float80(2).squareRoot()
            let length = 2 * root2 - 1
            check(segment, length: Double(length)) { s in
                let s = Float80(s)
                let half = length / 2
                let inner = s <= half ? 2 * root2 - 2 * s : 2 * s - length + 1
                let w = (Self.cbrt(inner * inner) - 1).squareRoot()
                return Double(s <= half ? (1 - w) / 2 : (1 + w) / 2)
            }
        }

        /// A curve of several segments: lengths add, zero-length segments are skipped, the end
        /// maps to the last segment with a length, and lengths beyond the ends are clamped.
        @Test func piecewise() {
            let segments: [BezierSegment<Point>] = [
                .line([0, 0], [3, 4]),
                .line([3, 4], [3, 4]),
                .cubic([3, 4], [4, 5], [3, 5], [4, 4]),
                .line([4, 4], [4, 4]),
            ]
            let arc = ArcLength(segments: segments.map(\.speed))
            let cuspLength = 2 * 2.0.squareRoot() - 1
            #expect(arc.cumulativeLengths[0] == 0)
            #expect(arc.cumulativeLengths[1] == 5)
            #expect(arc.cumulativeLengths[2] == 5)
            #expect(abs(arc.length - (5 + cuspLength)) <= 1e-15 * arc.length)
            #expect(arc.location(atLength: 5) == CurveLocation(segment: 2, parameter: 0))
            #expect(arc.location(atLength: arc.length) == CurveLocation(segment: 2, parameter: 1))
            #expect(arc.location(atLength: 1e9) == CurveLocation(segment: 2, parameter: 1))
            #expect(arc.location(atLength: -3) == CurveLocation(segment: 0, parameter: 0))
            #expect(arc.location(atLength: .nan) == CurveLocation(segment: 0, parameter: 0))
            // At the cusp s − s₀ ≈ 3(t − ½)², so t is only determined to √ε there; the position is
            // what must be right.
            let middle = arc.location(atLength: 5 + cuspLength / 2)
            #expect(middle.segment == 2)
            #expect(
                (segments[2].point(at: middle.parameter) - segments[2].point(at: 0.5)).magnitude <= 1e-14 * arc.length)
            #expect(abs(arc.length(to: middle) - (5 + cuspLength / 2)) <= 1e-14 * arc.length)
        }

        @Test func zeroLengthCurve() {
            let arc = ArcLength(segments: [BezierSegment<Point>.line([1, 1], [1, 1]).speed])
            #expect(arc.length == 0)
            #expect(arc.location(atLength: 0) == CurveLocation(segment: 0, parameter: 0))
            #expect(arc.location(atLength: 1) == CurveLocation(segment: 0, parameter: 0))
            let empty = ArcLength<SpeedPolynomial>(segments: [])
            #expect(empty.length == 0)
            #expect(empty.location(atLength: 1) == CurveLocation(segment: 0, parameter: 0))
        }

        static func parabolaLength(_ x: Float80) -> Float80 {
            let r = (1 + 4 * x * x).squareRoot()
            return x / 2 * r + log(2 * x + r) / 4
        }

        static func cbrt(_ x: Float80) -> Float80 { x <= 0 ? 0 : exp(log(x) / 3) }
    }
#endif
