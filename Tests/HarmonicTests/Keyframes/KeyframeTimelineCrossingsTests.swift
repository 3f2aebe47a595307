import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Where a timeline reaches a level (`times(reaching:)`) and where two cross
/// (`crossings(with:)`): at each time found the values meet, and between them (and the
/// keyframes, where holds may jump) their order never changes, sampled densely.
@Suite("Keyframe timeline: levels and crossings")
struct KeyframeTimelineCrossingsTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    /// Whether `gap` keeps one sign (zeros aside) on every piece between `cuts`, sampled.
    static func keepsItsSign(_ gap: (Double) -> Double, from start: Double, to end: Double, cuts: [Double]) -> Bool {
        let edges = [start] + cuts.sorted() + [end]
        for (a, b) in zip(edges, edges.dropFirst()) where b - a > 1e-6 {
            var sign = 0.0
            for k in 1..<400 {
                let g = gap(a + (b - a) * Double(k) / 400)
                guard abs(g) > 1e-9 else { continue }
                if sign == 0 { sign = g > 0 ? 1 : -1 } else if (g > 0 ? 1 : -1) != sign { return false }
            }
        }
        return true
    }

    @Test func levelsAreReachedWhereTheEasingSaysEvenPastItsKeyframes() throws {
        let timeline = try KeyframeTimeline([
            Keyframe(time: 0, value: [2], easing: [try CubicBezier(0.2, 2.2, 0.5, 1.5)]),
            Keyframe(time: 30, value: [7], easing: [try CubicBezier(0.3, -0.5, 0.7, 1.4)]),
            Keyframe(time: 60, value: [3], holds: true), Keyframe(time: 70, value: [9]),
        ])
        for level in [3.0, 7.0, 8.5, 2.9, 9.0] {
            let times = timeline.times(reaching: level)
            for t in times { #expect(abs(timeline.value(at: t)[0] - level) <= 1e-12, "\(level) at \(t)") }
            // Between them the value stays on one side (the hold's jump is at a keyframe).
            let keys = timeline.keyframes.map(\.time)
            #expect(
                Self.keepsItsSign({ timeline.value(at: $0)[0] - level }, from: 0, to: 70, cuts: times + keys),
                "\(level)")
        }
        // 8.5 lies past the keyframes, reached only by the overshoot: twice.
        #expect(timeline.times(reaching: 8.5).count == 2)
        #expect(timeline.times(reaching: 20).isEmpty)
    }

    @Test func crossingsOfTimelinesKeyedApartAreEveryChangeOfOrder() throws {
        var random = Lehmer(state: 29)
        var found = 0
        for _ in 0..<60 {
            func timeline() throws -> KeyframeTimeline {
                var time = random.uniform(-5, 5)
                return try KeyframeTimeline(
                    (0..<4).map { _ in
                        defer { time += random.uniform(2, 15) }
                        let easing = try CubicBezier(random.next(), random.next(), random.next(), random.next())
                        return Keyframe(
                            time: time, value: [random.uniform(0, 100)], holds: random.next() < 0.15, easing: [easing])
                    })
            }
            let a = try timeline(), b = try timeline()
            let crossings = try #require(a.crossings(with: b))
            found += crossings.count
            for t in crossings { #expect(abs(a.value(at: t)[0] - b.value(at: t)[0]) <= 1e-9, "\(t)") }
            let keys = a.keyframes.map(\.time) + b.keyframes.map(\.time)
            let start = keys.min()! - 1, end = keys.max()! + 1
            #expect(
                Self.keepsItsSign(
                    { a.value(at: $0)[0] - b.value(at: $0)[0] }, from: start, to: end, cuts: crossings + keys))
        }
        #expect(found > 20)
        // A spatial timeline is not looked into.
        let spatial = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], outTangent: [5, 5], inTangent: [0, 5]), Keyframe(time: 1, value: [10, 0]),
        ])
        #expect(spatial.crossings(with: spatial) == nil)
    }
}
