import Harmonic
import Testing
@testable import HarmonicEngine

/// Local time through three levels, its rate, and the inverse map.
@Suite struct LayerClocksTests {
    @Test func localTimeComposesDownTheTreeAndInverts() throws {
        var clocks = LayerClocks(now: 0)
        clocks.append(timing: try .layer(beginTime: 1, speed: 2, timeOffset: 0.5), parent: -1)
        clocks.append(timing: try .layer(beginTime: 0.25, speed: 0.5), parent: 0)
        clocks.append(timing: try .layer(timeOffset: 3), parent: 1)
        clocks.advance(to: 4)
        // root 4 → (4 − 1)·2 + 0.5 = 6.5 → (6.5 − 0.25)·0.5 = 3.125 → 3.125 + 3 = 6.125
        #expect(clocks[0].localTime == 6.5)
        #expect(clocks[1].localTime == 3.125)
        #expect(clocks[2].localTime == 6.125)
        #expect(clocks[2].localRate == 1)
        #expect(clocks.localTime(of: 2, at: 5).time == 7.125)
        #expect(clocks.rootTime(ofLocal: 6.125, layer: 2) == 4)
        #expect(clocks.parentTime(of: 2, at: 4) == 3.125)
        clocks.setTiming(try MediaTiming.layer(speed: 0), of: 1)
        #expect(clocks.rootTime(ofLocal: 1, layer: 2) == nil)
    }

    /// While every timing is the identity, local times are root time and nothing is cached;
    /// the first timing of its own — added with a new layer or set on an old one — makes every
    /// layer's time right at once, and going back to identities drops the caches again.
    @Test func identityTimingsFollowRootTimeAcrossChanges() throws {
        var clocks = LayerClocks(now: 0)
        for parent in [-1, 0, 1] { clocks.append(timing: try .layer(), parent: parent) }
        clocks.advance(to: 2)
        #expect((0..<3).allSatisfy { clocks.current($0) == (2, 1) && clocks[$0].localTime == 2 })
        #expect(clocks.localTime(of: 2, at: 5) == (5, 1))
        // A timed layer appended under layer 2, after frames without caches.
        clocks.append(timing: try .layer(beginTime: 1, speed: 3), parent: 2)
        #expect(clocks.current(2) == (2, 1))
        #expect(clocks.current(3) == (3, 3))  // (2 − 1)·3
        clocks.advance(to: 4)
        #expect(clocks.current(3) == (9, 3) && clocks[1].localTime == 4)
        // A timing set on the root moves everything under it.
        clocks.setTiming(try .layer(speed: 0.5), of: 0)
        #expect(clocks.current(0) == (2, 0.5) && clocks.current(2) == (2, 0.5))
        #expect(clocks.current(3) == (3, 1.5))  // (2 − 1)·3, at rate 0.5·3
        #expect(clocks.localTime(of: 3, at: 6) == (6, 1.5))  // (3 − 1)·3
        // Back to identities: root time again, without refreshing caches.
        clocks.setTiming(try .layer(), of: 0)
        clocks.setTiming(try .layer(), of: 3)
        clocks.advance(to: 7)
        #expect((0..<4).allSatisfy { clocks.current($0) == (7, 1) })
    }
}
