import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Cutting a timeline's segments with new keyframes (`splitting(at:)`) keeps every value.
@Suite("Keyframe timeline: splitting")
struct KeyframeTimelineSplitTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    static func expectSameMotion(
        _ a: KeyframeTimeline, _ b: KeyframeTimeline, tolerance: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let range = a.timeRange
        for k in 0...2000 {
            let t = range.lowerBound - 1 + (range.upperBound - range.lowerBound + 2) * Double(k) / 2000
            let x = a.value(at: t), y = b.value(at: t)
            let gap = zip(x, y).map { abs($0 - $1) }.max() ?? 0
            #expect(gap <= tolerance, "at \(t): \(x) vs \(y)", sourceLocation: sourceLocation)
            if gap > tolerance { return }
        }
    }

    @Test func easedHeldAndPerComponentSegmentsKeepTheirValues() throws {
        var random = Lehmer(state: 3)
        for _ in 0..<40 {
            var keys: [Keyframe] = []
            var time = random.uniform(-5, 5)
            for _ in 0..<5 {
                let value = AnimatableVector((0..<3).map { _ in random.uniform(-100, 100) })
                let easing: [CubicBezier] =
                    switch Int(random.next() * 3) {
                    case 0: []
                    case 1:
                        [
                            try CubicBezier(
                                random.next(), random.uniform(-0.5, 1.5), random.next(), random.uniform(-0.5, 1.5))
                        ]
                    default:
                        try (0..<3).map { _ in
                            try CubicBezier(
                                random.next(), random.uniform(-0.5, 1.5), random.next(), random.uniform(-0.5, 1.5))
                        }
                    }
                keys.append(Keyframe(time: time, value: value, holds: random.next() < 0.2, easing: easing))
                time += random.uniform(0.5, 10)
            }
            let timeline = try KeyframeTimeline(keys)
            let cuts = (0..<12).map { _ in random.uniform(keys[0].time - 2, time + 2) }
            let split = try timeline.splitting(at: cuts + [keys[2].time])
            let inside = Set(cuts.filter { $0 > keys[0].time && $0 < keys[4].time })
            // Each cut inside adds its keyframe (a part no easing piece fits is halved: more).
            #expect(split.keyframes.count >= 5 + inside.count)
            #expect(inside.isSubset(of: Set(split.keyframes.map(\.time))))
            Self.expectSameMotion(timeline, split, tolerance: 1e-10)
        }
    }

    @Test func aHoldSwitchesExactlyAtTheNextKeyframeAfterACut() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [1], holds: true), Keyframe(time: 10, value: [2]),
        ])
        let split = try timeline.splitting(at: [4])
        #expect(split.value(at: 4)[0] == 1 && split.value(at: 9.999)[0] == 1 && split.value(at: 10)[0] == 2)
    }

    @Test func spatialSegmentsAreCutAlongTheirArcLength() throws {
        let ease = try CubicBezier(0.42, 0, 0.58, 1)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], easing: [ease], outTangent: [40, -60], inTangent: [-30, -50]),
            Keyframe(time: 20, value: [100, 20], outTangent: [0, 30], inTangent: [10, 10]),
            Keyframe(time: 30, value: [120, 80]),
        ])
        let split = try timeline.splitting(at: [3, 7.5, 12, 25])
        #expect(split.keyframes.count >= 7 && split.isSpatial)
        // Arc-length placement is found to about 1e-12 of the segment's length (about 150).
        Self.expectSameMotion(timeline, split, tolerance: 1e-9)
        // An overshooting easing clamps at the ends: a cut cannot keep that, and says so.
        let overshoot = try KeyframeTimeline([
            Keyframe(
                time: 0, value: [0, 0], easing: [try CubicBezier(0.3, -0.4, 0.7, 1.4)], outTangent: [10, 10],
                inTangent: [0, 5]),
            Keyframe(time: 1, value: [10, 0]),
        ])
        #expect(throws: HarmonicError.self) { try overshoot.splitting(at: [0.5]) }
        do {
            _ = try overshoot.splitting(at: [0.5])
        } catch {
            #expect("\(error)".contains("keyframes[0].easing"))
        }
        // Without a cut inside it, the spatial segment stays as it is.
        #expect(try overshoot.splitting(at: [2, -1]).keyframes.count == 2)
        #expect(throws: HarmonicError.self) { try timeline.splitting(at: [.nan]) }
    }

    @Test func cutsWhereATurningEasingReturnsToALevelKeepTheMotion() throws {
        // The easing passes 1.1 twice; between those inputs it swings out and back, which no
        // easing from 1.1 to 1.1 can hold, so the part is halved.
        let easing = try CubicBezier(1.0 / 3, 1.8, 2.0 / 3, 0.9)
        let inputs = easing.inputs(forOutput: 1.1)
        #expect(inputs.count == 2)
        #expect(easing.pieceFit(from: inputs[0], to: inputs[1]) == .tooLong)
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [10, -4], easing: [easing]), Keyframe(time: 8, value: [50, 20]),
        ])
        let split = try timeline.splitting(at: inputs.map { 8 * $0 })
        #expect(split.keyframes.count > 4)
        Self.expectSameMotion(timeline, split, tolerance: 1e-10)
    }

    @Test func alignedTimelinesShareEveryTimeAndKeepTheirMotion() throws {
        let eased = try KeyframeTimeline([
            Keyframe(time: 2, value: [1, 5], easing: [CubicBezier.easeInEaseOut]),
            Keyframe(time: 6, value: [9, -3], holds: true), Keyframe(time: 9, value: [4, 4]),
        ])
        let fixed = try KeyframeTimeline([Keyframe(time: 0, value: [7])])
        let times = [-3.0, 0, 2, 4.5, 6, 7, 9, 12]
        let a = try eased.aligned(to: times), b = try fixed.aligned(to: times)
        #expect(a.keyframes.map(\.time) == times && b.keyframes.map(\.time) == times)
        Self.expectSameMotion(eased, a, tolerance: 1e-12)
        Self.expectSameMotion(fixed, b, tolerance: 0)
        // Outside the first and last keyframes the values hold; the hold still switches at 9.
        #expect(a.value(at: -3)[0] == 1 && a.value(at: 12)[0] == 4 && a.value(at: 8.999)[0] == 9)
        // Pieces of a linear easing are linear, whatever their control points.
        let linear = try KeyframeTimeline([
            Keyframe(time: 0, value: [0], easing: [CubicBezier.linear]), Keyframe(time: 10, value: [10]),
        ])
        let cut = try linear.aligned(to: [2.5, 7])
        #expect(cut.keyframes.dropLast().allSatisfy { $0.easing.allSatisfy(\.isLinear) })
        #expect(cut.keyframes[1].easing.first != CubicBezier.linear)
        #expect(!CubicBezier.easeInEaseOut.isLinear)
        #expect(throws: HarmonicError.self) { try eased.aligned(to: [.infinity]) }
    }
}
