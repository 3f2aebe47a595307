import Testing
@testable import Harmonic

/// The cubic mode: Catmull-Rom through the keyframes with Kochanek–Bartels tension,
/// continuity and bias, against independent formulas.
@Suite("Cubic keyframes (Kochanek–Bartels)")
struct CubicKeyframeTests {
    typealias P = SIMD2<Double>

    /// With t = c = b = 0 and even key times, the uniform spline is the Catmull-Rom matrix
    /// form with the end keyframes duplicated.
    @Test func uniformCatmullRom() throws {
        let v: [Double] = [0, 10, 3, 8, -4]
        let track = try KeyframeTrack(values: v, calculationMode: .cubic)
        let padded = [v[0]] + v + [v[v.count - 1]]
        for segment in 0..<(v.count - 1) {
            for u in stride(from: 0.0, through: 1, by: 0.125) {
                let p = (Double(segment) + u) / Double(v.count - 1)
                let expected = catmullRomReference(
                    padded[segment], padded[segment + 1], padded[segment + 2], padded[segment + 3], u)
                #expect(abs(track.value(at: p) - expected) <= 1e-13 * 10, "segment \(segment), u \(u)")
            }
        }
        // Passes through every keyframe exactly.
        for (i, x) in v.enumerated() { #expect(track.value(at: track.keyTimes[i]) == x) }
    }

    /// Tension 1 zeroes the tangents: each segment is P₀ + (P₁ − P₀)(3u² − 2u³).
    @Test func fullTension() throws {
        let v = [P(0, 0), P(10, 5), P(3, 8)]
        let track = try KeyframeTrack(values: v, calculationMode: .cubic, tensionValues: [1, 1, 1])
        for u in stride(from: 0.0, through: 1, by: 0.1) {
            let h = 3 * u * u - 2 * u * u * u
            let expected = v[1] + (v[2] - v[1]) * h
            #expect((track.value(at: 0.5 + u / 2) - expected).magnitude <= 1e-13)
        }
        #expect(track.velocity(at: 0.5) == .zero)
    }

    /// Apple: positive continuity gives sharper corners. Continuity +1 everywhere makes every
    /// tangent its own chord: the spline is the polyline, traversed linearly. With the
    /// paper's sign the same happens at −1, and +1 gives the opposite (boxy) shape.
    @Test func continuitySign() throws {
        let v = [P(0, 0), P(10, 0), P(10, 10), P(0, 10)]
        let linear = try KeyframeTrack(values: v)
        let sharp = try KeyframeTrack(values: v, calculationMode: .cubic, continuityValues: [1, 1, 1, 1])
        let paper = try KeyframeTrack(
            values: v, calculationMode: .cubic, continuityValues: [-1, -1, -1, -1],
            cubicOptions: CubicKeyframeOptions(continuitySign: .kochanekBartels))
        for p in stride(from: 0.0, through: 1, by: 0.05) {
            #expect((sharp.value(at: p) - linear.value(at: p)).magnitude <= 1e-12)
            #expect((paper.value(at: p) - linear.value(at: p)).magnitude <= 1e-12)
        }
        // At the corner (10, 0) the incoming velocity points along +x, the outgoing along +y.
        let before = sharp.velocity(at: 1.0 / 3 - 1e-9), after = sharp.velocity(at: 1.0 / 3)
        #expect(abs(before.y) <= 1e-6 && before.x > 0)
        #expect(abs(after.x) <= 1e-12 && after.y > 0)
        // Apple's negative continuity: inverted corners, the curve overshoots past the corner.
        let boxy = try KeyframeTrack(values: v, calculationMode: .cubic, continuityValues: [0, -1, 0, 0])
        #expect((101...199).map { boxy.value(at: Double($0) / 300).x }.max()! > 10.5)
    }

    /// Bias +1 aims both tangents at a keyframe along the incoming chord (Kochanek & Bartels:
    /// the curve "overshoots" in the direction it arrived).
    @Test func bias() throws {
        let v = [P(0, 0), P(10, 0), P(10, 10)]
        let track = try KeyframeTrack(values: v, calculationMode: .cubic, biasValues: [0, 1, 0])
        let out = track.velocity(at: 0.5)
        #expect(abs(out.y) <= 1e-12 && out.x > 0)
        let opposite = try KeyframeTrack(values: v, calculationMode: .cubic, biasValues: [0, -1, 0])
        let outOpposite = opposite.velocity(at: 0.5)
        #expect(abs(outOpposite.x) <= 1e-12 && outOpposite.y > 0)
    }

    /// Missing TCB values count as 0; extra ones are ignored.
    @Test func missingTCBValuesAreZero() throws {
        let v: [Double] = [0, 10, 3, 8]
        let plain = try KeyframeTrack(values: v, calculationMode: .cubic)
        let short = try KeyframeTrack(
            values: v, calculationMode: .cubic, tensionValues: [0], continuityValues: [0, 0, 0, 0, 5])
        #expect(short.tensionValues == [0, 0, 0, 0])
        #expect(short.continuityValues == [0, 0, 0, 0])
        for p in stride(from: 0.0, through: 1, by: 0.1) { #expect(short.value(at: p) == plain.value(at: p)) }
    }

    /// With uneven key times the default scaling keeps the velocity in time continuous across
    /// a keyframe (c = 0); without it, the speed jumps by the ratio of the durations.
    @Test func keyTimeTangentScaling() throws {
        let v = [P(0, 0), P(10, 2), P(14, 10)]
        let keyTimes = [0, 0.2, 1.0]
        let scaled = try KeyframeTrack(values: v, keyTimes: keyTimes, calculationMode: .cubic)
        let left = scaled.velocity(at: 0.2 - 1e-12), right = scaled.velocity(at: 0.2)
        #expect((left - right).magnitude <= 1e-8 * right.magnitude)
        let unscaled = try KeyframeTrack(
            values: v, keyTimes: keyTimes, calculationMode: .cubic,
            cubicOptions: CubicKeyframeOptions(tangentScaling: .none))
        let l = unscaled.velocity(at: 0.2 - 1e-12), r = unscaled.velocity(at: 0.2)
        #expect(abs(l.magnitude / r.magnitude - 0.8 / 0.2) <= 1e-6)
        // Same direction either way.
        #expect(abs(l.x * r.y - l.y * r.x) <= 1e-9 * l.magnitude * r.magnitude)
        // With even key times the scaling changes nothing.
        let even = try KeyframeTrack(values: v, calculationMode: .cubic)
        let evenUnscaled = try KeyframeTrack(
            values: v, calculationMode: .cubic, cubicOptions: CubicKeyframeOptions(tangentScaling: .none))
        for p in stride(from: 0.0, through: 1, by: 0.1) { #expect(even.value(at: p) == evenUnscaled.value(at: p)) }
    }

    /// End tangents: duplicated ends give half the chord, extrapolated the full chord, zero
    /// none (velocity per unit progress, two segments so each lasts 0.5).
    @Test func endTangents() throws {
        let v: [Double] = [0, 10, 10]
        func startVelocity(_ mode: CubicKeyframeOptions.EndTangents) throws -> Double {
            try KeyframeTrack(values: v, calculationMode: .cubic, cubicOptions: CubicKeyframeOptions(endTangents: mode))
                .velocity(at: 0)
        }
        #expect(try startVelocity(.duplicateEndValue) == 5 / 0.5)
        #expect(try startVelocity(.extrapolate) == 10 / 0.5)
        #expect(try startVelocity(.zero) == 0)
    }

    /// Centripetal and chordal parameterisations equal the Barry–Goldman pyramid with knots
    /// |ΔP|^α, including the end segments (whose missing neighbour duplicates the end point
    /// with the adjacent knot interval).
    @Test(arguments: [CatmullRomParameterization.uniform, .centripetal, .chordal])
    func nonUniformCatmullRom(parameterization: CatmullRomParameterization) throws {
        let v = [P(0, 0), P(1, 3), P(9, 4), P(10, 0), P(10.5, 0.2)]
        let track = try KeyframeTrack(
            values: v, calculationMode: .cubic, cubicOptions: CubicKeyframeOptions(parameterization: parameterization))
        let padded = [v[0]] + v + [v[v.count - 1]]
        var knots = [0.0]
        for i in 0..<(v.count - 1) {
            knots.append(knots.last! + parameterization.knotInterval((v[i + 1] - v[i]).magnitude))
        }
        let first = knots[1] - knots[0], last = knots[knots.count - 1] - knots[knots.count - 2]
        knots = [knots[0] - first] + knots + [knots[knots.count - 1] + last]
        for segment in 0..<(v.count - 1) {
            for u in stride(from: 0.0, through: 1, by: 0.1) {
                let expected = barryGoldmanReference(
                    Array(padded[segment...(segment + 3)]), knots: Array(knots[segment...(segment + 3)]), u)
                let actual = track.value(at: (Double(segment) + u) / Double(v.count - 1))
                #expect((actual - expected).magnitude <= 1e-12, "\(parameterization) segment \(segment) u \(u)")
            }
        }
    }

    /// A keyframe repeated twice with α > 0 has a zero knot interval: the curve stays finite
    /// and passes through the keyframes.
    @Test func repeatedKeyframeCentripetal() throws {
        let v = [P(0, 0), P(5, 5), P(5, 5), P(10, 0)]
        let track = try KeyframeTrack(
            values: v, calculationMode: .cubic, cubicOptions: CubicKeyframeOptions(parameterization: .centripetal))
        for p in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(track.value(at: p).x.isFinite && track.velocity(at: p).y.isFinite)
        }
        #expect(track.value(at: 1.0 / 3) == P(5, 5))
        #expect(track.value(at: 0.5) == P(5, 5))
    }

    /// cubicPaced: the same spline as cubic (without key-time scaling), at constant speed
    /// along its arc length. Finite differences of the position have the speed L.
    @Test func cubicPacedHasConstantSpeed() throws {
        let v = [P(0, 0), P(100, 0), P(100, 100), P(0, 100), P(50, 20)]
        let paced = try KeyframeTrack(values: v, calculationMode: .cubicPaced)
        let shape = try KeyframeTrack(values: v, calculationMode: .cubic)
        #expect(paced.segments == shape.segments)
        let length = try #require(paced.arcLength).length
        let h = 1e-5
        for k in 1..<200 {
            let p = Double(k) / 200
            let chordSpeed = (paced.value(at: p + h) - paced.value(at: p - h)).magnitude / (2 * h)
            #expect(abs(chordSpeed / length - 1) <= 1e-7, "p = \(p)")
            #expect(abs(paced.velocity(at: p).magnitude - length) <= 1e-9 * length)
        }
        // Key times are the arc-length fractions at the keyframes, and the keyframes are hit.
        for (i, key) in paced.keyTimes.enumerated() {
            #expect((paced.value(at: key) - v[i]).magnitude <= 1e-9 * length)
        }
    }

    /// The table method paces with a ripple below 1e-5 (the target).
    @Test func cubicPacedTable() throws {
        let v = [0.0, 10, 3, 8, -4]
        let exact = try KeyframeTrack(values: v, calculationMode: .cubicPaced)
        let table = try KeyframeTrack(values: v, calculationMode: .cubicPaced, pacingMethod: .table)
        let length = try #require(exact.arcLength).length
        for k in 0...500 {
            let p = Double(k) / 500
            #expect(abs(table.value(at: p) - exact.value(at: p)) <= 2e-7 * length)
        }
        #expect(maximumTableRipple(try #require(table.arcLength)) <= 1e-5)
    }
}
