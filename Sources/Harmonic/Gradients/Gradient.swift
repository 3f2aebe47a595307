import HarmonicPlatform

/// A colour gradient over a rectangle, as Core Animation's `CAGradientLayer` describes it: a
/// list of colours at locations along a parameter `t`, and a geometry that gives each point
/// of the rectangle its `t`.
///
/// **Colour at `t`.** Before the first location the first colour, after the last the last;
/// between two neighbouring locations `l₀ < l₁` the colours mix linearly, component by
/// component, in the colours' own RGBA (not premultiplied, as SVG gradients mix `stop-color`
/// and `stop-opacity`); at equal locations the later colour starts there (a hard edge).
/// Without locations the colours are spread evenly, `i/(n − 1)` (Apple: "the gradient stops
/// are spread uniformly across the range").
///
/// **`t` at a point** `p` of a `size` rectangle whose unit square holds `startPoint` `s` and
/// `endPoint` `e` (Apple's unit coordinate space of the layer; `(0, 0)` the top-left on a
/// y-down screen), with `S = s·size`, `E = e·size` and `P` the point in the same units:
///
/// - `axial` (`kCAGradientLayerAxial`): `t = (P − S)·(E − S) / |E − S|²`, constant along lines
///   perpendicular to `SE`.
/// - `radial` ("startPoint … the center, endPoint … the outer edge"):
///   `t = |((P − S)_x / r_x, (P − S)_y / r_y)|` with `r = |E − S|` per axis: ellipses about `S`.
///   With a ``focalOffset`` `f` (a Harmonic extension: SVG's focal point `fx`, `fy`, and a
///   Lottie gradient's highlight), in those units (`q = (P − S)/r`), the circles run from the
///   focal point (radius 0, `t = 0`) to the edge (centre 0, radius 1, `t = 1`): circle `t` has
///   centre `f·(1 − t)` and radius `t`, so with `d = q − f`
///   `t = (d·f + √((d·f)² + (1 − |f|²)|d|²)) / (1 − |f|²)`, which is `|q|` when `f = 0`.
/// - `conic` ("sweeps around a central point"): `t = (θ(P − S) − θ(E − S)) / 2π` mod 1, `θ` the
///   angle from +x towards +y.
///
/// Degenerate geometry: an axial gradient whose ends coincide shows its first colour; a
/// radial one with a zero radius on an axis its last colour (every point is beyond its edge);
/// a conic one at its centre `t = 0`. The angle of `conic` grows from +x towards +y, which
/// turns clockwise on a y-down screen.
public struct Gradient: Hashable, Sendable {
    /// How a point's parameter is found.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case axial, radial, conic
    }

    /// RGBA colours, each component nominally in 0…1.
    public let colors: [SIMD4<Double>]
    /// Non-decreasing locations, one per colour.
    public let locations: [Double]
    public let kind: Kind
    /// Where `t = 0` is, in the unit square.
    public let startPoint: SIMD2<Double>
    /// Where `t = 1` is (axial), the edge (radial) or the direction of angle 0 (conic).
    public let endPoint: SIMD2<Double>
    /// A radial gradient's focal point, from ``startPoint`` in units of the radius along each
    /// axis (`|f| < 1`, inside the edge); (0, 0) puts it at the centre. Other kinds ignore it.
    public let focalOffset: SIMD2<Double>

    /// A gradient of `colors` at `locations` (`nil`: evenly spaced).
    ///
    /// - Throws: ``HarmonicError`` naming `colors` when there are none or a component is not
    ///   finite, `locations` when their count differs from the colours', one is not finite, or
    ///   they decrease, and `focalOffset` when it is not finite or not inside the edge.
    public init(
        colors: [SIMD4<Double>], locations: [Double]? = nil, kind: Kind = .axial,
        startPoint: SIMD2<Double> = SIMD2(0.5, 0), endPoint: SIMD2<Double> = SIMD2(0.5, 1),
        focalOffset: SIMD2<Double> = .zero
    ) throws(HarmonicError) {
        let focus = (focalOffset * focalOffset).sum()
        guard focus.isFinite, focus < 1 else {
            throw .invalidParameter(
                name: "focalOffset", value: "(\(focalOffset.x), \(focalOffset.y))",
                allowed: "finite, of length below 1 (inside the edge)")
        }
        guard !colors.isEmpty else {
            throw .invalidParameter(name: "colors", value: "[]", allowed: "at least one colour")
        }
        for (i, c) in colors.enumerated() {
            for k in 0..<4 { try HarmonicError.require(c[k], named: "colors[\(i)]") }
        }
        for (name, p) in [("startPoint", startPoint), ("endPoint", endPoint)] {
            try HarmonicError.require(p.x, named: name + ".x")
            try HarmonicError.require(p.y, named: name + ".y")
        }
        let n = colors.count
        let spread = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        let given = locations ?? spread
        guard given.count == n else {
            throw .invalidParameter(
                name: "locations", value: "\(given.count) locations", allowed: "one per colour (\(n))")
        }
        for (i, l) in given.enumerated() {
            try HarmonicError.require(l, named: "locations[\(i)]")
            if i > 0, l < given[i - 1] {
                throw .invalidParameter(
                    name: "locations[\(i)]", value: "\(l)", allowed: ">= locations[\(i - 1)] \(given[i - 1]) (in order)"
                )
            }
        }
        self.colors = colors
        self.locations = given
        self.kind = kind
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.focalOffset = focalOffset
    }

    /// The colour at parameter `t` (see the type's rule).
    public func color(atParameter t: Double) -> SIMD4<Double> {
        guard let first = locations.first, let last = locations.last else { return .zero }
        if t.isNaN || t < first { return colors[0] }
        if t >= last { return colors[colors.count - 1] }
        // The last stop at or before t (first ≤ t < last): the next one is after t.
        var i = 0
        while locations[i + 1] <= t { i += 1 }
        let l0 = locations[i], l1 = locations[i + 1]
        let f = (t - l0) / (l1 - l0)
        return colors[i] + (colors[i + 1] - colors[i]) * f
    }

    /// The parameter at `point`, in the units of `size` (points of the layer's bounds, from
    /// its top-left corner).
    public func parameter(at point: SIMD2<Double>, size: SIMD2<Double>) -> Double {
        let s = startPoint * size, e = endPoint * size
        let d = point - s, axis = e - s
        switch kind {
        case .axial:
            let length2 = (axis * axis).sum()
            guard length2 > 0 else { return -Double.infinity }
            return (d * axis).sum() / length2
        case .radial:
            let r = SIMD2(abs(axis.x), abs(axis.y))
            guard r.x > 0, r.y > 0 else { return Double.infinity }
            let q = d / r
            let f = focalOffset
            guard f.x != 0 || f.y != 0 else { return (q * q).sum().squareRoot() }
            // The circle through q among those from the focal point to the edge.
            let g = q - f
            let along = (g * f).sum(), room = 1 - (f * f).sum()
            return (along + (along * along + room * (g * g).sum()).squareRoot()) / room
        case .conic:
            guard d.x != 0 || d.y != 0 else { return 0 }
            let turn = 2 * Double.pi
            let a = (atan2(d.y, d.x) - atan2(axis.y, axis.x)) / turn
            return a - a.rounded(.down)
        }
    }

    /// The colour at `point` of a `size` rectangle: ``color(atParameter:)`` of
    /// ``parameter(at:size:)``.
    public func color(at point: SIMD2<Double>, size: SIMD2<Double>) -> SIMD4<Double> {
        color(atParameter: parameter(at: point, size: size))
    }
}
