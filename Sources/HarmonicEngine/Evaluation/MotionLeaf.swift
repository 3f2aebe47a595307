import Harmonic

/// A compiled ``MotionAnimation``: its motion and the value it started from (for additive).
struct MotionLeaf: Sendable {
    var motion: any ValueMotion
    var start: [Double]
    /// On a path: where its element codes lie. A value whose codes differ from the start's is
    /// another structure, which the property cannot hold: it is not shown (the value underneath
    /// stays).
    var codes: [Int] = []

    /// Writes the value at motion time `tau` (and velocity, `dτ/dt = rate`) into the pass.
    func apply(at tau: Double, rate: Double, target: LeafTarget, pass: inout LayerPass) {
        let d = start.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * d) { buffer in
            let value = UnsafeMutableBufferPointer(rebasing: buffer[0..<d])
            let velocity = UnsafeMutableBufferPointer(rebasing: buffer[d..<(2 * d)])
            motion.evaluate(at: Swift.max(0, tau), value: value, velocity: pass.velocities == nil ? nil : velocity)
            for i in codes where value[i] != start[i] { return }
            let out = pass.values + target.offset
            let outRate = pass.velocities.map { $0 + target.offset }
            for c in 0..<d {
                if target.isAdditive {
                    out[c] += value[c] - start[c]
                    outRate?[c] += velocity[c] * rate
                } else {
                    out[c] = value[c]
                    outRate?[c] = velocity[c] * rate
                }
            }
        }
    }
}
