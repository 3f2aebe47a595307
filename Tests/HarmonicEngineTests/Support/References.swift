import Foundation
import HarmonicTestSupport

// Independent references for the engine tests, written from the published formulas in
// extended precision (HighPrecision: Float80 on x86-64), sharing no code with the library.

/// The output of the cubic Bézier timing function (x1, y1, x2, y2) at input `x` in [0, 1]:
/// bisection on x(t) = x to the last bit of a ``HighPrecision``, then y(t).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    let (ax1, ay1, ax2, ay2, target) = (
        HighPrecision(x1), HighPrecision(y1), HighPrecision(x2), HighPrecision(y2), HighPrecision(x)
    )
    func coordinate(_ p1: HighPrecision, _ p2: HighPrecision, _ t: HighPrecision) -> HighPrecision {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var lo: HighPrecision = 0
    var hi: HighPrecision = 1
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if coordinate(ax1, ax2, mid) < target { lo = mid } else { hi = mid }
    }
    return Double(coordinate(ay1, ay2, (lo + hi) / 2))
}

/// Core Animation's `default` timing function (0.25, 0.1, 0.25, 1).
func referenceDefaultEase(_ x: Double) -> Double { referenceBezier(0.25, 0.1, 0.25, 1, at: x) }

#if arch(x86_64)
    /// The spring reference's number type: `Float80` where it exists (its `exp`, `sin` and `cos`
    /// are needed, which the tests' double-double does not have); `Double` elsewhere, where the
    /// committed mpmath tables of the library's own tests carry the precision claims.
    private typealias SpringReal = Float80
#else
    private typealias SpringReal = Double
#endif

/// Displacement and velocity of a damped spring m·x'' + c·x' + k·x = 0 at time t from
/// (x0, v0), in closed form for each regime (the damped harmonic oscillator).
func referenceSpring(mass m: Double, stiffness k: Double, damping c: Double, x0: Double, v0: Double, t: Double)
    -> (x: Double, v: Double)
{
    let (mm, kk, cc, xx, vv, tt) = (
        SpringReal(m), SpringReal(k), SpringReal(c), SpringReal(x0), SpringReal(v0), SpringReal(t)
    )
    let w0 = (kk / mm).squareRoot()
    let zeta = cc / (2 * (kk * mm).squareRoot())
    let lambda = cc / (2 * mm)
    if abs(zeta - 1) < 1e-12 {
        let e = exp(-w0 * tt)
        let b = vv + w0 * xx
        return (Double((xx + b * tt) * e), Double((b - w0 * (xx + b * tt)) * e))
    }
    if zeta < 1 {
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let e = exp(-lambda * tt)
        let (s, co) = (sin(wd * tt), cos(wd * tt))
        let b = (vv + lambda * xx) / wd
        let x = e * (xx * co + b * s)
        let v = e * ((b * wd - lambda * xx) * co - (xx * wd + lambda * b) * s)
        return (Double(x), Double(v))
    }
    let root = (zeta * zeta - 1).squareRoot()
    let rSlow = -w0 / (zeta + root)
    let rFast = -w0 * (zeta + root)
    let c2 = (vv - rSlow * xx) / (rFast - rSlow)
    let c1 = xx - c2
    let es = exp(rSlow * tt)
    let ef = exp(rFast * tt)
    return (Double(c1 * es + c2 * ef), Double(c1 * rSlow * es + c2 * rFast * ef))
}

/// CASpringAnimation's unit progress p(t) for the spring (m, k, c) with normalised initial
/// velocity v0: the motion from 0 to 1, so x0 = −1.
func referenceSpringProgress(
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, velocity: Double = 0, t: Double
)
    -> (p: Double, dp: Double)
{
    let s = referenceSpring(mass: mass, stiffness: stiffness, damping: damping, x0: -1, v0: velocity, t: t)
    return (1 + s.x, s.v)
}

/// |a − b| ≤ tolerance·max(1, |b|).
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
}
