/// A byte buffer that numbers and separators are formatted into: one per thread of an export,
/// its bytes then handed to the ``OutputSink`` in row order.
///
/// `@unchecked Sendable`: an export gives each of its threads a buffer of its own and reads
/// the bytes only after the threads have joined.
final class TextBuffer: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var count = 0

    /// A buffer of `capacity` bytes; callers size it for the rows they format (at most
    /// ``NumberText/maximumLength`` + 2 bytes per number).
    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    func removeAll() { count = 0 }

    @inline(__always)
    func append(byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(number x: Double) {
        count += NumberText.write(x, to: base + count)
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
