import Harmonic

import HarmonicPlatform

/// An output file written so that readers never see a partial result, where the user pointed.
///
/// - A regular file (new or existing): the bytes go to a temporary file in the same
///   directory, renamed over the destination only after everything was written; an existing
///   file keeps its permissions (and, when the process may, its owner). If anything fails, the
///   temporary file is removed and the destination is untouched.
/// - A symbolic link: the file it leads to is written (as above), and the link stays.
/// - A device, a FIFO or a socket (`/dev/stdout`, a named pipe): written in place, since
///   replacing it would destroy it; a failed write is reported all the same.
/// - A directory, or a path whose directory does not exist: refused before anything is
///   written.
///
/// Temporary files are registered with ``TemporaryFiles``, which removes them when the
/// process is interrupted.
struct AtomicFile {
    /// The path the user gave.
    let destination: String
    /// The option that named it (`--output`, `--events`), for messages.
    let option: String
    /// Where the bytes finally land: `destination` with symbolic links followed.
    let target: String
    /// The temporary file, or `nil` for a destination written in place.
    private let temporary: String?
    /// The file being written (the temporary file or the destination itself).
    let descriptor: Int32

    init(path: String, option: String = "--output") throws(HarmonicError) {
        destination = path
        self.option = option
        func refuse(_ allowed: String) -> HarmonicError {
            .invalidParameter(name: option, value: path, allowed: allowed)
        }
        guard !path.isEmpty, !path.hasSuffix("/") else { throw refuse("a file path, not a directory") }
        target = Self.followingLinks(path)
        var status = stat()
        let exists = stat(target, &status) == 0
        let type = status.st_mode & S_IFMT
        if exists, type == S_IFDIR { throw refuse("a file path, not a directory") }
        if exists, type != S_IFREG {
            // A device or a pipe: write into it.
            temporary = nil
            descriptor = open(target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw refuse("writable (\(SystemFailure.current.reason))") }
            return
        }
        let (directory, name) = Self.split(target)
        let temporary = "\(directory).\(name).\(getpid()).tmp"
        let descriptor = TemporaryFiles.create(temporary)
        guard descriptor >= 0 else {
            throw refuse("a path in an existing, writable directory")
        }
        if exists {
            // Keep the replaced file's permissions and owner (the owner only when allowed).
            _ = fchmod(descriptor, status.st_mode & 0o7777)
            _ = fchown(descriptor, status.st_uid, status.st_gid)
        }
        self.temporary = temporary
        self.descriptor = descriptor
    }

    /// Whether this file and `other` would write the same file.
    func isSameFile(as other: AtomicFile) -> Bool {
        var a = stat(), b = stat()
        if stat(target, &a) == 0, stat(other.target, &b) == 0 {
            return a.st_dev == b.st_dev && a.st_ino == b.st_ino
        }
        return Self.canonical(target) == Self.canonical(other.target)
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
        guard let temporary else {
            if close(descriptor) != 0 { throw failure(SystemFailure.current.reason) }
            return
        }
        // rename(2) replaces an existing destination atomically (same directory, so same
        // file system).
        if close(descriptor) != 0 || rename(temporary, target) != 0 {
            let reason = SystemFailure.current.reason
            TemporaryFiles.remove(temporary)
            throw failure(reason)
        }
        TemporaryFiles.forget(temporary)
    }

    /// Removes the temporary file; the destination is left as it was.
    func discard() {
        _ = close(descriptor)
        if let temporary { TemporaryFiles.remove(temporary) }
    }

    /// `path` with its directory and its last component apart (`"a/b/"`, `"c"`).
    private static func split(_ path: String) -> (directory: Substring, name: Substring) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
        return (path[...slash], path[path.index(after: slash)...])
    }

    /// `path` after following symbolic links at its last component (up to 40, as the kernel
    /// does); a link's relative target is relative to the link's directory.
    private static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            // Int: from the C constant PATH_MAX.
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : String(split(current).directory) + link
        }
        return current
    }

    /// An absolute spelling of `path`, its directory resolved (for comparing two destinations
    /// of which one does not exist yet).
    private static func canonical(_ path: String) -> String {
        let (directory, name) = split(path)
        guard let resolved = realpath(directory.isEmpty ? "." : String(directory), nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }
}
