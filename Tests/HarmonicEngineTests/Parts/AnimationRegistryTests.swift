import Harmonic
import Testing
@testable import HarmonicEngine

/// Lists in application order, one flag slot per animation, reused after removal.
@Suite struct AnimationRegistryTests {
    func record(_ key: String) throws -> AttachedAnimation {
        let program = AnimationProgram(
            timing: try MediaTiming(duration: 1), timingFunction: ResolvedTimingFunction(nil), node: .group([]))
        return AttachedAnimation(
            key: key, animation: .basic(BasicAnimation(keyPath: "opacity")), program: program, serial: 0,
            isRemovedOnCompletion: true, transactions: [])
    }

    @Test func flagsLiveInOneSlotPerAnimation() throws {
        var registry = AnimationRegistry()
        registry.addLayer()
        registry.append(try record("a"), layer: 0)
        registry.append(try record("b"), flags: .init(didStart: true, didFinish: false), layer: 0)
        #expect(registry[0].map(\.key) == ["a", "b"])
        #expect(registry.index(ofKey: "b", layer: 0) == 1)
        #expect(registry.flags(layer: 0, at: 1).didStart)
        registry.setFlags(.init(didStart: true, didFinish: true), layer: 0, at: 0)
        #expect(registry.progress[registry[0][0].progressSlot].didFinish)
        let freed = registry[0][0].progressSlot
        registry.remove(layer: 0, at: 0)
        registry.append(try record("c"), layer: 0)
        #expect(registry[0][1].progressSlot == freed)  // reused, with fresh flags
        #expect(!registry.flags(layer: 0, at: 1).didStart)
        let removed = registry.removeAll(layer: 0) { a, _ in a.key == "b" }
        #expect(removed == 1)
        #expect(registry[0].map(\.key) == ["c"])
    }
}
