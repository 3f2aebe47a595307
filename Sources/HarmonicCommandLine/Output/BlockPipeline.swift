import Dispatch
import Harmonic
import HarmonicSpec
import Synchronization

import HarmonicPlatform

/// What one thread of a ``BlockPipeline`` works in: samples and text of its own.
final class ExportLane: @unchecked Sendable {
    // `@unchecked Sendable`: a lane belongs to one thread at a time — its own while it formats
    // a block, then the delivering thread's during its turn, handed over by a semaphore.
    var samples: SampleBlock
    let text: TextBuffer

    init(samples: SampleBlock, textCapacity: Int) {
        self.samples = samples
        text = TextBuffer(capacity: textCapacity)
    }
}

/// Formats an export block by block on every core and delivers the blocks in order.
///
/// With n lanes, lane j takes blocks j, j + n, j + 2n, …: it samples and formats its block
/// on its own thread, then waits for its turn — the delivery of the block before — delivers
/// its text and passes the turn on. Sampling and formatting run in parallel with no waiting
/// between blocks; only the hand-over to the sink (a copy into its buffer) is sequential,
/// and the output is byte for byte what one thread would write.
///
/// The lanes other than the caller's run on serial dispatch queues of their own, which
/// Dispatch backs with a thread even when its pool is busy, so a lane never waits for a turn
/// that no thread will take.
enum BlockPipeline {
    /// One lane per core, at most eight.
    static var laneCount: Int {
        // Int: from the C long sysconf returns, and a C constant.
        Swift.max(1, Swift.min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }

    /// Runs `format` for every block in `0 ..< blocks` and `deliver` for each in block order,
    /// one at a time. After the first delivery that throws, blocks are neither formatted nor
    /// delivered any more, and the error is rethrown.
    ///
    /// - Parameters:
    ///   - format: Fills the lane's text (emptied first) with block `b`; runs on any thread.
    ///   - deliver: Takes block `b`'s text; runs on any thread, never two at once.
    static func run(
        blocks: Int, lanes: [ExportLane],
        format: @escaping @Sendable (_ block: Int, _ lane: ExportLane) -> Void,
        deliver: @escaping (_ block: Int, _ lane: ExportLane) throws(HarmonicError) -> Void
    ) throws(HarmonicError) {
        let n = Swift.min(lanes.count, blocks)
        guard n > 1 else {
            for b in 0..<blocks {
                lanes[0].text.removeAll()
                format(b, lanes[0])
                try deliver(b, lanes[0])
            }
            return
        }
        let state = State(lanes: n, deliver: deliver)
        let group = DispatchGroup()
        for j in 1..<n {
            DispatchQueue(label: "harmonic.export.\(j)").async(group: group) {
                state.runLane(j, blocks: blocks, lane: lanes[j], format: format)
            }
        }
        state.runLane(0, blocks: blocks, lane: lanes[0], format: format)
        group.wait()
        if let error = state.failure.withLock({ $0 }) { throw error }
    }

    /// The turns and the first failure, shared by the lanes.
    private final class State: @unchecked Sendable {
        // `@unchecked Sendable`: `deliver` is only called by the lane holding the turn.
        let turns: [DispatchSemaphore]
        let failure = Mutex<HarmonicError?>(nil)
        let deliver: (Int, ExportLane) throws(HarmonicError) -> Void

        init(lanes: Int, deliver: @escaping (Int, ExportLane) throws(HarmonicError) -> Void) {
            // Every count starts at zero and lane 0 is given the first turn by a signal: a
            // semaphore may be destroyed only at or above its initial count, and the last turn
            // is left with whichever lane comes after the last block.
            turns = (0..<lanes).map { _ in DispatchSemaphore(value: 0) }
            turns[0].signal()
            self.deliver = deliver
        }

        func runLane(
            _ j: Int, blocks: Int, lane: ExportLane, format: @Sendable (Int, ExportLane) -> Void
        ) {
            let n = turns.count
            // Int: a stride over block indices (counts).
            for b in stride(from: j, to: blocks, by: n) {
                // After a failure nothing more is formatted, but the turns still go round so
                // that every lane finishes.
                let failed = failure.withLock { $0 != nil }
                if !failed {
                    lane.text.removeAll()
                    format(b, lane)
                }
                turns[j].wait()
                if !failed, failure.withLock({ $0 == nil }) {
                    do throws(HarmonicError) { try deliver(b, lane) } catch {
                        failure.withLock { $0 = error }
                    }
                }
                turns[(j + 1) % n].signal()
            }
        }
    }
}
