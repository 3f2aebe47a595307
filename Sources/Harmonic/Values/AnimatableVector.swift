/// A vector of `Double` whose length is chosen at run time.
///
/// Use it where the number of animated components comes from data rather than from the type
/// system: JSON specs (`"from": [0, 0, 0]`), keyframe values read from a file, a 4×4 transform
/// animated as 16 channels.
///
/// ``zero`` is the empty vector, and addition treats missing trailing components as zero, so
/// `AnimatableVector.zero + v == v` for every `v` — the identity that `AdditiveArithmetic`
/// requires even though the zero cannot know the length it will meet.
public struct AnimatableVector: VectorArithmetic, Hashable, RandomAccessCollection,
    ExpressibleByArrayLiteral, CustomStringConvertible
{
    /// The components, in order.
    public var components: [Double]

    /// Creates a vector from its components.
    @inlinable
    public init(_ components: [Double]) { self.components = components }

    @inlinable
    public init(arrayLiteral elements: Double...) { self.components = elements }

    /// A vector of `count` zeros.
    @inlinable
    public init(zeros count: Int) { self.components = Array(repeating: 0, count: count) }

    // MARK: Collection

    public var startIndex: Int { components.startIndex }
    public var endIndex: Int { components.endIndex }

    @inlinable
    public subscript(position: Int) -> Double {
        get { components[position] }
        set { components[position] = newValue }
    }

    // MARK: VectorArithmetic

    /// The empty vector, which acts as zero for vectors of every length.
    public static var zero: AnimatableVector { AnimatableVector([]) }

    @inlinable
    public static func + (lhs: AnimatableVector, rhs: AnimatableVector) -> AnimatableVector {
        combined(lhs, rhs, +)
    }

    @inlinable
    public static func - (lhs: AnimatableVector, rhs: AnimatableVector) -> AnimatableVector {
        combined(lhs, rhs, -)
    }

    @inlinable
    public mutating func scale(by factor: Double) {
        for i in components.indices { components[i] *= factor }
    }

    @inlinable
    public var magnitudeSquared: Double {
        components.reduce(0) { $0 + $1 * $1 }
    }

    /// Two vectors are equal when they agree after padding the shorter one with zeros, which
    /// keeps `==` consistent with the padding rule of `+`.
    @inlinable
    public static func == (lhs: AnimatableVector, rhs: AnimatableVector) -> Bool {
        let n = Swift.max(lhs.count, rhs.count)
        for i in 0..<n where lhs.component(i) != rhs.component(i) { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Trailing zeros do not change equality, so they must not change the hash.
        var end = components.endIndex
        while end > 0, components[end - 1] == 0 { end -= 1 }
        for c in components[..<end] { hasher.combine(c) }
    }

    public var description: String { components.description }

    @inlinable
    func component(_ i: Int) -> Double { i < components.count ? components[i] : 0 }

    @inlinable
    static func combined(
        _ lhs: AnimatableVector, _ rhs: AnimatableVector, _ op: (Double, Double) -> Double
    ) -> AnimatableVector {
        let n = Swift.max(lhs.count, rhs.count)
        var out = [Double](repeating: 0, count: n)
        for i in 0..<n { out[i] = op(lhs.component(i), rhs.component(i)) }
        return AnimatableVector(out)
    }
}
