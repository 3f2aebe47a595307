import HarmonicPlatform

/// SVG's endpoint parameterisation of elliptical arcs (the `A`/`a` path command), converted to
/// the centre form by SVG 1.1, Appendix F.6 "Elliptical arc implementation notes".
extension EllipticalArc where Value == SIMD2<Double> {
    /// The segment SVG draws for `A rx ry φ large-arc-flag sweep-flag x y` from the current
    /// point, following SVG 1.1 F.6.2 (out-of-range parameters) and F.6.5 (conversion):
    ///
    /// - equal end points: no segment at all (`nil`), as if the command were omitted;
    /// - a zero radius: a straight line to the end point;
    /// - negative radii: their absolute values;
    /// - radii too small to reach the end point: scaled up uniformly by `√Λ`,
    ///   `Λ = x₁′²/r_x² + y₁′²/r_y²`, until the end points are the ends of a diameter;
    /// - otherwise the centre `C = R(φ)·c′ + (p₀ + p₁)/2`, with
    ///   `c′ = ±√(1/Λ − 1)·(r_x·y₁′/r_y, −r_y·x₁′/r_x)` (`+` when the flags differ), the start
    ///   angle of `((x₁′ − c′ₓ)/r_x, (y₁′ − c′_y)/r_y)` and the sweep to
    ///   `((−x₁′ − c′ₓ)/r_x, (−y₁′ − c′_y)/r_y)`, taken in `(0, 2π)` when `sweep` is set and in
    ///   `(−2π, 0)` otherwise.
    ///
    /// The centre is computed in the unit circle's coordinates, where F.6.5's radicand
    /// `(r_x²r_y² − r_x²y₁′² − r_y²x₁′²)/(r_x²y₁′² + r_y²x₁′²)` is `1/Λ − 1` and the centre's
    /// offset `√(1 − Λ)` along the chord's normal: the same numbers, without the cancellation
    /// when the radii barely reach or the overflow of fourth powers of large radii. The arc's
    /// end points are `from` and `to` exactly. A chord so short beside the radii that `Λ`
    /// underflows to 0 draws a straight line.
    ///
    /// - Parameters:
    ///   - from: The current point.
    ///   - to: The end point.
    ///   - radii: `(r_x, r_y)`.
    ///   - rotation: `φ`, the x-axis rotation, in **radians** (SVG path data gives degrees).
    ///   - largeArc: SVG's `large-arc-flag`.
    ///   - sweep: SVG's `sweep-flag`: `true` sweeps towards increasing angles.
    public static func svg(
        from: SIMD2<Double>, to: SIMD2<Double>, radii: SIMD2<Double>, rotation: Double, largeArc: Bool,
        sweep: Bool
    ) -> CurveSegment<SIMD2<Double>>? {
        if from == to { return nil }
        var rx = abs(radii.x), ry = abs(radii.y)
        if rx == 0 || ry == 0 { return .bezier(.line(from, to)) }
        let c = cos(rotation), s = sin(rotation)
        // Step 1: the half-chord in the ellipse's rotated frame.
        let half = (from - to) / 2
        let x1 = c * half.x + s * half.y
        let y1 = -s * half.x + c * half.y
        // In the unit circle's coordinates (x₁′/r_x, y₁′/r_y) the half-chord has length
        // h = √Λ; hypot keeps it finite and non-zero for any finite radii and chord.
        var u = SIMD2(x1 / rx, y1 / ry)
        let h = hypot(u.x, u.y)
        guard h > 0, h.isFinite else { return .bezier(.line(from, to)) }
        if h > 1 {
            // F.6.6: radii that cannot reach grow by √Λ until the chord is a diameter.
            rx *= h
            ry *= h
            u /= h
        }
        // Step 2, in unit-circle coordinates: the centre lies on the chord's perpendicular
        // bisector n at distance √(1 − h²) — F.6.5's √(1/Λ − 1)·(r_x·y₁′/r_y, −r_y·x₁′/r_x)
        // divided through by the radii, with no difference of large products.
        let reach = Swift.min(h, 1)
        let n = SIMD2(u.y, -u.x) / reach
        let k = (largeArc == sweep ? -1.0 : 1.0) * ((1 - reach) * (1 + reach)).squareRoot()
        let centerUnit = k * n
        // Step 3: back to the user frame.
        let cx = centerUnit.x * rx, cy = centerUnit.y * ry
        let mid = (from + to) / 2
        let center = SIMD2(c * cx - s * cy + mid.x, s * cx + c * cy + mid.y)
        // Step 4: the angles of the end points about the centre, on the unit circle.
        let theta1 = atan2(u.y - centerUnit.y, u.x - centerUnit.x)
        let theta2 = atan2(-u.y - centerUnit.y, -u.x - centerUnit.x)
        var delta = theta2 - theta1
        if sweep, delta < 0 { delta += 2 * Double.pi }
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        return .arc(
            EllipticalArc(
                center: center, firstAxis: rx * SIMD2(c, s), secondAxis: ry * SIMD2(-s, c), startAngle: theta1,
                sweep: delta, start: from, end: to))
    }
}
