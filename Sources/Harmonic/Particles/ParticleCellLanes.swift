import HarmonicPlatform

/// A cell's values for the four particles of a lane group of the particle kernel: the same in
/// every lane for a cell whose values do not move, each particle's values at its birth for an
/// animated cell (``EmitterTimeline/cellValues``).
struct ParticleCellLanes {
    typealias Lanes = SIMD4<Double>

    /// One colour component: `value ± range + speed·τ`.
    struct Channel {
        var value: Lanes, range: Lanes, speed: Lanes
    }

    var lifetime: Lanes, lifetimeRange: Lanes
    var velocity: Lanes, velocityRange: Lanes
    var ax: Lanes, ay: Lanes, az: Lanes
    var scale: Lanes, scaleRange: Lanes, scaleSpeed: Lanes
    var spin: Lanes, spinRange: Lanes
    var red: Channel, green: Channel, blue: Channel, alpha: Channel
    /// The emission cone: its axis, the two vectors completing its frame
    /// (``EmissionCone``), and `2·sin²(range/2)` (`1 − cos range`).
    var axis: (x: Lanes, y: Lanes, z: Lanes)
    var first: (x: Lanes, y: Lanes, z: Lanes)
    var second: (x: Lanes, y: Lanes, z: Lanes)
    var coneScale: Lanes
    /// Whether any lane's cone is wider than its axis.
    var hasCone: Bool

    /// The same cell in every lane.
    init(_ cell: EmitterCell, cone: EmissionCone) {
        self.init(cell, cell, cell, cell, cones: (cone, cone, cone, cone))
    }

    /// The four lanes' cells, with their cones.
    init(
        _ c0: EmitterCell, _ c1: EmitterCell, _ c2: EmitterCell, _ c3: EmitterCell,
        cones: (EmissionCone, EmissionCone, EmissionCone, EmissionCone)
    ) {
        func lanes(_ value: (EmitterCell) -> Double) -> Lanes { Lanes(value(c0), value(c1), value(c2), value(c3)) }
        func channel(_ k: Int) -> Channel {
            Channel(value: lanes { $0.color[k] }, range: lanes { $0.colorRange[k] }, speed: lanes { $0.colorSpeed[k] })
        }
        func vector(_ v: (EmissionCone) -> SIMD3<Double>) -> (x: Lanes, y: Lanes, z: Lanes) {
            let v0 = v(cones.0), v1 = v(cones.1), v2 = v(cones.2), v3 = v(cones.3)
            return (Lanes(v0.x, v1.x, v2.x, v3.x), Lanes(v0.y, v1.y, v2.y, v3.y), Lanes(v0.z, v1.z, v2.z, v3.z))
        }
        lifetime = lanes(\.lifetime)
        lifetimeRange = lanes(\.lifetimeRange)
        velocity = lanes(\.velocity)
        velocityRange = lanes(\.velocityRange)
        ax = lanes(\.acceleration.x)
        ay = lanes(\.acceleration.y)
        az = lanes(\.acceleration.z)
        scale = lanes(\.scale)
        scaleRange = lanes(\.scaleRange)
        scaleSpeed = lanes(\.scaleSpeed)
        spin = lanes(\.spin)
        spinRange = lanes(\.spinRange)
        red = channel(0)
        green = channel(1)
        blue = channel(2)
        alpha = channel(3)
        axis = vector(\.axis)
        first = vector(\.first)
        second = vector(\.second)
        let ranges = Lanes(cones.0.range, cones.1.range, cones.2.range, cones.3.range)
        let half = Lanes(sin(ranges[0] / 2), sin(ranges[1] / 2), sin(ranges[2] / 2), sin(ranges[3] / 2))
        coneScale = 2 * half * half
        hasCone = (ranges .> 0) != SIMDMask(repeating: false)
    }

    /// The lanes of an animated cell: each particle's cell at its birth time `born[k]` (a lane
    /// past the candidates repeats a valid one).
    init(_ compiled: ParticleSystem.CompiledCell, born: Lanes, _ timeline: EmitterTimeline) {
        let c0 = compiled.cell(at: born[0], timeline), c1 = compiled.cell(at: born[1], timeline)
        let c2 = compiled.cell(at: born[2], timeline), c3 = compiled.cell(at: born[3], timeline)
        func cone(_ c: EmitterCell) -> EmissionCone {
            // The timeline checked every value finite, so the cone always exists.
            (try? EmissionCone(longitude: c.emissionLongitude, latitude: c.emissionLatitude, range: c.emissionRange))
                ?? compiled.cone
        }
        self.init(c0, c1, c2, c3, cones: (cone(c0), cone(c1), cone(c2), cone(c3)))
    }
}
