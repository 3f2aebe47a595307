#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Harmonic

/// What `harmonic lottie FILE --info` prints: the composition's size and timing, how many
/// layers and shape items it holds, the features it uses, what Harmonic does not draw, and the
/// problems in the file it read past.
public struct LottieInfo: Sendable, Codable, Hashable {
    public var width: Double
    public var height: Double
    public var frameRate: Double
    public var inPoint: Double
    public var outPoint: Double
    /// `op − ip`.
    public var frames: Double
    /// Seconds, `(op − ip)/fr`.
    public var duration: Double
    /// Layers of the composition and of every precomposition asset.
    public var layers: Int
    /// Shape items (groups, paths, paints, trims) in every shape layer.
    public var shapes: Int
    public var precomps: Int
    public var images: Int
    public var markers: [LottieAnimation.Marker]
    public var features: [String]
    public var unsupported: [LottieAnimation.UnsupportedFeature]
    /// Unsupported entries counted beyond the first 1,000 listed.
    public var unsupportedNotListed: Int
    /// The problems in the file that reading went past, with their JSON paths.
    public var warnings: [LottieAnimation.Warning]
    /// Warnings counted beyond the first 1,000 listed.
    public var warningsNotListed: Int
}

extension LottieAnimation {
    public var info: LottieInfo {
        func count(_ items: [LottieShape]) -> Int {
            items.reduce(0) { total, item in
                if case let .group(children, _) = item { return total + 1 + count(children) }
                if case let .repeated(children, _) = item { return total + 1 + count(children) }
                return total + 1
            }
        }
        let all = layers + precomps.values.flatMap { $0 }
        let shapes = all.reduce(0) { total, layer in
            if case let .shape(items) = layer.kind { return total + count(items) }
            return total
        }
        return LottieInfo(
            width: width, height: height, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
            frames: outPoint - inPoint, duration: duration, layers: all.count, shapes: shapes,
            precomps: precomps.count, images: images.count, markers: markers, features: features,
            unsupported: unsupported, unsupportedNotListed: unsupportedNotListed, warnings: warnings,
            warningsNotListed: warningsNotListed)
    }
}

/// JSON text of the info and of evaluated frames: keys sorted, so the same file gives the same
/// bytes every time.
enum LottieJSON {
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A value that overflowed (a file's huge scales multiplied together) is written as a
        // string rather than stopping the whole frame.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension LottieInfo {
    /// The info as one line of JSON.
    public var json: String { LottieJSON.text(self) }
}

extension LottieFrame {
    /// The frame as one line of JSON.
    public var json: String { LottieJSON.text(self) }
}
