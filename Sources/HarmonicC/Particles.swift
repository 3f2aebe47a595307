import CHarmonic
import Harmonic
import HarmonicJSON
import HarmonicEngine
import HarmonicSpec

// Emitter layers' particles into a caller's buffer: harmonic_particle rows (see harmonic.h).

@_cdecl("harmonic_engine_particles")
public func harmonicEngineParticles(
    _ engine: OpaquePointer?, _ layer: Int64, _ time: Double, _ particles: UnsafeMutablePointer<harmonic_particle>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        guard let count else { throw .null("count") }
        try requireSize(capacity, "capacity")
        try library { () throws(HarmonicError) in
            try h.engine.particles(of: LayerID(Int(clamping: layer)), at: time, into: &h.particles)
        }
        let table = h.particles
        count.pointee = table.count
        try requireCapacity(capacity, table.count, "capacity")
        guard table.count > 0 else { return }
        guard let particles else { throw .null("particles") }
        copy(table, into: particles)
    }
}

/// The rows of `table` as `harmonic_particle` structs (the columns read through their buffers:
/// column c of row r is at c·stride + r).
private func copy(_ table: ParticleTable, into particles: UnsafeMutablePointer<harmonic_particle>) {
    let stride = table.stride
    table.values.withUnsafeBufferPointer { v in
        table.id.withUnsafeBufferPointer { id in
            table.parent.withUnsafeBufferPointer { parent in
                table.index.withUnsafeBufferPointer { index in
                    table.cell.withUnsafeBufferPointer { cell in
                        for row in 0..<table.count {
                            func at(_ c: ParticleTable.Column) -> Double { v[c.rawValue * stride + row] }
                            particles[row] = harmonic_particle(
                                id: id[row], parent: parent[row], index: index[row], cell: cell[row], reserved: 0,
                                birth_time: at(.birthTime), age: at(.age), lifetime: at(.lifetime),
                                position: (at(.x), at(.y), at(.z)), velocity: (at(.vx), at(.vy), at(.vz)),
                                scale: at(.scale), rotation: at(.rotation),
                                color: (at(.red), at(.green), at(.blue), at(.alpha)))
                        }
                    }
                }
            }
        }
    }
}

@_cdecl("harmonic_engine_particle_cells")
public func harmonicEngineParticleCells(
    _ engine: OpaquePointer?, _ layer: Int64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> harmonic_status {
    withStatus { () throws(ABIFailure) in
        let h = try EngineHandle.handle(engine)
        let paths = try library { () throws(HarmonicError) in
            let id = LayerID(Int(clamping: layer))
            return try ParticleSystem(ParticleEmitter(cells: h.engine.emitterCells(of: id))).cellPaths
        }
        try deliver(
            text: "[" + paths.map(JSONText.quoted).joined(separator: ", ") + "]", what: "the JSON text", into: buffer,
            capacity, length)
    }
}
