// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Harmonic",
    // Synchronization (HarmonicBLAS's thread setting) needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Harmonic", targets: ["Harmonic"]),
        .library(name: "HarmonicEngine", targets: ["HarmonicEngine"]),
        .library(name: "HarmonicBLAS", targets: ["HarmonicBLAS"]),
        // The spec and scene formats (JSON → curves and engine animations).
        .library(name: "HarmonicJSON", targets: ["HarmonicJSON"]),
        .library(name: "HarmonicSpec", targets: ["HarmonicSpec"]),
        .library(name: "HarmonicRender", targets: ["HarmonicRender"]),
        .library(name: "HarmonicLottie", targets: ["HarmonicLottie"]),
        .executable(name: "harmonic", targets: ["HarmonicCLI"]),
        // The tool's commands as a library: `HarmonicCommand.main()` runs them. The fuzz
        // targets in Fuzz/ drive its parsers through this product.
        .library(name: "HarmonicCommandLine", targets: ["HarmonicCommandLine"]),
        // The C interface (Sources/CHarmonic/include/harmonic.h), shared and static.
        .library(name: "HarmonicC", type: .dynamic, targets: ["HarmonicC"]),
        .library(name: "HarmonicCStatic", type: .static, targets: ["HarmonicC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the DocC catalogs of Harmonic, HarmonicEngine and HarmonicBLAS.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // `harmonic studio`'s HTTP server: FlyingFox builds in seconds on its own sockets
        // (Hummingbird's SwiftNIO adds minutes to every fresh build, `make demo`'s included).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // AVX2/FMA loops behind a run-time check (function target attributes, no build flags).
        .target(name: "CHarmonicKernels"),
        // The platform's C library (Glibc, Musl or Darwin), imported in one place.
        .target(name: "HarmonicPlatform"),
        .target(name: "Harmonic", dependencies: ["CHarmonicKernels", "HarmonicPlatform"]),
        .target(name: "HarmonicEngine", dependencies: ["Harmonic"]),
        // OpenBLAS's CBLAS, found through pkg-config (scripts/install-deps.sh installs it).
        .systemLibrary(
            name: "COpenBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        // Batched evaluation as matrix products.
        .target(name: "HarmonicBLAS", dependencies: ["Harmonic", "HarmonicPlatform", "COpenBLAS"]),
        // The spec and scene formats: JSON → library curves and engine animations, the one
        // parser every front end (the tool, the C library, the fuzz targets) reads them with.
        // JSON read with the path of every value in its errors, strictly or leniently.
        .target(name: "HarmonicJSON", dependencies: ["Harmonic"]),
        .target(name: "HarmonicSpec", dependencies: ["Harmonic", "HarmonicJSON", "HarmonicEngine", "HarmonicBLAS"]),
        // Pictures of the engine's layer tree: SVG frames, and pixels or PNG through librsvg.
        .target(name: "HarmonicRender", dependencies: ["Harmonic", "HarmonicPlatform", "HarmonicEngine"]),
        // Lottie (Bodymovin JSON) files read, evaluated at any frame and drawn.
        .target(
            name: "HarmonicLottie",
            dependencies: ["Harmonic", "HarmonicPlatform", "HarmonicJSON", "HarmonicEngine", "HarmonicRender"]),
        // The tool's commands and writers (CSV, JSON, SVG, PNG): a library so the fuzz targets
        // in Fuzz/ and the tests drive the same code the executable runs.
        .target(
            name: "HarmonicCommandLine",
            dependencies: [
                "Harmonic",
                "HarmonicPlatform",
                "HarmonicJSON",
                "HarmonicEngine",
                "HarmonicSpec",
                "HarmonicRender",
                "HarmonicLottie",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `harmonic studio`: the page and the JSON API over the tool's commands, on FlyingFox.
        .target(
            name: "HarmonicStudio",
            dependencies: ["HarmonicCommandLine", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .executableTarget(name: "HarmonicCLI", dependencies: ["HarmonicCommandLine", "HarmonicStudio"]),
        // harmonic.h and the thread-local error message (C), implemented by HarmonicC (Swift).
        .target(name: "CHarmonic"),
        // No dependency on HarmonicCommandLine: a C program never links ArgumentParser.
        .target(
            name: "HarmonicC",
            dependencies: [
                "CHarmonic", "HarmonicJSON", "HarmonicSpec", "HarmonicEngine", "HarmonicRender", "HarmonicLottie",
                "Harmonic", "HarmonicPlatform",
            ]
        ),
        // Shared by the test targets: closeness measures, the extended-precision reference
        // type, and the conformance checks every timing function runs.
        .target(
            name: "HarmonicTestSupport",
            dependencies: ["Harmonic"],
            path: "Tests/HarmonicTestSupport"
        ),
        .testTarget(
            name: "HarmonicTests",
            dependencies: ["Harmonic", "HarmonicTestSupport"],
            resources: [.copy("References")]
        ),
        .testTarget(
            name: "HarmonicEngineTests",
            // HarmonicBLAS for the README's examples (ReadmeExamples.swift).
            dependencies: ["HarmonicEngine", "HarmonicBLAS", "HarmonicTestSupport"]
        ),
        .testTarget(
            name: "HarmonicBLASTests",
            dependencies: ["HarmonicBLAS", "Harmonic", "HarmonicTestSupport"]
        ),
        .testTarget(
            name: "HarmonicCTests",
            dependencies: ["HarmonicC", "CHarmonic", "Harmonic", "HarmonicTestSupport"]
        ),
        .testTarget(
            name: "HarmonicSpecTests",
            dependencies: ["HarmonicSpec", "Harmonic", "HarmonicEngine", "HarmonicTestSupport"]
        ),
        .testTarget(
            name: "HarmonicCLITests",
            dependencies: ["HarmonicCLI", "HarmonicCommandLine", "HarmonicSpec", "HarmonicTestSupport"]
        ),
        .testTarget(
            name: "HarmonicRenderTests",
            dependencies: ["HarmonicRender", "HarmonicEngine", "Harmonic", "HarmonicTestSupport"]
        ),
        .testTarget(
            name: "HarmonicLottieTests",
            dependencies: ["HarmonicLottie", "HarmonicJSON", "HarmonicRender", "Harmonic", "HarmonicTestSupport"]
        ),
        // The fuzz targets' contracts (a link to Fuzz/Sources/HarmonicFuzzTargets) run over their
        // committed seeds: the short pass of fuzzing in `make test`.
        .testTarget(
            name: "HarmonicFuzzTests",
            dependencies: [
                "Harmonic", "HarmonicJSON", "HarmonicSpec", "HarmonicCommandLine", "HarmonicLottie",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HarmonicJSONTests",
            dependencies: ["HarmonicJSON", "Harmonic", "HarmonicTestSupport"]
        ),
    ]
)
