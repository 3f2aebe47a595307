import CHarmonic
import Harmonic
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
        let table = try library { () throws(HarmonicError) in
            try h.engine.particles(of: LayerID(Int(clamping: layer)), at: time)
        }
        count.pointee = table.count
        try requireCapacity(capacity, table.count, "capacity")
        guard table.count > 0 else { return }
        guard let particles else { throw .null("particles") }
        // The columns read through one buffer: column c of row r is at c·stride + r.
        let n = table.count, stride = table.stride
        table.values.withUnsafeBufferPointer { v in
            for row in 0..<n {
                func at(_ c: ParticleTable.Column) -> Int { c.rawValue * stride + row }
                var p = harmonic_particle()
                p.id = table.id[row]
                p.parent = table.parent[row]
                p.index = table.index[row]
                p.cell = table.cell[row]
                p.birth_time = v[at(.birthTime)]
                p.age = v[at(.age)]
                p.lifetime = v[at(.lifetime)]
                p.position = (v[at(.x)], v[at(.y)], v[at(.z)])
                p.velocity = (v[at(.vx)], v[at(.vy)], v[at(.vz)])
                p.scale = v[at(.scale)]
                p.rotation = v[at(.rotation)]
                p.color = (v[at(.red)], v[at(.green)], v[at(.blue)], v[at(.alpha)])
                particles[row] = p
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
