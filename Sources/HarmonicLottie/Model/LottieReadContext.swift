import Harmonic

/// What reading a file learns besides the model: the features it uses and the ones Harmonic
/// does not draw, each with the JSON path where it appears (``LottieAnimation/unsupported``).
final class LottieReadContext {
    /// Feature names in the order first met (`"shape.fill"`, `"layer.precomp"`, …).
    private(set) var features: [String] = []
    private var featureSet: Set<String> = []
    /// Unsupported features: the JSON path and what is there.
    private(set) var unsupported: [LottieAnimation.UnsupportedFeature] = []
    /// The folder of the file, for images named beside it (`nil` for text with no file).
    let baseDirectory: String?

    /// Upper bound on the unsupported entries kept (a file of 100,000 expressions reports the
    /// first of them and the count).
    static let maximumReports = 1000
    private(set) var droppedReports = 0

    init(baseDirectory: String?) { self.baseDirectory = baseDirectory }

    func uses(_ feature: String) {
        if featureSet.insert(feature).inserted { features.append(feature) }
    }

    func unsupported(_ path: String, _ feature: String) {
        uses(feature)
        if unsupported.count < Self.maximumReports {
            unsupported.append(.init(path: path, feature: feature))
        } else {
            droppedReports += 1
        }
    }
}
