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
