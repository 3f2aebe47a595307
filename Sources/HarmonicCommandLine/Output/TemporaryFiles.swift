import Synchronization

import HarmonicPlatform

/// The temporary files the tool has open, removed when it is interrupted.
///
/// Outputs are written to temporary files and renamed into place when complete
/// (``AtomicFile``); an interrupt (SIGINT, SIGTERM, SIGHUP) must not leave them behind. The
/// signal handler only does what is safe in a handler: it unlinks the paths, kept as C
/// strings in a fixed table, then restores the signal's default action and raises it again,
/// so that the shell sees the process end by the signal as usual.
enum TemporaryFiles {
    /// Room for every output a command writes at once (a table and an event list).
    private static let capacity = 8
    /// The registered paths (`strdup`ed), read by the signal handler.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    /// Serialises registration (the handler does not take it).
    private static let lock = Mutex<Void>(())

    /// Creates (or truncates) the file at `path` for writing and registers it; returns the
    /// descriptor, or −1 with `errno` set.
    static func create(_ path: String) -> Int32 {
        let registered = lock.withLock { _ -> Bool in
            guard let i = (0..<capacity).first(where: { slots[$0] == nil }) else { return false }
            slots[i] = strdup(path)
            return true
        }
        guard registered else {
            errno = EMFILE
            return -1
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if descriptor < 0 {
            let saved = errno
            forget(path)
            errno = saved
        }
        return descriptor
    }

    /// Deletes the file at `path` and forgets it.
    static func remove(_ path: String) {
        _ = unlink(path)
        forget(path)
    }

    /// Forgets `path` (it has been renamed into place, or removed).
    static func forget(_ path: String) {
        lock.withLock { _ in
            for i in 0..<capacity {
                guard let slot = slots[i], String(cString: slot) == path else { continue }
                slots[i] = nil
                free(slot)
            }
        }
    }

    /// Removes the registered files when the process is interrupted. Call once, at start-up.
    static func removeOnInterrupt() {
        _ = slots  // initialised here, not in the handler
        // A parent may have started the tool with these signals blocked (a thread pool's
        // worker does): unblock them, or an interrupt would wait for the end of the export.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signalNumber) }
        _ = pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Darwin)
                action.__sigaction_u.__sa_handler = interrupted
            #else
                action.__sigaction_handler.sa_handler = interrupted
            #endif
            sigemptyset(&action.sa_mask)
            _ = sigaction(signalNumber, &action, nil)
        }
    }

    /// The handler: unlink, then end by the signal's default action.
    private static let interrupted: @convention(c) (Int32) -> Void = { signalNumber in
        for i in 0..<TemporaryFiles.capacity {
            if let path = TemporaryFiles.slots[i] { _ = unlink(path) }
        }
        _ = signal(signalNumber, SIG_DFL)
        _ = raise(signalNumber)
    }
}
