import Testing
@testable import HarmonicEngine

/// Events come out by time, then by the serial of what produced them, then in emission order.
@Suite struct EventQueueTests {
    @Test func ordersByTimeThenSerialThenEmission() {
        var queue = EventQueue()
        let first = queue.makeSerial(), second = queue.makeSerial()
        #expect(second == first + 1)
        queue.emit(AnimationEvent(time: 2, kind: .didStart, key: "late"), serial: first)
        queue.emit(AnimationEvent(time: 1, kind: .didStart, key: "b"), serial: second)
        queue.emit(AnimationEvent(time: 1, kind: .didStop(finished: false), key: "a-stop"), serial: first)
        queue.emit(AnimationEvent(time: 1, kind: .didStart, key: "a-start"), serial: first)
        let taken = queue.take()
        let keys = taken.map(\.key)
        #expect(keys == ["a-stop", "a-start", "b", "late"])
        #expect(queue.isEmpty)
        let none = queue.take()
        #expect(none.isEmpty)
    }
}
