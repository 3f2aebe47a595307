import Harmonic

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes an output file so that readers never see a partial result: the bytes go to a
/// temporary file in the destination's directory, which is renamed over the destination only
/// after everything was written. If anything fails, the temporary file is removed and the
/// destination is untouched.
struct AtomicFile {
    /// The path the user gave.
    let destination: String
    /// The option that named it (`--output`, `--events`), for messages.
    let option: String
    private let temporary: String
    /// The temporary file, open for writing.
    let descriptor: Int32

    init(path: String, option: String = "--output") throws(HarmonicError) {
        destination = path
        self.option = option
        let directory: Substring
        let name: Substring
        if let slash = path.lastIndex(of: "/") {
            directory = path[...slash]
            name = path[path.index(after: slash)...]
        } else {
            directory = ""
            name = path[...]
        }
        temporary = "\(directory).\(name).\(getpid()).tmp"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard !name.isEmpty, descriptor >= 0 else {
            if descriptor >= 0 {
                _ = close(descriptor)
                _ = unlink(temporary)
            }
            throw .invalidParameter(name: option, value: path, allowed: "a path in an existing, writable directory")
        }
    }

    func write(_ text: String) throws(HarmonicError) {
        do throws(SystemFailure) { try FileDescriptor.writeAll(text, to: descriptor) } catch {
            discard()
            throw failure(error.reason)
        }
    }

    /// The error for a write to this file that failed for `reason`.
    func failure(_ reason: String) -> HarmonicError {
        .invalidParameter(name: option, value: destination, allowed: "writable (\(reason))")
    }

    /// Moves the finished file into place.
    func commit() throws(HarmonicError) {
        // rename(2) replaces an existing destination atomically (same directory, so same
        // file system).
        if close(descriptor) != 0 || rename(temporary, destination) != 0 {
            let reason = SystemFailure.current.reason
            _ = unlink(temporary)
            throw failure(reason)
        }
    }

    /// Removes the temporary file; the destination is left as it was.
    func discard() {
        _ = close(descriptor)
        _ = unlink(temporary)
    }
}
