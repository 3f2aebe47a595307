import HarmonicPlatform

/// The motion of a particle under a constant acceleration and, optionally, linear drag — in
/// closed form, one component at a time.
///
/// Without drag (`k = 0`) the motion is ballistic:
///
///     v(t) = v₀ + a·t,     x(t) = x₀ + v₀·t + a·t²/2
///
/// With linear drag `k > 0` (`dv/dt = a − k·v`, units 1/s) the velocity relaxes toward the
/// terminal velocity `a/k`:
///
///     v(t) = a/k + (v₀ − a/k)·e^(−k·t)
///     x(t) = x₀ + v₀·E₁(t) + a·E₂(t),   E₁ = (1 − e^(−kt))/k,   E₂ = (t − E₁)/k
///
/// `E₁` is evaluated as `−expm1(−kt)/k` and `E₂ = t²·(1/2 − kt/6 + (kt)²/24 − …)` by its series
/// when `kt` is small, so both are accurate to a few ulps for every `k ≥ 0` (and reduce to `t`
/// and `t²/2` at `k = 0`). Core Animation's particles have no drag; the drag is Harmonic's
/// addition (UIKit Dynamics' `resistance` is the same linear law).
public struct ParticleKinematics: Sendable, Hashable {
    /// The linear drag `k` (1/s, ≥ 0).
    public let drag: Double

    /// - Precondition: `drag` is finite and ≥ 0 (the emitter cell validates it).
    @inlinable
    public init(drag: Double = 0) {
        self.drag = drag
    }

    /// `(E₁, E₂)` at age `t ≥ 0`: `x = x₀ + v₀·E₁ + a·E₂`; also `e^(−kt)` for the velocity,
    /// `v = v₀·e^(−kt) + a·E₁`.
    @inlinable
    public func factors(at t: Double) -> (e1: Double, e2: Double, decay: Double) {
        let k = drag
        guard k > 0 else { return (t, 0.5 * t * t, 1) }
        let z = k * t
        let e1 = -expm1(-z) / k
        let e2: Double
        if z < 0.1 {
            // t²·Σ (−z)ⁿ/(n + 2)!, to z⁸ (the next term is below 2⁻⁵³ of the sum for z < 0.1).
            var term = 0.5, sum = 0.5
            for n in 1...8 {
                term *= -z / Double(n + 2)
                sum += term
            }
            e2 = t * t * sum
        } else {
            e2 = (t - e1) / k
        }
        return (e1, e2, exp(-z))
    }

    /// The position and velocity at age `t` of a component starting at `x0` with velocity
    /// `v0` under acceleration `a` (units, units/s, units/s²).
    @inlinable
    public func state(at t: Double, position x0: Double, velocity v0: Double, acceleration a: Double)
        -> (position: Double, velocity: Double)
    {
        let f = factors(at: t)
        return (x0 + v0 * f.e1 + a * f.e2, v0 * f.decay + a * f.e1)
    }

    /// ``factors(at:)`` on four ages at once (`t ≥ 0`), for the particle kernel: the lanes'
    /// `exp` and `expm1` (within 2 ulps of the C library's), and the series for lanes with
    /// `kt < 0.1`.
    @inline(__always) @inlinable
    func factors(at t: SIMD4<Double>) -> (e1: SIMD4<Double>, e2: SIMD4<Double>, decay: SIMD4<Double>) {
        let k = drag
        guard k > 0 else { return (t, 0.5 * t * t, SIMD4(repeating: 1)) }
        let z = k * t
        let e1 = -LaneExponential.expm1(-z) / k
        var term = SIMD4<Double>(repeating: 0.5), sum = term
        for n in 1...8 {
            term *= -z / Double(n + 2)
            sum += term
        }
        let series = t * t * sum
        let e2 = LaneOperations.select(z .< 0.1, series, (t - e1) / k)
        return (e1, e2, LaneExponential.exp(-z))
    }
}
