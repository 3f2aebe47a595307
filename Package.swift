// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Harmonic",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Harmonic", targets: ["Harmonic"]),
        .library(name: "HarmonicEngine", targets: ["HarmonicEngine"]),
        .executable(name: "harmonic", targets: ["HarmonicCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Harmonic"),
        .target(name: "HarmonicEngine", dependencies: ["Harmonic"]),
        .executableTarget(
            name: "HarmonicCLI",
            dependencies: [
                "Harmonic",
                "HarmonicEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HarmonicTests",
            dependencies: ["Harmonic"],
            resources: [.copy("References")]
        ),
        .testTarget(
            name: "HarmonicEngineTests",
            dependencies: ["HarmonicEngine"]
        ),
        .testTarget(
            name: "HarmonicCLITests",
            dependencies: ["HarmonicCLI"]
        ),
    ]
)
