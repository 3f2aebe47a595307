import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// Timelines keyed apart combined into one (`init(combining:)`): every component equals its
/// part at every time, jumps included.
@Suite("Keyframe timeline: combining")
struct KeyframeTimelineCombiningTests {
    typealias Keyframe = KeyframeTimeline.Keyframe

    static func randomPart(_ random: inout Lehmer, components: Int) throws -> KeyframeTimeline {
        var keys: [Keyframe] = []
        var time = random.uniform(-10, 10)
        for _ in 0..<(1 + Int(random.next() * 5)) {
            let value = AnimatableVector((0..<components).map { _ in random.uniform(-100, 100) })
            func curve() throws -> CubicBezier {
                try CubicBezier(random.next(), random.uniform(-0.5, 1.5), random.next(), random.uniform(-0.5, 1.5))
            }
            let easing: [CubicBezier] =
                switch Int(random.next() * 3) {
                case 0: []
                case 1: [try curve()]
                default: try (0..<components).map { _ in try curve() }
                }
            keys.append(Keyframe(time: time, value: value, holds: random.next() < 0.25, easing: easing))
            // Now and then two keyframes share a time (a jump).
            time += random.next() < 0.1 ? 0 : random.uniform(1, 12)
        }
        return try KeyframeTimeline(keys)
    }

    @Test func everyComponentIsItsPartAtEveryTime() throws {
        var random = Lehmer(state: 43)
        var jumps = 0
        for _ in 0..<80 {
            let parts = try (0..<(1 + Int(random.next() * 4))).map { _ in
                try Self.randomPart(&random, components: 1 + Int(random.next() * 2))
            }
            let combined = try KeyframeTimeline(combining: parts)
            jumps += zip(combined.keyframes, combined.keyframes.dropFirst()).filter { $0.time == $1.time }.count
            let times = parts.flatMap { $0.keyframes.map(\.time) }
            let low = times.min()! - 2, high = times.max()! + 2
            // A dense grid, and every keyframe time (where jumps take their new value).
            let grid = (0...3000).map { low + (high - low) * Double($0) / 3000 } + times
            for t in grid {
                let expected = parts.flatMap { $0.value(at: t).components }
                let got = combined.value(at: t).components
                let gap = zip(expected, got).map { abs($0 - $1) }.max() ?? 0
                #expect(got.count == expected.count && gap <= 1e-10, "at \(t): \(got) vs \(expected)")
                if gap > 1e-10 { return }
            }
        }
        #expect(jumps > 20)
    }

    @Test func partsKeyedTogetherStayAsTheyAre() throws {
        let ease = CubicBezier.easeInEaseOut
        let a = try KeyframeTimeline([
            Keyframe(time: 0, value: [0], easing: [ease]), Keyframe(time: 10, value: [5], holds: true),
            Keyframe(time: 20, value: [1]),
        ])
        let b = try KeyframeTimeline([Keyframe(time: 0, value: [3]), Keyframe(time: 20, value: [3])])
        let combined = try KeyframeTimeline(combining: [a, b])
        // Times 0, 10, 20; the second segment holds (a holds, b stays); 20 jumps after a hold.
        #expect(combined.keyframes.map(\.time) == [0, 10, 20])
        #expect(combined.keyframes[0].easing == [ease, .linear])
        #expect(combined.keyframes[1].holds && combined.keyframes[1].value.components == [5, 3])
        #expect(combined.value(at: 19.999).components == [5, 3] && combined.value(at: 20).components == [1, 3])
    }

    @Test func spatialPartsAndNoPartsAreRefused() throws {
        let spatial = try KeyframeTimeline([
            Keyframe(time: 0, value: [0, 0], outTangent: [5, 5], inTangent: [0, 5]), Keyframe(time: 1, value: [10, 0]),
        ])
        #expect(throws: HarmonicError.self) { try KeyframeTimeline(combining: [spatial]) }
        do {
            _ = try KeyframeTimeline(combining: [try KeyframeTimeline([Keyframe(time: 0, value: [1])]), spatial])
        } catch {
            #expect("\(error)".contains("parts[1]"))
        }
        #expect(throws: HarmonicError.self) { try KeyframeTimeline(combining: []) }
    }
}
