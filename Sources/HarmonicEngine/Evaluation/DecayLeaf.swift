import Harmonic

/// The releases of a compiled ``DecayAnimation``, one per component of the key path.
struct DecayLeaf: Sendable {
    var motions: [DecayMotion]

    /// Writes the values at decay time `tau` (and velocities, `dτ/dt = rate`) into the pass:
    /// replacing the value underneath, or adding the offset from the release value to it.
    func apply(at tau: Double, rate: Double, target: LeafTarget, pass: inout LayerPass) {
        let out = pass.values + target.offset
        let outRate = pass.velocities.map { $0 + target.offset }
        for (c, motion) in motions.enumerated() {
            let state = motion.state(at: tau)
            let velocity = state.velocity * rate
            if target.isAdditive {
                out[c] += state.value - motion.from
                outRate?[c] += velocity
            } else {
                out[c] = state.value
                outRate?[c] = velocity
            }
        }
    }
}
