import Harmonic
import Testing
@testable import HarmonicEngine

/// Transition snapshots on their own: taken at add, waiting by layer and key until the commit,
/// kept by serial while their transition is attached.
@Suite struct TransitionSnapshotsTests {
    static func snapshot(_ width: Double) -> TransitionSnapshot {
        TransitionSnapshot(values: [0: [width]], sublayers: [0: []], size: SIMD2(width, 10))
    }

    @Test func aWaitingSnapshotIsTakenOnceAndALaterAddReplacesIt() {
        var snapshots = TransitionSnapshots()
        snapshots.wait(Self.snapshot(1), layer: 0, key: "transition")
        snapshots.wait(Self.snapshot(2), layer: 0, key: "transition")
        snapshots.wait(Self.snapshot(3), layer: 1, key: "transition")
        #expect(snapshots.takeWaiting(layer: 0, key: "transition")?.size.x == 2)
        #expect(snapshots.takeWaiting(layer: 0, key: "transition") == nil)
        snapshots.discardWaiting()
        #expect(snapshots.takeWaiting(layer: 1, key: "transition") == nil)
        #expect(snapshots.isEmpty)
    }

    @Test func keptSnapshotsLastWhileTheirTransitionIsAttached() {
        var snapshots = TransitionSnapshots()
        snapshots.keep(Self.snapshot(1), serial: 7, stillAttached: [])
        snapshots.keep(Self.snapshot(2), serial: 8, stillAttached: [7])
        #expect(snapshots[serial: 7]?.size.x == 1)
        #expect(snapshots[serial: 8]?.size.x == 2)
        // Serial 7's transition ended: its snapshot goes with the next keep.
        snapshots.keep(Self.snapshot(3), serial: 9, stillAttached: [8])
        #expect(snapshots[serial: 7] == nil)
        #expect(snapshots[serial: 8]?.size.x == 2)
        #expect(snapshots[serial: 9]?.size.x == 3)
    }
}
