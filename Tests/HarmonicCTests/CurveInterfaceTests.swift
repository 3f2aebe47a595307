import CHarmonic
import Foundation
import Harmonic
import HarmonicC
import HarmonicTestSupport
import Testing

/// A curve made through the C interface, destroyed at the end of `body`.
func withCurve<T>(
    _ make: (UnsafeMutablePointer<OpaquePointer?>) -> harmonic_status, _ body: (OpaquePointer) throws -> T
) throws -> T {
    var curve: OpaquePointer?
    let status = make(&curve)
    try #require(status == HARMONIC_OK, "\(String(cString: harmonic_last_error()))")
    defer { harmonicCurveDestroy(curve) }
    return try body(try #require(curve))
}

func lastError() -> String { String(cString: harmonic_last_error()) }

@Suite struct CurveInterfaceTests {
    /// Critically damped (mass 1, stiffness 100, damping 20, ω = 10):
    /// x(t) = to + (x0 + (v0 + ω·x0)·t)·e^(−ωt), x0 = from − to.
    static func criticallyDamped(_ t: Double, from: Double, to: Double, v0: Double) -> (Double, Double) {
        let w = 10.0, x0 = from - to
        let e = exp(-w * t)
        return (to + (x0 + (v0 + w * x0) * t) * e, (v0 - w * (v0 + w * x0) * t) * e)
    }

    @Test func springFromParametersMatchesTheClosedForm() throws {
        // Progress velocity 2/s over a span of 50: 100 value units per second.
        try withCurve({ harmonicCurveCreateSpring(HARMONIC_SPRING_PHYSICS, 1, 100, 20, 10, 60, 2, $0) }) { curve in
            var value = 0.0, velocity = 0.0
            for t in [0, 0.05, 0.1, 0.37, 1, 2.5] {
                #expect(harmonicCurveEvaluate(curve, t, &value, &velocity, 1) == HARMONIC_OK)
                let (x, v) = Self.criticallyDamped(t, from: 10, to: 60, v0: 100)
                #expect(abs(value - x) <= 1e-13 * 50, "t = \(t)")
                #expect(abs(velocity - v) <= 1e-12 * 500, "t = \(t)")
                // The direct call returns the same number, bit for bit.
                #expect(harmonicCurveValue(curve, t).bitPattern == value.bitPattern, "t = \(t)")
            }
        }
    }

    @Test func specTextAndParametersGiveTheSameCurve() throws {
        let spec = #"{"spring": {"duration": 0.6, "bounce": 0.2}, "from": 0, "to": 300}"#
        let times = (0..<200).map { Double($0) * 0.0071 }
        func samples(_ curve: OpaquePointer) -> [Double] {
            var values = [Double](repeating: .nan, count: times.count)
            _ = harmonicCurveSample(curve, times, times.count, &values, nil, values.count)
            return values
        }
        let fromSpec = try withCurve({ harmonicCurveCreateFromSpec(spec, $0) }, samples)
        let fromParameters = try withCurve(
            { harmonicCurveCreateSpring(HARMONIC_SPRING_DURATION_BOUNCE, 0.6, 0.2, 1, 0, 300, 0, $0) }, samples)
        #expect(fromSpec == fromParameters)
        #expect(fromSpec.allSatisfy { $0.isFinite })
    }

    /// Arbitrary times with one that is not finite are refused before anything is written,
    /// naming the first such time: for a spring (checked in the pass that finds the times'
    /// span) and for a Bézier (checked first), wherever the bad time sits.
    @Test func nonFiniteTimesAreRefusedWithoutWriting() throws {
        let specs = [#"{"spring": {}, "from": 0, "to": 1}"#, #"{"cubicBezier": [0.42, 0, 0.58, 1]}"#]
        for spec in specs {
            try withCurve({ harmonicCurveCreateFromSpec(spec, $0) }) { curve in
                let base = (0..<37).map { (Double($0) * 0.6180339887498949).truncatingRemainder(dividingBy: 1) }
                for position in [0, 5, 8, 20, 36] {
                    for bad in [Double.nan, .infinity, -.infinity] {
                        var times = base
                        times[position] = bad
                        if position + 3 < times.count { times[position + 3] = .nan }
                        var values = [Double](repeating: 7, count: times.count)
                        let status = harmonicCurveSample(curve, times, times.count, &values, nil, values.count)
                        #expect(status != HARMONIC_OK, "\(spec) \(bad) at \(position)")
                        #expect(lastError().contains("times[\(position)]"), "\(lastError())")
                        #expect(values.allSatisfy { $0 == 7 }, "\(spec): written despite \(bad) at \(position)")
                    }
                }
                var values = [Double](repeating: .nan, count: base.count)
                #expect(harmonicCurveSample(curve, base, base.count, &values, nil, values.count) == HARMONIC_OK)
                #expect(values.allSatisfy { $0.isFinite })
            }
        }
    }

    /// numpy.linspace's times are the grid's bit for bit, so sampling them takes the grid path:
    /// the result equals `harmonic_curve_sample_grid` exactly. One time moved by an ulp falls
    /// back to per-time evaluation, which agrees to rounding.
    @Test func evenlySpacedTimesTakeTheGridPath() throws {
        let n = 10_001, start = 0.0, end = 2.0
        let step = (end - start) / Double(n - 1)
        var times = (0..<n).map { start + Double($0) * step }
        times[n - 1] = end
        try withCurve({ harmonicCurveCreateFromSpec(#"{"spring": {"stiffness": 300, "damping": 12}, "to": 5}"#, $0) }) {
            curve in
            var grid = [Double](repeating: 0, count: n), gridRates = grid
            var listed = grid, listedRates = grid
            #expect(harmonicCurveSampleGrid(curve, start, end, n, &grid, &gridRates, n) == HARMONIC_OK)
            #expect(harmonicCurveSample(curve, times, n, &listed, &listedRates, n) == HARMONIC_OK)
            #expect(grid == listed)
            #expect(gridRates == listedRates)

            times[5000] = times[5000].nextUp
            var perTime = grid
            #expect(harmonicCurveSample(curve, times, n, &perTime, nil, n) == HARMONIC_OK)
            let worst = zip(perTime, grid).map { abs($0 - $1) }.max()!
            #expect(worst > 0)  // a different path, not the grid's numbers
            #expect(worst <= 1e-12 * 5)
        }
    }

    @Test func timingFunctionsFollowTheirSpecs() throws {
        var value = 0.0
        // cubic-bezier(0, 0, 1, 1) is the identity.
        try withCurve({ harmonicCurveCreateCubicBezier(0, 0, 1, 1, $0) }) { curve in
            for p in [0, 0.1, 0.5, 0.93, 1] {
                #expect(harmonicCurveEvaluate(curve, p, &value, nil, 1) == HARMONIC_OK)
                #expect(abs(value - p) <= 1e-15)
            }
        }
        // CSS Easing 2: steps(4, end) is 0.25 on [0.25, 0.5).
        try withCurve({ harmonicCurveCreateCSSEasing("steps(4, end)", $0) }) { curve in
            #expect(harmonicCurveEvaluate(curve, 0.3, &value, nil, 1) == HARMONIC_OK)
            #expect(value == 0.25)
        }
    }

    @Test func keyframesPathsAndDecays() throws {
        // Two-component linear keyframes at key times 0, 0.25, 1: at 0.5 a third of the way
        // through the second segment.
        let values: [Double] = [0, 0, 10, 20, 40, 20]
        let keyTimes: [Double] = [0, 0.25, 1]
        try withCurve({ harmonicCurveCreateKeyframes(values, 3, 2, keyTimes, HARMONIC_CALCULATION_LINEAR, $0) }) {
            curve in
            var dimension = 0
            #expect(harmonicCurveDimension(curve, &dimension) == HARMONIC_OK && dimension == 2)
            var point = [0.0, 0.0]
            #expect(harmonicCurveEvaluate(curve, 0.5, &point, nil, 2) == HARMONIC_OK)
            #expect(abs(point[0] - 20) <= 1e-12 && abs(point[1] - 20) <= 1e-12)
        }
        // A straight path, paced: the point at progress p is p of the way; the angle is the
        // line's direction.
        try withCurve({ harmonicCurveCreatePath("M0 0 L30 40", HARMONIC_CALCULATION_PACED, 1, $0) }) { curve in
            var point = [0.0, 0.0], angle = 0.0
            #expect(harmonicCurveEvaluate(curve, 0.2, &point, nil, 2) == HARMONIC_OK)
            #expect(abs(point[0] - 6) <= 1e-12 && abs(point[1] - 8) <= 1e-12)
            var t = 0.2
            #expect(harmonicCurveSampleAngles(curve, &t, 1, &angle, 1) == HARMONIC_OK)
            #expect(abs(angle - atan2(40, 30)) <= 1e-15)
        }
        // Flutter's drag d: v(t) = v0·dᵗ, x(t) = from + v0·(dᵗ − 1)/ln d.
        try withCurve({ harmonicCurveCreateDecay(HARMONIC_DECAY_FLUTTER, 0.1, 5, 1000, $0) }) { curve in
            var x = 0.0, v = 0.0
            #expect(harmonicCurveEvaluate(curve, 0.5, &x, &v, 1) == HARMONIC_OK)
            #expect(abs(v - 1000 * pow(0.1, 0.5)) <= 1e-10)
            #expect(abs(x - (5 + 1000 * (pow(0.1, 0.5) - 1) / log(0.1))) <= 1e-10)
            var rest = 0.0
            #expect(harmonicCurveSettlingTime(curve, 0, &rest) == HARMONIC_OK)
            // At rest when the speed falls to Flutter's 0.001: t = ln(0.001/1000)/ln(0.1) = 6.
            #expect(abs(rest - 6) <= 1e-9)
        }
    }

    @Test func settlingTimeOfASpringFollowsTheSettleRule() throws {
        // Critically damped from 0 to 1 at rest: |x − 1| = (1 + 10t)·e^(−10t); it falls to
        // 0.001 at the root of (1 + 10t)·e^(−10t) = 0.001.
        try withCurve({ harmonicCurveCreateSpring(HARMONIC_SPRING_PHYSICS, 1, 100, 20, 0, 1, 0, $0) }) { curve in
            var t = 0.0
            #expect(harmonicCurveSettlingTime(curve, 0.001, &t) == HARMONIC_OK)
            #expect(abs((1 + 10 * t) * exp(-10 * t) - 0.001) <= 1e-9)
        }
        try withCurve({ harmonicCurveCreateCubicBezier(0.25, 0.1, 0.25, 1, $0) }) { curve in
            var t = -1.0
            #expect(harmonicCurveSettlingTime(curve, 0.001, &t) == HARMONIC_ERROR_UNSUPPORTED)
            #expect(t == -1)
            #expect(lastError().contains("a spring, a decay or a spring network"))
        }
    }

    /// A spring network through the C interface: its shape, its solver, a sample buffer of
    /// `count × nodes × dimensions`, and the two in-phase/out-of-phase modes of a pair.
    @Test func springNetworksHaveAShape() throws {
        let spec = """
            {"springNetwork": {"anchors": [[0, 0]], "nodes": [{"position": [1, 2]}, {"position": [0, 0]}],
              "edges": [{"from": 0, "anchor": 0, "stiffness": 25}, {"from": 1, "anchor": 0, "stiffness": 25},
                        {"from": 0, "to": 1, "stiffness": 25}]}}
            """
        try withCurve({ harmonicCurveCreateFromSpec(spec, $0) }) { curve in
            var nodes = 0, dimensions = 0, dimension = 0, rigid = -1
            var method: UnsafePointer<CChar>?
            #expect(harmonicCurveNetworkShape(curve, &nodes, &dimensions, &method, &rigid) == HARMONIC_OK)
            #expect(nodes == 2 && dimensions == 2 && String(cString: method!) == "modal" && rigid == 0)
            #expect(harmonicCurveDimension(curve, &dimension) == HARMONIC_OK && dimension == 4)
            let times = [0.3, 1.7]
            var values = [Double](repeating: 0, count: 8)
            #expect(harmonicCurveSample(curve, times, 2, &values, nil, 8) == HARMONIC_OK)
            let w1 = 5.0, w2 = 75.0.squareRoot()
            for (k, t) in times.enumerated() {
                for d in 0..<2 {
                    let start = [1.0, 2][d]
                    #expect(abs(values[k * 4 + d] - start * (cos(w1 * t) + cos(w2 * t)) / 2) <= 1e-13)
                    #expect(abs(values[k * 4 + 2 + d] - start * (cos(w1 * t) - cos(w2 * t)) / 2) <= 1e-13)
                }
            }
            var settle = 0.0
            #expect(harmonicCurveSettlingTime(curve, 0.01, &settle) == HARMONIC_OK && settle == .infinity)
        }
        try withCurve({ harmonicCurveCreateCubicBezier(0.25, 0.1, 0.25, 1, $0) }) { curve in
            var nodes = -1, dimensions = -1
            #expect(harmonicCurveNetworkShape(curve, &nodes, &dimensions, nil, nil) == HARMONIC_ERROR_UNSUPPORTED)
            #expect(nodes == -1 && lastError().contains("a springNetwork curve"))
        }
    }
}
