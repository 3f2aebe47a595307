import HarmonicPlatform

/// The POSIX calls the tool's input and output go through, with their failures as messages.
///
/// Plain `read(2)` and `write(2)`, not `FileHandle`: a failed write (a full disk, a closed
/// pipe) must become a one-line error and exit status 1, never a trap; and the tool links no
/// more of Foundation than the argument parser does, which keeps its start-up short.
enum FileDescriptor {
    static let standardInput: Int32 = 0
    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    /// Everything `descriptor` yields until end of file, resuming after interruptions; or,
    /// once more than `limit` bytes have arrived, those bytes (the caller refuses the input
    /// without reading an endless one such as `/dev/zero` to its end).
    static func readAll(_ descriptor: Int32, limit: Int = .max) throws(SystemFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = 1 << 16
        while bytes.count <= limit {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, chunk) }
            if n < 0 {
                bytes.removeSubrange(start...)
                if errno == EINTR { continue }
                throw SystemFailure.current
            }
            bytes.removeSubrange((start + n)...)
            if n == 0 { return bytes }
        }
        return bytes
    }

    /// The contents of the file at `path`, or its first `limit + 1` bytes when it is longer.
    static func contents(ofFile path: String, limit: Int = .max) throws(SystemFailure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemFailure.current }
        defer { _ = close(descriptor) }
        return try readAll(descriptor, limit: limit)
    }

    /// A diagnostic line to standard error; a failure to write it is ignored (there is
    /// nowhere left to report it).
    static func report(_ line: String) {
        if let capture = HarmonicCommand.capture {
            capture.report(line)
            return
        }
        try? writeAll(line + "\n", to: standardError)
    }

    /// Writes all of `bytes` to `descriptor`, resuming after partial writes and interruptions;
    /// throws the system's reason (`strerror`) on failure.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemFailure) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = write(descriptor, next, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemFailure.current
            }
            next += n
            remaining -= n
        }
    }

    /// `text` as UTF-8 to `descriptor`.
    static func writeAll(_ text: String, to descriptor: Int32) throws(SystemFailure) {
        var text = text
        var failure: SystemFailure?
        text.withUTF8 { bytes in
            do throws(SystemFailure) { try writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }
}

/// A failed system call, described by `strerror(errno)` ("No space left on device").
struct SystemFailure: Error {
    let reason: String

    /// The failure `errno` describes now.
    static var current: SystemFailure { SystemFailure(reason: String(cString: strerror(errno))) }
}
