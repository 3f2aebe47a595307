import HarmonicTestSupport
import Testing

@testable import Harmonic

@Suite struct CubicBezierTests {
    // MARK: Validation

    @Test func rejectsInputCoordinatesOutsideTheUnitInterval() {
        #expect(throws: HarmonicError.invalidParameter(name: "x1", value: "1.5", allowed: "finite and in [0, 1]")) {
            try CubicBezier(1.5, 0, 0.5, 1)
        }
        #expect(throws: HarmonicError.invalidParameter(name: "x2", value: "-0.1", allowed: "finite and in [0, 1]")) {
            try CubicBezier(0.5, 0, -0.1, 1)
        }
        #expect(throws: HarmonicError.invalidParameter(name: "y1", value: "nan", allowed: "finite")) {
            try CubicBezier(0.5, .nan, 0.5, 1)
        }
        #expect(throws: HarmonicError.invalidParameter(name: "y2", value: "inf", allowed: "finite")) {
            try CubicBezier(0.5, 0, 0.5, .infinity)
        }
    }

    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        let expected: [MediaTimingFunctionName: (Double, Double, Double, Double)] = [
            .linear: (0, 0, 1, 1), .easeIn: (0.42, 0, 1, 1), .easeOut: (0, 0, 0.58, 1),
            .easeInEaseOut: (0.42, 0, 0.58, 1), .default: (0.25, 0.1, 0.25, 1),
        ]
        for name in MediaTimingFunctionName.allCases {
            let c = CubicBezier(named: name)
            let e = expected[name]!
            #expect(c.x1 == e.0 && c.y1 == e.1 && c.x2 == e.2 && c.y2 == e.3, "\(name)")
        }
    }

    // MARK: Values against an independent HighPrecision evaluation of the parametric curve

    /// For parameters t on a grid, x = x(t) and y(t) are computed in HighPrecision from the Bernstein
    /// form; `value(at: x)` must reproduce y(t) (the HighPrecision x is rounded to a double, which
    /// moves y by at most |dy/dx|·ulp(x)).
    @Test func reproducesTheParametricCurve() throws {
        let curves = [(0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 0.58, 1.0), (0.68, -0.55, 0.265, 1.55), (0.1, 0.9, 0.9, 0.1)]
        for (x1, y1, x2, y2) in curves {
            let c = try CubicBezier(x1, y1, x2, y2)
            for i in 1..<1000 {
                let t = HighPrecision(i) / 1000
                let s = 1 - t
                let x80 = 3 * s * s * t * HighPrecision(x1) + 3 * s * t * t * HighPrecision(x2) + t * t * t
                let y80 = 3 * s * s * t * HighPrecision(y1) + 3 * s * t * t * HighPrecision(y2) + t * t * t
                let dx =
                    3
                    * (s * s * HighPrecision(x1) + 2 * t * s * HighPrecision(x2 - x1) + t * t * (1 - HighPrecision(x2)))
                let dy =
                    3
                    * (s * s * HighPrecision(y1) + 2 * t * s * (HighPrecision(y2) - HighPrecision(y1)) + t * t
                        * (1 - HighPrecision(y2)))
                let x = Double(x80)
                let slope = dy / dx
                let allowed = 4e-16 * (1 + abs(Double(slope)))
                #expect(abs(c.value(at: x) - Double(y80 + slope * (HighPrecision(x) - x80))) <= allowed, "\(c) t=\(t)")
                #expect(abs(c.slope(at: x) - Double(slope)) <= 1e-9 * (1 + abs(Double(slope))), "\(c) t=\(t)")
            }
        }
    }

    @Test func endpointsAreExact() {
        for c in [CubicBezier.default, .easeIn, .easeOut, .easeInEaseOut, .linear] {
            #expect(c.value(at: 0) == 0)
            #expect(c.value(at: 1) == 1)
        }
        #expect(CubicBezier.linear.value(at: 0.3) == 0.3)
    }

    // MARK: Extrapolation (the engines' end-tangent rule)

    @Test func extrapolatesAlongTheEndTangents() throws {
        // x1 > 0: slope y1/x1 below 0; x2 < 1: slope (y2 − 1)/(x2 − 1) above 1.
        let ease = CubicBezier.default
        #expect(ease.startGradient == 0.1 / 0.25)
        #expect(ease.endGradient == 0)
        #expect(ease.value(at: -0.5) == -0.2)
        #expect(ease.value(at: 3) == 1)
        // P1 = (0, 0), x2 > 0: slope y2/x2.
        #expect(CubicBezier.easeOut.startGradient == 1 / 0.58)
        // P2 = (1, 1), x1 < 1: slope (y1 − 1)/(x1 − 1).
        #expect(CubicBezier.easeIn.endGradient == (0 - 1) / (0.42 - 1))
        // All control points at an end on the diagonal: slope 1.
        let allZero = try CubicBezier(0, 0, 0, 0)
        #expect(allZero.startGradient == 1)
        #expect(allZero.value(at: -2) == -2)
        let allOne = try CubicBezier(1, 1, 1, 1)
        #expect(allOne.endGradient == 1)
        #expect(allOne.value(at: 3) == 3)
        // A vertical tangent is not continued: flat.
        let vertical = try CubicBezier(0, 0.5, 1, 0.5)
        #expect(vertical.startGradient == 0 && vertical.endGradient == 0)
        #expect(vertical.value(at: -1) == 0 && vertical.value(at: 2) == 1)
        // Overshoot is not clamped.
        let back = try CubicBezier(0.68, -0.55, 0.265, 1.55)
        #expect(back.value(at: -1) == 0.55 / 0.68)
        #expect(abs(back.value(at: 2) - (1 + (1.55 - 1) / (0.265 - 1))) < 1e-15)
    }

    @Test func hugeOutputsAndInputsStayFinite() throws {
        let huge = try CubicBezier(1e-300, 1e308, 0.5, -1.7e308)
        #expect(huge.startGradient == .greatestFiniteMagnitude)
        for x in [-1e300, -1e9, -1, 0, 1e-300, 0.25, 0.5, 0.999, 1, 2, 1e9, 1e300] {
            #expect(huge.value(at: x).isFinite, "x = \(x)")
            #expect(huge.slope(at: x).isFinite, "x = \(x)")
        }
        #expect(huge.outputRange.lowerBound.isFinite && huge.outputRange.upperBound.isFinite)
        for x in [-1e308, 1e308, -.greatestFiniteMagnitude, .greatestFiniteMagnitude] {
            #expect(CubicBezier.default.value(at: x).isFinite)
            #expect(CubicBezier.easeOut.value(at: x).isFinite)
        }
    }

    // MARK: Slopes at vertical tangents

    @Test func verticalTangentsSaturate() throws {
        let inflection = try CubicBezier(1, 0, 0, 1)
        #expect(inflection.slope(at: 0.5) > 1e10)
        #expect(inflection.slope(at: 0) == 0)  // y1/x1 = 0
        let start = try CubicBezier(0, 0.5, 0.5, 1)
        #expect(start.slope(at: 0) == .greatestFiniteMagnitude)
        #expect(start.slope(at: -0.1) == 0)
        #expect(CubicBezier.easeOut.slope(at: 0) == 1 / 0.58)
        #expect(CubicBezier.easeIn.slope(at: 1) == 1 / (1 - 0.42))
    }

    // MARK: Output range

    @Test func outputRangeMatchesDenseSampling() throws {
        let curves = [
            (0.68, -0.55, 0.265, 1.55), (0.34, 1.56, 0.64, 1.0), (0.5, -4.0, 0.5, 5.0), (0.25, 0.1, 0.25, 1.0),
            (0.1, 5, 0.9, -5),
        ]
        for (x1, y1, x2, y2) in curves {
            let c = try CubicBezier(x1, y1, x2, y2)
            var lower = HighPrecision(0), upper = HighPrecision(1)
            for i in 0...100_000 {
                let t = HighPrecision(i) / 100_000
                let s = 1 - t
                let y = 3 * s * s * t * HighPrecision(y1) + 3 * s * t * t * HighPrecision(y2) + t * t * t
                lower = min(lower, y)
                upper = max(upper, y)
            }
            let range = c.outputRange
            #expect(range.lowerBound <= Double(lower) + 1e-15 && range.lowerBound >= Double(lower) - 1e-8, "\(c)")
            #expect(range.upperBound >= Double(upper) - 1e-15 && range.upperBound <= Double(upper) + 1e-8, "\(c)")
        }
        #expect(CubicBezier.default.outputRange == 0...1)
    }

    @Test func equalityIgnoresTheSignOfZero() throws {
        #expect(try CubicBezier(-0.0, 0, 1, 1) == CubicBezier.linear)
        #expect(try CubicBezier(-0.0, 0, 1, 1).hashValue == CubicBezier.linear.hashValue)
    }
}
