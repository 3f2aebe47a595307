import Harmonic
import HarmonicEngine
import Testing

@Suite struct LayerGeometryEngineTests {
    /// A scrolled child (bounds origin (10, 20)) inside a parent at the root's origin: the
    /// child's bounds origin sits at position − anchorPoint·size in the parent, so (10, 20)
    /// maps to (50 − 20, 50 − 20) = (30, 30) in the root space, and back.
    @Test func pointsThroughATwoLevelTree() throws {
        let engine = try AnimationEngine()
        let parent = try engine.makeLayer(
            named: "parent", values: ["bounds": [0, 0, 200, 200], "position": [100, 100]])
        let child = try engine.makeLayer(
            named: "child", parent: parent, values: ["bounds": [10, 20, 40, 40], "position": [50, 50]])
        #expect(try engine.convert(SIMD2(10, 20), from: child, to: nil) == SIMD2(30, 30))
        #expect(try engine.convert(SIMD2(30, 30), from: nil, to: child) == SIMD2(10, 20))
        #expect(try engine.convert(SIMD2(10, 20), from: child, to: parent) == SIMD2(30, 30))
        let rect = try #require(try engine.convert(.init(x: 10, y: 20, width: 40, height: 40), from: child, to: nil))
        #expect(rect == .init(x: 30, y: 30, width: 40, height: 40))
        #expect(try engine.frame(of: child) == .init(x: 30, y: 30, width: 40, height: 40))
        #expect(try engine.superlayer(of: child) == parent)
    }

    /// The presentation geometry follows the animation: position.x 0 → 100 over 1 s, linear,
    /// puts a 20-wide layer's frame at 50 − 10 half-way; the model frame is already at the end.
    @Test func presentationGeometryMidAnimation() throws {
        let (engine, box) = try engineWithBox(["position": [0, 0], "bounds": [0, 0, 20, 20]])
        try engine.begin(TransactionSettings(animationDuration: 1, timingFunction: CubicBezier.linear))
        try engine.setValue(100, forKeyPath: "position.x", of: box)
        try engine.commit()
        try engine.advance(to: 0.5)
        #expect(try engine.frame(of: box, source: .presentation).origin.x == 40)
        #expect(try engine.frame(of: box).origin.x == 90)
        #expect(try engine.convert(SIMD2(0, 0), from: box, to: nil, source: .presentation) == SIMD2(40, -10))
    }

    /// Time through three levels: A (beginTime 1, speed 2, timeOffset 0.5), B under A
    /// (0.5, 0.5, 3), C under B (0, 4, −1). Root 10 → A 18.5 → B 12 → C 47, and back.
    @Test func timeThroughThreeClocks() throws {
        let engine = try AnimationEngine()
        let a = try engine.makeLayer(named: "a")
        let b = try engine.makeLayer(named: "b", parent: a)
        let c = try engine.makeLayer(named: "c", parent: b)
        try engine.setTiming(try .layer(beginTime: 1, speed: 2, timeOffset: 0.5), of: a)
        try engine.setTiming(try .layer(beginTime: 0.5, speed: 0.5, timeOffset: 3), of: b)
        try engine.setTiming(try .layer(beginTime: 0, speed: 4, timeOffset: -1), of: c)
        #expect(try engine.convert(time: 10, from: nil, to: c) == 47)
        #expect(try engine.convert(time: 47, from: c, to: nil) == 10)
        #expect(try engine.convert(time: 47, from: c, to: a) == 18.5)
        #expect(try engine.convert(time: 18.5, from: a, to: b) == 12)
        try engine.setTiming(try .layer(speed: 0), of: b)
        #expect(try engine.convert(time: 47, from: c, to: nil) == nil)
    }

    /// A layer scaled to zero has no inverse: converting into it, or the transform to it, is
    /// an error naming the layer. A layer seen edge-on has an inverse, but no point of its
    /// plane is seen anywhere: converting into it has no answer (nil).
    @Test func degenerateTransforms() throws {
        let engine = try AnimationEngine()
        let flat = try engine.makeLayer(
            named: "flat",
            values: [
                "bounds": [0, 0, 10, 10], "transform": AnimatableVector(Transform3D.scale(x: 0, y: 1).components),
            ])
        do {
            _ = try engine.convert(SIMD2(1, 1), from: nil, to: flat)
            Issue.record("converted into a layer scaled to zero")
        } catch {
            #expect(error.description.contains("to = \"flat\""), "\(error)")
        }
        do {
            _ = try engine.transform(from: flat, to: flat)
            Issue.record("inverted a layer scaled to zero")
        } catch {
            #expect(error.description.contains("to = \"flat\""), "\(error)")
        }
        let edgeOn = try engine.makeLayer(
            named: "edgeOn",
            values: [
                "bounds": [0, 0, 10, 10],
                // A quarter turn about y, written exactly: the layer's x axis goes to −z.
                "transform": [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1],
            ])
        #expect(try engine.convert(SIMD2(1, 1), from: nil, to: edgeOn) == nil)
    }
}

@Suite struct WorldTransformsTests {
    /// The one-pass world transforms equal the per-layer ones, for a tree built out of
    /// creation order (a layer moved under one created after it) with perspective.
    @Test func onePassEqualsPerLayer() throws {
        let engine = try AnimationEngine()
        let a = try engine.makeLayer(named: "a", values: ["bounds": [0, 0, 50, 50], "position": [10, 20]])
        let b = try engine.makeLayer(named: "b", values: ["bounds": [0, 0, 300, 300], "position": [150, 150]])
        let c = try engine.makeLayer(named: "c", parent: a, values: ["bounds": [5, 5, 20, 20], "position": [25, 25]])
        var perspective = Transform3D.identity
        perspective.storage[11] = -1.0 / 400
        try engine.setValue(AnimatableVector(perspective.components), forKeyPath: "sublayerTransform", of: b)
        try engine.setValue(0.4, forKeyPath: "transform.rotation.y", of: a)
        try engine.addSublayer(a, to: b)
        let all = try engine.worldTransforms()
        for layer in [a, b, c] {
            #expect(all[layer.index] == (try engine.worldTransform(of: layer)))
        }
        try engine.removeFromSuperlayer(a)
        #expect(try engine.superlayer(of: a) == nil)
        #expect(try engine.worldTransforms()[c.index] == (try engine.worldTransform(of: c)))
    }
}
