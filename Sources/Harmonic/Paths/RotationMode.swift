import HarmonicPlatform

/// Whether an object moving along a path turns to follow it: `CAKeyframeAnimation`'s
/// `rotationMode` (`kCAAnimationRotateAuto`, `kCAAnimationRotateAutoReverse`).
///
/// The angle is that of the path's tangent, `atan2(dy, dx)` in radians (counter-clockwise from
/// the +x axis in a y-up frame; clockwise on screen in UIKit's y-down frame, as in Core
/// Animation), where the tangent is the direction of travel along the path geometry —
/// independent of timing functions, so an ease that momentarily stops the motion does not
/// change the angle. Where the path's derivative vanishes (a cusp, a control point on its end
/// point) the tangent is the limit of the direction of travel (see
/// ``BezierSegment/tangent(at:)``).
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
    /// The tangent angle, in `(−π, π]`.
    case auto
    /// The tangent angle plus π (the object faces backwards), reduced to `(−π, π]`.
    case autoReverse

    /// The rotation for a tangent direction. A zero tangent gives 0 (`auto`) or π
    /// (`autoReverse`).
    public func angle(forTangent tangent: SIMD2<Double>) -> Double {
        var angle = tangent.y == 0 && tangent.x == 0 ? 0 : atan2(tangent.y, tangent.x)
        if angle == -.pi { angle = .pi }  // atan2(−0, x < 0)
        switch self {
        case .auto:
            return angle
        case .autoReverse:
            // Adding π and folding keeps the result in (−π, π].
            return angle <= 0 ? angle + .pi : angle - .pi
        }
    }
}
