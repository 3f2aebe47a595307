import Harmonic
import HarmonicEngine
import Synchronization

/// One node of a spring network as a ``/HarmonicEngine/ValueMotion``: what a scene's
/// `springNetwork` animation plays on each of its layers.
///
/// The nodes of one network share a ``SpringNetworkFrames``, which solves every node at once
/// (one matrix product) for the latest time asked and keeps that answer, so a frame that
/// draws `N` layers of one network solves it once, not `N` times.
package struct SpringNetworkNodeMotion: ValueMotion {
    package let frames: SpringNetworkFrames
    package let node: Int

    package var dimension: Int { frames.object.network.dimensions }

    package var duration: Double {
        let settle = frames.object.settlingTime(epsilon: frames.epsilon)
        return settle.isFinite ? settle : .infinity
    }

    package func evaluate(
        at time: Double, value: UnsafeMutableBufferPointer<Double>, velocity: UnsafeMutableBufferPointer<Double>?
    ) {
        let state = frames.state(at: time)
        let d = dimension
        for c in 0..<d {
            value[c] = state.positions[node * d + c]
            velocity?[c] = state.velocities[node * d + c]
        }
    }
}

/// Every node's state at the latest time asked, shared by the animations of one network.
package final class SpringNetworkFrames: Sendable {
    package let object: SpringNetworkObject
    /// The tolerance (the nodes' units) of the animations' default duration.
    package let epsilon: Double
    private let latest = Mutex<(time: Double, positions: [Double], velocities: [Double])?>(nil)

    package init(_ object: SpringNetworkObject, epsilon: Double = 0.001) {
        self.object = object
        self.epsilon = epsilon
    }

    /// All nodes' positions and velocities at `time` (`N × D` each).
    package func state(at time: Double) -> (positions: [Double], velocities: [Double]) {
        if let hit = latest.withLock({ $0 }), hit.time == time { return (hit.positions, hit.velocities) }
        let (x, v) = object.sample(at: [time])
        latest.withLock { $0 = (time, x, v) }
        return (x, v)
    }
}
