import Benchmark
import EngineWorkloads
import Foundation
import Harmonic

/// Particles: 100,000 live particles (a rain cell of 20,000 /s living 5 s, with velocity, cone,
/// scale and colour ranges, on a rectangle emitter) evaluated in closed form at one time —
/// every particle's position, velocity, scale, rotation and colour — cold (any time, as when
/// scrubbing) into a new table or into one reused from the last frame (as a renderer does), on
/// one or two threads, and beside an Euler-stepped system advancing the same particles one 60 Hz
/// frame (`Benchmarks/peers/particles.py` has numpy on the same closed forms).
func particleBenchmarks() {
    let config = Workloads.batchConfiguration
    let system = try! ParticleSystem(ParticleWorkload.rain())
    Benchmark("Particles: 100,000 live, one frame (closed form, new table)", configuration: config) { benchmark in
        var t = 10.0
        for _ in benchmark.scaledIterations {
            blackHole(try! system.particles(at: t))
            t += 1.0 / 60
        }
    }
    for threads in [1, 2] {
        let label = threads == 1 ? "1 thread" : "\(threads) threads"
        Benchmark("Particles: 100,000 live, one frame (closed form, reused table, \(label))", configuration: config) {
            benchmark in
            var t = 10.0
            var table = ParticleTable()
            for _ in benchmark.scaledIterations {
                try! system.particles(at: t, into: &table, threads: threads)
                blackHole(table.count)
                t += 1.0 / 60
            }
        }
    }
    // The floor of any evaluation into a table: its bytes stored (15 doubles and 4 integers a
    // row, 100,000 rows, 15.2 MB) with no arithmetic, as 4-word vectors (typed stores through the
    // cache, as the kernels write; the C library's memset switches to non-temporal stores at this
    // size), into a buffer allocated once (a fresh one would add 15 MB of page faults a sample).
    let floorVectors = try! system.particles(at: 10).count * 19 / 4
    let floorWords = UnsafeMutableBufferPointer<SIMD4<Double>>.allocate(capacity: floorVectors)
    floorWords.initialize(repeating: .zero)
    Benchmark("Particles: 100,000 rows' bytes stored, no arithmetic (the floor)", configuration: config) {
        benchmark in
        var fill = SIMD4<Double>(repeating: 1)
        for _ in benchmark.scaledIterations {
            for i in 0..<floorVectors { floorWords[i] = fill }
            blackHole(floorWords[floorVectors / 2])
            fill += 1
        }
    }
    var euler = ParticleBenchmarkScene.EulerParticles(try! system.particles(at: 10))
    Benchmark("Particles: 100,000 live, one Euler step (positions, velocities, colours)", configuration: config) {
        benchmark in
        for _ in benchmark.scaledIterations {
            euler.step(1.0 / 60)
            blackHole(euler.x)
        }
    }
}

/// The stepped peer of the particle benchmark.
enum ParticleBenchmarkScene {
    /// What an engine without closed forms does: every particle's state stepped by explicit
    /// Euler each frame.
    struct EulerParticles {
        var x: [Double], y: [Double], vx: [Double], vy: [Double], alpha: [Double]
        init(_ table: ParticleTable) {
            x = Array(table.column(.x))
            y = Array(table.column(.y))
            vx = Array(table.column(.vx))
            vy = Array(table.column(.vy))
            alpha = Array(table.column(.alpha))
        }
        mutating func step(_ h: Double) {
            for i in x.indices {
                x[i] += h * vx[i]
                y[i] += h * vy[i]
                vy[i] += h * 400
                alpha[i] = max(0, alpha[i] - 0.2 * h)
            }
        }
    }
}
