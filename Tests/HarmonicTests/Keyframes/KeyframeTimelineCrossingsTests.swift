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

    /// Checks that `a` and `b` meet at every crossing found and that their order never
    /// changes between those and their keyframes; returns how many were found.
    static func expectEveryCrossing(
        _ a: KeyframeTimeline, _ b: KeyframeTimeline, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let crossings = try #require(a.crossings(with: b), sourceLocation: sourceLocation)
        for t in crossings {
            #expect(abs(a.value(at: t)[0] - b.value(at: t)[0]) <= 1e-9, "\(t)", sourceLocation: sourceLocation)
        }
        let keys = a.keyframes.map(\.time) + b.keyframes.map(\.time)
        let start = keys.min()! - 1, end = keys.max()! + 1
        #expect(
            keepsItsSign({ a.value(at: $0)[0] - b.value(at: $0)[0] }, from: start, to: end, cuts: crossings + keys),
            sourceLocation: sourceLocation)
        return crossings.count
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
            found += try Self.expectEveryCrossing(a, b)
        }
        #expect(found > 20)
        // A spatial timeline is not looked into.
        let spatial = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], outTangent: [5, 5], inTangent: [0, 5]), Keyframe(time: 1, value: [10, 0]),
        ])
        #expect(spatial.crossings(with: spatial) == nil)
    }

    @Test func overshootingEasingsKeyedApartAreSearchedBetweenTheirTurns() throws {
        var random = Lehmer(state: 31)
        var found = 0, turning = 0
        for _ in 0..<60 {
            func timeline() throws -> KeyframeTimeline {
                var time = random.uniform(-5, 5)
                return try KeyframeTimeline(
                    (0..<4).map { _ in
                        defer { time += random.uniform(2, 15) }
                        let easing = try CubicBezier(
                            random.next(), random.uniform(-1, 2), random.next(), random.uniform(-1, 2))
                        return Keyframe(time: time, value: [random.uniform(0, 100)], easing: [easing])
                    })
            }
            let a = try timeline(), b = try timeline()
            turning += (a.keyframes + b.keyframes).filter { !$0.easing[0].turningInputs.isEmpty }.count
            found += try Self.expectEveryCrossing(a, b)
        }
        // Most of these easings turn, and the ends cross often.
        #expect(turning > 200 && found > 40, "\(turning) turning easings, \(found) crossings")
    }

    @Test func turningInputsAreWhereTheOutputSlopeChangesSign() throws {
        var random = Lehmer(state: 37)
        for _ in 0..<300 {
            // With x1 = 1/3 and x2 = 2/3 the input is the parameter, and the output's slope is
            // 3[(1 − u)(1 − 3u)·y1 + u(2 − 3u)·y2 + u²].
            let y1 = random.uniform(-2, 3), y2 = random.uniform(-2, 3)
            let curve = try CubicBezier(1.0 / 3, y1, 2.0 / 3, y2)
            func slope(_ u: Double) -> Double { 3 * ((1 - u) * (1 - 3 * u) * y1 + u * (2 - 3 * u) * y2 + u * u) }
            let turns = curve.turningInputs
            for u in turns { #expect(abs(slope(u)) <= 1e-12 * max(1, abs(y1), abs(y2)), "\(curve) at \(u)") }
            // As many as the slope's sign changes on a fine grid (away from the turns' edges).
            var changes = 0
            var last = slope(0.5 / 4096)
            for k in 1..<4096 {
                let g = slope((Double(k) + 0.5) / 4096)
                if (g < 0) != (last < 0), abs(g) > 1e-9, abs(last) > 1e-9 { changes += 1 }
                if abs(g) > 1e-9 { last = g }
            }
            #expect(turns.count == changes, "\(curve): \(turns)")
            #expect(turns == turns.sorted())
            #expect(curve.outputIsMonotone ? turns.isEmpty : true)
        }
        #expect(CubicBezier.easeInEaseOut.turningInputs.isEmpty)
        #expect(try CubicBezier(0.3, 1.6, 0.7, -0.4).turningInputs.count == 2)
    }

    @Test func aTimelinesRangeHoldsEveryValueItTakes() throws {
        var random = Lehmer(state: 41)
        for round in 0..<40 {
            var keys: [Keyframe] = []
            var time = 0.0
            for _ in 0..<5 {
                let spatial = round % 2 == 1 && random.next() < 0.6
                keys.append(
                    Keyframe(
                        time: time, value: [random.uniform(-50, 50), random.uniform(-50, 50)],
                        holds: random.next() < 0.15,
                        easing: [
                            try CubicBezier(random.next(), random.uniform(-1, 2), random.next(), random.uniform(0, 1))
                        ],
                        outTangent: spatial ? [random.uniform(-60, 60), random.uniform(-60, 60)] : nil,
                        inTangent: spatial ? [random.uniform(-60, 60), random.uniform(-60, 60)] : nil))
                time += random.uniform(1, 10)
            }
            let timeline = try KeyframeTimeline(keys)
            for c in 0..<2 {
                let range = timeline.valueRange(component: c)
                var least = Double.infinity, most = -Double.infinity
                for k in 0...20_000 {
                    let v = timeline.value(at: -1 + (time + 2) * Double(k) / 20_000)[c]
                    least = min(least, v)
                    most = max(most, v)
                }
                // Every value inside, and the bounds reached: dense sampling comes within a
                // step's worth of motion of them.
                #expect(range.lowerBound <= least + 1e-9 && range.upperBound >= most - 1e-9, "\(range)")
                #expect(
                    least - range.lowerBound <= 0.05 && range.upperBound - most <= 0.05, "\(range) \(least) \(most)")
            }
        }
    }
}
