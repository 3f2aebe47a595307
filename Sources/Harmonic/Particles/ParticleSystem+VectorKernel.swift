internal import CHarmonicKernels

/// The AVX2 particle kernel (`Sources/CHarmonicKernels/ParticleLanesAVX2.c`): the Swift lanes'
/// arithmetic for a cell's most common case, eight 64-bit multiplications per hash in 256-bit
/// registers instead of Swift's 128-bit ones, with the same rows bit for bit.
extension ParticleSystem {
    /// Whether this processor runs the AVX2 kernel (checked once).
    static let hasVectorKernel = harmonic_kernels_have_avx2_fma()

    /// The AVX2 kernel's description of a cell's candidates, when it can evaluate them: a
    /// top-level cell of constant rate whose values do not move, without drag or sub-cells, on an
    /// emitter whose values do not move, born at a point or uniformly along a line, in a
    /// rectangle or in a box. Nil otherwise (the Swift lanes evaluate them). `lanes` holds the
    /// cell's values, the same in every lane.
    func vectorKernelInput(
        cell c: Int, _ births: BirthList, at t: Double, parameters: EmitterParameters?, lanes: ParticleCellLanes
    ) -> harmonic_particle_lanes? {
        let compiled = cells[c]
        let cell = compiled.cell
        guard Self.hasVectorKernel, let range = births.range, let rate = range.schedule.constantRate,
            let layer = parameters, compiled.track == nil, compiled.children.isEmpty, cell.drag == 0
        else { return nil }
        // Which axes the birth place spans (``EmitterShape/point(mode:centre:size:_:_:_:)``).
        let spans: (Int32, Int32, Int32)
        switch (emitter.shape, emitter.mode) {
        case (.point, _): spans = (0, 0, 0)
        case (.line, .outline), (.line, .surface), (.line, .volume): spans = (1, 0, 0)
        case (.rectangle, .surface), (.rectangle, .volume): spans = (1, 1, 0)
        case (.cuboid, .volume): spans = (1, 1, 1)
        default: return nil
        }
        let half = 0.5 * layer.size
        // Int: the flat cell index is below the number of cells; a UInt32 seed widens exactly.
        let cellNumber = Int32(c), seed = UInt64(emitter.seed)
        let l = lanes
        return harmonic_particle_lanes(
            low: range.low, begin: range.schedule.begin, end: range.schedule.end, rate: rate, time: t,
            count: range.count, keyBase: ParticleRandom.keyBase(seed: seed, stream: range.stream),
            lifetimeScale: layer.lifetime, velocityScale: layer.velocity, scaleScale: layer.scale,
            spinScale: layer.spin, centre: (layer.position.x, layer.position.y, layer.position.z),
            half: (half.x, half.y, half.z), hasShape: emitter.shape == .point ? 0 : 1, spans: spans,
            lifetime: l.lifetime[0], lifetimeRange: l.lifetimeRange[0], velocity: l.velocity[0],
            velocityRange: l.velocityRange[0], acceleration: (l.ax[0], l.ay[0], l.az[0]), scale: l.scale[0],
            scaleRange: l.scaleRange[0], scaleSpeed: l.scaleSpeed[0], spin: l.spin[0], spinRange: l.spinRange[0],
            color: (l.red.value[0], l.green.value[0], l.blue.value[0], l.alpha.value[0]),
            colorRange: (l.red.range[0], l.green.range[0], l.blue.range[0], l.alpha.range[0]),
            colorSpeed: (l.red.speed[0], l.green.speed[0], l.blue.speed[0], l.alpha.speed[0]),
            axis: (l.axis.x[0], l.axis.y[0], l.axis.z[0]), first: (l.first.x[0], l.first.y[0], l.first.z[0]),
            second: (l.second.x[0], l.second.y[0], l.second.z[0]), coneScale: l.coneScale[0],
            hasCone: l.hasCone ? 1 : 0,
            cell: cellNumber)
    }
}
