import Foundation
import Harmonic

/// Writes an output file so that readers never see a partial result: the bytes go to a
/// temporary file in the destination's directory, which is renamed over the destination only
/// after everything was written. If anything fails, the temporary file is removed and the
/// destination is untouched.
struct AtomicFile {
    let destination: URL
    private let temporary: URL
    private let handle: FileHandle

    init(path: String) throws(HarmonicError) {
        destination = URL(fileURLWithPath: path)
        let directory = destination.deletingLastPathComponent()
        temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: temporary)
        else {
            throw .invalidParameter(
                name: "--output", value: path, allowed: "a path in an existing, writable directory")
        }
        self.handle = handle
    }

    func write(_ text: String) throws(HarmonicError) {
        try write(Data(text.utf8))
    }

    func write(_ data: Data) throws(HarmonicError) {
        do { try handle.write(contentsOf: data) } catch {
            discard()
            throw .invalidParameter(
                name: "--output", value: destination.path, allowed: "writable (\(error.localizedDescription))")
        }
    }

    /// Moves the finished file into place.
    func commit() throws(HarmonicError) {
        do {
            try handle.close()
            // rename(2) replaces an existing destination atomically (same directory, so same
            // file system); FileManager.replaceItemAt fails on Linux when the file exists.
            if rename(temporary.path, destination.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            discard()
            throw .invalidParameter(
                name: "--output", value: destination.path, allowed: "writable (\(error.localizedDescription))")
        }
    }

    /// Removes the temporary file; the destination is left as it was.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }
}
