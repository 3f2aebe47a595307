import Harmonic

extension LottieEngineShapes {
    /// How the engine plays one fill or stroke, decided from the paint's drivers and its content
    /// before any layer is made (``planPaint(_:path:index:drivers:points:)``), and carried out
    /// in one place (``makePaint(_:path:index:drivers:in:fade:points:)``).
    enum PaintPlan {
        /// It paints nothing at the times its path is built at.
        case nothing
        /// A lone star whose number of points moves: drawn once per count it takes.
        case counted(LottieProperty)
        /// No keyframes carry its path: direct evaluation's path at every frame, for the reason
        /// given, the trim (if any) played as the stroke's ends on that path.
        case motion(LottieEngineReason, trim: LottieTrim?)
        /// Keyframes carry its path exactly.
        case keyframes(KeyframedPaint)
    }

    /// A paint whose path keyframes carry exactly.
    struct KeyframedPaint {
        /// In engine seconds: the path's parts, the first its value and the rest offsets added
        /// to it (one per set of drivers that move apart).
        var parts: [KeyframeTimeline]
        /// The parts of each layer drawing the path: `[parts]`, or one list per subpath where a
        /// simultaneous trim cuts each path on its own.
        var pieces: [[KeyframeTimeline]]
        /// A lone shape's rigid motion, played by a layer around the path (which is then the
        /// shape at rest).
        var placement: Drivers.Placement?
        /// The trim played as the stroke's `strokeStart`/`strokeEnd` on the uncut path.
        var trim: LottieTrim?
    }
}
