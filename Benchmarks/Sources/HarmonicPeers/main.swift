// Harmonic's side of peers/compare.py: runs each workload several times in release mode and
// prints one JSON object of median wall-clock times (seconds) on standard output.
//
//   harmonic-peers [--n N] [--frame-springs M] [--repeats R] [--workloads a,b,…] [--crossovers]
//                  [--lottie FILE]
//
// `--crossovers` times only the sweep that places the batch paths' crossovers: OpenBLAS against
// Harmonic's loops for `SpringBasis` and `KeyframeBasis` over channel counts, key counts and
// layouts (`cross_*` keys; `python3 Benchmarks/peers/crossovers.py` prints the table).
//
// The workloads are defined identically in peers/compare.py (same spring, same times, same
// sizes), so the ratios it prints compare the same work.
import EngineWorkloads
import Foundation
import Harmonic
import HarmonicBLAS
import HarmonicLottie

struct Options {
    var n = 1_000_000
    var frameSprings = 10_000
    var repeats = 15
    var workloads: Set<String>? = nil
    var crossovers = false
    /// The Lottie file of the `lottie_frame` and `lottie_svg` workloads (peers/lottie_players.py).
    var lottie: String? = nil

    init(_ arguments: [String]) {
        var i = 1
        func next() -> String {
            i += 1
            return i < arguments.count ? arguments[i] : ""
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--n": n = Int(next()) ?? n
            case "--frame-springs": frameSprings = Int(next()) ?? frameSprings
            case "--repeats": repeats = Int(next()) ?? repeats
            case "--workloads": workloads = Set(next().split(separator: ",").map(String.init))
            case "--crossovers": crossovers = true
            case "--lottie": lottie = next()
            default:
                FileHandle.standardError.write("harmonic-peers: unknown argument \(arguments[i])\n".data(using: .utf8)!)
                exit(2)
            }
            i += 1
        }
    }
}

let options = Options(CommandLine.arguments)

/// The median of `repeats` timed runs of `body` (after two untimed warm-up runs).
@MainActor
func median(_ body: () -> Void) -> Double {
    body()
    body()
    var samples: [Double] = []
    for _ in 0..<options.repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9)
    }
    samples.sort()
    return samples[samples.count / 2]
}

@inline(never)
func consume(_ x: Double) {
    if x == 0x1.2345p-1000 { print("") }
}

let spring = Spring.default
let n = options.n
if options.crossovers { crossoverSweep() }
var results: [String: Double] = [:]
@MainActor
func run(_ name: String, _ body: () -> Void) {
    guard options.workloads?.contains(name) ?? true else { return }
    results[name] = median(body)
}

/// Same definitions as Workloads.swift and compare.py.
func scatteredTimes(_ count: Int, span: Double = 2) -> [Double] {
    (0..<count).map { span * (Double($0) * 0.6180339887498949).truncatingRemainder(dividingBy: 1) }
}

let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
values.initialize(repeating: 0)
let grid = try! SampleGrid(start: 0, step: 2.0 / Double(n), count: n)

run("store_floor") {
    for i in 0..<n { values[i] = 1 }
    consume(values[n - 1])
}
run("spring_grid") {
    spring.sample(on: grid, from: 0, to: 1, values: values)
    consume(values[n - 1])
}
// The Python package's workload (`Spring(...).sample(np.linspace(0, 10, n))`): the same
// spring on numpy.linspace's grid, here through the grid path directly.
let linspace = try! SampleGrid(start: 0, end: 10, count: n)
run("spring_linspace10") {
    spring.sample(on: linspace, from: 0, to: 1, values: values)
    consume(values[n - 1])
}
run("spring_grid_2threads") {
    spring.sample(on: grid, from: 0, to: 1, values: values, threads: 2)
    consume(values[n - 1])
}
// The floor comparison, interleaved: store and grid alternate, so both see the same
// machine; the ratio is the median of the per-pair ratios.
if options.workloads?.contains("floor_pair") ?? true {
    var stores: [Double] = [], grids: [Double] = [], ratios: [Double] = []
    func once(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) * 1e-9
    }
    for _ in 0..<(options.repeats + 2) {
        let store = once {
            for i in 0..<n { values[i] = 1 }; consume(values[n - 1])
        }
        let sampled = once {
            spring.sample(on: grid, from: 0, to: 1, values: values); consume(values[n - 1])
        }
        stores.append(store)
        grids.append(sampled)
        ratios.append(sampled / store)
    }
    // The first two pairs are warm-up.
    func median(_ a: [Double]) -> Double { let s = a.dropFirst(2).sorted(); return s[s.count / 2] }
    results["pair_store_floor"] = median(stores)
    results["pair_spring_grid"] = median(grids)
    results["pair_ratio"] = median(ratios)
}

let times = scatteredTimes(n)
run("spring_times") {
    _ = times.withUnsafeBufferPointer { spring.sample(at: $0, from: 0, to: 1, values: values) }
    consume(values[n - 1])
}
let sortedTimes = times.sorted()
run("spring_times_sorted") {
    _ = sortedTimes.withUnsafeBufferPointer { spring.sample(at: $0, from: 0, to: 1, values: values) }
    consume(values[n - 1])
}
run("spring_times_2threads") {
    _ = times.withUnsafeBufferPointer { spring.sample(at: $0, from: 0, to: 1, values: values, threads: 2) }
    consume(values[n - 1])
}
run("spring_times_scalar") {
    for i in 0..<n { values[i] = spring.value(at: times[i], from: 0.0, to: 1.0) }
    consume(values[n - 1])
}

// A cubic Bézier (easeInEaseOut) on a 1M-point progress grid: sample(on:) against value(at:).
let bezier = try! CubicBezier(0.42, 0, 0.58, 1)
let progressGrid = try! SampleGrid(start: 0, end: 1, count: n)
run("bezier_grid") {
    bezier.sample(on: progressGrid, values: values)
    consume(values[n - 1])
}
run("bezier_grid_scalar") {
    for i in 0..<n { values[i] = bezier.value(at: progressGrid.time(at: i)) }
    consume(values[n - 1])
}

// Per frame: M different springs at one clock time.
let m = options.frameSprings
let motions: [SpringBatch.Motion] = (0..<m).map { i in
    let u = (Double(i) * 0.6180339887498949).truncatingRemainder(dividingBy: 1)
    let w = (Double(i) * 0.7548776662466927).truncatingRemainder(dividingBy: 1)
    let s = try! Spring(mass: 1, stiffness: 50 + 300 * u, damping: 5 + 30 * w)
    return SpringBatch.Motion(
        spring: s, from: Double(i % 100), to: Double(i % 7), initialVelocity: Double(i % 13) - 6,
        beginTime: -0.01 * Double(i % 50))
}
let batch = SpringBatch(motions)
let frameValues = UnsafeMutableBufferPointer<Double>.allocate(capacity: m)
frameValues.initialize(repeating: 0)
var frameClock = 0.25
run("per_frame") {
    batch.evaluate(at: frameClock, values: frameValues)
    consume(frameValues[m - 1])
}
run("per_frame_2threads") {
    batch.evaluate(at: frameClock, values: frameValues, threads: 2)
    consume(frameValues[m - 1])
}
run("per_frame_scalar") {
    for (i, mo) in motions.enumerated() {
        frameValues[i] = mo.spring.value(
            at: frameClock - mo.beginTime, from: mo.from, to: mo.to, initialVelocity: mo.initialVelocity)
    }
    consume(frameValues[m - 1])
}

// Channels sharing one spring: OpenBLAS against Harmonic's loops, 2²⁰ outputs each.
for channels in [16, 64] {
    let count = (1 << 20) / channels
    let sharedGrid = try! SampleGrid(start: 0, step: 2.0 / Double(count), count: count)
    let bases = [
        ("grid", SpringBasis(spring: spring, grid: sharedGrid)),
        ("times", SpringBasis(spring: spring, times: scatteredTimes(count))),
    ]
    let from = (0..<channels).map { Double($0) }
    let to = (0..<channels).map { Double($0 % 4) * 10 }
    let v0 = (0..<channels).map { Double($0 % 3) - 1 }
    let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * channels)
    out.initialize(repeating: 0)
    let cases: [(String, SpringBasis.Layout, SpringBasis.Method)] = [
        ("blas", .timeMajor, .matrixProduct), ("loops", .timeMajor, .loops),
        ("blas_channels", .channelMajor, .matrixProduct), ("loops_channels", .channelMajor, .loops),
    ]
    for (kind, basis) in bases {
        for (suffix, layout, method) in cases {
            run("shared\(channels)_\(kind)_\(suffix)") {
                from.withUnsafeBufferPointer { f in
                    to.withUnsafeBufferPointer { t in
                        v0.withUnsafeBufferPointer { v in
                            _ = basis.evaluate(
                                from: f, to: t, initialVelocity: v, values: out, layout: layout, method: method)
                        }
                    }
                }
                consume(out[count * channels - 1])
            }
        }
    }
}

// Keyframe channels sharing their timing (cubic, 16 channels): OpenBLAS against the loops and
// against evaluating each channel's track.
for keys in [8, 32] {
    let channels = 16
    let count = 65_536
    let progress = (0..<count).map { Double($0) / Double(count - 1) }
    let basis = try! KeyframeBasis(keyCount: keys, calculationMode: .cubic, progress: progress)
    let keyValues = (0..<(keys * channels)).map { Double(($0 * 37) % 101) }
    let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * channels)
    out.initialize(repeating: 0)
    for (suffix, method) in [("blas", SpringBasis.Method.matrixProduct), ("loops", .loops)] {
        run("keyframes\(channels)_k\(keys)_\(suffix)") {
            keyValues.withUnsafeBufferPointer {
                _ = basis.evaluate(values: $0, channels: channels, output: out, method: method)
            }
            consume(out[count * channels - 1])
        }
    }
    let tracks = (0..<channels).map { c in
        try! KeyframeTrack(values: (0..<keys).map { keyValues[$0 * channels + c] }, calculationMode: .cubic)
    }
    run("keyframes\(channels)_k\(keys)_tracks") {
        for (i, p) in progress.enumerated() {
            for c in 0..<channels { out[i * channels + c] = tracks[c].value(at: p) }
        }
        consume(out[count * channels - 1])
    }
}

/// OpenBLAS against the loops over the shapes where the choice could change: 2²⁰ outputs per
/// case (2¹⁸ for the widest), then exits after printing the JSON.
@MainActor
func crossoverSweep() {
    var sweep: [String: Double] = [:]
    for channels in [4, 16, 64, 256, 1024] {
        let count = (1 << 20) / channels
        let grid = try! SampleGrid(start: 0, step: 2.0 / Double(count), count: count)
        let bases = [
            ("grid", SpringBasis(spring: spring, grid: grid)),
            ("times", SpringBasis(spring: spring, times: scatteredTimes(count))),
        ]
        let from = (0..<channels).map { Double($0) }, to = (0..<channels).map { Double($0 % 4) * 10 }
        let v0 = (0..<channels).map { Double($0 % 3) - 1 }
        let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * channels)
        out.initialize(repeating: 0)
        for (kind, basis) in bases {
            for (layoutName, layout) in [("time", SpringBasis.Layout.timeMajor), ("channel", .channelMajor)] {
                for (methodName, method) in [("blas", SpringBasis.Method.matrixProduct), ("loops", .loops)] {
                    sweep["cross_spring_\(kind)_\(layoutName)_c\(channels)_\(methodName)"] = median {
                        from.withUnsafeBufferPointer { f in
                            to.withUnsafeBufferPointer { t in
                                v0.withUnsafeBufferPointer { v in
                                    _ = basis.evaluate(
                                        from: f, to: t, initialVelocity: v, values: out, layout: layout, method: method)
                                }
                            }
                        }
                        consume(out[count * channels - 1])
                    }
                }
            }
        }
        out.deallocate()
    }
    for channels in [4, 16, 64, 256] {
        let count = (1 << 20) / channels
        let progress = (0..<count).map { Double($0) / Double(count - 1) }
        let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * channels)
        out.initialize(repeating: 0)
        for keys in [4, 8, 12, 16, 24, 32, 64] {
            for (mode, calculation) in [("cubic", CalculationMode.cubic), ("linear", .linear)] {
                let basis = try! KeyframeBasis(keyCount: keys, calculationMode: calculation, progress: progress)
                let keyValues = (0..<(keys * channels)).map { Double(($0 * 37) % 101) }
                for (methodName, method) in [("blas", SpringBasis.Method.matrixProduct), ("loops", .loops)] {
                    sweep["cross_keys_\(mode)_k\(keys)_c\(channels)_\(methodName)"] = median {
                        keyValues.withUnsafeBufferPointer {
                            _ = basis.evaluate(values: $0, channels: channels, output: out, method: method)
                        }
                        consume(out[count * channels - 1])
                    }
                }
            }
        }
        out.deallocate()
    }
    let json: [String: Any] = ["repeats": options.repeats, "median_seconds": sweep]
    let data = try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    print(String(data: data, encoding: .utf8)!)
    exit(0)
}

// Particles: `Benchmarks/peers/particles.py`'s rain emitter (100,000 live particles), one
// frame evaluated in closed form into a reused table, as a renderer does every frame.
/// One frame of the rain emitter, timed with the system and table as locals (globals of
/// top-level code are reached through accessors, which would be timed too).
@MainActor
func particleFrame() -> Double {
    let system = try! ParticleSystem(ParticleWorkload.rain())
    var table = ParticleTable()
    var t = 10.0
    return median {
        try! system.particles(at: t, into: &table)
        t += 1.0 / 60
        consume(Double(table.count))
    }
}
if options.workloads?.contains("particles") ?? false { results["particles"] = particleFrame() }

/// A Lottie file's frames 0…119 in peers/lottie_players.py's scrambled order: the time per frame
/// of evaluating (and optionally writing the SVG), averaged over one pass, median over repeats.
@MainActor
func lottieFrames(_ path: String, svg: Bool) -> Double {
    let animation = try! LottieAnimation(contentsOf: path)
    let frames = (0..<120).map { Double((37 * $0) % 120) }
    return median {
        var total = 0.0
        for f in frames {
            let frame = animation.frame(at: f)
            total += svg ? Double(frame.svg().utf8.count) : frame.layers[0].transform[4]
        }
        consume(total)
    } / Double(frames.count)
}
if let path = options.lottie {
    if options.workloads?.contains("lottie_frame") ?? true { results["lottie_frame"] = lottieFrames(path, svg: false) }
    if options.workloads?.contains("lottie_svg") ?? true { results["lottie_svg"] = lottieFrames(path, svg: true) }
}

let json: [String: Any] = [
    "n": n, "frame_springs": m, "repeats": options.repeats, "median_seconds": results,
]
let data = try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
print(String(data: data, encoding: .utf8)!)
