import Testing
@testable import Harmonic

@Suite("Keyframe calculation modes")
struct KeyframeModesTests {
    typealias P = SIMD2<Double>

    @Test func linearInterpolatesWithinSegments() throws {
        let t = try KeyframeTrack(values: [0.0, 10, 30], keyTimes: [0, 0.25, 1])
        #expect(t.value(at: 0) == 0)
        #expect(t.value(at: 0.125) == 5)
        #expect(t.value(at: 0.25) == 10)
        #expect(t.value(at: 0.625) == 20)
        #expect(t.value(at: 1) == 30)
        // Velocity per unit progress: 10/0.25 and 20/0.75.
        #expect(t.velocity(at: 0.1) == 40)
        #expect(abs(t.velocity(at: 0.5) - 80.0 / 3) <= 1e-13)
    }

    /// Outside [0, 1] the end values hold with zero velocity; NaN reads as 0; huge times are
    /// fine.
    @Test func outsideTheUnitInterval() throws {
        let t = try KeyframeTrack(values: [P(0, 0), P(4, 2)], calculationMode: .cubic)
        #expect(t.value(at: -1) == P(0, 0))
        #expect(t.value(at: 1e9) == P(4, 2))
        #expect(t.velocity(at: -0.1) == .zero)
        #expect(t.velocity(at: 1.5) == .zero)
        #expect(t.value(at: .nan) == P(0, 0))
        #expect(t.value(at: -.infinity) == P(0, 0))
    }

    /// Segment timing functions shape each segment; missing ones are linear; the overall
    /// timing function is applied first.
    @Test func timingFunctions() throws {
        let t = try KeyframeTrack(values: [0.0, 10, 30], timingFunctions: [SquareEase()])
        // Segment 0 eased: at local 0.5, 10·0.25.
        #expect(t.value(at: 0.25) == 2.5)
        #expect(t.velocity(at: 0.25) == 10 * (2 * 0.5) / 0.5)
        // Segment 1 has no timing function: linear.
        #expect(t.value(at: 0.75) == 20)
        let overall = try KeyframeTrack(
            values: [0.0, 10, 30], timingFunctions: [SquareEase()], timingFunction: SquareEase())
        // p = 0.5 → q = 0.25 → segment 0 local 0.5 → 2.5.
        #expect(overall.value(at: 0.5) == 2.5)
        // Chain rule: d/dp = 10·2·(local)/0.5 · 2p = 10·1/0.5·1.
        #expect(overall.velocity(at: 0.5) == 20)
        let finite = centralDifference({ overall.value(at: $0) }, at: 0.5)
        #expect(abs(finite - 20) <= 1e-6)
    }

    /// `value(at:)` skips the timing functions' slopes; it must still give exactly the value
    /// `sample(at:)` gives, and `velocity(at:)` exactly its velocity, whatever the mix of
    /// segment timing functions (Bézier, CSS-wrapped Bézier, steps, a custom type, none).
    @Test(arguments: [CalculationMode.linear, .cubic])
    func valueVelocityAndSampleAgree(mode: CalculationMode) throws {
        let functions: [any TimingFunction] = [
            CubicBezier.easeIn, try CSSEasingFunction(parsing: "cubic-bezier(0.2, 1.4, 0.6, 1)"),
            try Steps(3), SquareEase(), CubicBezier.linear,
        ]
        let track = try KeyframeTrack(
            values: [P(0, 0), P(40, 10), P(70, -20), P(100, 30), P(120, 0), P(150, 50), P(160, 40)],
            keyTimes: [0, 0.1, 0.3, 0.45, 0.6, 0.9, 1], calculationMode: mode, timingFunctions: functions,
            timingFunction: CubicBezier.easeInEaseOut)
        for k in -5...205 {
            let p = Double(k) / 200
            let (value, velocity) = track.sample(at: p)
            #expect(track.value(at: p) == value, "value at \(p)")
            #expect(track.velocity(at: p) == velocity, "velocity at \(p)")
        }
    }

    /// Core Animation's named timing functions per segment.
    @Test func namedTimingFunctions() throws {
        let t = try KeyframeTrack(
            values: [P(0, 0), P(100, 0), P(100, 50)], timingFunctions: [CubicBezier.easeIn, CubicBezier.easeOut])
        for x in [0.1, 0.3, 0.5, 0.9] {
            let first = t.value(at: x / 2)
            #expect(abs(first.x - 100 * CubicBezier.easeIn.value(at: x)) <= 1e-12)
            let second = t.value(at: 0.5 + x / 2)
            #expect(abs(second.y - 50 * CubicBezier.easeOut.value(at: x)) <= 1e-12)
            let v = t.velocity(at: x / 2)
            #expect(abs(v.x - 100 * CubicBezier.easeIn.slope(at: x) * 2) <= 1e-9)
        }
        // Extra timing functions are ignored.
        let extra = try KeyframeTrack(values: [0.0, 1], timingFunctions: [CubicBezier.linear, CubicBezier.easeIn])
        #expect(abs(extra.value(at: 0.3) - 0.3) <= 1e-15)
    }

    @Test func discreteHoldsValues() throws {
        let t = try KeyframeTrack(values: [P(1, 1), P(2, 2), P(3, 3)], calculationMode: .discrete)
        #expect(t.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(t.value(at: 0.2) == P(1, 1))
        #expect(t.value(at: 0.5) == P(2, 2))
        #expect(t.value(at: 0.99) == P(3, 3))
        #expect(t.value(at: 1) == P(3, 3))
        #expect(t.velocity(at: 0.5) == .zero)
        // Timing functions do not move a discrete track's switching times.
        let eased = try KeyframeTrack(values: [1.0, 2], calculationMode: .discrete, timingFunctions: [SquareEase()])
        #expect(eased.value(at: 0.49) == 1 && eased.value(at: 0.5) == 2)
    }

    /// paced: key times proportional to distance; constant speed, also for scalars that turn
    /// back.
    @Test func pacedScalar() throws {
        let t = try KeyframeTrack(values: [0.0, 10, 0, 30], keyTimes: [0, 0.1, 0.2, 1], calculationMode: .paced)
        #expect(t.keyTimes == [0, 0.2, 0.4, 1])
        #expect(t.value(at: 0.1) == 5)
        #expect(t.value(at: 0.3) == 5)
        #expect(t.value(at: 0.7) == 15)
        #expect(t.velocity(at: 0.1) == 50)
        #expect(t.velocity(at: 0.3) == -50)
        #expect(t.velocity(at: 0.7) == 50)
    }

    /// paced: constant speed along a polyline; timing functions per segment are ignored.
    @Test func pacedVector() throws {
        let t = try KeyframeTrack(
            values: [P(0, 0), P(3, 4), P(3, 4), P(3, 0)], calculationMode: .paced, timingFunctions: [SquareEase()])
        #expect(t.keyTimes == [0, 5.0 / 9, 5.0 / 9, 1])
        for p in stride(from: 0.01, to: 1, by: 0.07) {
            #expect(abs(t.velocity(at: p).magnitude - 9) <= 1e-12)
        }
        #expect(t.value(at: 5.0 / 18) == P(1.5, 2))
        #expect(abs(t.value(at: 7.0 / 9).y - 2) <= 1e-14)
    }

    /// A track whose keyframes are all equal has length 0: paced modes fall back to even
    /// spacing and stay total.
    @Test(arguments: [CalculationMode.paced, .cubicPaced])
    func pacedWithoutLength(mode: CalculationMode) throws {
        let t = try KeyframeTrack(values: [P(1, 1), P(1, 1), P(1, 1)], calculationMode: mode)
        #expect(t.keyTimes == [0, 0.5, 1])
        #expect(t.value(at: 0.3) == P(1, 1))
        #expect(t.velocity(at: 0.3) == .zero)
    }

    @Test func validation() {
        #expect(
            throws: HarmonicError.invalidParameter(name: "values", value: "[]", allowed: "at least one keyframe value")
        ) {
            try KeyframeTrack<Double>(values: [])
        }
        #expect(throws: HarmonicError.self) { try KeyframeTrack(values: [0, Double.nan]) }
        #expect(throws: HarmonicError.self) { try KeyframeTrack(values: [P(0, 0), P(.infinity, 0)]) }
        #expect(throws: HarmonicError.invalidParameter(name: "tensionValues[1]", value: "nan", allowed: "finite")) {
            try KeyframeTrack(values: [0.0, 1, 2], calculationMode: .cubic, tensionValues: [0, .nan])
        }
    }

    /// Runtime-length vectors animate like fixed ones.
    @Test func animatableVectors() throws {
        let t = try KeyframeTrack(
            values: [AnimatableVector([0, 0, 0]), [3, 0, 4], [3, 0, 0]], calculationMode: .paced)
        #expect(t.keyTimes == [0, 5.0 / 9, 1])
        #expect(t.value(at: 5.0 / 18) == [1.5, 0, 2])
        #expect(abs(t.velocity(at: 0.8).magnitude - 9) <= 1e-12)
        #expect(t.velocity(at: 2).count == 3)
    }
}
