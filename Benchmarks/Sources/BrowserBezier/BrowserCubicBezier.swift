/// The cubic-Bézier solver browsers use, reimplemented for side-by-side measurement.
///
/// It follows the algorithm of Chromium's `gfx::CubicBezier` (and WebKit's `UnitBezier`,
/// which differ only in their tolerance): an 11-point table of `x(t)` at `t = k/10` gives a
/// first guess by linear interpolation; up to 4 Newton steps follow, returning as soon as the
/// residual `|x(t) − x|` is below the tolerance (1e-7) and giving up on a slope below 1e-7;
/// then bisection on `[t0, t1]` until the residual is below the tolerance. The stopping test
/// is on the residual in `x`, which is what makes it lose accuracy in the output near flat
/// ends of `x(t)`.
public struct BrowserCubicBezier: Sendable {
    let ax, bx, cx: Double
    let ay, by, cy: Double
    let samples: [Double]
    /// The residual tolerance in `x` (Chromium's `kBezierEpsilon`).
    public let epsilon: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, epsilon: Double = 1e-7) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        self.epsilon = epsilon
        var table: [Double] = []
        for k in 0...10 {
            let t = Double(k) / 10
            table.append(((ax * t + bx) * t + cx) * t)
        }
        samples = table
    }

    @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter `t` with `|x(t) − x| < epsilon`.
    public func solveX(_ x: Double) -> Double {
        var t0 = 0.0, t1 = 0.0, t2 = x
        let step = 0.1
        for k in 1..<11 where x <= samples[k] {
            t1 = step * Double(k)
            t0 = t1 - step
            t2 = t0 + (t1 - t0) * (x - samples[k - 1]) / (samples[k] - samples[k - 1])
            break
        }
        var residual = 0.0
        for _ in 0..<4 {
            residual = sampleX(t2) - x
            if abs(residual) < epsilon { return t2 }
            let slope = sampleDerivativeX(t2)
            if abs(slope) < 1e-7 { break }
            t2 -= residual / slope
        }
        if abs(residual) < epsilon { return t2 }
        // Bisection on the table interval.
        while t0 < t1 {
            let value = sampleX(t2)
            if abs(value - x) < epsilon { return t2 }
            if x > value { t0 = t2 } else { t1 = t2 }
            t2 = (t1 + t0) * 0.5
        }
        return t2
    }

    /// The eased output for an input in `[0, 1]` (outside it, clamped: the benchmark only
    /// measures the solver).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveX(x))
    }
}
