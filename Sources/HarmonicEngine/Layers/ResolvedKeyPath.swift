import Harmonic

/// A key path resolved against one layer: which property slot, which part of it.
struct ResolvedKeyPath: Hashable, Sendable {
    /// The property's index in the layer's slot table.
    var slot: Int
    /// The part of the property.
    var target: KeyPathTarget
    /// How many numbers a value of the key path has.
    var dimension: Int
    /// Whether values are whole transforms (interpolated by decomposition).
    var isWholeTransform: Bool
    /// The structure of a path property's values (interpolated as ``/Harmonic/PathCoordinates``),
    /// or `nil`.
    var pathStructure: String? = nil

    /// Where the key path's numbers start within its property (0 unless it addresses a run
    /// of components).
    var componentStart: Int {
        if case let .components(r) = target { return r.lowerBound }
        return 0
    }

    /// Reads a key path's value from a layer buffer.
    func read(slots: [PropertySlot], from buffer: [Double]) -> [Double] {
        let slot = slots[self.slot]
        switch target {
        case .whole:
            return Array(buffer[slot.offset..<(slot.offset + slot.dimension)])
        case let .components(r):
            return Array(buffer[(slot.offset + r.lowerBound)..<(slot.offset + r.upperBound)])
        case let .transform(piece):
            let m = Transform3D(unchecked: Array(buffer[slot.offset..<(slot.offset + 16)]))
            let c = m.pieceComponents
            var out = [Double](repeating: 0, count: piece.dimension)
            out.withUnsafeMutableBufferPointer { o in
                if let base = o.baseAddress { piece.read(c, into: base) }
            }
            return out
        }
    }

    /// Writes a key path's value into a property's full value.
    func write(_ value: [Double], shape: PropertyShape, into full: inout [Double]) {
        switch target {
        case .whole:
            full = value
        case let .components(r):
            for (i, v) in value.enumerated() { full[r.lowerBound + i] = v }
        case let .transform(piece):
            let m = Transform3D(unchecked: full)
            var c = m.pieceComponents
            value.withUnsafeBufferPointer { v in
                if let base = v.baseAddress { piece.write(base, into: &c) }
            }
            full = c.transform.components
        }
    }
}
