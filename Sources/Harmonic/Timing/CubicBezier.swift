/// A cubic Bézier timing function: Core Animation's `CAMediaTimingFunction` and CSS
/// `cubic-bezier(x1, y1, x2, y2)`.
///
/// The curve runs from P0 = (0, 0) through the control points P1 = (x1, y1), P2 = (x2, y2) to
/// P3 = (1, 1). For a parameter `t ∈ [0, 1]`
///
///     x(t) = 3(1−t)²t·x1 + 3(1−t)t²·x2 + t³,   y(t) = 3(1−t)²t·y1 + 3(1−t)t²·y2 + t³,
///
/// and the timing function maps an input progress `x` to `y(t)` where `x(t) = x`. Because
/// `x1, x2 ∈ [0, 1]`, `x(t)` is non-decreasing and the parameter `t` is unique.
///
/// - Accuracy: `value(at:)` solves `x(t) = x` so that the *output* is right, not only the
///   residual in `x` (see ``parameter(forInput:)``): the absolute output error is at most about
///   `2e-15·max(1, |y1|, |y2|)` for every curve and input in `[0, 1]`, measured against a
///   60-digit reference (`scripts/references/cubic_bezier_reference.py`). Browsers stop on the
///   `x` residual (1e-7) and lose up to 1e-5 near flat ends; WebKit's `1/(1000·duration)`
///   tolerance loses up to 1.5e-2.
/// - Extrapolation: outside `[0, 1]` the output continues along the end tangents, following the
///   rule browsers use (Chromium's `gfx::CubicBezier`): see ``startGradient`` and
///   ``endGradient``. Outputs are never clamped; they saturate at `±Double.greatestFiniteMagnitude`
///   instead of overflowing, so every finite input gives a finite output.
/// - Complexity: O(1). Construction evaluates the curve at 17 points to build the table the
///   solver starts from; evaluation is typically two Halley steps (about 30–50 ns).
///
/// Sources: Apple, `CAMediaTimingFunction`; W3C CSS Easing Functions Level 1, "cubic Bézier
/// easing functions".
public struct CubicBezier: TimingFunction, Hashable, CustomStringConvertible {
    /// The first control point's input coordinate, in `[0, 1]`.
    public let x1: Double
    /// The first control point's output coordinate; any finite value (outside `[0, 1]` the
    /// curve overshoots).
    public let y1: Double
    /// The second control point's input coordinate, in `[0, 1]`.
    public let x2: Double
    /// The second control point's output coordinate; any finite value.
    public let y2: Double

    /// The slope of the line the function follows for inputs below 0: `y = startGradient·x`.
    ///
    /// The engines' rule (Chromium, WebKit): `y1/x1` when `x1 > 0`; otherwise `y2/x2` when
    /// P1 = (0, 0) and `x2 > 0`; otherwise 1 when P1 = P2 = (0, 0) (the curve is the diagonal);
    /// otherwise 0 (a vertical start tangent is not continued). Saturated to a finite value.
    public let startGradient: Double

    /// The slope of the line the function follows for inputs above 1:
    /// `y = 1 + endGradient·(x − 1)`. The mirror image of ``startGradient`` at (1, 1):
    /// `(y2 − 1)/(x2 − 1)` when `x2 < 1`; otherwise `(y1 − 1)/(x1 − 1)` when P2 = (1, 1) and
    /// `x1 < 1`; otherwise 1 when P1 = P2 = (1, 1); otherwise 0.
    public let endGradient: Double

    /// Power-basis coefficients of `x(t) = ((a·t + b)·t + c)·t`, each as an unevaluated sum
    /// `hi + lo` so that the solver's accurate residual sees the exact polynomial.
    @usableFromInline let ax: Double, bx: Double, cx: Double
    @usableFromInline let axLow: Double, bxLow: Double, cxLow: Double
    /// The first two Taylor coefficients of `1 − x(1 − s)` in `s`: `3(1 − x2)` and
    /// `3(2x2 − x1 − 1)`, for the solver's first guess near the end.
    @usableFromInline let endLinear: Double, endQuadratic: Double

    /// `x(k/16)` in lane `k` for `k = 0…15`: the table the solver's first guess comes from.
    @usableFromInline let knots: SIMD16<Double>
    /// `(1/16)/(x((k+1)/16) − x(k/16))` in lane `k`: the inverse secant slope of each interval.
    @usableFromInline let inverseSecants: SIMD16<Double>

    /// Whether the curve is the identity `y = x` (P1 and P2 on the diagonal), which is answered
    /// exactly without solving.
    @usableFromInline let isIdentity: Bool

    /// Creates the timing function with control points (x1, y1) and (x2, y2).
    ///
    /// - Throws: ``HarmonicError/invalidParameter(name:value:allowed:)`` when `x1` or `x2` is not
    ///   in `[0, 1]` (the curve would not be a function of time) or any value is not finite.
    ///   Parameter names are `x1`, `y1`, `x2`, `y2`.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(HarmonicError) {
        try HarmonicError.require(x1, named: "x1", "in [0, 1]") { (0...1).contains($0) }
        try HarmonicError.require(y1, named: "y1")
        try HarmonicError.require(x2, named: "x2", "in [0, 1]") { (0...1).contains($0) }
        try HarmonicError.require(y2, named: "y2")
        self.init(unchecked: x1, y1, x2, y2)
    }

    /// Builds a curve from control points already known to be valid.
    @usableFromInline
    init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        // -0 and +0 are the same control point; normalising keeps == and hashing consistent.
        self.x1 = x1 + 0
        self.y1 = y1 + 0
        self.x2 = x2 + 0
        self.y2 = y2 + 0

        // c = 3·x1, b = 3·x2 − 6·x1, a = 1 − c − b, carried to about 106 bits so that
        // x(1) = a + b + c is 1 and x'(1) = 3(1 − x2) to far below one ulp.
        let c = DoubleDouble.product(3, x1)
        let threeX2 = DoubleDouble.product(3, x2)
        let sixX1 = DoubleDouble.product(6, x1)
        let b = Self.add(threeX2, Self.negate(sixX1))
        let a = Self.add(Self.add(DoubleDouble(1), Self.negate(c)), Self.negate(b))
        ax = a.hi; axLow = a.lo
        bx = b.hi; bxLow = b.lo
        cx = c.hi; cxLow = c.lo

        isIdentity = x1 == y1 && x2 == y2
        endLinear = 3 * (1 - x2)
        endQuadratic = 3 * ((x2 - x1) + (x2 - 1))

        var knots = SIMD16<Double>()
        var inverse = SIMD16<Double>()
        var previous = 0.0
        for k in 0..<16 {
            let upperT = Double(k + 1) / 16
            let upper = k == 15 ? 1.0 : ((a.hi * upperT + b.hi) * upperT + c.hi) * upperT
            knots[k] = previous
            let width = upper - previous
            inverse[k] = width > 0 ? (1.0 / 16) / width : 0
            previous = upper
        }
        self.knots = knots
        self.inverseSecants = inverse

        startGradient = Self.saturate(Self.gradient(x1, y1, x2, y2))
        // The end rule is the start rule applied to the curve rotated by 180° about (0.5, 0.5).
        endGradient = Self.saturate(Self.gradient(1 - x2, 1 - y2, 1 - x1, 1 - y1))
    }

    /// The start-tangent rule of Chromium's `gfx::CubicBezier` (see ``startGradient``).
    private static func gradient(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0, x2 > 0 { return y2 / x2 }
        if y1 == 0, y2 == 0 { return 1 }
        return 0
    }

    private static func negate(_ v: DoubleDouble) -> DoubleDouble { DoubleDouble(-v.hi, -v.lo) }

    private static func add(_ u: DoubleDouble, _ v: DoubleDouble) -> DoubleDouble {
        let head = DoubleDouble.sum(u.hi, v.hi)
        return DoubleDouble.normalized(head.hi, head.lo + u.lo + v.lo)
    }

    /// Clamps to the finite range: `±inf` becomes `±greatestFiniteMagnitude`, NaN becomes 0.
    @inlinable
    static func saturate(_ v: Double) -> Double {
        if v.isNaN { return 0 }
        return Swift.min(Swift.max(v, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    /// `cubic-bezier(x1, y1, x2, y2)` with shortest round-trip numbers.
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    // MARK: Evaluation

    /// The output progress at input progress `x`.
    ///
    /// For `x ∈ [0, 1]`: `y(t)` where `x(t) = x`, accurate to a few ulps of the output scale.
    /// Below 0: `startGradient·x`; above 1: `1 + endGradient·(x − 1)`; both saturate at
    /// `±Double.greatestFiniteMagnitude`. `value(at: 0) == 0` and `value(at: 1) == 1` exactly.
    @inlinable
    public func value(at x: Double) -> Double {
        if x > 0, x < 1 {
            if isIdentity { return x }
            return outputAtParameter(parameter(forInput: x))
        }
        if x <= 0 { return x == 0 ? 0 : Self.saturate(startGradient * x) }
        if x == 1 { return 1 }
        if x.isNaN { return x }
        return Self.saturate(1 + endGradient * (x - 1))
    }

    /// The slope `dy/dx` at input progress `x`.
    ///
    /// Inside `[0, 1]` it is `y'(t)/x'(t)`. Where the curve has a vertical tangent (`x'(t) = 0`
    /// with `y'(t) ≠ 0`: `x1 = 0` at the start, `x2 = 1` at the end, or a vertical inflection
    /// such as `(1, 0, 0, 1)` at 0.5) the slope saturates at `±Double.greatestFiniteMagnitude`.
    /// At `x = 0` it is the slope of the curve's start (its limit from inside, which equals
    /// ``startGradient`` whenever that tangent is not vertical), at `x = 1` likewise. Below 0 it
    /// is ``startGradient``, above 1 ``endGradient``.
    public func slope(at x: Double) -> Double {
        if x < 0 { return startGradient }
        if x > 1 { return endGradient }
        if x.isNaN { return 0 }
        if isIdentity { return 1 }
        if x == 0 { return Self.endSlope(x1, y1, x2, y2) }
        if x == 1 { return Self.endSlope(1 - x2, 1 - y2, 1 - x1, 1 - y1) }
        let t = parameter(forInput: x)
        let dx = inputDerivative(atParameter: t)
        let scale = outputScale
        let dyScaled = outputDerivativeScaled(atParameter: t, scale: scale)
        if dx == 0 {
            if dyScaled == 0 { return 0 }
            return dyScaled > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
        }
        let ratio = dyScaled / dx
        if abs(ratio) > .greatestFiniteMagnitude / scale {
            return ratio > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
        }
        return Self.saturate(ratio * scale)
    }

    /// The slope of the curve where it leaves P0, as a limit along the curve: the first
    /// non-vanishing derivative of `y` over that of `x`.
    private static func endSlope(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        // Near t = 0: x ≈ 3x1·t + 3(x2 − 2x1)t², y likewise; order by order.
        if x1 > 0 { return saturate(y1 / x1) }
        if y1 != 0 { return y1 > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        if x2 > 0 { return saturate(y2 / x2) }
        if y2 != 0 { return y2 > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        return 1
    }

    // MARK: The curve as a function of its parameter

    /// `x(t)` for the curve parameter `t` (plain double evaluation in Bernstein form).
    @inlinable
    public func inputAtParameter(_ t: Double) -> Double {
        let s = 1 - t
        return t * t * t + 3 * s * t * (s * x1 + t * x2)
    }

    /// `y(t)` for the curve parameter `t ∈ [0, 1]`.
    ///
    /// Evaluated as `t³ + 3t(1−t)·((1−t)·y1 + t·y2)`: the inner term is a convex combination of
    /// `y1` and `y2`, so the result is finite for every finite `y1`, `y2` (even ±1e308).
    @inlinable
    public func outputAtParameter(_ t: Double) -> Double {
        let s = 1 - t
        return t * t * t + 3 * s * t * (s * y1 + t * y2)
    }

    /// `x'(t) = 3[(1−t)²·x1 + 2t(1−t)·(x2 − x1) + t²·(1 − x2)]`, never negative.
    @inlinable
    func inputDerivative(atParameter t: Double) -> Double {
        (3 * ax * t + 2 * bx) * t + cx
    }

    /// The largest magnitude among 1, `y1`, `y2`: outputs and their derivatives are computed
    /// divided by it so that huge control points cannot overflow intermediate results.
    @inlinable
    var outputScale: Double { Swift.max(1, abs(y1), abs(y2)) }

    /// `y'(t)/scale`, with `y'(t) = 3[(1−t)(1−3t)·y1 + t(2−3t)·y2 + t²]`.
    @inlinable
    func outputDerivativeScaled(atParameter t: Double, scale: Double) -> Double {
        let s = 1 - t
        return 3 * (s * (1 - 3 * t) * (y1 / scale) + t * (2 - 3 * t) * (y2 / scale) + t * t / scale)
    }
}
