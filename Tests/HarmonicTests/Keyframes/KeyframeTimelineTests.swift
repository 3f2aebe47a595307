import Foundation
import Testing

@testable import Harmonic

/// After Effects' keyframe model (eased, held and spatial segments at their own times) against
/// closed forms that do not go through the timeline's code.
@Suite("Keyframe timeline")
struct KeyframeTimelineTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    /// With x₁ = 1/3 and x₂ = 2/3 the easing's x(t) is t itself, so its output at u is the
    /// Bernstein polynomial 3(1 − u)²u·y₁ + 3(1 − u)u²·y₂ + u³ (y may overshoot).
    static func bernstein(_ u: Double, _ y1: Double, _ y2: Double) -> Double {
        3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u
    }

    @Test func easedSegmentsAndTheEnds() throws {
        let easing = try CubicBezier(1.0 / 3, 1.4, 2.0 / 3, -0.2)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 10, value: [5], easing: [easing]),
            Keyframe(time: 30, value: [45]),
            Keyframe(time: 40, value: [0]),
        ])
        for u in stride(from: 0.0, through: 1, by: 0.0625) {
            let expected = 5 + 40 * Self.bernstein(u, 1.4, -0.2)
            #expect(abs(timeline.value(at: 10 + 20 * u)[0] - expected) <= 1e-13 * 45)
        }
        // The second segment has no easing: linear.
        #expect(timeline.value(at: 32.5)[0] == 45 - 45 * 0.25)
        #expect(timeline.value(at: -100)[0] == 5)
        #expect(timeline.value(at: 40)[0] == 0)
        #expect(timeline.value(at: 1e9)[0] == 0)
        #expect(timeline.value(at: .nan)[0] == 5)
        #expect(timeline.timeRange == 10...40)
    }

    @Test func holdsChangeExactlyAtTheNextKeyframe() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [1, 2], holds: true),
            Keyframe(time: 12, value: [7, 9], holds: true),
            Keyframe(time: 24, value: [0, 0]),
        ])
        #expect(timeline.value(at: 12.0.nextDown) == [1, 2])
        #expect(timeline.value(at: 12) == [7, 9])
        #expect(timeline.value(at: 24.0.nextDown) == [7, 9])
        #expect(timeline.value(at: 24) == [0, 0])
    }

    @Test func easingPerComponent() throws {
        let slow = try CubicBezier(1.0 / 3, 0, 2.0 / 3, 0)
        let fast = try CubicBezier(1.0 / 3, 1, 2.0 / 3, 1)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], easing: [slow, fast]),
            Keyframe(time: 1, value: [10, 10]),
        ])
        for u in [0.1, 0.5, 0.8] {
            let v = timeline.value(at: u)
            #expect(abs(v[0] - 10 * Self.bernstein(u, 0, 0)) <= 1e-13)
            #expect(abs(v[1] - 10 * Self.bernstein(u, 1, 1)) <= 1e-13)
        }
    }

    /// Control points on the line between the ends: the path is the segment itself, travelled
    /// at a varying parameter speed; at arc-length fraction p the point is exactly p of the way.
    /// The Bézier's own parameter would put u = 0.3 at x ≈ 55.
    @Test func spatialSegmentsMoveByArcLength() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], outTangent: [80, 0], inTangent: [-10, 0]),
            Keyframe(time: 10, value: [100, 0]),
        ])
        for u in stride(from: 0.0, through: 1, by: 0.05) {
            let v = timeline.value(at: 10 * u)
            #expect(abs(v[0] - 100 * u) <= 1e-10)
            #expect(v[1] == 0)
        }
    }

    /// A curved spatial segment: the point lies on the Bézier, and the length of the path up to
    /// it — integrated here by composite Simpson's rule on 20,000 panels, independently of the
    /// library's quadrature — is the eased fraction of the whole.
    @Test func curvedSpatialSegmentAgainstSimpson() throws {
        let easing = try CubicBezier(0.25, 0.1, 0.25, 1)
        let p0 = SIMD2(0.0, 0.0), p1 = SIMD2(0.0, 60.0), p2 = SIMD2(100.0, 80.0), p3 = SIMD2(100.0, 0.0)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], easing: [easing], outTangent: [0, 60], inTangent: [0, 80]),
            Keyframe(time: 1, value: [100, 0]),
        ])
        func point(_ t: Double) -> SIMD2<Double> {
            let s = 1 - t
            return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3
        }
        func speed(_ t: Double) -> Double {
            let s = 1 - t
            let d = 3 * s * s * (p1 - p0) + 6 * s * t * (p2 - p1) + 3 * t * t * (p3 - p2)
            return (d * d).sum().squareRoot()
        }
        func length(to t: Double) -> Double {
            let n = 20_000, h = t / Double(n)
            var sum = speed(0) + speed(t)
            for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * speed(Double(i) * h) }
            return sum * h / 3
        }
        let total = length(to: 1)
        for u in [0.2, 0.5, 0.9] {
            let v = timeline.value(at: u)
            // Find the parameter by bisection on the x coordinate (x(t) increases on this curve).
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if point(mid).x < v[0] { lo = mid } else { hi = mid }
            }
            let onCurve = point(lo)
            #expect(abs(onCurve.y - v[1]) <= 1e-9)
            #expect(abs(length(to: lo) / total - easing.value(at: u)) <= 1e-11)
        }
    }

    @Test func refusesBadKeyframes() {
        #expect(throws: HarmonicError.self) { try KeyframeTimeline([]) }
        #expect {
            try KeyframeTimeline([Keyframe(time: 5, value: [0]), Keyframe(time: 4, value: [1])])
        } throws: {
            "\($0)".contains("keyframes[1].time")
        }
        #expect {
            try KeyframeTimeline([Keyframe(time: 0, value: [0]), Keyframe(time: 1, value: [1, 2])])
        } throws: {
            "\($0)".contains("keyframes[1].value")
        }
        #expect {
            try KeyframeTimeline([Keyframe(time: 0, value: [0], outTangent: [1, 1])])
        } throws: {
            "\($0)".contains("keyframes[0].outTangent")
        }
        #expect {
            try KeyframeTimeline([Keyframe(time: .infinity, value: [0])])
        } throws: {
            "\($0)".contains("keyframes[0].time")
        }
    }

    /// The component and point readers give ``value(at:)``'s numbers exactly.
    @Test func componentAndPointReadersAgreeWithValue() throws {
        let slow = try CubicBezier(0.3, 0, 0.9, 0.4), fast = try CubicBezier(0.1, 0.8, 0.4, 1)
        let timelines = [
            try KeyframeTimeline([
                Keyframe(time: 0, value: [0, 5], easing: [slow, fast]),
                Keyframe(time: 4, value: [10, -5], holds: true),
                Keyframe(time: 6, value: [3, 3], easing: [slow]), Keyframe(time: 9, value: [1, 2]),
            ]),
            try KeyframeTimeline([
                Keyframe(time: 0, value: [0, 0], easing: [fast], outTangent: [10, 30], inTangent: [-5, 20]),
                Keyframe(time: 2, value: [40, 0]),
            ]),
            try KeyframeTimeline([Keyframe(time: 0, value: [7], easing: [slow]), Keyframe(time: 1, value: [9])]),
        ]
        for timeline in timelines {
            for t in stride(from: -1.0, through: 10, by: 0.37) {
                let v = timeline.value(at: t)
                for c in 0..<v.count { #expect(timeline.value(at: t, component: c) == v[c]) }
                #expect(timeline.point(at: t) == SIMD2(v[0], v.count > 1 ? v[1] : v[0]))
            }
        }
    }

    /// Keyframes sharing a time jump there, the last of them taking over at that instant — at
    /// the first keyframe's time too, and where every keyframe shares one time — read alike by
    /// the vector, component and point readers.
    @Test func jumpsTakeTheLastValueAtTheirInstant() throws {
        func timeline(_ keys: [(Double, Double)]) throws -> KeyframeTimeline {
            try KeyframeTimeline(keys.map { Keyframe(time: $0.0, value: [$0.1, -$0.1]) })
        }
        let cases: [(KeyframeTimeline, [(time: Double, value: Double)])] = [
            (try timeline([(0, 1), (0, 2), (5, 3)]), [(-1, 1), (0, 2), (2.5, 2.5), (5, 3), (6, 3)]),
            (try timeline([(3, 1), (3, 4)]), [(2, 1), (3, 4), (4, 4), (.nan, 1)]),
            (try timeline([(0, 0), (2, 10), (2, 20), (4, 30)]), [(1, 5), (2, 20), (3, 25), (4, 30)]),
        ]
        for (timeline, expected) in cases {
            for (time, value) in expected {
                #expect(timeline.value(at: time) == [value, -value], "value at \(time)")
                #expect(timeline.value(at: time, component: 1) == -value, "component at \(time)")
                #expect(timeline.point(at: time) == SIMD2(value, -value), "point at \(time)")
            }
        }
    }

    /// The direction of travel is parallel to the motion: against a central difference of the
    /// evaluated point (1e-6 of a frame), within 1e-6 rad, on eased, per-component and spatial
    /// segments; none on a hold; the ends' directions outside the range.
    @Test func directionOfTravel() throws {
        let ease = try CubicBezier(0.42, 0, 0.58, 1), slow = try CubicBezier(0.3, 0, 0.9, 0.4)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], easing: [ease, slow]),
            Keyframe(time: 10, value: [30, 40], easing: [ease], outTangent: [20, -30], inTangent: [-10, 25]),
            Keyframe(time: 20, value: [80, 10], holds: true),
            Keyframe(time: 30, value: [0, 0]),
        ])
        func angle(_ v: SIMD2<Double>) -> Double { atan2(v.y, v.x) }
        for t in [0.5, 3, 7.25, 9.9, 10.1, 12, 15, 19.5] {
            let h = 1e-6
            let a = timeline.point(at: t + h)!, b = timeline.point(at: t - h)!
            let d = try #require(timeline.direction(at: t))
            var gap = abs(angle(d) - angle(a - b))
            if gap > .pi { gap = 2 * .pi - gap }
            #expect(gap <= 1e-6, "t = \(t): \(d) against \(a - b)")
        }
        #expect(timeline.direction(at: 25) == nil)
        // Where the easing pauses (its slope 0 at the start) the chord still gives the way.
        let paused = try #require(timeline.direction(at: 0))
        #expect(abs(angle(paused) - atan2(40, 30)) <= 1e-12)
        #expect(try KeyframeTimeline([Keyframe(time: 0, value: [1, 2])]).direction(at: 0) == nil)
    }

    /// The rate of change against closed forms: the Bernstein polynomial's derivative on an
    /// eased segment, and on a curved spatial segment with linear easing the constant speed
    /// `L/Δt` (Simpson's rule for `L`) along the Bézier's own derivative.
    @Test func velocityAgainstClosedForms() throws {
        let easing = try CubicBezier(1.0 / 3, 1.4, 2.0 / 3, -0.2)
        let p0 = SIMD2(0.0, 0.0), p1 = SIMD2(0.0, 60.0), p2 = SIMD2(100.0, 80.0), p3 = SIMD2(100.0, 0.0)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 10, value: [5, 0], easing: [easing]),
            Keyframe(time: 30, value: [45, 0], outTangent: [0, 60], inTangent: [0, 80]),
            Keyframe(time: 34, value: [145, 0], holds: true),
            Keyframe(time: 40, value: [0, 0]),
        ])
        for u in [0.0, 0.1, 0.5, 0.75] {
            // d/du of 3(1 − u)²u·y₁ + 3(1 − u)u²·y₂ + u³, then ÷ 20 frames.
            let dB = 3 * (1 - u) * (1 - 3 * u) * 1.4 + 3 * u * (2 - 3 * u) * -0.2 + 3 * u * u
            let v = timeline.velocity(at: 10 + 20 * u)
            #expect(abs(v[0] - 40 * dB / 20) <= 1e-12, "u = \(u)")
            #expect(v[1] == 0)
        }
        func derivative(_ t: Double) -> SIMD2<Double> {
            let s = 1 - t
            return 3 * s * s * (p1 - p0) + 6 * s * t * (p2 - p1) + 3 * t * t * (p3 - p2)
        }
        func speed(_ t: Double) -> Double { (derivative(t) * derivative(t)).sum().squareRoot() }
        let n = 20_000
        var sum = speed(0) + speed(1)
        for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * speed(Double(i) / Double(n)) }
        let length = sum / Double(n) / 3
        for t in [30.5, 32, 33.9] {
            let v = timeline.velocity(at: t)
            let moving = SIMD2(v[0], v[1])
            #expect(abs((moving * moving).sum().squareRoot() - length / 4) <= 1e-9 * length)
            // The direction is the Bézier's at the point reached: compare against a central
            // difference of the position.
            let h = 1e-5
            let a = timeline.value(at: t + h), b = timeline.value(at: t - h)
            let difference = SIMD2(a[0] - b[0], a[1] - b[1]) / (2 * h)
            #expect(((moving - difference) * (moving - difference)).sum().squareRoot() <= 1e-5 * length)
        }
        #expect(timeline.velocity(at: 35) == [0, 0])
        #expect(timeline.velocity(at: 9) == [0, 0])
        #expect(timeline.velocity(at: 40) == [0, 0])
    }
}

extension KeyframeTimelineTests {
    /// Times within a few ulps of a keyframe read as it; others, and times far outside, are kept.
    @Test func keyframeTimesAbsorbRounding() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: -2, value: [0]), Keyframe(time: 1, value: [1]), Keyframe(time: 3.5, value: [2]),
        ])
        let unit = 3.5.ulp
        #expect(timeline.keyframeTime(near: 1 - 3 * unit) == 1)
        #expect(timeline.keyframeTime(near: 1 + 3 * unit) == 1)
        #expect(timeline.keyframeTime(near: 1 - 9 * unit) == 1 - 9 * unit)
        #expect(timeline.keyframeTime(near: 3.5 + 2 * unit) == 3.5)
        #expect(timeline.keyframeTime(near: -2 - 2 * unit) == -2)
        #expect(timeline.keyframeTime(near: 0.3) == 0.3)
        #expect(timeline.keyframeTime(near: 1 - 20 * unit, withinULPs: 32) == 1)
        #expect(timeline.keyframeTime(near: .nan).isNaN)
        // The engine's round trip: 1/3 of 3 s read back lands on 1 exactly.
        #expect(timeline.keyframeTime(near: (1.0.nextDown / 3) * 3) == 1)
    }
}
