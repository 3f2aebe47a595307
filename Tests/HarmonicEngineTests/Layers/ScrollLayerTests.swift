import Harmonic
import Testing
@testable import HarmonicEngine

/// `CAScrollLayer`: scrolling moves the bounds' origin in the directions `scrollMode` allows.
@Suite struct ScrollLayerTests {
    func scroller(_ mode: String = "both") throws -> (AnimationEngine, LayerID) {
        let engine = try AnimationEngine()
        let list = try engine.makeLayer(named: "list", kind: .scroll, values: ["bounds": [0, 0, 100, 50]])
        try engine.setAttribute(.name(mode), forKey: "scrollMode", of: list)
        return (engine, list)
    }

    @Test func scrollToMovesTheOriginWhereTheModeAllows() throws {
        for (mode, expected) in [
            ("both", [30.0, 40]), ("vertically", [0, 40]), ("horizontally", [30, 0]), ("none", [0, 0]),
        ] {
            let (engine, list) = try scroller(mode)
            try engine.scroll(to: SIMD2(30, 40), of: list)
            #expect(try engine.modelValue(forKeyPath: "bounds.origin", of: list).components == expected, "\(mode)")
        }
    }

    /// The least scroll that shows a rectangle: far edge in, then near edge in.
    @Test func scrollToVisibleMovesAsLittleAsItCan() throws {
        let (engine, list) = try scroller()
        try engine.scroll(toVisible: .init(x: 120, y: 10, width: 30, height: 20), of: list)
        #expect(try engine.modelValue(forKeyPath: "bounds.origin", of: list).components == [50, 0])
        try engine.scroll(toVisible: .init(x: 10, y: 60, width: 10, height: 10), of: list)
        #expect(try engine.modelValue(forKeyPath: "bounds.origin", of: list).components == [10, 20])
        // Larger than the bounds: its top-left part.
        try engine.scroll(toVisible: .init(x: 200, y: 0, width: 300, height: 10), of: list)
        #expect(try engine.modelValue(forKeyPath: "bounds.origin", of: list).components == [200, 0])
        // Scrolling animates as any change of the bounds does.
        try engine.flush()
        #expect(try engine.animationKeys(of: list).contains("bounds.origin"))
        let plain = try engine.makeLayer(named: "plain")
        #expect(throws: HarmonicError.self) { try engine.scroll(to: SIMD2(1, 1), of: plain) }
    }
}

/// Hit testing through a replicator: each instance at its place, the front-most first.
@Suite struct ReplicatorHitTests {
    @Test func instancesAreHitWhereTheyAreDrawn() throws {
        let engine = try AnimationEngine()
        let ring = try engine.makeLayer(named: "ring", kind: .replicator, values: ["frame": [0, 0, 200, 200]])
        try engine.begin(TransactionSettings(disableActions: true))
        try engine.setValue(4, forKeyPath: "instanceCount", of: ring)
        try engine.setValue(Double.pi / 2, forKeyPath: "instanceTransform.rotation.z", of: ring)
        try engine.commit()
        let dot = try engine.makeLayer(named: "dot", parent: ring, values: ["frame": [150, 90, 20, 20]])
        // (160, 100) turned about (100, 100) by quarter turns (y down): (100, 160), (40, 100), (100, 40).
        for (k, point) in [SIMD2(160.0, 100), SIMD2(100, 160), SIMD2(40, 100), SIMD2(100, 40)].enumerated() {
            let hit = try engine.hitTestInstance(point)
            #expect(hit?.layer == dot && hit?.instance == k, "instance \(k)")
        }
        #expect(try engine.hitTestInstance(SIMD2(100, 100))?.layer == ring)
        #expect(try engine.hitTestInstance(SIMD2(100, 100))?.instance == nil)
        #expect(try engine.hitTest(SIMD2(40, 100)) == dot)
        let world = try engine.instanceWorldTransform(2, of: dot)
        let corner = world.apply(x: 0, y: 0, z: 0)
        #expect(abs(corner.x - 50) < 1e-12 && abs(corner.y - 110) < 1e-12)
    }
}

/// `instanceCount` is not animatable in Core Animation: a change shows at once.
@Suite struct ReplicatorCountTests {
    @Test func instanceCountChangesAtOnce() throws {
        let engine = try AnimationEngine()
        let ring = try engine.makeLayer(named: "ring", kind: .replicator)
        try engine.setValue(6, forKeyPath: "instanceCount", of: ring)
        try engine.setValue(0.25, forKeyPath: "instanceDelay", of: ring)
        try engine.flush()
        #expect(try engine.animationKeys(of: ring) == ["instanceDelay"])
        #expect(try engine.presentationValue(forKeyPath: "instanceCount", of: ring) == [6])
    }
}
