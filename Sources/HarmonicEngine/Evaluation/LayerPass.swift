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

/// A transform property during a pass: its matrix lives in the pass buffer; its components
/// are kept alongside when a piece animation needs them.
struct TransformAccumulator {
    let slot: Int
    let offset: Int
    var components: TransformComponents
    /// `components` describe the current value.
    var componentsValid: Bool
    /// The buffer holds the current value.
    var matrixValid: Bool = true
    /// Velocities of the pieces (units per second), tracked through piece animations.
    var translationRate = SIMD3<Double>.zero
    var scaleRate = SIMD3<Double>.zero
    var rotationRate = SIMD3<Double>.zero

    init(slot: Int, offset: Int, model: TransformComponents?) {
        self.slot = slot
        self.offset = offset
        components = model ?? .identity
        componentsValid = model != nil
    }

    /// Makes `components` current, decomposing the buffer if needed
    /// (``/Harmonic/Transform3D/pieceComponents``: a matrix that cannot be decomposed is
    /// treated as its translation alone).
    mutating func loadComponents(from values: UnsafeMutablePointer<Double>) {
        guard !componentsValid else { return }
        components = matrix(in: values).pieceComponents
        componentsValid = true
    }

    /// Makes the buffer current, recomposing from the components if they changed.
    mutating func writeMatrix(into values: UnsafeMutablePointer<Double>) {
        guard !matrixValid else { return }
        let m = components.transform
        for i in 0..<16 { values[offset + i] = m.storage[i] }
        matrixValid = true
    }

    /// The matrix currently in the buffer.
    func matrix(in values: UnsafeMutablePointer<Double>) -> Transform3D {
        var s = SIMD16<Double>()
        for i in 0..<16 { s[i] = values[offset + i] }
        return Transform3D(storage: s)
    }

    /// Call after a piece was written: the buffer is stale until ``writeMatrix(into:)``.
    mutating func componentsChanged() {
        componentsValid = true
        matrixValid = false
    }

    /// Call after the whole matrix was written: components are stale and piece velocities are
    /// no longer tracked (set to 0).
    mutating func matrixChanged() {
        componentsValid = false
        matrixValid = true
        translationRate = .zero
        scaleRate = .zero
        rotationRate = .zero
    }

    /// The velocity of a piece (`out[0]`, and `out[1]` for `translation`).
    func rate(of piece: TransformComponent, into out: UnsafeMutablePointer<Double>) {
        let c = TransformComponents(
            translation: translationRate, scale: scaleRate, skew: .zero, perspective: .zero, rotation: rotationRate)
        if piece == .scale {
            out[0] = scaleRate.sum() / 3
        } else {
            piece.read(c, into: out)
        }
    }

    /// Sets the velocity of a piece.
    mutating func setRate(of piece: TransformComponent, _ v: UnsafePointer<Double>) {
        var c = TransformComponents(
            translation: translationRate, scale: scaleRate, skew: .zero, perspective: .zero, rotation: rotationRate)
        piece.write(v, into: &c)
        translationRate = c.translation
        scaleRate = c.scale
        rotationRate = c.rotation
    }
}
