/// The arc length of one segment, stored as adaptive Gauss–Legendre panels: `s(t)` by one
/// panel lookup and one quadrature, `t(s)` by a bracketed Newton iteration on one panel.
///
/// Panels are built per *piece* (the intervals between the segment's split parameters) by
/// recursive bisection: a panel `[a, b]` is accepted when the rule on `[a, b]` and the sum of
/// the rule on its halves agree to `1e-14·max(L·(b − a), |I|)`, where `L` is a first estimate
/// of the segment's length and `I` the panel's integral. The stored value is the one-rule
/// value, so that `s(t)` (the same rule on `[a, t]`) is continuous at panel ends. Because the integrand is analytic on
/// a Bernstein ellipse around every accepted panel,
/// the same rule applied to any sub-interval `[a, t]` of a panel is at least as accurate,
/// which is what makes `s(t)` exact to the same tolerance everywhere, not only at panel ends.
@usableFromInline
struct SegmentQuadrature: Sendable {
    /// Panel boundaries in `t`, from 0 to 1 (panel count + 1 entries).
    @usableFromInline let boundaries: [Double]
    /// The length from `t = 0` to each boundary.
    @usableFromInline let cumulative: [Double]
    /// The speed when it is the same everywhere (a line, a circular arc), which makes `t(s)` a division.
    @usableFromInline let constantSpeed: Double?

    /// The bisection depth at which a panel is accepted whatever its error estimate
    /// (a panel of width 2⁻⁴⁸ ≈ 4e-15 in `t`).
    static let maximumDepth = 48

    /// The most panels one segment may have: a guard against a speed whose rounding noise
    /// exceeds the tolerance (a `CurveSpeed` conformer with an inaccurate `speed(at:)`); once
    /// spent, panels are accepted as they are.
    static let maximumPanels = 4096

    @usableFromInline var length: Double { cumulative[cumulative.count - 1] }

    @usableFromInline var panelCount: Int { boundaries.count - 1 }

    init<Speed: CurveSpeed>(_ speed: Speed, rule: GaussLegendre) {
        if let v = speed.constantSpeed {
            self.boundaries = [0, 1]
            self.cumulative = [0, v]
            self.constantSpeed = v > 0 ? v : nil
            return
        }
        let f: (Double) -> Double = { speed.speed(at: Swift.min(Swift.max($0, 0), 1)) }
        let estimate = rule.integrate(from: 0, to: 1, f)
        var bounds = [0.0]
        var cumulative = [0.0]
        var total = CompensatedSum()
        let pieces = [0.0] + speed.splitParameters.filter { $0 > 0 && $0 < 1 } + [1.0]
        var budget = Self.maximumPanels
        for (a, b) in zip(pieces, pieces.dropFirst()) where b > a {
            Self.subdivide(
                a, b, coarse: rule.integrate(from: a, to: b, f), depth: 0, scale: estimate, budget: &budget, rule: rule,
                f
            ) {
                end, value in
                total.add(value)
                bounds.append(end)
                cumulative.append(total.value)
            }
        }
        self.boundaries = bounds
        self.cumulative = cumulative
        self.constantSpeed = nil
    }

    /// Bisects `[a, b]` until the rule agrees with its two halves, reporting accepted panels
    /// left to right as (end, integral).
    static func subdivide(
        _ a: Double, _ b: Double, coarse: Double, depth: Int, scale: Double, budget: inout Int,
        rule: GaussLegendre, _ f: (Double) -> Double, accept: (Double, Double) -> Void
    ) {
        let m = a + (b - a) / 2
        let left = rule.integrate(from: a, to: m, f)
        let right = rule.integrate(from: m, to: b, f)
        let fine = left + right
        let tolerance = 1e-14 * Swift.max(abs(scale) * (b - a), abs(fine))
        if abs(fine - coarse) <= tolerance || depth >= maximumDepth || budget <= 1 || !(m > a && m < b) {
            budget -= 1
            // The one-rule value, not the two-half sum: s(t) inside the panel is that rule on
            // [a, t], and storing the same rule's value on [a, b] keeps s(t) continuous at the
            // panel's end, so the inversion's bracket is consistent.
            accept(b, coarse)
            return
        }
        subdivide(a, m, coarse: left, depth: depth + 1, scale: scale, budget: &budget, rule: rule, f, accept: accept)
        subdivide(m, b, coarse: right, depth: depth + 1, scale: scale, budget: &budget, rule: rule, f, accept: accept)
    }

    /// The panel holding `t`: the largest `k < panelCount` with `boundaries[k] <= t`.
    @inlinable
    func panel(containing t: Double) -> Int {
        boundaries.lastIndex(notAbove: t, from: 0, through: boundaries.count - 2)
    }

    /// The panel holding length `s`: the largest `k < panelCount` with `cumulative[k] <= s`.
    @inlinable
    func panel(containingLength s: Double) -> Int {
        cumulative.lastIndex(notAbove: s, from: 0, through: cumulative.count - 2)
    }

    /// A first `t` for length `target` into the panel `[a, b]` of length `panelLength`: the
    /// root of the quadratic `s(t)` with the panel's end speeds `va`, `vb` (the trapezoid
    /// model, scaled to the panel's true length), which starts Newton within a step or two of
    /// the answer where linear interpolation in `t` can be several steps away.
    @inlinable
    static func guess(
        _ target: Double, _ panelLength: Double, from a: Double, to b: Double, speeds va: Double, _ vb: Double
    )
        -> Double
    {
        let h = b - a
        let linear = a + h * (target / panelLength)
        let sum = va + vb
        guard sum > 0, sum.isFinite else { return linear }
        // With u = (t − a)/h the model is s(u) = L·(2·va·u + (vb − va)·u²)/(va + vb).
        let p = 2 * va / sum, q = (vb - va) / sum, r = target / panelLength
        // q·u² + p·u − r = 0, solved without cancellation: u = 2r/(p + √(p² + 4qr)).
        let discriminant = p * p + 4 * q * r
        guard discriminant >= 0 else { return linear }
        let u = 2 * r / (p + discriminant.squareRoot())
        guard u.isFinite, u >= 0, u <= 1 else { return linear }
        return a + h * u
    }

    /// `s(t)`, the length from the segment's start to `t ∈ [0, 1]`.
    @inlinable
    func length<Speed: CurveSpeed>(to t: Double, speed: Speed, rule: GaussLegendre) -> Double {
        if let v = constantSpeed { return v * t }
        let k = panel(containing: t)
        let a = boundaries[k]
        if t == a { return cumulative[k] }
        return cumulative[k] + rule.integrate(from: a, to: t) { speed.speed(at: $0) }
    }

    /// `t(s)` for `s ∈ [0, length]`: Newton on `s(t) − s` inside the bracket of the panel that
    /// holds `s`, from `guess` (clamped into the panel) or from linear interpolation in the
    /// panel.
    @inlinable
    func parameter<Speed: CurveSpeed>(
        atLength s: Double, speed: Speed, rule: GaussLegendre, guess: Double?
    ) -> Double {
        if let v = constantSpeed { return Swift.min(s / v, 1) }
        let k = panel(containingLength: s)
        let a = boundaries[k], b = boundaries[k + 1]
        let target = s - cumulative[k]
        let panelLength = cumulative[k + 1] - cumulative[k]
        if target <= 0 { return a }
        if target >= panelLength { return b }
        let start =
            guess ?? Self.guess(target, panelLength, from: a, to: b, speeds: speed.speed(at: a), speed.speed(at: b))
        // Newton converges quadratically from the table's guess (usually one quadrature): after
        // a step of 1e-8 of the panel the error in t is about |f″/2f′|·1e-16 panel², an ulp or
        // less away from cusps; near a cusp f″/f′ grows like 1/(t − t_c), but the speed there
        // shrinks like (t − t_c), so the position error stays at rounding level.
        return BracketedNewton.root(in: a, b, guess: start, stepTolerance: 1e-8 * (b - a)) { t in
            // The ends are known without quadrature; the solver evaluates them first.
            if t == a { return (-target, speed.speed(at: a)) }
            if t == b { return (panelLength - target, speed.speed(at: b)) }
            return (rule.integrate(from: a, to: t) { speed.speed(at: $0) } - target, speed.speed(at: t))
        }
    }
}
