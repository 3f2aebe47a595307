import HarmonicTestSupport
import Testing
@testable import Harmonic

/// `y = x²` on every input: an easing with a simple closed form and slope, for segment and
/// overall timing functions in tests.
struct SquareEase: TimingFunction {
    func value(at x: Double) -> Double { x * x }
    func slope(at x: Double) -> Double { 2 * x }
}

/// `y = 1 − (1 − x)²`.
struct SquareEaseOut: TimingFunction {
    func value(at x: Double) -> Double { 1 - (1 - x) * (1 - x) }
    func slope(at x: Double) -> Double { 2 * (1 - x) }
}

/// A central finite difference of `f` at `x` with step `h`.
func centralDifference<V: VectorArithmetic>(_ f: (Double) -> V, at x: Double, step h: Double = 1e-6) -> V {
    (f(x + h) - f(x - h)).scaled(by: 1 / (2 * h))
}

/// The uniform Catmull-Rom segment through `p1 → p2` with neighbours `p0`, `p3`, in the
/// matrix form `½[2P₁ + (−P₀ + P₂)u + (2P₀ − 5P₁ + 4P₂ − P₃)u² + (−P₀ + 3P₁ − 3P₂ + P₃)u³]`,
/// in extended precision (``HighPrecision``).
func catmullRomReference(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
    let (a, b, c, d) = (HighPrecision(p0), HighPrecision(p1), HighPrecision(p2), HighPrecision(p3))
    let u = HighPrecision(u)
    let r = 2 * b + (-a + c) * u + (2 * a - 5 * b + 4 * c - d) * u * u + (-a + 3 * b - 3 * c + d) * u * u * u
    return Double(r / 2)
}

/// The non-uniform Catmull-Rom curve between `p[1]` and `p[2]` by Barry & Goldman's pyramid
/// of linear interpolations (Yuksel et al. 2011, eq. 1), with knots `t₀ … t₃`, at
/// `t = t₁ + u(t₂ − t₁)`, in extended precision (``HighPrecision``).
func barryGoldmanReference(_ p: [SIMD2<Double>], knots k: [Double], _ u: Double) -> SIMD2<Double> {
    let t0 = HighPrecision(k[0]), t1 = HighPrecision(k[1]), t2 = HighPrecision(k[2]), t3 = HighPrecision(k[3])
    let t = t1 + HighPrecision(u) * (t2 - t1)
    func lerp(
        _ a: (HighPrecision, HighPrecision), _ b: (HighPrecision, HighPrecision), _ ta: HighPrecision,
        _ tb: HighPrecision
    ) -> (HighPrecision, HighPrecision) {
        let wa = (tb - t) / (tb - ta), wb = (t - ta) / (tb - ta)
        return (wa * a.0 + wb * b.0, wa * a.1 + wb * b.1)
    }
    let q = p.map { (HighPrecision($0.x), HighPrecision($0.y)) }
    let a1 = lerp(q[0], q[1], t0, t1), a2 = lerp(q[1], q[2], t1, t2), a3 = lerp(q[2], q[3], t2, t3)
    let b1 = lerp(a1, a2, t0, t2), b2 = lerp(a2, a3, t1, t3)
    let c = lerp(b1, b2, t1, t2)
    return SIMD2(Double(c.0), Double(c.1))
}
