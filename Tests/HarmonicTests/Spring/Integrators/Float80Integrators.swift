// Float80 re-implementations of the four methods, written from their textbook definitions
// (scalar displacement form, a(x, v) = −ω0²·x − 2λ·v), used as independent references for the
// Double implementations. Float80 has 11 more bits than Double, so over a few thousand steps
// its rounding is ~2000× smaller than the Double code's and the comparison isolates
// implementation mistakes from rounding.
#if arch(x86_64)
    import Foundation
    @testable import Harmonic

    enum Float80Method: CaseIterable {
        case semiImplicitEuler, velocityVerlet, rungeKutta4

        func step(_ x: Float80, _ v: Float80, w2: Float80, twoLambda: Float80, h: Float80) -> (Float80, Float80) {
            func a(_ x: Float80, _ v: Float80) -> Float80 { -w2 * x - twoLambda * v }
            switch self {
            case .semiImplicitEuler:
                let v1 = v + h * a(x, v)
                return (x + h * v1, v1)
            case .velocityVerlet:
                // v1 = vHalf + (h/2)·a(x1, v1) solved for v1 (the force is linear in v).
                let vHalf = v + h / 2 * a(x, v)
                let x1 = x + h * vHalf
                let v1 = (vHalf - h / 2 * w2 * x1) / (1 + h / 2 * twoLambda)
                return (x1, v1)
            case .rungeKutta4:
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                return (x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x), v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v))
            }
        }

        var integrator: any SpringIntegrator {
            switch self {
            case .semiImplicitEuler: SemiImplicitEuler()
            case .velocityVerlet: VelocityVerlet()
            case .rungeKutta4: RungeKutta4()
            }
        }
    }

    /// The closed-form displacement and velocity in Float80, from the textbook closed forms
    /// (underdamped, critical, overdamped with r_slow = −ω0/(ζ + √(ζ²−1))), written independently
    /// of `SpringConstants`.
    func float80ClosedForm(
        mass: Double, stiffness: Double, damping: Double, x0 x0d: Double, v0 v0d: Double, t td: Double
    ) -> (x: Float80, v: Float80) {
        let m = Float80(mass), k = Float80(stiffness), c = Float80(damping)
        let x0 = Float80(x0d), v0 = Float80(v0d), t = Float80(td)
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let lambda = c / (2 * m)
        if abs(zeta - 1) < 1e-15 {
            let e = exp(-lambda * t)
            let b = v0 + lambda * x0
            return ((x0 + b * t) * e, (b - lambda * (x0 + b * t)) * e)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let e = exp(-lambda * t), s = sin(wd * t), co = cos(wd * t)
            let b = (v0 + lambda * x0) / wd
            let x = e * (x0 * co + b * s)
            let v = e * ((b * wd - lambda * x0) * co - (x0 * wd + lambda * b) * s)
            return (x, v)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let rSlow = -w0 / (zeta + root), rFast = -w0 * (zeta + root)
            let c2 = (v0 - rSlow * x0) / (rFast - rSlow), c1 = x0 - c2
            let es = exp(rSlow * t), ef = exp(rFast * t)
            return (c1 * es + c2 * ef, c1 * rSlow * es + c2 * rFast * ef)
        }
    }
#endif
