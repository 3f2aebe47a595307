import Foundation
@testable import Harmonic
import Testing
@testable import HarmonicEngine

/// Keyframe animations through a ``KeyframeTimeline``: keyframes at their own times with
/// holds, per-segment and per-component easing, arc-length motion and the direction of travel,
/// played by the engine in its own time.
@Suite struct TimelineKeyframeTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    /// With x₁ = 1/3 and x₂ = 2/3 a cubic Bézier easing's output at u is the Bernstein
    /// polynomial 3(1 − u)²u·y₁ + 3(1 − u)u²·y₂ + u³ (no solve needed).
    static func bernstein(_ u: Double, _ y1: Double, _ y2: Double) -> Double {
        3 * (1 - u) * (1 - u) * u * y1 + 3 * (1 - u) * u * u * y2 + u * u * u
    }

    /// A timeline in seconds from 1 s to 4 s, played by an animation that begins at 1 s and
    /// lasts 3 s: engine time is timeline time.
    static func playing(_ timeline: KeyframeTimeline) throws -> MediaTiming {
        let range = timeline.timeRange
        return try timing(begin: range.lowerBound, duration: range.upperBound - range.lowerBound, fill: .both)
    }

    @Test func easedHeldAndPerComponentSegmentsAtTheirOwnTimes() throws {
        let overshoot = try CubicBezier(1.0 / 3, 1.4, 2.0 / 3, -0.2)
        let slow = try CubicBezier(1.0 / 3, 0, 2.0 / 3, 0.5)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 1, value: [0, 0], easing: [overshoot, slow]),
            Keyframe(time: 3, value: [40, 20], holds: true),
            Keyframe(time: 4, value: [-10, 5]),
        ])
        let (engine, box) = try engineWithBox(["position": [7, 7]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "position", timeline: timeline, timing: try Self.playing(timeline),
                isRemovedOnCompletion: false),
            forKey: "k", to: box)
        try engine.flush()
        for u in [0.0, 0.125, 0.5, 0.9] {
            let t = 1 + 2 * u
            let v = try engine.presentationValue(forKeyPath: "position", of: box, at: t).components
            #expect(close(v[0], 40 * Self.bernstein(u, 1.4, -0.2), 1e-12), "u = \(u)")
            #expect(close(v[1], 20 * Self.bernstein(u, 0, 0.5), 1e-12), "u = \(u)")
            // The rate per second: the Bernstein polynomial's derivative over the 2 s segment.
            let rate = try engine.presentationVelocity(forKeyPath: "position", of: box, at: t).components
            let dx = 3 * (1 - u) * (1 - 3 * u) * 1.4 + 3 * u * (2 - 3 * u) * -0.2 + 3 * u * u
            #expect(close(rate[0], 40 * dx / 2, 1e-9), "u = \(u)")
        }
        // The hold: the value switches at the next keyframe's time (times within rounding of it
        // read as it).
        let held = try engine.presentationValue(forKeyPath: "position", of: box, at: 4 - 1e-9).components
        #expect(held == [40, 20])
        #expect(try engine.presentationVelocity(forKeyPath: "position", of: box, at: 3.5).components == [0, 0])
        let end = try engine.presentationValue(forKeyPath: "position", of: box, at: 4).components
        #expect(end == [-10, 5])
        // Fill both: the first value before the animation begins.
        #expect(try engine.presentationValue(forKeyPath: "position", of: box, at: 0.5).components == [0, 0])
    }

    @Test func spatialSegmentsMoveByArcLengthAndTurnTheLayer() throws {
        // A right angle drawn as a Bézier with both handles at the corner: the point travels
        // the two legs (100 each) at even speed along the curve's arc length.
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], outTangent: [100, 0], inTangent: [0, -100]),
            Keyframe(time: 2, value: [100, 100]),
        ])
        let (engine, box) = try engineWithBox(["position": [0, 0]])
        try engine.add(
            KeyframeAnimation(
                keyPath: "position", timeline: timeline, rotationMode: .auto, timing: try Self.playing(timeline)),
            forKey: "k", to: box)
        try engine.flush()
        for t in [0.25, 1.0, 1.6] {
            let v = try engine.presentationValue(forKeyPath: "position", of: box, at: t).components
            let expected = timeline.value(at: t)
            #expect(close(v[0], expected[0], 1e-12) && close(v[1], expected[1], 1e-12))
            let d = try #require(timeline.direction(at: t))
            #expect(close(try engine.scalar("transform.rotation.z", of: box, at: t), atan2(d.y, d.x), 1e-12))
            // Linear easing: constant speed, the arc length over the 2 s.
            let r = try engine.presentationVelocity(forKeyPath: "position", of: box, at: t).components
            let speed = (r[0] * r[0] + r[1] * r[1]).squareRoot()
            let length = timeline.paths[0]!.arcLength.length
            #expect(close(speed, length / 2, 1e-9 * length))
        }
        // The curve is symmetric under (x, y) → (100 − y, 100 − x), so half its arc length is
        // at the parameter's midpoint, B(½) = (87.5, 12.5).
        let mid = try engine.presentationValue(forKeyPath: "position", of: box, at: 1).components
        #expect(close(mid[0] + mid[1], 100, 1e-9))
        #expect(close(mid[0], 87.5, 1e-9))
    }

    @Test func transformPiecesAndValueFunctions() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0], holds: true),
            Keyframe(time: 1, value: [.pi / 2]),
            Keyframe(time: 3, value: [.pi]),
        ])
        let (engine, box) = try engineWithBox()
        try engine.add(
            KeyframeAnimation(keyPath: "transform.rotation.z", timeline: timeline, timing: try Self.playing(timeline)),
            forKey: "k", to: box)
        // Just before the keyframe the hold; at it (reached through the animation's progress,
        // 1/3 of the 3 s, whose rounding the engine absorbs) exactly the next value.
        #expect(try engine.scalar("transform.rotation.z", of: box, at: 1 - 1e-9) == 0)
        #expect(try engine.scalar("transform.rotation.z", of: box, at: 1) == .pi / 2)
        #expect(close(try engine.scalar("transform.rotation.z", of: box, at: 2), 0.75 * .pi, 1e-15))
        try engine.removeAllAnimations(from: box)
        try engine.add(
            KeyframeAnimation(
                keyPath: "transform", timeline: timeline, timing: try Self.playing(timeline), valueFunction: .rotateZ),
            forKey: "f", to: box)
        #expect(close(try engine.scalar("transform.rotation.z", of: box, at: 2), 0.75 * .pi, 1e-15))
    }

    @Test func pathCoordinatesOnATimeline() throws {
        let square = try Path(svgPathData: "M0 0 L10 0 L10 10 L0 10 Z")
        let wide = try Path(svgPathData: "M0 0 L30 0 L30 10 L0 10 Z")
        let ease = try CubicBezier(1.0 / 3, 0, 2.0 / 3, 1)
        let engine = try AnimationEngine()
        let shape = try engine.makeLayer(named: "shape")
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setPath(square, of: shape)
        try engine.commit()
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: AnimatableVector(PathCoordinates(square).numbers), easing: [ease]),
            Keyframe(time: 2, value: AnimatableVector(PathCoordinates(wide).numbers)),
        ])
        try engine.add(
            KeyframeAnimation(keyPath: "path", timeline: timeline, timing: try Self.playing(timeline)),
            forKey: "k", to: shape)
        try engine.flush()
        let shown = try engine.presentationPath(forKeyPath: "path", of: shape, at: 0.5)
        let x = 10 + 20 * Self.bernstein(0.25, 0, 1)
        #expect(shown == (try Path(svgPathData: "M0 0 L\(x) 0 L\(x) 10 L0 10 Z")))
    }

    @Test func refusals() throws {
        let (engine, box) = try engineWithBox()
        let pair = try KeyframeTimeline([Keyframe(time: 0, value: [0, 0]), Keyframe(time: 1, value: [1, 1])])
        let cases: [(KeyframeAnimation, String)] = [
            (KeyframeAnimation(keyPath: "opacity", timeline: pair), "timeline"),
            (KeyframeAnimation(keyPath: "transform", timeline: pair), "timeline"),
            (
                KeyframeAnimation(
                    keyPath: "opacity", timeline: try KeyframeTimeline([Keyframe(time: 0, value: [1])]),
                    rotationMode: .auto), "rotationMode"
            ),
        ]
        for (animation, name) in cases {
            #expect {
                try engine.add(animation, forKey: "k", to: box)
            } throws: { error in
                guard case let .invalidParameter(n, _, _) = error as? HarmonicError else { return false }
                return n == name
            }
        }
        let ring = try engine.makeLayer(named: "ring")
        let circle = try Path(svgPathData: "M50 0 A50 50 0 1 1 -50 0 A50 50 0 1 1 50 0")
        try engine.setPath(circle, of: ring)
        let arcs = try KeyframeTimeline([Keyframe(time: 0, value: AnimatableVector(PathCoordinates(circle).numbers))])
        #expect(throws: HarmonicError.self) {
            try engine.add(KeyframeAnimation(keyPath: "path", timeline: arcs), forKey: "k", to: ring)
        }
    }
}
