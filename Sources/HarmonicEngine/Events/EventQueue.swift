import Harmonic

/// The events produced since they were last taken, and the order stamp that breaks ties
/// between events of one instant.
///
/// Every animation, transaction completion and animator finish gets a serial number when it
/// is created (``makeSerial()``); ``take()`` returns events by time, then serial, then the
/// order they were emitted, which is Core Animation's order for delegate calls of one frame:
/// animations in the order they were added, and a replaced animation's didStop before its
/// replacement's didStart.
struct EventQueue {
    private var pending: [(event: AnimationEvent, serial: Int)] = []
    private var nextSerial = 0

    /// A new order stamp.
    mutating func makeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    mutating func emit(_ event: AnimationEvent, serial: Int) {
        pending.append((event, serial))
    }

    var isEmpty: Bool { pending.isEmpty }

    /// Drains the queue, sorted by time, then serial, then emission order.
    mutating func take() -> [AnimationEvent] {
        guard !pending.isEmpty else { return [] }
        let sorted = pending.enumerated().sorted { a, b in
            if a.element.event.time != b.element.event.time { return a.element.event.time < b.element.event.time }
            if a.element.serial != b.element.serial { return a.element.serial < b.element.serial }
            return a.offset < b.offset
        }
        pending.removeAll(keepingCapacity: true)
        return sorted.map(\.element.event)
    }
}
