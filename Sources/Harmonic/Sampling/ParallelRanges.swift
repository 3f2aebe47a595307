import Dispatch

/// Splits `0 ..< count` into contiguous parts, one per thread, and runs a body on each.
///
/// Batch samplers write disjoint parts of the caller's buffers, so the parts need no
/// synchronisation; `DispatchQueue.concurrentPerform` returns when every part is done.
@usableFromInline
enum ParallelRanges {
    /// Runs `body` over `0 ..< count` on up to `threads` threads, giving each at least
    /// `minimumPerThread` items; with one thread (or a small count) it runs inline.
    @usableFromInline
    static func run(count: Int, threads: Int, minimumPerThread: Int, _ body: (Range<Int>) -> Void) {
        let parts = max(1, min(threads, count / max(minimumPerThread, 1)))
        if parts == 1 {
            body(0..<count)
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let lower = count * part / parts
                let upper = count * (part + 1) / parts
                shared.value(lower..<upper)
            }
        }
    }
}

/// Carries a non-`Sendable` closure into `concurrentPerform`; the closures passed here only
/// write disjoint index ranges of caller-owned buffers.
@usableFromInline
struct UncheckedBox<T>: @unchecked Sendable {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}
