import Harmonic

/// A shape item whose path never changes — a path, rectangle, ellipse or star with no
/// animated property — built once when the file is read: its geometry, and the measured path
/// (arc length) a trim cuts it by, so that no frame rebuilds or re-measures it.
final class LottieFixedPath: Sendable {
    let geometry: LottieGeometry
    /// The geometry measured for trimming (`nil` when it has no segments).
    let measured: Path?

    /// The fixed form of `shape`, or `nil` when it is no path item or one of its properties
    /// is animated.
    init?(_ shape: LottieShape) {
        let properties: [LottieProperty?]
        switch shape {
        case let .path(property, _, _): properties = [property]
        case let .rectangle(position, size, roundness, _): properties = [position, size, roundness]
        case let .ellipse(position, size, _): properties = [position, size]
        case let .polystar(star):
            properties = [
                star.points, star.position, star.rotation, star.outerRadius, star.innerRadius, star.outerRoundness,
                star.innerRoundness,
            ]
        default: return nil
        }
        guard !properties.contains(where: { $0?.isAnimated == true }),
            let geometry = LottieShapeEvaluator(time: 0).geometry(shape)
        else { return nil }
        self.geometry = geometry
        measured = geometry.path
    }
}
