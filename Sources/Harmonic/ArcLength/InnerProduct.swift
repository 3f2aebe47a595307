/// The Euclidean inner product `x·y` of two values, used to build the speed polynomial
/// `|B′(t)|²` of a segment from the coefficients of `B′`.
///
/// ``VectorArithmetic`` only promises `magnitudeSquared`, so for an arbitrary conformer the
/// product comes from the polarisation identity `x·y = (|x+y|² − |x−y|²)/4`, whose error is
/// about `ε(|x|² + |y|²)`: small next to the terms it is added to in `|B′|²`. For `Double`,
/// `SIMD2/3/4<Double>` and ``AnimatableVector`` the components are multiplied directly.
@usableFromInline
enum InnerProduct {
    @usableFromInline
    static func dot<V: VectorArithmetic>(_ x: V, _ y: V) -> Double {
        // The common types by identity first: in a specialisation these tests are constants
        // and the product is inlined, where the existential cast below costs a dynamic cast
        // per call (a path's speed polynomials are built from dozens of products).
        if V.self == SIMD2<Double>.self {
            return unsafeBitCast(x, to: SIMD2<Double>.self).dot(unsafeBitCast(y, to: SIMD2<Double>.self))
        }
        if V.self == Double.self { return unsafeBitCast(x, to: Double.self) * unsafeBitCast(y, to: Double.self) }
        if V.self == SIMD3<Double>.self {
            return unsafeBitCast(x, to: SIMD3<Double>.self).dot(unsafeBitCast(y, to: SIMD3<Double>.self))
        }
        if V.self == SIMD4<Double>.self {
            return unsafeBitCast(x, to: SIMD4<Double>.self).dot(unsafeBitCast(y, to: SIMD4<Double>.self))
        }
        if let x = x as? any ComponentDot, let d = x.dot(any: y) { return d }
        return ((x + y).magnitudeSquared - (x - y).magnitudeSquared) / 4
    }
}

/// Types whose inner product is computed component by component.
protocol ComponentDot {
    func dot(_ other: Self) -> Double
}

extension ComponentDot {
    /// `self·other` when `other` has the same type, else `nil`.
    func dot(any other: Any) -> Double? {
        guard let other = other as? Self else { return nil }
        return dot(other)
    }
}

extension Double: ComponentDot {
    func dot(_ other: Double) -> Double { self * other }
}

extension SIMD2: ComponentDot where Scalar == Double {
    func dot(_ other: SIMD2<Double>) -> Double { (self * other).sum() }
}

extension SIMD3: ComponentDot where Scalar == Double {
    func dot(_ other: SIMD3<Double>) -> Double { (self * other).sum() }
}

extension SIMD4: ComponentDot where Scalar == Double {
    func dot(_ other: SIMD4<Double>) -> Double { (self * other).sum() }
}

extension AnimatableVector: ComponentDot {
    func dot(_ other: AnimatableVector) -> Double {
        var sum = 0.0
        for i in 0..<Swift.min(count, other.count) { sum += self[i] * other[i] }
        return sum
    }
}
