import Foundation
import Harmonic

/// Where a command's text goes: standard output, or a file written atomically.
///
/// Text is buffered and flushed in large blocks, so streaming millions of CSV rows costs a
/// few system calls per megabyte rather than one per row.
final class OutputSink {
    private var buffer: [UInt8] = []
    private let file: AtomicFile?
    private static let blockSize = 1 << 16

    /// - Parameter path: The `--output` path, or `nil` (or `-`) for standard output.
    init(path: String?) throws(HarmonicError) {
        if let path, path != "-" { file = try AtomicFile(path: path) } else { file = nil }
        buffer.reserveCapacity(Self.blockSize * 2)
    }

    func write(_ text: String) throws(HarmonicError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.blockSize { try flush() }
    }

    private func flush() throws(HarmonicError) {
        guard !buffer.isEmpty else { return }
        if let file {
            try file.write(Data(buffer))
        } else {
            FileHandle.standardOutput.write(Data(buffer))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes what is left and, for a file, moves it into place.
    func close() throws(HarmonicError) {
        try flush()
        try file?.commit()
    }

    /// Abandons a file output; the destination is left untouched.
    func discard() { file?.discard() }
}
