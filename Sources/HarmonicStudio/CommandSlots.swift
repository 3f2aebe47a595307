/// The slots commands run in: ``StudioLimits/concurrentCommands`` at once, the next
/// ``StudioLimits/waitingCommands`` waiting in order of arrival, and any beyond refused — so a
/// page's burst of requests (a plot, samples and eight conversions for one slider move) queues,
/// and a flood is answered at once instead of piling up.
actor CommandSlots {
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits for a slot; false (at once) when the queue is full.
    func acquire() async -> Bool {
        if running < StudioLimits.concurrentCommands {
            running += 1
            return true
        }
        guard waiting.count < StudioLimits.waitingCommands else { return false }
        // The slot is handed over by `release()`, still counted as running.
        await withCheckedContinuation { waiting.append($0) }
        return true
    }

    /// Frees a slot, or hands it to the longest-waiting request.
    func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
