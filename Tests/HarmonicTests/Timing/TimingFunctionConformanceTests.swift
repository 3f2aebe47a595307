import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Every timing-function type runs the same conformance checks (`TimingFunctionConformance`).
@Suite struct TimingFunctionConformanceTests {
    @Test func cubicBeziers() throws {
        let curves: [(String, CubicBezier)] = [
            ("linear", .linear), ("ease", .default), ("easeIn", .easeIn), ("easeOut", .easeOut),
            ("easeInEaseOut", .easeInEaseOut), ("vertical inflection", try CubicBezier(1, 0, 0, 1)),
            ("back", try CubicBezier(0.34, 1.56, 0.64, 1)), ("huge y", try CubicBezier(0.2, 1e6, 0.8, -1e6)),
            ("3x1 − 3x2 + 1 = 0", try CubicBezier(0.2, 0.1, 0.5333333333333333, 0.9)),
        ]
        // Near x1 = 0 or x2 = 1 the slope is steep, so the difference quotient is coarse there.
        for (name, curve) in curves { TimingFunctionConformance.check(curve, name: name, slopeTolerance: 1e-3) }
    }

    @Test func steps() throws {
        for position in StepPosition.allCases {
            let steps = try Steps(4, position: position)
            let edges = (0...4).map { Double($0) / 4 }
            TimingFunctionConformance.check(steps, name: "steps(4, \(position))", discontinuities: edges)
        }
    }

    @Test func linearEasings() throws {
        let easing = try LinearEasing(stops: [.init(0), .init(0.25, at: 0.4), .init(0.7), .init(1)])
        TimingFunctionConformance.check(easing, name: "linear()", discontinuities: [0.4, 0.7])
        TimingFunctionConformance.check(try LinearEasing(outputs: [0.3, 0.3]), name: "flat linear()")
    }

    @Test func cssEasingFunctions() throws {
        for text in [
            "ease", "ease-in-out", "cubic-bezier(0.1, 0.7, 1, 0.1)", "step-start", "steps(3, jump-both)", "linear",
        ] {
            let function = try CSSEasingFunction(parsing: text)
            TimingFunctionConformance.check(
                function, name: text, discontinuities: [0, 1.0 / 3, 0.25, 0.5, 2.0 / 3, 0.75, 1], slopeTolerance: 1e-3)
        }
    }

    @Test func springs() throws {
        for (k, c) in [(100.0, 10.0), (100, 20), (300, 60), (50, 0.5)] {
            let spring = try Spring(mass: 1, stiffness: k, damping: c)
            TimingFunctionConformance.check(try SpringTimingFunction(spring: spring), name: "spring k=\(k) c=\(c)")
        }
    }
}

/// The checker itself catches a broken function (so a passing run means something): each
/// broken promise is reported once, at the inputs where it breaks, and nothing else is.
@Suite struct TimingFunctionConformanceCheckerTests {
    /// `x²` with the slope `x`: half the derivative `2x`, and past `√greatestFiniteMagnitude`
    /// (≈ 1.34e154) the square overflows.
    struct WrongSlope: TimingFunction {
        func value(at x: Double) -> Double { x * x }
        func slope(at x: Double) -> Double { x }
    }

    /// `10¹⁰·x`, with its right slope: overflows only past 1.8e298.
    struct Overflows: TimingFunction {
        func value(at x: Double) -> Double { x * 1e10 }
        func slope(at x: Double) -> Double { 1e10 }
    }

    /// The extremes whose square, or whose product with 10¹⁰, is infinite.
    static let overflowing: [Double] = [1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]

    @Test func aWrongSlopeIsReportedAtEveryGridPointAndTheOverflowsAtTheirExtremes() {
        let found = TimingFunctionConformance.violations(of: WrongSlope())
        let grid = TimingFunctionConformance.slopeGrid()
        #expect(grid.count == 27)
        let expected =
            Self.overflowing.map { TimingFunctionConformance.Violation.value(at: $0, .infinity) }
            + grid.map { x in .derivative(at: x, slope: x, difference: (pow2(x + 1e-6) - pow2(x - 1e-6)) / 2e-6) }
        #expect(found == expected)
    }

    @Test func anOverflowIsReportedAtTheExtremesOnly() {
        let found = TimingFunctionConformance.violations(of: Overflows())
        #expect(found == Self.overflowing.map { .value(at: $0, $0 > 0 ? .infinity : -.infinity) })
    }

    @Test func aFunctionKeepingItsPromisesHasNoViolations() {
        #expect(TimingFunctionConformance.violations(of: CubicBezier.default, slopeTolerance: 1e-3).isEmpty)
    }

    func pow2(_ x: Double) -> Double { x * x }
}
