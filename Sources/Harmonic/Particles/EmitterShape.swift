import HarmonicPlatform

/// Where particles are born: Core Animation's `emitterShape`, a point, line, rectangle,
/// cuboid, circle or sphere placed by the emitter's position, size and depth, with the part
/// of it chosen by ``EmitterMode``.
///
/// With centre `c = (emitterPosition.x, emitterPosition.y, emitterZPosition)`, `w`, `h` the
/// `emitterSize` and `d` the `emitterDepth` (Apple, "Emitter Shape"):
///
/// | shape | extent |
/// |---|---|
/// | `point` | `c` |
/// | `line` | from `c − (w/2, 0, 0)` to `c + (w/2, 0, 0)` |
/// | `rectangle` | `c ± (w/2, h/2, 0)`, in the plane `z = c.z` |
/// | `cuboid` | `c ± (w/2, h/2, d/2)` |
/// | `circle` | radius `w` around `c` in the plane `z = c.z` |
/// | `sphere` | radius `w` around `c` |
///
/// A point is uniform over the part the mode names — by length on edges, by area on surfaces,
/// by volume inside: a disc's radius is `w·√u`, a ball's `w·∛u`, a sphere's height uniform
/// (Archimedes), a corner one of the corners with equal chance.
public enum EmitterShape: String, CaseIterable, Sendable, Hashable {
    case point
    case line
    case rectangle
    case cuboid
    case circle
    case sphere

    /// The point of the shape for three uniform numbers `u`, `v`, `w` in `[0, 1)`, for an
    /// emitter centred at `centre` with size `size` (width, height, depth).
    public func point(
        mode: EmitterMode, centre: SIMD3<Double>, size: SIMD3<Double>, _ u: Double, _ v: Double, _ w: Double
    ) -> SIMD3<Double> {
        let half = 0.5 * size
        switch self {
        case .point:
            return centre
        case .line:
            let x = mode == .points ? (u < 0.5 ? -half.x : half.x) : (2 * u - 1) * half.x
            return centre + SIMD3(x, 0, 0)
        case .rectangle:
            switch mode {
            case .points:
                return centre + Self.corner(u, half * SIMD3(1, 1, 0))
            case .outline:
                return centre + Self.perimeter(u, width: size.x, height: size.y)
            case .surface, .volume:
                return centre + SIMD3((2 * u - 1) * half.x, (2 * v - 1) * half.y, 0)
            }
        case .cuboid:
            switch mode {
            case .points:
                return centre + Self.corner(u, half)
            case .outline:
                return centre + Self.cuboidEdge(u, v, half: half)
            case .surface:
                return centre + Self.cuboidFace(u, v, w, half: half)
            case .volume:
                return centre + SIMD3((2 * u - 1) * half.x, (2 * v - 1) * half.y, (2 * w - 1) * half.z)
            }
        case .circle:
            guard mode != .points else { return centre }
            let radius = mode == .outline ? size.x : size.x * u.squareRoot()
            let (s, c) = LaneSineCosine.sinCos(2 * .pi * v)
            return centre + SIMD3(radius * c, radius * s, 0)
        case .sphere:
            guard mode != .points else { return centre }
            let radius = mode == .volume ? size.x * cbrt(w) : size.x
            // Height uniform on [−1, 1] (Archimedes' hat-box theorem), angle uniform.
            let z = 2 * u - 1
            let ring = Swift.max(0, (1 - z) * (1 + z)).squareRoot()
            let (s, c) = LaneSineCosine.sinCos(2 * .pi * v)
            return centre + radius * SIMD3(ring * c, ring * s, z)
        }
    }

    /// One of the corners `±half` (4 in a plane when `half.z` is 0, else 8), chosen by `u`.
    static func corner(_ u: Double, _ half: SIMD3<Double>) -> SIMD3<Double> {
        // Int: u ∈ [0, 1), so the index is 0…7.
        let k = Int(u * (half.z == 0 ? 4 : 8))
        return SIMD3(k & 1 == 0 ? -half.x : half.x, k & 2 == 0 ? -half.y : half.y, k & 4 == 0 ? -half.z : half.z)
    }

    /// A point on a `width × height` rectangle's perimeter (centred at the origin), uniform by
    /// length: `u` walks bottom, right, top, left.
    static func perimeter(_ u: Double, width: Double, height: Double) -> SIMD3<Double> {
        let w = abs(width), h = abs(height)
        var s = u * 2 * (w + h)
        if s < w { return SIMD3(s - w / 2, -h / 2, 0) }
        s -= w
        if s < h { return SIMD3(w / 2, s - h / 2, 0) }
        s -= h
        if s < w { return SIMD3(w / 2 - s, h / 2, 0) }
        s -= w
        return SIMD3(-w / 2, h / 2 - Swift.min(s, h), 0)
    }

    /// A point on the twelve edges of the box `±half`, uniform by length: `u` picks the edge
    /// direction (in proportion to its length) and the place along it, `v` which of its four
    /// parallel edges.
    static func cuboidEdge(_ u: Double, _ v: Double, half: SIMD3<Double>) -> SIMD3<Double> {
        let lengths = SIMD3(abs(half.x), abs(half.y), abs(half.z))
        let total = lengths.x + lengths.y + lengths.z
        guard total > 0 else { return .zero }
        var s = u * total
        // Int: v ∈ [0, 1), so the edge is 0…3.
        let edge = Int(v * 4)
        let a = edge & 1 == 0 ? -1.0 : 1.0, b = edge & 2 == 0 ? -1.0 : 1.0
        if s < lengths.x { return SIMD3((2 * s / lengths.x - 1) * half.x, a * half.y, b * half.z) }
        s -= lengths.x
        if s < lengths.y || lengths.z == 0 {
            return SIMD3(a * half.x, (2 * Swift.min(s / lengths.y, 1) - 1) * half.y, b * half.z)
        }
        s -= lengths.y
        return SIMD3(a * half.x, b * half.y, (2 * Swift.min(s / lengths.z, 1) - 1) * half.z)
    }

    /// A point on the six faces of the box `±half`, uniform by area: `u` picks the face pair
    /// (in proportion to its area) and the side, `v` and `w` the place on it.
    static func cuboidFace(_ u: Double, _ v: Double, _ w: Double, half: SIMD3<Double>) -> SIMD3<Double> {
        let h = SIMD3(abs(half.x), abs(half.y), abs(half.z))
        let areas = SIMD3(h.y * h.z, h.x * h.z, h.x * h.y)
        let total = areas.sum()
        guard total > 0 else { return SIMD3((2 * v - 1) * half.x, (2 * w - 1) * half.y, (2 * w - 1) * half.z) }
        // u chooses the pair by area and, with its remaining fraction, the side.
        var s = u * total
        let p = 2 * v - 1, q = 2 * w - 1
        if s < areas.x {
            return SIMD3(s < areas.x / 2 ? -half.x : half.x, p * half.y, q * half.z)
        }
        s -= areas.x
        if s < areas.y {
            return SIMD3(p * half.x, s < areas.y / 2 ? -half.y : half.y, q * half.z)
        }
        s -= areas.y
        return SIMD3(p * half.x, q * half.y, s < areas.z / 2 ? -half.z : half.z)
    }
}
