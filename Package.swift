// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Harmonic",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Harmonic", targets: ["Harmonic"]),
        .executable(name: "harmonic", targets: ["HarmonicCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Harmonic"),
        .executableTarget(
            name: "HarmonicCLI",
            dependencies: [
                "Harmonic",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HarmonicTests",
            dependencies: ["Harmonic"],
            resources: [.copy("References")]
        ),
        .testTarget(
            name: "HarmonicCLITests",
            dependencies: ["HarmonicCLI"]
        ),
    ]
)
