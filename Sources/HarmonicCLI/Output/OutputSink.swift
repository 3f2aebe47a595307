import Foundation
import Harmonic

/// Where a command's text goes: standard output, or a file written atomically.
///
/// Text is gathered in a 1 MiB buffer and written in large blocks, so streaming millions of CSV
/// rows costs a few system calls per megabyte rather than one per row. Exports format their
/// rows into ``TextBuffer``s and hand the bytes over (``write(bytes:)``).
final class OutputSink {
    private let buffer: UnsafeMutablePointer<UInt8>
    private var used = 0
    private let file: AtomicFile?
    private static let capacity = 1 << 20
    /// Flush once this much is buffered; the rest is headroom for one more row of numbers.
    private static let flushThreshold = capacity - (1 << 14)

    /// - Parameter path: The `--output` path, or `nil` (or `-`) for standard output.
    init(path: String?) throws(HarmonicError) {
        if let path, path != "-" { file = try AtomicFile(path: path) } else { file = nil }
        buffer = .allocate(capacity: Self.capacity)
    }

    deinit { buffer.deallocate() }

    func write(_ text: String) throws(HarmonicError) {
        var text = text
        var failure: HarmonicError?
        text.withUTF8 { bytes in
            do throws(HarmonicError) { try write(bytes: bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends bytes formatted elsewhere (by another thread, say).
    func write(bytes: UnsafeBufferPointer<UInt8>) throws(HarmonicError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Swift.min(bytes.count - offset, Self.capacity - used)
            (buffer + used).update(from: base + offset, count: n)
            used += n
            offset += n
            if used >= Self.flushThreshold { try flush() }
        }
    }

    private func flush() throws(HarmonicError) {
        guard used > 0 else { return }
        let data = Data(bytesNoCopy: buffer, count: used, deallocator: .none)
        if let file {
            try file.write(data)
        } else {
            FileHandle.standardOutput.write(data)
        }
        used = 0
    }

    /// Flushes what is left and, for a file, moves it into place.
    func close() throws(HarmonicError) {
        try flush()
        try file?.commit()
    }

    /// Abandons a file output; the destination is left untouched.
    func discard() { file?.discard() }
}
