/// A value Harmonic can animate: an element of a real vector space.
///
/// Springs, keyframe tracks and the engine adapter are generic over this protocol, so the same
/// curve animates a `Double`, a point (`SIMD2<Double>`), a colour (`SIMD4<Double>`) or a
/// value whose length is only known at run time (``AnimatableVector``). The name and shape
/// follow SwiftUI's `VectorArithmetic`: addition, subtraction, a zero, scaling by a real number
/// and a squared Euclidean norm.
///
/// Conforming types must make `scale(by:)` and `+` behave as in a vector space over the reals,
/// because Harmonic evaluates curves as linear combinations of their endpoint values
/// (`x(t) = a(t)·x0 + b(t)·v0`).
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies every component by `factor`.
    mutating func scale(by factor: Double)

    /// The sum of the squared components (the squared Euclidean norm).
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// This value with every component multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> Self {
        var copy = self
        copy.scale(by: factor)
        return copy
    }

    /// The Euclidean norm, `sqrt(magnitudeSquared)`.
    @inlinable
    public var magnitude: Double { magnitudeSquared.squareRoot() }

    /// The linear combination `a·x + b·y`, the one operation curve evaluation needs.
    @inlinable
    public static func combine(_ a: Double, _ x: Self, _ b: Double, _ y: Self) -> Self {
        x.scaled(by: a) + y.scaled(by: b)
    }
}

extension Double: VectorArithmetic {
    @inlinable
    public mutating func scale(by factor: Double) { self *= factor }

    @inlinable
    public var magnitudeSquared: Double { self * self }
}

// SIMD vectors of Double already have `zero`, `+` and `-`; the conformance only names them.
extension SIMD2: @retroactive AdditiveArithmetic where Scalar == Double {}

extension SIMD2: VectorArithmetic where Scalar == Double {
    @inlinable
    public mutating func scale(by factor: Double) { self *= factor }

    @inlinable
    public var magnitudeSquared: Double { (self * self).sum() }
}

// SIMD vectors of Double already have `zero`, `+` and `-`; the conformance only names them.
extension SIMD3: @retroactive AdditiveArithmetic where Scalar == Double {}

extension SIMD3: VectorArithmetic where Scalar == Double {
    @inlinable
    public mutating func scale(by factor: Double) { self *= factor }

    @inlinable
    public var magnitudeSquared: Double { (self * self).sum() }
}

// SIMD vectors of Double already have `zero`, `+` and `-`; the conformance only names them.
extension SIMD4: @retroactive AdditiveArithmetic where Scalar == Double {}

extension SIMD4: VectorArithmetic where Scalar == Double {
    @inlinable
    public mutating func scale(by factor: Double) { self *= factor }

    @inlinable
    public var magnitudeSquared: Double { (self * self).sum() }
}
