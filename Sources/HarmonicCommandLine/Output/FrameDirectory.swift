import HarmonicPlatform
import Harmonic

/// A directory of pictures written so that readers never see part of it: the files go to a
/// new temporary directory beside the destination, which is renamed onto the destination only
/// after every file was written (a rename that replaces nothing, or an empty directory).
///
/// The destination must not exist or be an empty directory; anything else is refused before a
/// file is written. Each file is registered with ``TemporaryFiles`` while it is being written,
/// so an interrupt removes a partial one; the frames finished before it stay in the hidden
/// temporary directory (`.NAME.frames-XXXXXX` beside the destination), which the signal
/// handler cannot empty safely. Any error removes everything.
final class FrameDirectory {
    /// The directory the user named.
    let destination: String
    /// The temporary directory being filled.
    private let staging: String
    private var files: [String] = []
    private var finished = false

    /// Checks `path` and makes the temporary directory beside it.
    init(path: String, option: String) throws(HarmonicError) {
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR, Self.isEmptyDirectory(path) else {
                throw .invalidParameter(
                    name: option, value: "\"\(path)\"",
                    allowed: "a new directory, or an empty one (frames are written there)")
            }
        }
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        let slash = trimmed.lastIndex(of: "/")
        let parent = slash.map { String(trimmed[..<$0]) } ?? "."
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        var template = Array(((parent.isEmpty ? "/" : parent) + "/.\(name).frames-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else {
            throw .invalidParameter(
                name: option, value: "\"\(path)\"",
                allowed: "a path in a directory that exists and is writable (\(String(cString: strerror(errno))))")
        }
        destination = trimmed
        staging = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit { if !finished { discard() } }

    private static func isEmptyDirectory(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { return false }
        }
        return true
    }

    /// Writes one file of the directory.
    func write(_ bytes: [UInt8], named name: String) throws(HarmonicError) {
        let path = staging + "/" + name
        let descriptor = TemporaryFiles.create(path)
        guard descriptor >= 0 else { throw failure("cannot create \(name)") }
        files.append(path)
        // Registered while being written only: the table of temporary files is small.
        defer {
            close(descriptor)
            TemporaryFiles.forget(path)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                writeBytes(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            guard written > 0 else { throw failure("cannot write \(name)") }
            offset += written
        }
    }

    /// Renames the finished directory onto the destination.
    func commit() throws(HarmonicError) {
        guard rename(staging, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .invalidParameter(
                name: "--output", value: "\"\(destination)\"", allowed: "a directory that can be replaced (\(reason))")
        }
        finished = true
    }

    /// Removes the files written and the temporary directory.
    func discard() {
        for file in files { unlink(file) }
        files.removeAll()
        rmdir(staging)
        finished = true
    }

    private func failure(_ what: String) -> HarmonicError {
        let reason = String(cString: strerror(errno))
        return .invalidParameter(
            name: "--output", value: "\"\(destination)\"", allowed: "writable: \(what) (\(reason))")
    }
}

/// POSIX `write(2)` (the class's own `write` hides the global name inside it).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
