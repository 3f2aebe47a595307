import Foundation
@testable import Harmonic
import HarmonicTestSupport
import Testing
@testable import HarmonicEngine

/// The per-frame loop evaluates flattened animations; `presentationValue(…, at:)` evaluates
/// the program tree. Both must give the same numbers.
@Suite struct FramePlanTests {
    @Test func framePlanMatchesTheProgramTree() throws {
        let engine = try AnimationEngine()
        var rng = Lehmer(state: 7)
        var layers: [LayerID] = []
        let easings: [any TimingFunction] = [
            CubicBezier.linear, CubicBezier.easeInEaseOut, CubicBezier.default, try Steps(4, position: .jumpStart),
        ]
        for i in 0..<40 {
            let layer = try engine.makeLayer(
                named: "l\(i)", values: ["position": [rng.uniform(-5, 5), 0], "opacity": [1]])
            layers.append(layer)
            let t = try MediaTiming(
                beginTime: rng.uniform(0, 0.5), duration: rng.uniform(0.2, 1.5), speed: rng.uniform(0.5, 2),
                repeatCount: Double(Int(rng.uniform(0, 3))), autoreverses: rng.next() < 0.5,
                fillMode: [.removed, .forwards, .backwards, .both][i % 4])
            let easing = easings[i % easings.count]
            switch i % 5 {
            case 0:
                try engine.add(
                    BasicAnimation(keyPath: "position.x", to: rng.uniform(0, 100), timing: t, timingFunction: easing),
                    forKey: "a", to: layer)
            case 1:
                try engine.add(
                    SpringAnimation(
                        keyPath: "position", fromValue: [0, 0], toValue: [rng.uniform(0, 50), 9], initialVelocity: 1,
                        timing: t),
                    forKey: "a", to: layer)
            case 2:
                var a = BasicAnimation(
                    keyPath: "opacity", by: -0.5, timing: t, timingFunction: easing, isAdditive: true)
                a.isCumulative = true
                try engine.add(a, forKey: "a", to: layer)
            case 3:
                try engine.add(
                    AnimationGroup(
                        animations: [BasicAnimation(keyPath: "transform.rotation.z", from: 0, to: 3)], timing: t),
                    forKey: "a", to: layer)
                var k = KeyframeAnimation(
                    keyPath: "opacity", values: [0, 0.5, 0.2, 1],
                    calculationMode: [CalculationMode.cubic, .linear, .discrete][i % 3], timing: t,
                    timingFunction: easing, isAdditive: true)
                k.isCumulative = true
                try engine.add(k, forKey: "k", to: layer)
            default:
                try engine.add(
                    BasicAnimation(keyPath: "position.y", from: 3, timing: t, timingFunction: easing), forKey: "a",
                    to: layer)
            }
            // A second animation on top of the first, in the same key path space.
            try engine.add(
                BasicAnimation(keyPath: "position.x", by: 2, timing: try MediaTiming(duration: 0.7), isAdditive: true),
                forKey: "b", to: layer)
        }
        for frame in 1...150 {
            let t = Double(frame) / 60
            try engine.advance(to: t)
            for layer in layers {
                for keyPath in ["position", "opacity", "transform"] {
                    let planned = try engine.presentationValue(forKeyPath: keyPath, of: layer)
                    let tree = try engine.presentationValue(forKeyPath: keyPath, of: layer, at: t)
                    #expect(planned.components == tree.components, "\(keyPath) at \(t)")
                }
            }
        }
    }

    @Test func incrementalPlanUpdatesMatchTheProgramTree() throws {
        let engine = try AnimationEngine()
        var rng = Lehmer(state: 99)
        var layers: [LayerID] = []
        for i in 0..<12 {
            layers.append(try engine.makeLayer(named: "l\(i)", values: ["opacity": [1], "position": [0, 0]]))
        }
        let keyPaths = ["opacity", "position.x", "position", "transform.scale", "cornerRadius"]
        for frame in 1...400 {
            let t = Double(frame) / 60
            // Between frames: adds (some replacing), removals, a removal of everything.
            for _ in 0..<Int(rng.uniform(0, 4)) {
                let layer = layers[Int(rng.uniform(0, Double(layers.count)))]
                let key = "k\(Int(rng.uniform(0, 6)))"
                let keyPath = keyPaths[Int(rng.uniform(0, Double(keyPaths.count)))]
                let timing = try MediaTiming(
                    duration: rng.uniform(0.05, 1), repeatCount: Double(Int(rng.uniform(0, 3))))
                switch Int(rng.uniform(0, 5)) {
                case 0:
                    try engine.removeAnimation(forKey: key, from: layer)
                case 1 where keyPath != "position" && keyPath != "transform.scale":
                    try engine.add(
                        SpringAnimation(keyPath: keyPath, to: rng.uniform(0, 10), timing: timing), forKey: key,
                        to: layer)
                case 2 where frame % 50 == 0:
                    try engine.removeAllAnimations(from: layer)
                default:
                    let n = keyPath == "position" ? 2 : 1
                    let to = AnimatableVector((0..<n).map { _ in rng.uniform(-5, 5) })
                    try engine.add(
                        BasicAnimation(
                            keyPath: keyPath, toValue: to, timing: timing, timingFunction: CubicBezier.easeOut,
                            isAdditive: rng.next() < 0.3),
                        forKey: key, to: layer)
                }
            }
            try engine.advance(to: t)
            for layer in layers {
                for keyPath in ["opacity", "position", "transform", "cornerRadius"] {
                    let planned = try engine.presentationValue(forKeyPath: keyPath, of: layer)
                    let tree = try engine.presentationValue(forKeyPath: keyPath, of: layer, at: t)
                    #expect(planned.components == tree.components, "\(keyPath) at \(t)")
                }
            }
        }
    }
}
