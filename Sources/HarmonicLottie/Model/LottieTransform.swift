#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Harmonic
import HarmonicSpec

/// A layer's or a shape group's transform (`ks`, `tr`): anchor point, position (one property or
/// split into x and y), scale in percent, rotation in degrees (clockwise on screen, y down),
/// opacity in percent, skew and skew axis in degrees.
///
/// The matrix applies, to a point in the layer's own coordinates, in After Effects' order:
///
///     translate(−anchor) · scale(s/100) · skew · rotate(r) · translate(position)
///
/// where skew by `sk` along the axis at angle `sa` is `rotate(sa) · shearX(tan(−sk)) ·
/// rotate(−sa)` (row vectors, applied left to right; Core Graphics' conventions, as
/// ``Transform2D``).
///
/// Source: the Lottie format, "Transform" (lottie.github.io/lottie-spec); Adobe, After Effects
/// User Guide, "Layer properties" (anchor point, position, scale, rotation, opacity).
struct LottieTransform: Sendable {
    var anchor: LottieProperty?
    var position: LottieProperty?
    var positionX: LottieProperty?
    var positionY: LottieProperty?
    var scale: LottieProperty?
    var rotation: LottieProperty?
    var opacity: LottieProperty?
    var skew: LottieProperty?
    var skewAxis: LottieProperty?
    /// Whether the layer turns to follow its position path (`ao`), the angle of the path's
    /// tangent added to its rotation.
    var autoOrients = false

    static let identity = LottieTransform()

    init() {}

    init(_ json: JSONValue?, path: String, context: LottieReadContext) throws(HarmonicError) {
        guard let json else { return }
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a transform object")
        }
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try m[key].map { (v) throws(HarmonicError) in
                try LottieProperty(v, path: "\(path).\(key)", context: context)
            }
        }
        anchor = try property("a")
        if case let .object(p)? = m["p"], case .bool(true)? = p["s"] {
            positionX = try p["x"].map { (v) throws(HarmonicError) in
                try LottieProperty(v, path: "\(path).p.x", context: context)
            }
            positionY = try p["y"].map { (v) throws(HarmonicError) in
                try LottieProperty(v, path: "\(path).p.y", context: context)
            }
            context.uses("transform.splitPosition")
        } else {
            position = try property("p")
        }
        scale = try property("s")
        if let r = try property("r") { rotation = r } else { rotation = try property("rz") }
        opacity = try property("o")
        skew = try property("sk")
        skewAxis = try property("sa")
        for key in ["rx", "ry", "or"] {
            guard let p = try property(key) else { continue }
            // A 3-D rotation that stays zero draws nothing different.
            if p.isAnimated || p.value(at: 0).contains(where: { $0 != 0 && $0 != 360 }) {
                context.unsupported("\(path).\(key)", "transform.3dRotation")
            }
        }
    }

    /// The position at `frame`.
    func positionValue(at frame: Double) -> SIMD2<Double> {
        if positionX != nil || positionY != nil {
            return SIMD2(positionX?.scalar(at: frame) ?? 0, positionY?.scalar(at: frame) ?? 0)
        }
        return position?.point(at: frame) ?? .zero
    }

    /// The matrix at `frame`.
    func matrix(at frame: Double) -> Transform2D {
        let a = anchor?.point(at: frame) ?? .zero
        let s = (scale?.point(at: frame) ?? SIMD2(100, 100)) / 100
        var m = Transform2D.translation(x: -a.x, y: -a.y).concatenating(.scale(x: s.x, y: s.y))
        if let k = skewMatrix(at: frame) { m = m.concatenating(k) }
        var degrees = rotation?.scalar(at: frame) ?? 0
        if autoOrients, let angle = orientation(at: frame) { degrees += angle }
        if degrees != 0 { m = m.concatenating(.rotation(degrees * .pi / 180)) }
        let p = positionValue(at: frame)
        return m.concatenating(.translation(x: p.x, y: p.y))
    }

    /// Opacity as a fraction in `[0, 1]`.
    /// The skew at `frame`, `nil` when there is none: a shear of `sk` degrees along the axis
    /// `sa` degrees from x, `rotate(sa)·shear(−sk)·rotate(−sa)` (points as row vectors).
    func skewMatrix(at frame: Double) -> Transform2D? {
        let sk = skew?.scalar(at: frame) ?? 0
        guard sk != 0 else { return nil }
        let axis = (skewAxis?.scalar(at: frame) ?? 0) * .pi / 180
        let shear = Transform2D(a: 1, b: 0, c: tan(-sk * .pi / 180), d: 1, tx: 0, ty: 0)
        return Transform2D.rotation(axis).concatenating(shear).concatenating(.rotation(-axis))
    }

    func opacityValue(at frame: Double) -> Double {
        min(max((opacity?.scalar(at: frame) ?? 100) / 100, 0), 1)
    }

    /// The direction of travel of the position in degrees (clockwise from +x, y down), or `nil`
    /// where the position does not move: the timeline's exact direction
    /// (``KeyframeTimeline/direction(at:)``); a split position, whose two timelines move on
    /// their own, by a symmetric difference of a thousandth of a frame.
    func orientation(at frame: Double) -> Double? {
        if let position {
            guard let d = position.timeline.direction(at: frame) else { return nil }
            return atan2(d.y, d.x) * 180 / .pi
        }
        let h = 1e-3
        let d = positionValue(at: frame + h) - positionValue(at: frame - h)
        guard d.x != 0 || d.y != 0 else { return nil }
        return atan2(d.y, d.x) * 180 / .pi
    }
}
