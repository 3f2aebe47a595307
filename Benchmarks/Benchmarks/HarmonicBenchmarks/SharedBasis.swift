import Benchmark
import Harmonic
import HarmonicBLAS

/// Channels sharing one spring (different from/to/velocity) on shared times: the OpenBLAS
/// matrix product against Harmonic's own loops, 2²⁰ outputs per evaluation.
func sharedBasisBenchmarks() {
    let config = Workloads.batchConfiguration
    for channels in [16, 64] {
        let n = (1 << 20) / channels
        let grid = try! SampleGrid(start: 0, step: 2.0 / Double(n), count: n)
        let gridBasis = SpringBasis(spring: Workloads.spring, grid: grid)
        let timesBasis = SpringBasis(spring: Workloads.spring, times: Workloads.scatteredTimes(n))
        let from = (0..<channels).map { Double($0) }
        let to = (0..<channels).map { Double($0 % 4) * 10 }
        let v0 = (0..<channels).map { Double($0 % 3) - 1 }
        let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: n * channels)
        out.initialize(repeating: 0)
        let cases: [(String, SpringBasis, SpringBasis.Layout, SpringBasis.Method)] = [
            ("grid, time-major, OpenBLAS", gridBasis, .timeMajor, .matrixProduct),
            ("grid, time-major, loops", gridBasis, .timeMajor, .loops),
            ("grid, channel-major, OpenBLAS", gridBasis, .channelMajor, .matrixProduct),
            ("grid, channel-major, per-channel recurrence", gridBasis, .channelMajor, .loops),
            ("times, time-major, OpenBLAS", timesBasis, .timeMajor, .matrixProduct),
            ("times, time-major, loops", timesBasis, .timeMajor, .loops),
            ("times, channel-major, OpenBLAS", timesBasis, .channelMajor, .matrixProduct),
            ("times, channel-major, loops", timesBasis, .channelMajor, .loops),
        ]
        for (name, basis, layout, method) in cases {
            Benchmark("Shared basis \(channels) channels: \(name)", configuration: config) { benchmark in
                from.withUnsafeBufferPointer { f in
                    to.withUnsafeBufferPointer { t in
                        v0.withUnsafeBufferPointer { v in
                            for _ in benchmark.scaledIterations {
                                blackHole(
                                    basis.evaluate(
                                        from: f, to: t, initialVelocity: v, values: out, layout: layout, method: method)
                                )
                            }
                        }
                    }
                }
            }
        }
        // The non-BLAS baseline without any shared basis: each channel sampled on its own.
        let times = Workloads.scatteredTimes(n)
        Benchmark("Shared basis \(channels) channels: times, per-channel Spring.sample(at:)", configuration: config) {
            benchmark in
            times.withUnsafeBufferPointer { t in
                for _ in benchmark.scaledIterations {
                    for c in 0..<channels {
                        Workloads.spring.sample(
                            at: t, from: from[c], to: to[c], initialVelocity: v0[c],
                            values: UnsafeMutableBufferPointer(rebasing: out[(c * n)..<((c + 1) * n)]))
                    }
                    blackHole(out[0])
                }
            }
        }
    }
}
