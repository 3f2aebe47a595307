import Harmonic

/// The state of one evaluation of a layer's animation stack: the buffer being accumulated
/// (which starts as a copy of the model values), an optional velocity buffer, and the
/// decomposed form of each transform property that a piece animation has touched.
///
/// Transform pieces (`transform.rotation.z`) need the decomposition of the transform
/// underneath them; the pass keeps it and recomposes the matrix only when a whole-matrix
/// reader (another animation on `transform`, or the end of the pass) needs it.
struct LayerPass {
    let values: UnsafeMutablePointer<Double>
    /// Velocities in value units per second, or `nil` for a values-only pass.
    let velocities: UnsafeMutablePointer<Double>?
    /// Per touched transform slot.
    var transforms: [TransformAccumulator] = []

    init(values: UnsafeMutablePointer<Double>, velocities: UnsafeMutablePointer<Double>?) {
        self.values = values
        self.velocities = velocities
    }

    /// The accumulator of the transform at `offset`, created from `slot` on first use.
    mutating func accumulatorIndex(for slot: PropertySlot, slotIndex: Int) -> Int {
        for (i, t) in transforms.enumerated() where t.slot == slotIndex { return i }
        transforms.append(TransformAccumulator(slot: slotIndex, offset: slot.offset, model: slot.modelComponents))
        return transforms.count - 1
    }

    /// Call after a piece of transform `a` was written: its matrix is recomposed later, and
    /// the matrix velocity in the pass is no longer known (0; the pieces carry their rates).
    mutating func piecesChanged(_ a: Int) {
        transforms[a].componentsChanged()
        if let v = velocities {
            for i in 0..<16 { v[transforms[a].offset + i] = 0 }
        }
    }

    /// Writes back every transform whose pieces changed after its matrix was last written.
    mutating func finish() {
        for i in transforms.indices { transforms[i].writeMatrix(into: values) }
    }
}
