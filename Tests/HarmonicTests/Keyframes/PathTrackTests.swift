import Foundation
import Testing
@testable import Harmonic

/// A track following a path: keyframes at segment ends, Bézier-parameter traversal in timed
/// modes, constant speed in paced modes, rotation angles.
@Suite("Keyframe tracks on paths")
struct PathTrackTests {
    typealias P = SIMD2<Double>

    /// Linear mode: segment i runs from keyTimes[i] to keyTimes[i+1] by its Bézier parameter.
    @Test func linearTraversesByBezierParameter() throws {
        let path = try Path(svgPathData: "M0 0 C0 100 100 100 100 0 L200 0")
        let track = KeyframeTrack(path: path, keyTimes: [0, 0.8, 1])
        #expect(track.usesGivenKeyTimes)
        #expect(track.values == [P(0, 0), P(100, 0), P(200, 0)])
        for u in [0.1, 0.5, 0.9] {
            #expect((track.value(at: 0.8 * u) - path.segments[0].point(at: u)).magnitude <= 1e-12)
            let v = track.velocity(at: 0.8 * u)
            #expect((v - path.segments[0].derivative(at: u) / 0.8).magnitude <= 1e-12 * v.magnitude)
        }
        #expect(track.value(at: 0.9) == P(150, 0))
        // cubic mode does not reshape a path.
        let cubic = KeyframeTrack(path: path, keyTimes: [0, 0.8, 1], calculationMode: .cubic)
        for p in stride(from: 0.0, through: 1, by: 0.05) { #expect(cubic.value(at: p) == track.value(at: p)) }
    }

    /// Key times count keyframes, not move-tos: three segments need four key times.
    @Test func keyTimesCountSegmentEnds() throws {
        let path = try Path(svgPathData: "M0 0 L10 0 M0 10 L10 10 L10 20")
        let valid = KeyframeTrack(path: path, keyTimes: [0, 0.5, 0.6, 1])
        #expect(valid.usesGivenKeyTimes)
        #expect(valid.values == [P(0, 0), P(10, 0), P(10, 10), P(10, 20)])
        // At the key time of the jump, the new subpath's start shows.
        #expect(valid.value(at: 0.25) == P(5, 0))
        #expect(valid.value(at: 0.5) == P(0, 10))
        #expect((valid.value(at: 0.55) - P(5, 10)).magnitude <= 1e-12)
        let counted = KeyframeTrack(path: path, keyTimes: [0, 0.2, 0.4, 0.6, 1])
        #expect(!counted.usesGivenKeyTimes)
    }

    /// paced: constant speed along the whole path; the jump takes no time.
    @Test(arguments: [ArcLengthMethod.exact, .table])
    func pacedPath(method: ArcLengthMethod) throws {
        let path = try Path(svgPathData: "M0 0 C0 100 100 100 100 0 M100 50 l30 40")
        let track = KeyframeTrack(path: path, calculationMode: .paced, pacingMethod: method)
        let length = path.length
        let h = 1e-5
        for k in 1..<400 {
            let p = Double(k) / 400
            let chord = (track.value(at: p + h) - track.value(at: p - h)).magnitude / (2 * h)
            let jumpNear = abs(p - track.keyTimes[1]) < 2 * h
            if !jumpNear { #expect(abs(chord / length - 1) <= (method == .exact ? 1e-7 : 2e-5), "p = \(p)") }
            #expect((track.value(at: p) - path.point(atLength: p * length, method: method)).magnitude <= 1e-12 * length)
        }
        #expect(abs(track.keyTimes[1] - path.arcLength.cumulativeLengths[1] / length) <= 1e-15)
        #expect(track.value(at: 1) == P(130, 90))
    }

    /// Discrete paths hold the keyframe points.
    @Test func discretePath() throws {
        let path = try Path(svgPathData: "M0 0 Q50 50 100 0 T200 0")
        let track = KeyframeTrack(path: path, calculationMode: .discrete, rotationMode: .auto)
        #expect(track.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(track.value(at: 0.5) == P(100, 0))
        #expect(track.value(at: 0.9) == P(200, 0))
        // The angle of a held keyframe: the direction leaving it (the T segment leaves (100, 0)
        // heading down-right, reflecting the Q control point).
        #expect(abs(track.angle(at: 0.5) + .pi / 4) <= 1e-12)
        #expect(abs(track.angle(at: 0.9) - .pi / 4) <= 1e-12)
    }

    /// rotationMode: the tangent angle, +π for autoReverse, independent of timing functions.
    @Test func rotationAngles() throws {
        let path = try Path(svgPathData: "M0 0 C0 100 100 100 100 0")
        let auto = KeyframeTrack(path: path, timingFunction: SquareEase(), rotationMode: .auto)
        let reverse = KeyframeTrack(path: path, rotationMode: .autoReverse)
        let plain = KeyframeTrack(path: path)
        #expect(abs(auto.angle(at: 0) - .pi / 2) <= 1e-15)
        #expect(abs(auto.angle(at: 1) + .pi / 2) <= 1e-15)
        // Overall SquareEase: p = √0.5 reaches the top of the arch, where the tangent is +x.
        #expect(abs(auto.angle(at: 0.5.squareRoot())) <= 1e-12)
        #expect(abs(reverse.angle(at: 0.5) - .pi) <= 1e-12)
        #expect(abs(reverse.angle(at: 0) + .pi / 2) <= 1e-15)
        #expect(plain.angle(at: 0.3) == 0)
        for p in stride(from: 0.0, through: 1, by: 0.01) {
            let v = auto.segments[0].derivative(at: SquareEase().value(at: p))
            if v.magnitude > 1e-9 { #expect(abs(auto.angle(at: p) - atan2(v.y, v.x)) <= 1e-12) }
        }
    }

    /// A path that is a single point gives a constant track.
    @Test func pointPath() throws {
        let track = KeyframeTrack(path: try Path(svgPathData: "M3 4"), calculationMode: .paced, rotationMode: .auto)
        #expect(track.value(at: 0.5) == P(3, 4))
        #expect(track.velocity(at: 0.5) == .zero)
        #expect(track.angle(at: 0.5) == 0)
    }
}

/// Tracks along exact arcs: a dot circling a centre at constant speed, its velocity tangent to
/// the circle with magnitude `r·|Δθ|` per unit progress, and `rotationMode` facing along the
/// motion (θ + π/2 on a counter-turning circle).
@Suite("Keyframe tracks on arcs")
struct ArcTrackTests {
    typealias P = SIMD2<Double>

    @Test(arguments: [CalculationMode.linear, .paced, .cubicPaced])
    func circlingAtConstantSpeed(mode: CalculationMode) throws {
        var builder = PathBuilder()
        builder.addRelativeArc(center: P(50, 50), radius: 20, startAngle: 0.5, delta: 3 * Double.pi)
        let path = try builder.build()
        let track = KeyframeTrack(path: path, calculationMode: mode, rotationMode: .auto)
        for k in 0...40 {
            let p = Double(k) / 40
            let theta = 0.5 + p * 3 * Double.pi
            let expected = P(50, 50) + 20 * P(cos(theta), sin(theta))
            #expect((track.value(at: p) - expected).magnitude <= 1e-12)
            let v = track.velocity(at: p)
            let tangent = 20 * 3 * Double.pi * P(-sin(theta), cos(theta))
            #expect((v - tangent).magnitude <= 1e-9 * tangent.magnitude, "p = \(p)")
            let angle = remainder(track.angle(at: p) - (theta + Double.pi / 2), 2 * Double.pi)
            #expect(abs(angle) <= 1e-12)
        }
    }

    /// An ellipse in linear mode moves by the angle parameter (fast near the ends of the major
    /// axis); in paced mode by arc length, matching the path's own inversion.
    @Test func ellipseLinearVersusPaced() throws {
        let path = try Path(svgPathData: "M100 50 A100 20 0 1 1 -100 50")
        let linear = KeyframeTrack(path: path)
        let paced = KeyframeTrack(path: path, calculationMode: .paced)
        let arc = try #require(path.segments[0].arc)
        #expect((linear.value(at: 0.5) - arc.point(at: 0.5)).magnitude <= 1e-12)
        #expect((paced.value(at: 0.3) - path.point(atLength: 0.3 * path.length)).magnitude <= 1e-12)
        #expect((paced.value(at: 0.3) - linear.value(at: 0.3)).magnitude > 1)
    }
}
