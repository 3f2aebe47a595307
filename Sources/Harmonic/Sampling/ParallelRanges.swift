import Dispatch
import Foundation

/// Splits `0 ..< count` into contiguous chunks and runs a body on each, on up to a given
/// number of threads.
///
/// Batch samplers write disjoint parts of the caller's buffers, so the parts need no
/// synchronisation; `DispatchQueue.concurrentPerform` returns when every part is done.
///
/// Each thread takes chunks in turn (about eight per thread) instead of one fixed half: on a
/// shared machine the second core is often busy, and a worker woken there may wait several
/// milliseconds for a time slice. With one fixed half per thread the call then lasts until that
/// half is done — longer than the one-thread run; with chunks taken in turn, the thread that
/// runs takes the chunks the waiting one has not started.
@usableFromInline
enum ParallelRanges {
    /// Chunks per thread: enough to rebalance, few enough that per-chunk setup (an anchor, a
    /// partial SIMD block) stays negligible.
    static let chunksPerThread = 8

    /// Runs `body` over `0 ..< count` on up to `threads` threads, giving each at least
    /// `minimumPerThread` items; with one thread (or a small count) it runs inline. Chunks hold
    /// at least `minimumPerThread / 4` items.
    @usableFromInline
    static func run(count: Int, threads: Int, minimumPerThread: Int, _ body: (Range<Int>) -> Void) {
        let minimum = max(minimumPerThread, 1)
        let parts = max(1, min(threads, count / minimum))
        if parts == 1 {
            body(0..<count)
            return
        }
        let chunks = max(parts, min(parts * chunksPerThread, count / max(minimum / 4, 1)))
        let next = ChunkCounter()
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: parts) { _ in
                while let chunk = next.take(below: chunks) {
                    shared.value((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
                }
            }
        }
    }
}

/// Hands out chunk numbers `0, 1, 2, …` to the threads of one ``ParallelRanges/run``, each once.
final class ChunkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    /// The next chunk number below `limit`, or nil when all are taken.
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}

/// Carries a non-`Sendable` closure into `concurrentPerform`; the closures passed here only
/// write disjoint index ranges of caller-owned buffers.
@usableFromInline
struct UncheckedBox<T>: @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}
