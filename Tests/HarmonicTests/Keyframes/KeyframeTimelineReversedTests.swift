import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// A timeline played backwards (`reversed()`): R(t) = V(−t), except at the instants of V's jumps.
@Suite("Keyframe timeline: reversed")
struct KeyframeTimelineReversedTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    static func randomEasing(_ random: inout Lehmer) throws -> CubicBezier {
        try CubicBezier(random.next(), random.uniform(-0.5, 1.5), random.next(), random.uniform(-0.5, 1.5))
    }

    /// Checks R(t) = V(−t) on a dense grid that avoids V's keyframe times, and at each keyframe
    /// time that is not a jump.
    static func expectReversed(
        _ v: KeyframeTimeline, _ r: KeyframeTimeline, tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let range = v.timeRange
        // V jumps where a hold ends and where keyframes share a time.
        var jumps: Set<Double> = []
        for (a, b) in zip(v.keyframes, v.keyframes.dropFirst()) where a.holds || a.time == b.time {
            jumps.insert(b.time)
        }
        let grid = (0...3000).map {
            range.lowerBound - 1 + (range.upperBound - range.lowerBound + 2) * Double($0) / 3000
        }
        for t in grid + v.keyframes.map(\.time) where !jumps.contains(t) {
            let x = v.value(at: t), y = r.value(at: -t)
            let gap = zip(x, y).map { abs($0 - $1) }.max() ?? 0
            #expect(gap <= tolerance, "at \(t): \(x) vs \(y)", sourceLocation: sourceLocation)
            if gap > tolerance { return }
        }
    }

    @Test func easedHeldAndPerComponentSegmentsPlayBackwards() throws {
        var random = Lehmer(state: 23)
        for _ in 0..<60 {
            var keys: [Keyframe] = []
            var time = random.uniform(-20, 20)
            for _ in 0..<6 {
                let value = AnimatableVector((0..<3).map { _ in random.uniform(-100, 100) })
                let easing: [CubicBezier] =
                    switch Int(random.next() * 3) {
                    case 0: []
                    case 1: [try Self.randomEasing(&random)]
                    default: try (0..<3).map { _ in try Self.randomEasing(&random) }
                    }
                keys.append(Keyframe(time: time, value: value, holds: random.next() < 0.25, easing: easing))
                // Now and then two keyframes share a time (a jump).
                time += random.next() < 0.15 ? 0 : random.uniform(0.5, 10)
            }
            let timeline = try KeyframeTimeline(keys)
            let back = timeline.reversed()
            Self.expectReversed(timeline, back, tolerance: 1e-10)
            // Played backwards twice: the same motion again, jumps included.
            let twice = back.reversed()
            #expect(twice.timeRange == timeline.timeRange)
            KeyframeTimelineSplitTests.expectSameMotion(timeline, twice, tolerance: 1e-10)
        }
    }

    @Test func aHoldBecomesAJumpAtItsEndThenAHold() throws {
        // V: 1 held over [0, 10), then 2; linear to 5 at 20.
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [1], holds: true), Keyframe(time: 10, value: [2]), Keyframe(time: 20, value: [5]),
        ])
        let back = timeline.reversed()
        #expect(back.keyframes.map(\.time) == [-20, -10, -10, 0])
        #expect(back.value(at: -20)[0] == 5 && back.value(at: -15)[0] == 3.5)
        // At −10 itself R already has V's value just before 10 (the one instant that differs).
        #expect(back.value(at: -10.000001)[0] > 2 - 1e-6 && back.value(at: -10)[0] == 1)
        #expect(back.value(at: -9)[0] == 1 && back.value(at: 0)[0] == 1 && back.value(at: 3)[0] == 1)
        #expect(timeline.value(at: 10)[0] == 2)
    }

    @Test func spatialSegmentsRunBackAlongTheirArcLength() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(
                time: 0, value: [0, 0], easing: [try CubicBezier(0.7, 0, 0.2, 1)], outTangent: [40, -60],
                inTangent: [-30, -50]),
            Keyframe(time: 20, value: [100, 20], outTangent: [0, 30], inTangent: [10, 10]),
            Keyframe(time: 30, value: [120, 80]),
        ])
        let back = timeline.reversed()
        #expect(back.isSpatial)
        // Arc-length placement is found to about 1e-12 of the segment's length (about 150).
        Self.expectReversed(timeline, back, tolerance: 1e-9)
        // An easing that overshoots clamps at the segment's ends, the same both ways.
        let overshoot = try KeyframeTimeline([
            Keyframe(
                time: 0, value: [0, 0], easing: [try CubicBezier(0.3, -0.4, 0.7, 1.4)], outTangent: [10, 10],
                inTangent: [0, 5]),
            Keyframe(time: 1, value: [10, 0]),
        ])
        Self.expectReversed(overshoot, overshoot.reversed(), tolerance: 1e-9)
    }
}
