// swift-tools-version: 6.1
// Harmonic's fuzz targets, kept out of the main package: they are built with
// `-sanitize=fuzzer,address` and `-enable-testing`, which the library's users never want.
//
//   scripts/fuzz.sh                    # every target for 60 s each (make fuzz)
//   scripts/fuzz.sh --quick            # the committed corpus, then a fixed-seed short run
//   swift run --package-path Fuzz harmonic-fuzz spec Fuzz/Corpus/spec   # replay, no libFuzzer
//
// See Fuzz/README.md for the targets and the contract each one checks.
import PackageDescription

let package = Package(
    name: "HarmonicFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Harmonic", path: "..")
    ],
    targets: [
        // The contract checks, one per input language; shared by the libFuzzer entry point
        // and the replay driver.
        .target(
            name: "HarmonicFuzzTargets",
            dependencies: [
                .product(name: "Harmonic", package: "Harmonic"),
                .product(name: "HarmonicJSON", package: "Harmonic"),
                .product(name: "HarmonicSpec", package: "Harmonic"),
                .product(name: "HarmonicCommandLine", package: "Harmonic"),
                .product(name: "HarmonicLottie", package: "Harmonic"),
            ]
        ),
        // With -DFUZZING: libFuzzer's entry point (the target is chosen by
        // HARMONIC_FUZZ_TARGET). Without: replays files through a target.
        .executableTarget(name: "harmonic-fuzz", dependencies: ["HarmonicFuzzTargets"]),
    ]
)
