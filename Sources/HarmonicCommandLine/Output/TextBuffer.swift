import Harmonic

/// A byte buffer that numbers and separators are formatted into: one per lane of an export
/// (``BlockPipeline``), its bytes then handed to the ``OutputSink`` in row order.
///
/// `@unchecked Sendable`: a buffer is written by one thread at a time, handed over between
/// threads by the pipeline's semaphores.
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

    /// Short text (a JSON member name, say); the caller has sized the buffer for it.
    func append(text: String) {
        for byte in text.utf8 { append(byte: byte) }
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
