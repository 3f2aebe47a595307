import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// Frames with at least `FrameEvaluator.parallelThreshold` animations are evaluated in chunks on
/// two threads. Their values must equal the program tree's (an independent evaluation), and
/// every start and end must be reported exactly once, in time order, with removals applied —
/// as in a single-threaded frame.
@Suite struct ParallelFrameTests {
    @Test func chunkedFramesMatchTheTreeAndReportEveryEventOnce() throws {
        let engine = try AnimationEngine()
        var rng = Lehmer(state: 7)
        var layers: [LayerID] = []
        let count = FrameEvaluator.parallelThreshold / 2 + 300
        for i in 0..<count {
            let layer = try engine.makeLayer(named: "l\(i)", values: ["opacity": [1], "position": [0, 0]])
            layers.append(layer)
            let begin = rng.uniform(0, 0.5)
            try engine.add(
                BasicAnimation(
                    keyPath: "opacity", from: 0, to: 1,
                    timing: try MediaTiming(beginTime: begin, duration: rng.uniform(0.1, 0.4)),
                    timingFunction: i % 3 == 0 ? CubicBezier.easeIn : nil),
                forKey: "fade", to: layer)
            try engine.add(
                SpringAnimation(
                    keyPath: "position.x", from: 0, to: rng.uniform(10, 100),
                    timing: try MediaTiming(beginTime: begin, duration: rng.uniform(0.2, 0.6), fillMode: .forwards),
                    isRemovedOnCompletion: false),
                forKey: "move", to: layer)
        }
        #expect(2 * count >= FrameEvaluator.parallelThreshold)
        var events: [AnimationEvent] = []
        for frame in 1...70 {
            let t = Double(frame) / 60
            events += try engine.advance(to: t)
            if frame % 7 == 0 {
                for layer in layers.prefix(400) {
                    for keyPath in ["opacity", "position.x"] {
                        let planned = try engine.presentationValue(forKeyPath: keyPath, of: layer)
                        let tree = try engine.presentationValue(forKeyPath: keyPath, of: layer, at: t)
                        #expect(planned == tree, "\(keyPath) of \(engine.name(of: layer) ?? "") at \(t)")
                    }
                }
            }
        }
        // Every animation started and finished once; the fades (removed on completion) are gone.
        let starts = events.filter { $0.kind == .didStart }.count
        let stops = events.filter { $0.kind == .didStop(finished: true) }.count
        #expect(starts == 2 * count)
        #expect(stops == 2 * count)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
        for layer in layers.prefix(50) { #expect(try engine.animationKeys(of: layer) == ["move"]) }
    }
}
