import Harmonic

/// A growable array whose elements stay at one address until it grows: the storage of the
/// per-frame loop's data (value blocks, plan entries, progress flags).
///
/// The frame loop reads and writes through ``base`` directly, so it needs neither a
/// `withUnsafe…BufferPointer` closure per array nor the uniqueness checks of an `Array`
/// write. The rule that makes that safe: nothing appends while a pointer obtained from
/// ``base`` is in use (appending may move the elements).
final class FlatBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "index out of range")
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count, "index out of range")
            base[i] = newValue
        }
    }

    /// The elements as a buffer (valid until the next append).
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    func append(_ element: Element) {
        reserve(count + 1)
        (base + count).initialize(to: element)
        count += 1
    }

    func append(contentsOf elements: some Collection<Element>) {
        reserve(count + elements.count)
        for e in elements {
            (base + count).initialize(to: e)
            count += 1
        }
    }

    func append(repeating element: Element, count n: Int) {
        reserve(count + n)
        (base + count).initialize(repeating: element, count: n)
        count += n
    }

    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Makes room for `needed` elements, at least doubling when it grows.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let newCapacity = Swift.max(needed, 2 * capacity)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }
}
