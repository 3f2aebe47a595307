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
}
