/// A ``VectorArithmetic`` value whose scalar components can be listed.
///
/// ``VectorArithmetic`` deliberately offers only vector-space operations and the Euclidean
/// norm. Rules stated per component need more: the settling time of a vector motion in the
/// ∞-norm (the last time *any* component is `epsilon` or more from its target) is the largest
/// of the components' settling times (``SpringMotion/settlingTime(epsilon:)``).
public protocol VectorComponents: VectorArithmetic {
    /// The scalar components, in order.
    var components: [Double] { get }
}

extension Double: VectorComponents {
    /// The one component, `[self]`.
    @inlinable
    public var components: [Double] { [self] }
}

extension SIMD2: VectorComponents where Scalar == Double {
    /// `[x, y]`.
    @inlinable
    public var components: [Double] { [self[0], self[1]] }
}

extension SIMD3: VectorComponents where Scalar == Double {
    /// `[x, y, z]`.
    @inlinable
    public var components: [Double] { [self[0], self[1], self[2]] }
}

extension SIMD4: VectorComponents where Scalar == Double {
    /// `[x, y, z, w]`.
    @inlinable
    public var components: [Double] { [self[0], self[1], self[2], self[3]] }
}

// `AnimatableVector` stores its components; the conformance only names them.
extension AnimatableVector: VectorComponents {}
