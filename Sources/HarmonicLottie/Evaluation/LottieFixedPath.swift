import Harmonic

/// A geometry item whose path never changes — a path, rectangle, ellipse or star with no
/// animated property — built once when the file is read: its geometry, and the measured path
/// (arc length) a trim cuts it by, so that no frame rebuilds or re-measures it.
final class LottieFixedPath: Sendable {
    let geometry: LottieGeometry
    /// The geometry measured for trimming (`nil` when it has no segments).
    let measured: Path?

    /// The fixed form of `rule`'s item, or `nil` when one of its properties is animated.
    init?(_ rule: some LottiePathRule) {
        guard !rule.isAnimated else { return nil }
        geometry = rule.geometry(at: 0)
        measured = geometry.path
    }

    /// What moves the path for the engine: nothing, and a rounding met after it cuts each sharp
    /// vertex by `min(r, d/2)` along each side, `d` fixed (``LottieGeometry/cornerSides``).
    var drivers: LottieEngineShapes.Drivers {
        var d = LottieEngineShapes.Drivers()
        d.corners = .fixed(geometry)
        return d
    }
}
