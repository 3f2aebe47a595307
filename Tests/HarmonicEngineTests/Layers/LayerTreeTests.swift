import Foundation
import Harmonic
import HarmonicEngine
import Testing

/// A 200 × 200 stage at the root's origin with three 100 × 100 sublayers a, b, c stacked at
/// its centre (c front-most).
private func stage() throws -> (AnimationEngine, LayerID, [LayerID]) {
    let engine = try AnimationEngine()
    let stage = try engine.makeLayer(named: "stage", values: ["bounds": [0, 0, 200, 200], "position": [100, 100]])
    var children: [LayerID] = []
    for name in ["a", "b", "c"] {
        children.append(
            try engine.makeLayer(
                named: name, parent: stage, values: ["bounds": [0, 0, 100, 100], "position": [100, 100]]))
    }
    return (engine, stage, children)
}

@Suite struct LayerTreeTests {
    @Test func hitOrderFollowsSublayerOrderThenZPosition() throws {
        let (engine, stage, layers) = try stage()
        let (a, b, c) = (layers[0], layers[1], layers[2])
        let centre = SIMD2(100.0, 100.0)
        #expect(try engine.hitTest(centre) == c)
        try engine.setValue(1, forKeyPath: "zPosition", of: a)
        #expect(try engine.hitTest(centre) == a)
        try engine.setValue(1, forKeyPath: "hidden", of: a)
        #expect(try engine.hitTest(centre) == c)
        try engine.setValue(0, forKeyPath: "hidden", of: a)
        try engine.setValue(0, forKeyPath: "zPosition", of: a)
        // Reordering: a to the front of the list.
        try engine.addSublayer(a, to: stage, at: 2)
        #expect(try engine.sublayers(of: stage) == [b, c, a])
        #expect(try engine.hitTest(centre) == a)
        // Outside every sublayer but inside the stage: the stage; outside all: nothing.
        #expect(try engine.hitTest(SIMD2(10, 10)) == stage)
        #expect(try engine.hitTest(SIMD2(-1, 10)) == nil)
        // Hit testing from a layer takes the point in its superlayer's space.
        #expect(try engine.hitTest(SIMD2(100, 100), in: b) == b)
    }

    @Test func masksToBoundsClipsTheSubtree() throws {
        let (engine, stage, _) = try stage()
        let outside = try engine.makeLayer(
            named: "outside", parent: stage, values: ["bounds": [0, 0, 20, 20], "position": [250, 250]])
        #expect(try engine.hitTest(SIMD2(250, 250)) == outside)
        try engine.setValue(1, forKeyPath: "masksToBounds", of: stage)
        #expect(try engine.hitTest(SIMD2(250, 250)) == nil)
    }

    @Test func uiKitRulesSkipTransparentAndNonInteractiveLayers() throws {
        let (engine, _, layers) = try stage()
        let centre = SIMD2(100.0, 100.0)
        try engine.setValue(0.005, forKeyPath: "opacity", of: layers[2])
        #expect(try engine.hitTest(centre) == layers[2])
        #expect(try engine.hitTest(centre, rules: .uiKit) == layers[1])
        let engine2 = try AnimationEngine()
        let view = try engine2.makeLayer(
            named: "view", values: ["bounds": [0, 0, 10, 10], "position": [5, 5], "userInteractionEnabled": [0]])
        #expect(try engine2.hitTest(SIMD2(5, 5)) == view)
        #expect(try engine2.hitTest(SIMD2(5, 5), rules: .uiKit) == nil)
    }

    /// Mid-animation the presentation tree and the model tree answer differently: c moves
    /// right by 200 over 1 s (linear); at 0.5 s the presentation c covers x 100…200.
    @Test func presentationAndModelHits() throws {
        let (engine, _, layers) = try stage()
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear))
        try engine.setValue(300, forKeyPath: "position.x", of: layers[2])
        try engine.commit()
        try engine.advance(to: 0.5)
        #expect(try engine.hitTest(SIMD2(60, 100)) == layers[1])
        #expect(try engine.hitTest(SIMD2(60, 100), source: .presentation) == layers[1])
        #expect(try engine.hitTest(SIMD2(190, 100), source: .presentation) == layers[2])
        #expect(try engine.hitTest(SIMD2(340, 100)) == layers[2])
        #expect(try engine.hitTest(SIMD2(340, 100), source: .presentation) == nil)
    }

    /// A layer turned 60° about y under perspective looks narrower: a point inside its
    /// untransformed footprint but outside the projected one misses it.
    @Test func hitsThroughPerspective() throws {
        let (engine, stage, layers) = try stage()
        var perspective = Transform3D.identity
        perspective.storage[11] = -1.0 / 500
        try engine.setValue(AnimatableVector(perspective.components), forKeyPath: "sublayerTransform", of: stage)
        for layer in layers.prefix(2) { try engine.setValue(1, forKeyPath: "hidden", of: layer) }
        let turn = Transform3D.rotation(angle: .pi / 3, x: 0, y: 1, z: 0)
        try engine.setValue(AnimatableVector(turn.components), forKeyPath: "transform", of: layers[2])
        // Half-width 50 turned by 60°: about 25 on screen (within 3 for perspective).
        #expect(try engine.hitTest(SIMD2(120, 100)) == layers[2])
        #expect(try engine.hitTest(SIMD2(140, 100)) == stage)
        let edge = try #require(try engine.convert(SIMD2(100, 50), from: layers[2], to: nil))
        // The edge (100, 50) is 50 right of the anchor: x = 100 + 50·cos 60° / w, w = 1 + 50·sin 60°/500.
        let w: Double = 1 + 50 * sin(Double.pi / 3) / 500
        let expected: Double = 100 + 50 * cos(Double.pi / 3) / w
        #expect(abs(edge.x - expected) <= 1e-9)
    }

    @Test func treeChangesAndTheirErrors() throws {
        let (engine, stage, layers) = try stage()
        let (a, b, c) = (layers[0], layers[1], layers[2])
        // A cycle is refused and nothing changes.
        #expect(throws: HarmonicError.self) { try engine.addSublayer(stage, to: a) }
        #expect(throws: HarmonicError.self) { try engine.addSublayer(a, to: a) }
        #expect(throws: HarmonicError.self) { try engine.addSublayer(a, to: stage, at: 3) }
        #expect(try engine.sublayers(of: stage) == [a, b, c])
        // Removing detaches the subtree; adding again puts it back where asked.
        try engine.removeFromSuperlayer(c)
        #expect(try engine.sublayers(of: stage) == [a, b])
        #expect(try !engine.isAttached(c))
        #expect(try engine.hitTest(SIMD2(100, 100)) == b)
        try engine.addSublayer(c, to: stage, at: 0)
        #expect(try engine.sublayers(of: stage) == [c, a, b])
        // Moving under a layer with speed 2 puts the layer on that clock.
        let fast = try engine.makeLayer(named: "fast")
        try engine.setTiming(try .layer(speed: 2), of: fast)
        try engine.addSublayer(b, to: fast)
        try engine.advance(to: 3)
        #expect(try engine.localTime(of: b) == 6)
        #expect(try engine.superlayer(of: b) == fast)
        #expect(try engine.sublayers(of: nil) == [stage, fast])
    }
}
