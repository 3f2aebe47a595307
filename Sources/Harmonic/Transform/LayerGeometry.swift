/// The geometry of one layer (Apple, `CALayer`: `bounds`, `position`, `zPosition`,
/// `anchorPoint`, `anchorPointZ`, `transform`, `sublayerTransform`) and the matrices that
/// place it in its superlayer.
///
/// Core Animation multiplies row vectors (`p·M`, ``Transform3D``). A point `p` of the layer's
/// own coordinate space (its `bounds` space) reaches its superlayer's space by
///
///     p · T(−anchor) · transform · T(position, zPosition) · S(superlayer)
///
/// where `anchor = (bounds.origin + anchorPoint·bounds.size, anchorPointZ)` is the anchor
/// point in the layer's own coordinates and `S(superlayer) = T(−A)·sublayerTransform·T(A)`
/// applies the superlayer's `sublayerTransform` about the superlayer's own anchor `A` (this is
/// where perspective lives: `m34 = −1/d`). The homogeneous divide comes last, once, for the
/// whole chain.
///
/// `frame` is derived: the bounding box, in the superlayer's space, of the bounds' four
/// corners under `T(−anchor)·transform·T(position)` (the superlayer's `sublayerTransform` is
/// not part of it, as in Core Animation). With an identity transform it is
/// `position − anchorPoint·size` with the bounds' size.
public struct LayerGeometry: Hashable, Sendable {
    /// The layer's own coordinate space: origin (`x`, `y`) and size (`width`, `height`), points.
    public var bounds: Rect
    /// The anchor point's position in the superlayer's space, points.
    public var position: SIMD2<Double>
    /// The anchor point's z in the superlayer's space.
    public var zPosition: Double
    /// The anchor point in the unit square of the bounds ((0.5, 0.5) is the centre).
    public var anchorPoint: SIMD2<Double>
    /// The anchor point's z in the layer's own space.
    public var anchorPointZ: Double
    /// The layer's transform, about its anchor point.
    public var transform: Transform3D
    /// The transform applied to the sublayers, about this layer's anchor point.
    public var sublayerTransform: Transform3D

    /// An axis-aligned rectangle.
    public struct Rect: Hashable, Sendable {
        public var origin: SIMD2<Double>
        public var size: SIMD2<Double>

        public init(x: Double, y: Double, width: Double, height: Double) {
            origin = SIMD2(x, y)
            size = SIMD2(width, height)
        }

        /// The smallest rectangle holding every point (an empty array gives the zero rectangle).
        public init(boundingBoxOf points: [SIMD2<Double>]) {
            guard let first = points.first else {
                self.init(x: 0, y: 0, width: 0, height: 0)
                return
            }
            let lower = points.reduce(first) { pointwiseMin($0, $1) }
            let upper = points.reduce(first) { pointwiseMax($0, $1) }
            self.init(x: lower.x, y: lower.y, width: upper.x - lower.x, height: upper.y - lower.y)
        }

        /// The four corners, counter-clockwise from the origin in a y-up space.
        public var corners: [SIMD2<Double>] {
            [origin, origin + SIMD2(size.x, 0), origin + size, origin + SIMD2(0, size.y)]
        }

        /// Whether `point` lies in the rectangle (edges included).
        public func contains(_ point: SIMD2<Double>) -> Bool {
            let lower = pointwiseMin(origin, origin + size), upper = pointwiseMax(origin, origin + size)
            return point.x >= lower.x && point.x <= upper.x && point.y >= lower.y && point.y <= upper.y
        }
    }

    /// A layer with Core Animation's defaults: zero bounds at the origin, anchor point at the
    /// centre, identity transforms.
    public init(
        bounds: Rect = Rect(x: 0, y: 0, width: 0, height: 0), position: SIMD2<Double> = .zero,
        zPosition: Double = 0, anchorPoint: SIMD2<Double> = SIMD2(0.5, 0.5), anchorPointZ: Double = 0,
        transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity
    ) {
        self.bounds = bounds
        self.position = position
        self.zPosition = zPosition
        self.anchorPoint = anchorPoint
        self.anchorPointZ = anchorPointZ
        self.transform = transform
        self.sublayerTransform = sublayerTransform
    }

    /// The anchor point in the layer's own coordinates: `(bounds.origin + anchorPoint·size,
    /// anchorPointZ)`.
    public var anchor: SIMD3<Double> {
        let a = bounds.origin + anchorPoint * bounds.size
        return SIMD3(a.x, a.y, anchorPointZ)
    }

    /// `T(−anchor)·transform·T(position, zPosition)`: from the layer's space to its
    /// superlayer's space, before the superlayer's `sublayerTransform`.
    public var toSuperlayerContent: Transform3D {
        let a = anchor
        return Transform3D.translation(x: -a.x, y: -a.y, z: -a.z)
            .concatenating(transform)
            .concatenating(.translation(x: position.x, y: position.y, z: zPosition))
    }

    /// `T(−anchor)·sublayerTransform·T(anchor)`: what this layer applies to its sublayers.
    public var sublayerSpace: Transform3D {
        let a = anchor
        return Transform3D.translation(x: -a.x, y: -a.y, z: -a.z)
            .concatenating(sublayerTransform)
            .concatenating(.translation(x: a.x, y: a.y, z: a.z))
    }

    /// From this layer's space to `superlayer`'s (`nil`: a root layer, whose superlayer space
    /// has no sublayer transform).
    public func toSuperlayer(_ superlayer: LayerGeometry?) -> Transform3D {
        guard let superlayer, !superlayer.sublayerTransform.isIdentity else { return toSuperlayerContent }
        return toSuperlayerContent.concatenating(superlayer.sublayerSpace)
    }

    /// The frame: the bounding box of the transformed bounds in the superlayer's space (see
    /// the type's discussion).
    public var frame: Rect {
        let m = toSuperlayerContent
        if transform.isIdentity {
            let origin = position - anchorPoint * bounds.size
            return Rect(x: origin.x, y: origin.y, width: bounds.size.x, height: bounds.size.y)
        }
        return Rect(
            boundingBoxOf: bounds.corners.map { c in
                let p = m.apply(x: c.x, y: c.y, z: 0)
                return SIMD2(p.x, p.y)
            })
    }

    /// Sets the frame as Core Animation does: the bounds take the frame's size and the position
    /// moves so the anchor point sits at `origin + anchorPoint·size`. (Apple leaves the frame
    /// undefined under a non-identity transform; here the transform is left as it is and the
    /// rule above applies regardless.)
    public mutating func setFrame(_ frame: Rect) {
        bounds.size = frame.size
        position = frame.origin + anchorPoint * frame.size
    }
}

extension Transform3D {
    /// The point of the plane `z = 0` of this transform's source space that it maps onto
    /// `(x, y)` after the homogeneous divide: the inverse through perspective, by the
    /// ray–plane intersection.
    ///
    /// On the plane `z = 0` the transform is the projective map `(u, v, 1)·H = (x·w, y·w, w)`
    /// with `H` rows 1, 2, 4 and columns 1, 2, 4 of the matrix; the answer is `(x, y, 1)·H⁻¹`
    /// divided by its third coordinate.
    ///
    /// - Returns: `nil` when no point maps there: `H` is singular (the plane is seen edge-on),
    ///   or the point would have to lie behind the eye (`w ≤ 0`), or the result is not finite.
    public func planePoint(mappingTo x: Double, _ y: Double) -> SIMD2<Double>? {
        let s = storage
        // H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]] (row-vector convention).
        let h = (s[0], s[1], s[3], s[4], s[5], s[7], s[12], s[13], s[15])
        let c00 = h.4 * h.8 - h.5 * h.7, c01 = h.5 * h.6 - h.3 * h.8, c02 = h.3 * h.7 - h.4 * h.6
        let det = h.0 * c00 + h.1 * c01 + h.2 * c02
        guard det != 0, det.isFinite else { return nil }
        // (x, y, 1)·adj(H), with adj(H) the transposed cofactor matrix.
        let adj = (
            c00, h.2 * h.7 - h.1 * h.8, h.1 * h.5 - h.2 * h.4,
            c01, h.0 * h.8 - h.2 * h.6, h.2 * h.3 - h.0 * h.5,
            c02, h.1 * h.6 - h.0 * h.7, h.0 * h.4 - h.1 * h.3
        )
        let u = x * adj.0 + y * adj.3 + adj.6
        let v = x * adj.1 + y * adj.4 + adj.7
        let q = x * adj.2 + y * adj.5 + adj.8
        guard q != 0 else { return nil }
        let point = SIMD2(u / q, v / q)
        guard point.x.isFinite, point.y.isFinite else { return nil }
        // The point found must map forward with w > 0 (in front of the eye).
        let w = point.x * s[3] + point.y * s[7] + s[15]
        guard w > 0 else { return nil }
        return point
    }
}
