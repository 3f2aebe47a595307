import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// A timeline held within a range (`clamped(to:)`) against the clamped values of the original.
@Suite("Keyframe timeline: clamped")
struct KeyframeTimelineClampedTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    @Test func everyValueIsTheOriginalClamped() throws {
        var random = Lehmer(state: 47)
        var outside = 0
        for _ in 0..<80 {
            var keys: [Keyframe] = []
            var time = random.uniform(-10, 10)
            for _ in 0..<(2 + Int(random.next() * 4)) {
                let easing = try CubicBezier(
                    random.next(), random.uniform(-1.5, 2.5), random.next(), random.uniform(-1.5, 2.5))
                keys.append(
                    Keyframe(
                        time: time, value: [random.uniform(-20, 120)], holds: random.next() < 0.15,
                        easing: random.next() < 0.2 ? [] : [easing]))
                time += random.uniform(1, 12)
            }
            let timeline = try KeyframeTimeline(keys)
            let clamped = try timeline.clamped(to: 0...100)
            let low = keys[0].time - 2, high = time + 2
            for k in 0...4000 {
                let t = low + (high - low) * Double(k) / 4000
                let v = timeline.value(at: t)[0]
                if v < 0 || v > 100 { outside += 1 }
                let expected = min(max(v, 0), 100), got = clamped.value(at: t)[0]
                #expect(abs(got - expected) <= 1e-9, "at \(t): \(got) vs \(expected)")
                if abs(got - expected) > 1e-9 { return }
            }
        }
        // Most timelines leave the range (overshooting easings, keyframes outside it).
        #expect(outside > 20_000)
    }

    @Test func aTimelineWithinTheRangeKeepsItsKeyframes() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [10], easing: [.easeInEaseOut]), Keyframe(time: 5, value: [90]),
        ])
        let clamped = try timeline.clamped(to: 0...100)
        #expect(clamped.keyframes == timeline.keyframes)
        // Past 100 by an overshoot: cut where it reaches 100, held there between.
        let over = try KeyframeTimeline([
            Keyframe(time: 0, value: [0], easing: [try CubicBezier(0.3, 1.8, 0.7, 1)]), Keyframe(time: 10, value: [95]),
        ])
        let held = try over.clamped(to: 0...100)
        #expect(held.keyframes.contains { $0.holds && $0.value == [100] })
        #expect(throws: HarmonicError.self) { try over.clamped(to: 0...Double.infinity) }
        let pair = try KeyframeTimeline([Keyframe(time: 0, value: [0, 1])])
        #expect(throws: HarmonicError.self) { try pair.clamped(to: 0...1) }
    }
}
