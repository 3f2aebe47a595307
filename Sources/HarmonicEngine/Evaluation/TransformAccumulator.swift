import Harmonic

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

    /// The velocities of the pieces, as components.
    private var rates: TransformComponents {
        TransformComponents(
            translation: translationRate, scale: scaleRate, skew: .zero, perspective: .zero, rotation: rotationRate)
    }

    /// The velocity of a piece (lane 0, and lane 1 for `translation`).
    func rate(of piece: TransformComponent) -> SIMD2<Double> { piece.value(in: rates) }

    /// The velocity of a piece into `out[0]` (and `out[1]` for `translation`).
    func rate(of piece: TransformComponent, into out: UnsafeMutablePointer<Double>) {
        piece.read(rates, into: out)
    }

    /// Sets the velocity of a piece.
    mutating func setRate(of piece: TransformComponent, _ v: SIMD2<Double>) {
        var c = rates
        piece.set(v, in: &c)
        translationRate = c.translation
        scaleRate = c.scale
        rotationRate = c.rotation
    }
}
