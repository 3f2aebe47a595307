#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls the tool's output goes through, with their failures as messages.
///
/// Plain `write(2)`, not `FileHandle`: a failed write (a full disk, a closed pipe) must become
/// a one-line error and exit status 1, never a trap.
enum FileDescriptor {
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
