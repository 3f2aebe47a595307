import Harmonic
import HarmonicJSON

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

    /// Unsupported entries beyond ``JSONDiagnostics/maximumReports``, counted but not kept.
    private(set) var droppedReports = 0

    /// The file's fonts and glyph outlines, read before its layers (text layers are laid out
    /// with them as they are read).
    var glyphs = LottieGlyphs.none

    /// Strict or lenient reading, and the problems read past (``JSONDiagnostics``).
    let diagnostics: JSONDiagnostics

    init(baseDirectory: String?, strict: Bool = false) {
        self.baseDirectory = baseDirectory
        diagnostics = JSONDiagnostics(strict: strict)
    }

    /// Reports a problem read past (``JSONDiagnostics/warn(_:_:)``).
    func warn(_ error: HarmonicError, _ consequence: String) throws(HarmonicError) {
        try diagnostics.warn(error, consequence)
    }

    /// Reads one part of the file, leniently replaced by `fallback` when it cannot be read
    /// (``JSONDiagnostics/recovering(_:fallback:_:)``). This is how a real file's damage stays
    /// local: a bad keyframe costs its property, a bad property its item's default, a bad item
    /// that item, a bad layer that layer.
    func recovering<T>(
        _ consequence: String, fallback: @autoclosure () -> T, _ read: () throws(HarmonicError) -> T
    ) throws(HarmonicError) -> T {
        try diagnostics.recovering(consequence, fallback: fallback(), read)
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
        JSONDiagnostics.keep(.init(path: path, feature: feature), in: &unsupported, counting: &droppedReports)
    }
}
