// swift-tools-version: 6.1
// Harmonic's benchmarks, kept out of the main package so that building or testing Harmonic
// never fetches or compiles the benchmark harness.
//
//   swift package benchmark                 # every ordo-one benchmark (release build)
//   swift run -c release harmonic-peers     # Harmonic's side of the peer comparison (JSON)
//   swift run -c release bezier-accuracy    # worst output error: Harmonic vs the browser solver
//   swift run -c release bezier-speed       # ns per call: Harmonic vs the browser, interleaved
//   swift run -c release pacing-accuracy    # constant-speed motion: exact, table, 200 chords
//   ./instruction-counts.sh                 # callgrind instructions per frame / per lookup
//   python3 peers/compare.py                # numpy/scipy vs Harmonic on the same workloads
import PackageDescription

let package = Package(
    name: "HarmonicBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Harmonic", path: ".."),
    ],
    targets: [
        // One benchmark target; one file per area (see Benchmarks/README.md to add one).
        .executableTarget(
            name: "HarmonicBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Harmonic", package: "Harmonic"),
                .product(name: "HarmonicBLAS", package: "Harmonic"),
                .product(name: "HarmonicEngine", package: "Harmonic"),
                .product(name: "HarmonicRender", package: "Harmonic"),
                .product(name: "HarmonicLottie", package: "Harmonic"),
                "BrowserBezier",
                "ChordTable",
                "EngineWorkloads",
            ],
            path: "Benchmarks/HarmonicBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The Swift side of peers/compare.py: times Harmonic's paths, prints JSON.
        .executableTarget(
            name: "harmonic-peers",
            dependencies: [
                .product(name: "Harmonic", package: "Harmonic"),
                .product(name: "HarmonicBLAS", package: "Harmonic"),
                .product(name: "HarmonicLottie", package: "Harmonic"),
                "EngineWorkloads",
            ],
            path: "Sources/HarmonicPeers"
        ),
        // Reimplementation of the browsers' cubic-Bézier solver, measured side by side.
        .target(name: "BrowserBezier", path: "Sources/BrowserBezier"),
        // Worst output error of both cubic-Bézier solvers against the mpmath reference table.
        .executableTarget(
            name: "bezier-accuracy",
            dependencies: [.product(name: "Harmonic", package: "Harmonic"), "BrowserBezier"],
            path: "Sources/BezierAccuracy"
        ),
        // Harmonic's and the browser's inverse timed in alternation (and a counting mode).
        .executableTarget(
            name: "bezier-speed",
            dependencies: [.product(name: "Harmonic", package: "Harmonic"), "BrowserBezier"],
            path: "Sources/BezierSpeed"
        ),
        // The 200-chord arc-length table of three.js, measured against Harmonic's pacing.
        .target(
            name: "ChordTable",
            dependencies: [.product(name: "Harmonic", package: "Harmonic")],
            path: "Sources/ChordTable"
        ),
        // Position error and speed ripple of exact, table and chord pacing.
        .executableTarget(
            name: "pacing-accuracy",
            dependencies: [.product(name: "Harmonic", package: "Harmonic"), "ChordTable"],
            path: "Sources/PacingAccuracy"
        ),
        // The engine-frame scene and its library-kernels floor, shared with instruction-counts.
        .target(
            name: "EngineWorkloads",
            dependencies: [
                .product(name: "Harmonic", package: "Harmonic"),
                .product(name: "HarmonicEngine", package: "Harmonic"),
            ],
            path: "Sources/EngineWorkloads"
        ),
        // One workload run N times, for callgrind's repeatable instruction counts.
        .executableTarget(
            name: "instruction-counts",
            dependencies: [
                .product(name: "Harmonic", package: "Harmonic"),
                .product(name: "HarmonicEngine", package: "Harmonic"),
                "EngineWorkloads",
            ],
            path: "Sources/InstructionCounts"
        ),
    ]
)
