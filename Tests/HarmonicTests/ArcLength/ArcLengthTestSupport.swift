import Foundation
import Testing
@testable import Harmonic

/// A circular arc of radius `R` and angle `θ` in the rational parameterisation
/// `φ(t) = 2·atan(k t)` with `k = tan(θ/2)`, so that `φ(1) = θ`: the point is
/// `R(cos φ, sin φ)`, the speed `|dB/dt| = 2Rk/(1 + k²t²)`, the length `Rθ`, and the inverse
/// `t(s) = tan(s/(2R))/k` — all in closed form, with a speed that varies by a factor `1 + k²`.
struct RationalCircularArc: CurveSpeed {
    let radius: Double
    let angle: Double
    var k: Double { tan(angle / 2) }

    func speed(at t: Double) -> Double { 2 * radius * k / (1 + k * k * t * t) }
    var splitParameters: [Double] { [] }

    func point(at t: Double) -> SIMD2<Double> {
        let phi = 2 * atan(k * t)
        return [radius * cos(phi), radius * sin(phi)]
    }

    var length: Double { radius * angle }
    func parameter(atLength s: Double) -> Double { tan(s / (2 * radius)) / k }
}

/// The largest speed ripple `|B′(t̂)|·dt̂/ds − 1` of the table over `samples` points per
/// segment, placed off the knots at segment ends.
func maximumTableRipple<S: CurveSpeed>(_ arc: ArcLength<S>, samplesPerSegment samples: Int = 4000) -> Double {
    guard let table = arc.table ?? arc.lazyTable?.value.table else { return .infinity }
    var worst = 0.0
    for i in arc.segments.indices {
        let l0 = arc.cumulativeLengths[i], l1 = arc.cumulativeLengths[i + 1]
        guard l1 > l0 else { continue }
        for k in 0..<samples {
            let s = l0 + (l1 - l0) * (Double(k) + 0.5) / Double(samples)
            let (t, slope) = table.parameterAndSlope(atLength: s, segment: i)
            let ripple = abs(arc.segments[i].speed(at: t) * slope - 1)
            if ripple.isFinite { worst = max(worst, ripple) }
        }
    }
    return worst
}

#if arch(x86_64)
    /// Bisection on a monotone Float80 function: the `x` in `[lo, hi]` with `f(x) = target`.
    func solveFloat80(_ target: Float80, in lo: Float80, _ hi: Float80, _ f: (Float80) -> Float80) -> Float80 {
        var a = lo, b = hi
        let increasing = f(b) >= f(a)
        for _ in 0..<200 {
            let m = (a + b) / 2
            if m == a || m == b { break }
            if (f(m) < target) == increasing { a = m } else { b = m }
        }
        return (a + b) / 2
    }
#endif

/// The reference table written by scripts/references/arc_length.py.
struct ArcLengthReference: Decodable {
    struct Sample: Decodable {
        let fraction: Double
        let length: Double
        let t: Double
    }

    struct Curve: Decodable {
        let name: String
        let points: [[Double]]
        let length: Double
        let splits: [Double]
        let samples: [Sample]
    }

    let curves: [Curve]

    static func load() throws -> ArcLengthReference {
        let url = try #require(
            Bundle.module.url(forResource: "arc-length", withExtension: "json", subdirectory: "References"))
        return try JSONDecoder().decode(ArcLengthReference.self, from: Data(contentsOf: url))
    }
}
