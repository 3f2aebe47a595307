import Harmonic
import HarmonicEngine

/// `harmonic scene --particles FILE`: every emitter layer's live particles at every sample time,
/// one CSV row each, written atomically.
///
/// Columns: `time`, `layer`, `cell` (the cell's path, `parent/child` for a sub-cell), `id` (the
/// particle's 64-bit identifier, the same at every time), `index` (its birth index),
/// `parent` (its parent particle's id, 0 for none), `birthTime`, `age`, `lifetime` (seconds;
/// birth times in the emitter's clock), `x`, `y`, `z`, `vx`, `vy`, `vz` (the layer's
/// coordinates), `scale`, `rotation` (radians), `red`, `green`, `blue`, `alpha`.
final class ParticleLog {
    static let header =
        "time,layer,cell,id,index,parent,birthTime,age,lifetime,x,y,z,vx,vy,vz,scale,rotation,red,green,blue,alpha\n"

    /// The most rows one run writes (about 150 bytes each).
    static let maximumRows = 5_000_000

    let file: AtomicFile
    let emitters: [(name: String, layer: LayerID)]
    private let buffer: TextBuffer
    private var rows = 0

    init(path: String, emitters: [(name: String, layer: LayerID)]) throws(HarmonicError) {
        file = try AtomicFile(path: path, option: "--particles")
        self.emitters = emitters
        let longestName = emitters.map { SceneWriter.cell($0.name).utf8.count }.max() ?? 0
        buffer = TextBuffer(capacity: (1 << 16) + 22 * (NumberText.maximumLength + 1) + longestName + 4096)
        do throws(HarmonicError) { try file.write(Self.header) } catch {
            file.discard()
            throw error
        }
    }

    /// Appends the particles of every emitter at the engine's current time `t`.
    func record(time t: Double, engine: AnimationEngine) throws(HarmonicError) {
        for emitter in emitters {
            let table = try engine.particles(of: emitter.layer)
            rows += table.count
            guard rows <= Self.maximumRows else {
                throw .invalidParameter(
                    name: "--particles", value: "more than \(Self.maximumRows) particle rows",
                    allowed: "at most \(Self.maximumRows): lower --count or --fps, or the birth rates")
            }
            let layer = SceneWriter.cell(emitter.name)
            let paths = table.cellPaths.map(SceneWriter.cell)
            for row in 0..<table.count {
                buffer.append(number: t)
                buffer.append(byte: UInt8(ascii: ","))
                buffer.append(text: layer)
                buffer.append(byte: UInt8(ascii: ","))
                // Int: cell indices are flat cell indices of this emitter.
                buffer.append(text: paths[Int(table.cell[row])])
                for whole in [table.id[row], table.index[row], table.parent[row]] {
                    buffer.append(byte: UInt8(ascii: ","))
                    buffer.append(text: String(whole))
                }
                for column in ParticleTable.Column.allCases {
                    buffer.append(byte: UInt8(ascii: ","))
                    buffer.append(number: table[column, row: row])
                }
                buffer.append(byte: UInt8(ascii: "\n"))
                if buffer.count >= 1 << 16 { try flush() }
            }
        }
    }

    private func flush() throws(HarmonicError) {
        do throws(SystemFailure) {
            try FileDescriptor.writeAll(UnsafeRawBufferPointer(buffer.bytes), to: file.descriptor)
        } catch {
            throw file.failure(error.reason)
        }
        buffer.removeAll()
    }

    /// Writes what is buffered and moves the file into place.
    func commit() throws(HarmonicError) {
        try flush()
        try file.commit()
    }

    func discard() { file.discard() }
}
