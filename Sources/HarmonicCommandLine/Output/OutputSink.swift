import Dispatch
import Harmonic
import Synchronization

/// Where a command's text goes: standard output, or a file written atomically.
///
/// Short text is gathered in 1 MiB blocks, and each full block is written by a writer thread
/// while the command goes on. Exports format their rows into ``TextBuffer``s, a block of rows
/// each, and hand the bytes over (``write(bytes:)``): such a run is written straight from the
/// buffer, on the delivering thread, while the formatting threads fill the next buffers, so
/// the system calls (copying 30 MB into the page cache costs about as much as formatting it)
/// overlap the formatting without a second copy. The order of the bytes is the order of the
/// calls.
///
/// A failed write (a full disk, a closed pipe) is reported by the next call on the sink, by
/// ``close()`` at the latest; nothing is written after it.
final class OutputSink: @unchecked Sendable {
    // `@unchecked Sendable`: the blocks are shared with the writer queue under a hand-over
    // protocol — a block is handed over by `flush()` and not touched again by the caller until
    // `free` says the writer is done with it; `failure` is behind a mutex.

    private static let blockSize = 1 << 20
    /// One block being filled and the rest queued for the writer: enough that the writer,
    /// sharing the cores with the formatting threads, can fall behind for a few milliseconds
    /// without holding them up.
    private static let blockCount = 4
    /// Runs of bytes this long are written without the copy into a block (``write(bytes:)``).
    private static let directWriteBytes = 1 << 18
    /// Hand a block over once this much is in it; the rest is headroom for one more row.
    private static let flushThreshold = blockSize - (1 << 14)

    private let file: AtomicFile?
    private let descriptor: Int32
    private let blocks: [UnsafeMutablePointer<UInt8>]
    private var current = 0
    private var used = 0
    private let writer = DispatchQueue(label: "harmonic.output")
    private let free = DispatchSemaphore(value: OutputSink.blockCount - 1)
    private let failure = Mutex<HarmonicError?>(nil)

    /// - Parameter path: The `--output` path, or `nil` (or `-`) for standard output.
    init(path: String?) throws(HarmonicError) {
        if let path, path != "-" {
            let file = try AtomicFile(path: path)
            self.file = file
            descriptor = file.descriptor
        } else {
            file = nil
            // Standard output, or a captured run's own (``HarmonicCommand/runCaptured(_:)``).
            descriptor = HarmonicCommand.capture?.descriptor ?? FileDescriptor.standardOutput
        }
        blocks = (0..<Self.blockCount).map { _ in .allocate(capacity: Self.blockSize) }
    }

    deinit {
        writer.sync {}
        for block in blocks { block.deallocate() }
    }

    func write(_ text: String) throws(HarmonicError) {
        var text = text
        var failure: HarmonicError?
        text.withUTF8 { bytes in
            do throws(HarmonicError) { try write(bytes: bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends bytes formatted elsewhere (by another thread, say).
    ///
    /// A run of at least ``directWriteBytes`` (an export's block of rows) is written straight
    /// from the caller's memory once the writer has finished what it holds, the block being
    /// filled included: copying it into a block first would cost as much as the write itself.
    func write(bytes: UnsafeBufferPointer<UInt8>) throws(HarmonicError) {
        guard let base = bytes.baseAddress else { return }
        if bytes.count >= Self.directWriteBytes {
            try flush()
            writer.sync {}
            if let error = failure.withLock({ $0 }) { throw error }
            do throws(HarmonicError) { try writeAll(UnsafeRawBufferPointer(bytes)) } catch {
                failure.withLock { $0 = error }
                throw error
            }
            return
        }
        var offset = 0
        while offset < bytes.count {
            let n = Swift.min(bytes.count - offset, Self.blockSize - used)
            (blocks[current] + used).update(from: base + offset, count: n)
            used += n
            offset += n
            if used >= Self.flushThreshold { try flush() }
        }
    }

    /// Hands the current block to the writer and moves on to a free one.
    private func flush() throws(HarmonicError) {
        if let error = failure.withLock({ $0 }) { throw error }
        guard used > 0 else { return }
        let index = current, count = used
        writer.async { [self] in
            if failure.withLock({ $0 }) == nil {
                do throws(HarmonicError) {
                    try writeAll(UnsafeRawBufferPointer(start: blocks[index], count: count))
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            free.signal()
        }
        free.wait()
        current = (current + 1) % Self.blockCount
        used = 0
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(HarmonicError) {
        do throws(SystemFailure) { try FileDescriptor.writeAll(bytes, to: descriptor) } catch {
            throw file?.failure(error.reason)
                ?? .invalidParameter(name: "standard output", value: "-", allowed: "writable (\(error.reason))")
        }
    }

    /// Writes what is left, waits for the writer and, for a file, moves it into place.
    func close() throws(HarmonicError) {
        try flush()
        writer.sync {}
        if let error = failure.withLock({ $0 }) { throw error }
        try file?.commit()
    }

    /// Whether this sink and `file` would write the same file (standard output never does).
    func isSameFile(as file: AtomicFile) -> Bool {
        self.file?.isSameFile(as: file) ?? false
    }

    /// One line to standard output, a failed write reported (a short answer's whole output).
    static func printLine(_ text: String) throws(HarmonicError) {
        let sink = try OutputSink(path: nil)
        try sink.write(text + "\n")
        try sink.close()
    }

    /// Abandons a file output; the destination is left untouched.
    func discard() {
        writer.sync {}
        file?.discard()
    }
}
