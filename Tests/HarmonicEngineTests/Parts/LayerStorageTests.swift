import Harmonic
import Testing
@testable import HarmonicEngine

/// Value blocks grow by moving, keep their numbers, and report staleness and moves once.
@Suite struct LayerStorageTests {
    @Test func blocksMoveWithTheirValuesWhenTheyGrow() {
        var storage = LayerStorage()
        let a = storage.append(name: "a", capacity: 2)
        let b = storage.append(name: "b", capacity: 2)
        #expect(storage.index(named: "b") == b)
        storage.addSlot(to: a, name: "opacity", shape: .inferred(dimension: 1), value: [0.5])
        storage.addSlot(to: b, name: "x", shape: .inferred(dimension: 2), value: [1, 2])
        let movedFirst = storage.takeMoved()
        #expect(Set(movedFirst) == [a, b])
        let before = storage[a].base
        storage.addSlot(to: a, name: "position", shape: .inferred(dimension: 2), value: [3, 4])  // does not fit
        #expect(storage[a].base != before)
        let movedAgain = storage.takeMoved()
        #expect(movedAgain == [a])
        #expect(storage.committedValues(of: a) == [0.5, 3, 4])
        #expect(storage.presentationValues(of: a) == [0.5, 3, 4])
        #expect(storage.committedValues(of: b) == [1, 2])
        storage.setCommitted(a, at: 1, [7, 8])
        #expect(storage.committedValues(of: a) == [0.5, 7, 8])
    }

    @Test func staleLayersAreListedOnce() {
        var storage = LayerStorage()
        let a = storage.append(name: "a", capacity: 4)
        storage.addSlot(to: a, name: "v", shape: .inferred(dimension: 1), value: [1])
        storage.markStale(a)
        let first = storage.takeStale()
        #expect(first == [a])
        #expect(storage.isStale[a])
        storage.markStale(a)  // still stale: not listed again
        let second = storage.takeStale()
        #expect(second.isEmpty)
        storage.markCurrent(a)
        storage.markStale(a)
        let third = storage.takeStale()
        #expect(third == [a])
    }
}
