import HarmonicPlatform
import Harmonic
import HarmonicJSON

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
/// A 3-D layer's rotation replaces `rotate(r)` by the orientation `or` and the rotations `rx`,
/// `ry`, `rz`, applied to points in the order
///
///     Rz(or.z) · Ry(or.y) · Rx(or.x) · Rz(rz) · Ry(ry) · Rx(rx)
///
/// with `Rx(t)`: `(x, y, z) ↦ (x, y·cos t − z·sin t, y·sin t + z·cos t)`, `Ry(t)`:
/// `(x, y, z) ↦ (x·cos t + z·sin t, y, z·cos t − x·sin t)` and `Rz` the plane's `rotate`, and
/// projected orthographically (z dropped): the layer's plane (z = 0) maps through the upper-left
/// 2 × 2 block of the product, and z components of anchor, position and scale have no effect.
/// That is how the players in use draw a 3-D layer without a camera (the order and signs are
/// ThorVG's, checked against its frames); After Effects itself views 3-D layers through the
/// composition's default camera, in perspective. Each layer is projected on its own, so a 3-D
/// rotation under a 3-D-rotated parent — which After Effects composes in space — is reported.
///
/// Source: the Lottie format, "Transform" (lottie.github.io/lottie-spec); Adobe, After Effects
/// User Guide, "Layer properties" (anchor point, position, scale, rotation, opacity).
struct LottieTransform: Sendable {
    /// The properties, shared by copies until one of them changes its own (copy on write): a
    /// transform is copied wherever a layer or a group is read, every frame, and one shared
    /// reference is one count to keep where twelve properties would be twelve.
    ///
    /// Unchecked: a storage is only written while its transform holds the only reference.
    private final class Storage: @unchecked Sendable {
        var anchor, position, positionX, positionY, scale, rotation, opacity, skew, skewAxis: LottieProperty?
        var rotationX, rotationY, orientation3D: LottieProperty?
        var autoOrients = false

        init() {}

        init(copying o: Storage) {
            (anchor, position, positionX, positionY) = (o.anchor, o.position, o.positionX, o.positionY)
            (scale, rotation, opacity, skew, skewAxis) = (o.scale, o.rotation, o.opacity, o.skew, o.skewAxis)
            (rotationX, rotationY, orientation3D) = (o.rotationX, o.rotationY, o.orientation3D)
            autoOrients = o.autoOrients
        }
    }

    private var storage = Storage()

    /// The storage, copied first if another transform shares it.
    private mutating func own() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        return storage
    }

    var anchor: LottieProperty? {
        get { storage.anchor }
        set { own().anchor = newValue }
    }
    var position: LottieProperty? {
        get { storage.position }
        set { own().position = newValue }
    }
    var positionX: LottieProperty? {
        get { storage.positionX }
        set { own().positionX = newValue }
    }
    var positionY: LottieProperty? {
        get { storage.positionY }
        set { own().positionY = newValue }
    }
    var scale: LottieProperty? {
        get { storage.scale }
        set { own().scale = newValue }
    }
    var rotation: LottieProperty? {
        get { storage.rotation }
        set { own().rotation = newValue }
    }
    var opacity: LottieProperty? {
        get { storage.opacity }
        set { own().opacity = newValue }
    }
    var skew: LottieProperty? {
        get { storage.skew }
        set { own().skew = newValue }
    }
    var skewAxis: LottieProperty? {
        get { storage.skewAxis }
        set { own().skewAxis = newValue }
    }
    /// A 3-D layer's rotations about x and y (`rx`, `ry`, degrees) and orientation (`or`,
    /// degrees about x, y, z); `nil` where absent or zero throughout.
    var rotationX: LottieProperty? {
        get { storage.rotationX }
        set { own().rotationX = newValue }
    }
    var rotationY: LottieProperty? {
        get { storage.rotationY }
        set { own().rotationY = newValue }
    }
    var orientation3D: LottieProperty? {
        get { storage.orientation3D }
        set { own().orientation3D = newValue }
    }
    /// Whether the layer turns to follow its position path (`ao`), the angle of the path's
    /// tangent added to its rotation.
    var autoOrients: Bool {
        get { storage.autoOrients }
        set { own().autoOrients = newValue }
    }

    static let identity = LottieTransform()

    init() {}

    init(_ json: JSONValue?, path: String, context: LottieReadContext) throws(HarmonicError) {
        guard let json else { return }
        guard case let .object(m) = json else {
            throw .invalidParameter(name: path, value: json.summary, allowed: "a transform object")
        }
        func property(_ key: String) throws(HarmonicError) -> LottieProperty? {
            try LottieProperty.optional(m[key], path: "\(path).\(key)", context: context)
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
        // A 3-D rotation that stays zero draws nothing different.
        func turning(_ key: String) throws(HarmonicError) -> LottieProperty? {
            guard let p = try property(key), p.isAnimated || p.value(at: 0).contains(where: { $0 != 0 }) else {
                return nil
            }
            context.uses("transform.3dRotation")
            return p
        }
        rotationX = try turning("rx")
        rotationY = try turning("ry")
        orientation3D = try turning("or")
    }

    /// Whether the transform turns out of the plane (`rx`, `ry` or `or`).
    var rotates3D: Bool { rotationX != nil || rotationY != nil || orientation3D != nil }

    /// The plane's image under the 3-D rotation at `frame` with `z` degrees about z (the type's
    /// documentation gives the order), projected orthographically: a linear `Transform2D`. The
    /// rotations are ``Transform3D/rotation(angle:x:y:z:)``, whose row-vector matrices are the
    /// `Rx`, `Ry`, `Rz` above.
    func rotation3D(at frame: Double, z: Double) -> Transform2D {
        let radians = Double.pi / 180
        let o = orientation3D?.value(at: frame) ?? []
        func angle(_ i: Int) -> Double { o.indices.contains(i) ? o[i] * radians : 0 }
        let turns: [(Double, SIMD3<Double>)] = [
            (angle(2), [0, 0, 1]), (angle(1), [0, 1, 0]), (angle(0), [1, 0, 0]), (z * radians, [0, 0, 1]),
            ((rotationY?.scalar(at: frame) ?? 0) * radians, [0, 1, 0]),
            ((rotationX?.scalar(at: frame) ?? 0) * radians, [1, 0, 0]),
        ]
        let m = turns.reduce(Transform3D.identity) { m, turn in
            m.concatenating(.rotation(angle: turn.0, x: turn.1.x, y: turn.1.y, z: turn.1.z))
        }
        return Transform2D(a: m[0, 0], b: m[0, 1], c: m[1, 0], d: m[1, 1], tx: 0, ty: 0)
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
        if rotates3D {
            m = m.concatenating(rotation3D(at: frame, z: degrees))
        } else if degrees != 0 {
            m = m.concatenating(.rotation(degrees * .pi / 180))
        }
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
