import Harmonic

/// What reading a file learns besides the model: the features it uses and the ones Harmonic
/// does not draw, each with the JSON path where it appears (``LottieAnimation/unsupported``),
/// and — read leniently — the problems it read past (``LottieAnimation/warnings``).
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

    /// The file's fonts and glyph outlines, read before its layers (text layers are laid out
    /// with them as they are read).
    var glyphs = LottieGlyphs.none

    /// Whether a problem in the file stops reading (`true`) or is read past with a warning.
    let strict: Bool
    /// The problems read past, in the order met.
    private(set) var warnings: [LottieAnimation.Warning] = []
    /// Warnings beyond ``maximumReports``, counted but not kept.
    private(set) var droppedWarnings = 0

    init(baseDirectory: String?, strict: Bool = false) {
        self.baseDirectory = baseDirectory
        self.strict = strict
    }

    /// Reports a problem read past: `error` says what is wrong where, `consequence` what is drawn
    /// instead. Strictly read, the error stands.
    func warn(_ error: HarmonicError, _ consequence: String) throws(HarmonicError) {
        if strict { throw error }
        let path: String
        switch error {
        case let .invalidParameter(name, _, _): path = name
        case .syntax, .conflict: path = ""
        }
        record(.init(path: path, message: "\(error); \(consequence)"))
    }

    /// Reads one part of the file with `read`. A part that cannot be read is, leniently, replaced
    /// by `fallback` and reported with the error's own words and `consequence` (what is drawn
    /// instead); strictly, the error stands.
    ///
    /// This is how a real file's damage stays local: a bad keyframe costs its property, a bad
    /// property its item's default, a bad item that item, a bad layer that layer.
    func recovering<T>(
        _ consequence: String, fallback: @autoclosure () -> T, _ read: () throws(HarmonicError) -> T
    ) throws(HarmonicError) -> T {
        do {
            return try read()
        } catch {
            try warn(error, consequence)
            return fallback()
        }
    }

    private func record(_ warning: LottieAnimation.Warning) {
        Self.keep(warning, in: &warnings, counting: &droppedWarnings)
    }

    /// Appends `report` to `list` while it holds fewer than ``maximumReports``, else counts it.
    private static func keep<Report>(_ report: Report, in list: inout [Report], counting dropped: inout Int) {
        if list.count < maximumReports { list.append(report) } else { dropped += 1 }
    }

    /// The easing curves read so far, by their control points.
    private var curves: [SIMD4<Double>: CubicBezier] = [:]

    /// The cubic Bézier easing `(x1, y1, x2, y2)`, the same instance for equal control points:
    /// a file repeats a few easings on thousands of keyframes, and sharing one curve shares
    /// its solver table (about 3 KB), which then stays in cache while frames are evaluated.
    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(HarmonicError) -> CubicBezier {
        let key = SIMD4(x1, y1, x2, y2)
        if let known = curves[key] { return known }
        let curve = try CubicBezier(x1, y1, x2, y2)
        curves[key] = curve
        return curve
    }

    func uses(_ feature: String) {
        if featureSet.insert(feature).inserted { features.append(feature) }
    }

    func unsupported(_ path: String, _ feature: String) {
        uses(feature)
        Self.keep(.init(path: path, feature: feature), in: &unsupported, counting: &droppedReports)
    }
}
