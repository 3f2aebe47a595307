import Foundation
import HarmonicTestSupport
import Testing
@testable import Harmonic

/// Rates of interpolated transforms, value functions and transform keyframes: against closed
/// forms where there is one, and otherwise against a Richardson-extrapolated central
/// difference of the value itself (error O(h⁴), about 1e-12 here), which shares no code with
/// the analytic derivative.
@Suite struct TransformRateTests {
    /// `(4·D(h/2) − D(h)) / 3` with `D` the central difference of `f` at `x`, entry by entry.
    func numericRate(_ f: (Double) -> Transform3D, at x: Double, h: Double = 1e-3) -> Transform3D {
        func central(_ h: Double) -> SIMD16<Double> { (f(x + h).storage - f(x - h).storage) / (2 * h) }
        return Transform3D(storage: (4 * central(h / 2) - central(h)) / 3)
    }

    /// The derivative of `Transform3D.rotation(angle:θ, z)` with respect to θ, by hand.
    func rotationZRate(_ theta: Double) -> Transform3D {
        var m = Transform3D(storage: SIMD16())
        m[0, 0] = -sin(theta)
        m[0, 1] = cos(theta)
        m[1, 0] = -cos(theta)
        m[1, 1] = -sin(theta)
        return m
    }

    @Test func rotationAboutZTurnsAtTheAnglesRate() {
        // Identity → a turn of 1.2 rad about z: at fraction f the angle is 1.2·f, so the
        // derivative is 1.2·dR/dθ at 1.2·f — also past the ends (an overshooting spring).
        let end = Transform3D.rotation(angle: 1.2, x: 0, y: 0, z: 1)
        for f in [0.0, 0.3, 0.5, 1.0, 1.4, -0.2] {
            let (value, rate) = Transform3D.identity.interpolatedWithRate(to: end, fraction: f)
            #expect(maxDifference(value, .rotation(angle: 1.2 * f, x: 0, y: 0, z: 1)) < 1e-15)
            #expect(maxDifference(rate, Transform3D(storage: rotationZRate(1.2 * f).storage * 1.2)) < 1e-14)
        }
    }

    @Test func scaleAndTranslationChangeAtConstantRates() {
        let a = Transform3D.scale(x: 2, y: 3).concatenating(.translation(x: 10, y: -4, z: 1))
        let b = Transform3D.scale(x: 0.5, y: 3, z: 4).concatenating(.translation(x: -6, y: 8, z: 0))
        let (_, rate) = a.interpolatedWithRate(to: b, fraction: 0.37)
        var expected = Transform3D(storage: SIMD16())
        expected[0, 0] = 0.5 - 2
        expected[1, 1] = 0
        expected[2, 2] = 4 - 1
        expected[3, 0] = -16
        expected[3, 1] = 12
        expected[3, 2] = -1
        #expect(maxDifference(rate, expected) < 1e-14)
    }

    @Test func generalTransformsMatchTheDifferenceQuotient() {
        // Every piece at once: oblique rotations (slerp), skew, perspective, mirror scale.
        var rng = Lehmer(state: 7)
        var worst = 0.0
        for _ in 0..<200 {
            func random() -> Transform3D {
                TransformComponents(
                    translation: SIMD3(rng.uniform(-50, 50), rng.uniform(-50, 50), rng.uniform(-50, 50)),
                    scale: SIMD3(rng.uniform(0.2, 3), rng.uniform(0.2, 3), rng.uniform(-3, -0.2)),
                    skew: SIMD3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)),
                    perspective: SIMD4(rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01), 1),
                    rotation: SIMD3(rng.uniform(-3, 3), rng.uniform(-1.5, 1.5), rng.uniform(-3, 3))
                ).transform
            }
            let a = random()
            let b = random()
            let f = rng.uniform(-0.3, 1.3)
            let rate = a.interpolatedWithRate(to: b, fraction: f).rate
            let reference = numericRate({ a.interpolated(to: b, fraction: $0) }, at: f)
            let scale = max(1, (0..<16).map { abs(reference.storage[$0]) }.max() ?? 1)
            worst = max(worst, maxDifference(rate, reference) / scale)
        }
        #expect(worst < 1e-8, "worst relative difference \(worst)")
    }

    @Test func nearlyEqualRotationsUseTheLinearBranch() {
        // θ below 1e-6 takes the normalised-lerp branch of slerp: its rate must still be right.
        let a = Transform3D.rotation(angle: 0.3, x: 1, y: 2, z: 3)
        let b = Transform3D.rotation(angle: 0.3 + 1e-7, x: 1, y: 2, z: 3)
        let rate = a.interpolatedWithRate(to: b, fraction: 0.5).rate
        let reference = numericRate({ a.interpolated(to: b, fraction: $0) }, at: 0.5, h: 0.1)
        #expect(maxDifference(rate, reference) < 1e-12)
        // A turn of 1e-7 rad per unit fraction moves unit entries at about that rate.
        let largest = (0..<16).map { abs(rate.storage[$0]) }.max() ?? 0
        #expect(largest > 1e-8 && largest < 1e-7)
    }

    @Test func singularMatricesInterpolateEntriesAtTheirDifference() {
        let singular = Transform3D.scale(x: 0, y: 1)
        let b = Transform3D.translation(x: 4, y: 2)
        let (value, rate) = singular.interpolatedWithRate(to: b, fraction: 0.25)
        #expect(value.storage == singular.storage + (b.storage - singular.storage) * 0.25)
        #expect(rate.storage == b.storage - singular.storage)
    }

    @Test func valueFunctionRatesMatchTheirClosedForms() throws {
        let (value, rate) = try ValueFunction.rotateZ.transformWithRate([2.5], inputRate: [3])
        #expect(value == .rotation(angle: 2.5, x: 0, y: 0, z: 1))
        #expect(maxDifference(rate, Transform3D(storage: rotationZRate(2.5).storage * 3)) < 1e-15)
        // Every function against the difference quotient along a random direction.
        var rng = Lehmer(state: 11)
        for function in ValueFunction.allCases {
            for count in function.acceptedInputCounts {
                // A shear's angle away from its pole at ±π/2, where the difference quotient's own
                // error grows as sec⁴.
                let reach = function == .skewX || function == .skewY ? 1.0 : 2.0
                let x = (0..<count).map { _ in rng.uniform(-reach, reach) }
                let dx = (0..<count).map { _ in rng.uniform(-2, 2) }
                let rate = try function.transformWithRate(x, inputRate: dx).rate
                let reference = numericRate(
                    { s in (try? function.transform(zip(x, dx).map { $0 + s * $1 })) ?? .identity }, at: 0)
                #expect(maxDifference(rate, reference) < 1e-10, "\(function) with \(count) inputs")
            }
        }
        #expect(throws: HarmonicError.self) { try ValueFunction.scale.transformWithRate([1, 2, 3], inputRate: [1]) }
        #expect(throws: HarmonicError.self) { try ValueFunction.rotateX.transformWithRate([1], inputRate: [.nan]) }
    }

    @Test func transformKeyframesInterpolateSegmentBySegment() throws {
        // Identity → quarter turn (in the first quarter of the time) → quarter turn moved by
        // (10, 0): segment 0 turns, segment 1 slides.
        let quarter = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
        let moved = quarter.concatenating(.translation(x: 10, y: 0))
        let track = try TransformKeyframeTrack(values: [.identity, quarter, moved], keyTimes: [0, 0.25, 1])
        let (v1, r1) = track.sample(at: 0.125)
        #expect(maxDifference(v1, .rotation(angle: .pi / 4, x: 0, y: 0, z: 1)) < 1e-15)
        // dθ/dp = (π/2) / 0.25.
        #expect(maxDifference(r1, Transform3D(storage: rotationZRate(.pi / 4).storage * 2 * .pi)) < 1e-13)
        let (v2, r2) = track.sample(at: 0.625)
        #expect(maxDifference(v2, quarter.concatenating(.translation(x: 5, y: 0))) < 1e-14)
        var slide = Transform3D(storage: SIMD16())
        slide[3, 0] = 10 / 0.75
        #expect(maxDifference(r2, slide) < 1e-13)
        #expect(track.value(at: 0) == .identity && track.value(at: 1) == moved)
        // Discrete keyframes hold, with zero rate.
        let steps = try TransformKeyframeTrack(values: [.identity, quarter, moved], calculationMode: .discrete)
        #expect(steps.sample(at: 0.5).value == quarter && steps.sample(at: 0.5).rate.storage == SIMD16())
        #expect(steps.value(at: 0.2) == .identity)
        #expect(throws: HarmonicError.self) { try TransformKeyframeTrack(values: [.identity], calculationMode: .paced) }
        #expect(throws: HarmonicError.self) { try TransformKeyframeTrack(values: [], calculationMode: .linear) }
    }
}
