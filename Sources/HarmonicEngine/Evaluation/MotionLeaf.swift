import Harmonic

/// A compiled ``MotionAnimation``: its motion and the value it started from (for additive).
///
/// Plain numbers and paths are written here (``apply(at:rate:target:pass:)``); a transform
/// piece or a whole transform goes through the layer's transform accumulator
/// (``LeafProgram/applyMotionPiece(_:_:at:rate:pass:slots:)``).
struct MotionLeaf: Sendable {
    var motion: any ValueMotion
    var start: [Double]
    /// On a path: where its element codes lie. A value whose codes differ from the start's is
    /// another structure, which the property cannot hold: it is not shown (the value underneath
    /// stays).
    var codes: [Int] = []

    /// The motion's value at motion time `tau` (clamped to 0 and later) into `value`, and its
    /// velocity per second of layer time (the motion's, times `dτ/dt = rate`) into `velocity`
    /// when given; both hold ``start``'s count.
    func sample(
        at tau: Double, rate: Double, value: UnsafeMutableBufferPointer<Double>,
        velocity: UnsafeMutableBufferPointer<Double>?
    ) {
        if let velocity { velocity.update(repeating: 0) }
        motion.evaluate(at: Swift.max(0, tau), value: value, velocity: velocity)
        if let velocity { for c in velocity.indices { velocity[c] *= rate } }
    }

    /// Writes the value at motion time `tau` (and velocity, `dτ/dt = rate`) into the pass.
    func apply(at tau: Double, rate: Double, target: LeafTarget, pass: inout LayerPass) {
        let d = start.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * d) { buffer in
            let value = UnsafeMutableBufferPointer(rebasing: buffer[0..<d])
            let velocity = UnsafeMutableBufferPointer(rebasing: buffer[d..<(2 * d)])
            sample(at: tau, rate: rate, value: value, velocity: pass.velocities == nil ? nil : velocity)
            for i in codes where value[i] != start[i] { return }
            let out = pass.values + target.offset
            let outRate = pass.velocities.map { $0 + target.offset }
            for c in 0..<d {
                if target.isAdditive {
                    out[c] += value[c] - start[c]
                    outRate?[c] += velocity[c]
                } else {
                    out[c] = value[c]
                    outRate?[c] = velocity[c]
                }
            }
        }
    }
}
