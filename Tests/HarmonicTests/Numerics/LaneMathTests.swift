import CHarmonicKernels
import Foundation
import HarmonicTestSupport
import Testing

@testable import Harmonic

/// The SIMD elementary functions against the C library (glibc's `exp`, `expm1`, `sin`, `cos`
/// are correctly rounded or within 1 ulp), over their whole working ranges.
@Suite("Lane math")
struct LaneMathTests {
    /// Distance in ulps of `a` from `b`.
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return abs(a - b) / max(b.ulp, Double.leastNonzeroMagnitude)
    }

    static func sweep(_ lo: Double, _ hi: Double, _ count: Int) -> [Double] {
        // Deterministic, dense and irregular: a fixed LCG over [lo, hi].
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return lo + (hi - lo) * Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test func exponential() {
        var worst = 0.0
        for x in Self.sweep(-745, 709, 40_000) + Self.sweep(-1, 1, 10_000) + [0, -0.0, 1e-300, -708.5, -740] {
            let got = LaneExponential.exp(SIMD4(repeating: x))[0]
            let ref = Foundation.exp(x)
            // Subnormal results carry fewer bits; compare them absolutely.
            if ref < 0x1p-1022 {
                #expect(abs(got - ref) <= 2 * Double.leastNonzeroMagnitude, "exp(\(x))")
            } else {
                worst = max(worst, Self.ulps(got, ref))
            }
        }
        #expect(worst <= 2, "exp worst \(worst) ulps")
        #expect(LaneExponential.exp(SIMD4(repeating: -800))[0] == 0)
    }

    @Test func exponentialMinusOne() {
        var worst = 0.0
        for x in Self.sweep(-40, 0, 20_000) + Self.sweep(-0.5, 0.5, 20_000) + Self.sweep(-1e-6, 1e-6, 1000) + [
            -1e-300, -1e-17,
        ] {
            let got = LaneExponential.expm1(SIMD4(repeating: x))[0]
            worst = max(worst, Self.ulps(got, Foundation.expm1(x)))
        }
        #expect(worst <= 3, "expm1 worst \(worst) ulps")
        #expect(LaneExponential.expm1(SIMD4(repeating: -1000))[0] == -1)
    }

    // Float80's sin and cos are the reference (x86-64 only).
    #if arch(x86_64)
        /// `sin`/`cos` of a double-double phase `ω·t`: reference computed in Float80 with the
        /// same phase, so the test sees the reduction as well as the polynomials.
        @Test func sineCosine() {
            var worst = 0.0
            let omegas = Self.sweep(0.01, 3000, 300)
            let times = Self.sweep(0, 3, 300)
            for (omega, t) in zip(omegas, times) {
                let w = SIMD4(repeating: omega)
                let phase = LaneSineCosine.phase(
                    omegaHi: w, omegaHead: LaneSineCosine.split(w).hi, omegaLo: SIMD4(repeating: 0),
                    time: SIMD4(repeating: t))
                let (s, c, out) = LaneSineCosine.sinCos(hi: phase.hi, lo: phase.lo)
                let exact = Float80(omega) * Float80(t)
                #expect(Float80(phase.hi[0]) + Float80(phase.lo[0]) == exact)
                #expect(!out[0])
                // Reduce in Float80: its 2π carries 64 bits, so the reference's own error is about
                // phase·2⁻⁶⁴ ≤ 5e-16 for the phases below 9,000 rad used here.
                let twoPi = Float80.pi * 2
                let reduced = exact - (exact / twoPi).rounded() * twoPi
                let refS = Double(sinl(reduced)), refC = Double(cosl(reduced))
                worst = max(worst, abs(s[0] - refS) / Double.ulpOfOne, abs(c[0] - refC) / Double.ulpOfOne)
            }
            #expect(worst <= 6, "sincos worst \(worst)·2⁻⁵²")
            // Small phases: tight.
            var small = 0.0
            for x in Self.sweep(-20, 20, 20_000) {
                let (s, c, _) = LaneSineCosine.sinCos(hi: SIMD4(repeating: x), lo: SIMD4(repeating: 0))
                small = max(
                    small, abs(s[0] - Foundation.sin(x)) / Double.ulpOfOne,
                    abs(c[0] - Foundation.cos(x)) / Double.ulpOfOne)
            }
            #expect(small <= 1, "small-phase sincos worst \(small)·2⁻⁵²")
            let (_, _, out) = LaneSineCosine.sinCos(hi: SIMD4(2e6, .infinity, .nan, 1), lo: SIMD4(repeating: 0))
            #expect(out[0] && out[1] && out[2] && !out[3])
        }
    #endif

    /// The AVX2/FMA kernels' `exp`, `expm1` and `sin`/`cos` (the same reductions and
    /// polynomials with fused multiply–adds) against the C library and Float80, with the bounds
    /// of the Swift lanes above; skipped where the processor lacks AVX2 and FMA.
    @Test func avx2FunctionsMatchTheLaneBounds() {
        guard SpringGridKernel.hasAVX2FMA else { return }
        func run(_ function: Int32, _ x: [Double], _ y: [Double]) -> ([Double], [Double]) {
            var first = [Double](repeating: .nan, count: x.count), second = first
            harmonic_lane_functions_avx2(function, x, y, x.count, &first, &second)
            return (first, second)
        }
        let xs =
            Self.sweep(-745, 709, 40_000) + Self.sweep(-1, 1, 10_000) + [0, -0.0, 1e-300, -708.5, -740, -800, -1, -2]
        #expect(xs.count % 4 == 0)
        let (e, _) = run(0, xs, xs)
        var worst = 0.0
        for (x, got) in zip(xs, e) {
            let ref = Foundation.exp(x)
            if ref < 0x1p-1022 {
                #expect(abs(got - ref) <= 2 * Double.leastNonzeroMagnitude, "exp(\(x))")
            } else {
                worst = max(worst, Self.ulps(got, ref))
            }
        }
        #expect(worst <= 2, "AVX2 exp worst \(worst) ulps")
        let ms =
            Self.sweep(-40, 0, 20_000) + Self.sweep(-0.5, 0.5, 20_000) + Self.sweep(-1e-6, 1e-6, 1000) + [
                -1e-300, -1e-17, -1e-30, -1000,
            ]
        #expect(ms.count % 4 == 0)
        let (m, _) = run(1, ms, ms)
        worst = 0
        for (x, got) in zip(ms, m) { worst = max(worst, Self.ulps(got, Foundation.expm1(x))) }
        #expect(worst <= 3, "AVX2 expm1 worst \(worst) ulps")
        #expect(m.last == -1)
        // Small phases against the C library: within 1·2⁻⁵², as the Swift lanes.
        let phases = Self.sweep(-20, 20, 20_000)
        let (s, c) = run(2, phases, [Double](repeating: 0, count: phases.count))
        worst = 0
        for (x, (si, co)) in zip(phases, zip(s, c)) {
            worst = max(
                worst, abs(si - Foundation.sin(x)) / Double.ulpOfOne, abs(co - Foundation.cos(x)) / Double.ulpOfOne)
        }
        #expect(worst <= 1, "AVX2 small-phase sincos worst \(worst)·2⁻⁵²")
        let (out, _) = run(2, [2e6, .infinity, .nan, 1], [0, 0, 0, 0])
        #expect(out[0].isNaN && out[1].isNaN && out[2].isNaN && !out[3].isNaN)
        #if arch(x86_64)
            // Long double-double phases ω·t against Float80, as for the Swift lanes.
            var long = 0.0
            for (omega, t) in zip(Self.sweep(0.01, 3000, 300), Self.sweep(0, 3, 300)) {
                let hi = omega * t, lo = Double(Float80(omega) * Float80(t) - Float80(hi))
                let (s, c) = run(2, [hi, hi, hi, hi], [lo, lo, lo, lo])
                let exact = Float80(omega) * Float80(t), twoPi = Float80.pi * 2
                let reduced = exact - (exact / twoPi).rounded() * twoPi
                long = max(
                    long, abs(s[0] - Double(sinl(reduced))) / Double.ulpOfOne,
                    abs(c[0] - Double(cosl(reduced))) / Double.ulpOfOne)
            }
            #expect(long <= 6, "AVX2 sincos worst \(long)·2⁻⁵²")
        #endif
    }

    /// The scalar `sinCos` runs the lanes' algorithm on one phase: the same results, bit for
    /// bit, in every quadrant and sign (so the lane accuracy tests above cover it), and `nil`
    /// where the lanes report a phase out of range.
    @Test func scalarSineCosineMatchesTheLanes() {
        var random = Lehmer(state: 0x51_4E)
        for _ in 0..<20_000 {
            let hi = random.uniform(-1, 1) * pow(10, random.uniform(-8, 6.2))
            let lo = hi * 1e-17 * random.uniform(-1, 1)
            let lanes = LaneSineCosine.sinCos(hi: SIMD4(repeating: hi), lo: SIMD4(repeating: lo))
            guard let (s, c) = LaneSineCosine.sinCos(hi: hi, lo: lo) else {
                #expect(lanes.outOfRange[0], "scalar refused \(hi)")
                continue
            }
            #expect(!lanes.outOfRange[0])
            #expect(
                s.bitPattern == lanes.sin[0].bitPattern && c.bitPattern == lanes.cos[0].bitPattern, "at \(hi) + \(lo)")
        }
        #expect(LaneSineCosine.sinCos(hi: 2e6, lo: 0) == nil)
        #expect(LaneSineCosine.sinCos(hi: .infinity, lo: 0) == nil)
        #expect(LaneSineCosine.sinCos(hi: .nan, lo: 0) == nil)
    }
}
