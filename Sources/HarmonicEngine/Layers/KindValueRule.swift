import Harmonic

/// The values a kind of layer refuses, checked when they are set (so that a scene, the C
/// interface or Python fail with one line naming the key, before anything is drawn).
///
/// - `instanceCount` (replicator): a whole number in 0…``maximumInstanceCount``.
/// - `colors` (gradient): RGBA colours, four numbers each, at least one.
/// - `locations` (gradient): non-decreasing, and one per colour once both are set.
/// - `seed` (emitter): a whole number in 0…4294967295 (Core Animation's `UInt32`).
/// - `birthRate`, `lifetime` (emitter): ≥ 0 as model values (an animation passing below 0
///   emits nothing meanwhile).
/// - `lineDashPattern` (every kind, as a value): lengths ≥ 0 as model values (an animation
///   passing below 0 draws 0 meanwhile).
enum KindValueRule {
    /// The most instances a replicator may be asked for (each is drawn, so each costs).
    static let maximumInstanceCount = 10_000.0

    /// Checks `numbers` for the whole property `name` of a layer of `kind`, whose other
    /// properties `read` gives (nil when not set).
    static func check(
        _ name: String, _ numbers: [Double], kind: LayerKind, read: (String) -> [Double]?
    ) throws(HarmonicError) {
        switch (kind, name) {
        case (.replicator, "instanceCount"):
            let n = numbers[0]
            guard n >= 0, n <= maximumInstanceCount, n == n.rounded() else {
                throw .invalidParameter(name: name, value: "\(n)", allowed: "a whole number in 0...10000")
            }
        case (.gradient, "colors"):
            guard !numbers.isEmpty, numbers.count % 4 == 0 else {
                throw .invalidParameter(
                    name: name, value: "\(numbers.count) numbers", allowed: "RGBA colours, four numbers each")
            }
            if let locations = read("locations"), locations.count != numbers.count / 4 {
                throw .invalidParameter(
                    name: name, value: "\(numbers.count / 4) colours",
                    allowed: "one per location (\(locations.count)), or set locations first")
            }
        case (.gradient, "locations"):
            for i in numbers.indices.dropFirst() where numbers[i] < numbers[i - 1] {
                throw .invalidParameter(
                    name: "\(name)[\(i)]", value: "\(numbers[i])", allowed: ">= \(numbers[i - 1]) (in order)")
            }
            if let colors = read("colors"), colors.count / 4 != numbers.count {
                throw .invalidParameter(
                    name: name, value: "\(numbers.count) locations", allowed: "one per colour (\(colors.count / 4))")
            }
        case (.emitter, "seed"):
            let n = numbers[0]
            guard n >= 0, n <= 4_294_967_295, n == n.rounded() else {
                throw .invalidParameter(name: name, value: "\(n)", allowed: "a whole number in 0...4294967295")
            }
        case (_, StandardLayerProperty.dashPattern):
            for (i, n) in numbers.enumerated() where n < 0 {
                throw .invalidParameter(name: "\(name)[\(i)]", value: "\(n)", allowed: "a length >= 0")
            }
        case (.emitter, "birthRate"), (.emitter, "lifetime"):
            guard numbers[0] >= 0 else {
                throw .invalidParameter(name: name, value: "\(numbers[0])", allowed: ">= 0")
            }
        default:
            break
        }
    }
}
