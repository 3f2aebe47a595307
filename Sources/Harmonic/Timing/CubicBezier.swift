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
///   residual in `x` (see ``parameter(forInput:)``): the solver bounds the absolute output error
///   by about `1e-13·max(1, |y1|, |y2|)`; measured against a 60-digit reference
///   (`scripts/references/cubic_bezier_reference.py`, 41,254 inputs on 29 curves) the worst is
///   1.2e-14, and 2.2e-16 on the named curves. A faithful reimplementation of the browsers'
///   solver, which stops on the `x` residual (1e-7), loses up to 1.3e-2 on the same inputs.
/// - Extrapolation: outside `[0, 1]` the output continues along the end tangents, following the
///   rule browsers use (Chromium's `gfx::CubicBezier`): see ``startGradient`` and
///   ``endGradient``. Outputs are never clamped; they saturate at `±Double.greatestFiniteMagnitude`
///   instead of overflowing, so every finite input gives a finite output.
/// - Complexity: O(1). Construction evaluates the curve and its slope at 65 points to build the
///   table the solver starts from (385 doubles and 257 bytes, about 3.3 KiB); evaluation is
///   typically a bucket lookup, one comparison and one Halley step from an interpolated first
///   guess.
///
/// Sources: Apple, `CAMediaTimingFunction`; W3C CSS Easing Functions Level 1, "cubic Bézier
/// easing functions".
public struct CubicBezier: TimingFunction, Hashable, CustomStringConvertible {
    /// The first control point's input coordinate, in `[0, 1]`.
    @inlinable public var x1: Double { storage.x1 }
    /// The first control point's output coordinate; any finite value (outside `[0, 1]` the
    /// curve overshoots).
    @inlinable public var y1: Double { storage.y1 }
    /// The second control point's input coordinate, in `[0, 1]`.
    @inlinable public var x2: Double { storage.x2 }
    /// The second control point's output coordinate; any finite value.
    @inlinable public var y2: Double { storage.y2 }

    /// The slope of the line the function follows for inputs below 0: `y = startGradient·x`.
    ///
    /// The engines' rule (Chromium, WebKit): `y1/x1` when `x1 > 0`; otherwise `y2/x2` when
    /// P1 = (0, 0) and `x2 > 0`; otherwise 1 when P1 = P2 = (0, 0) (the curve is the diagonal);
    /// otherwise 0 (a vertical start tangent is not continued). Saturated to a finite value.
    @inlinable public var startGradient: Double { storage.startGradient }

    /// The slope of the line the function follows for inputs above 1:
    /// `y = 1 + endGradient·(x − 1)`. The mirror image of ``startGradient`` at (1, 1):
    /// `(y2 − 1)/(x2 − 1)` when `x2 < 1`; otherwise `(y1 − 1)/(x1 − 1)` when P2 = (1, 1) and
    /// `x1 < 1`; otherwise 1 when P1 = P2 = (1, 1); otherwise 0.
    @inlinable public var endGradient: Double { storage.endGradient }

    /// Whether the curve is the identity `y = x` (P1 and P2 on the diagonal), which is answered
    /// exactly without solving.
    @inlinable var isIdentity: Bool { storage.isIdentity }

    /// The curve's data: the control points, the gradients and everything the inverse needs,
    /// built once by the initialiser and shared, immutable, by every copy of the curve.
    ///
    /// Why a reference and nothing else: held inline, this data (with the table's array) made
    /// the struct about 300 bytes, and Swift copies a struct read from an `Array` or an
    /// `any TimingFunction` box on each call that is not inlined, through its value witnesses
    /// and with a retain and release of the array. A struct whose only stored property is one
    /// final-class reference is copied with a single retain, and because the solver is marked
    /// as only reading memory, a curve read from an array for one call is not even retained.
    @usableFromInline let storage: Storage

    /// The number of parameter intervals of the solver's table.
    @usableFromInline static var tableIntervals: Int { 64 }

    /// The number of equal input buckets that map an input to its table interval.
    @usableFromInline static var bucketCount: Int { 256 }

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
        // c = 3·x1, b = 3·x2 − 6·x1, a = 1 − c − b, carried to about 106 bits so that
        // x(1) = a + b + c is 1 and x'(1) = 3(1 − x2) to far below one ulp.
        let c = DoubleDouble.product(3, x1)
        let threeX2 = DoubleDouble.product(3, x2)
        let sixX1 = DoubleDouble.product(6, x1)
        let b = Self.add(threeX2, Self.negate(sixX1))
        let a = Self.add(Self.add(DoubleDouble(1), Self.negate(c)), Self.negate(b))

        let n = Self.tableIntervals
        var table = [Double](repeating: 0, count: 5 * n + 1)
        table[n] = 1
        var flat = [Bool](repeating: false, count: n)
        func x(_ t: Double) -> Double { t == 1 ? 1 : ((a.hi * t + b.hi) * t + c.hi) * t }
        func dx(_ t: Double) -> Double { (3 * a.hi * t + 2 * b.hi) * t + c.hi }
        for k in 0..<n {
            let t0 = Double(k) / Double(n), t1 = Double(k + 1) / Double(n)
            let lower = x(t0), width = x(t1) - lower
            table[k] = lower
            guard width > 0 else { continue }
            let secant = (t1 - t0) / width
            let s0 = 1 / dx(t0), s1 = 1 / dx(t1)
            if s0.isFinite, s1.isFinite, s0 <= 8 * secant, s1 <= 8 * secant {
                table[n + 1 + 4 * k] = s0
                table[n + 2 + 4 * k] = (3 * secant - 2 * s0 - s1) / width
                table[n + 3 + 4 * k] = (s0 + s1 - 2 * secant) / (width * width)
            } else {
                table[n + 1 + 4 * k] = secant
                flat[k] = true
            }
        }

        // The buckets that find the interval without a search. The solver rounds x·256 to the
        // nearest integer j, so bucket j covers [(j − ½)/256, (j + ½)/256] (bounds exact doubles);
        // where it holds at most one knot the interval is its start's or the next one. `lower`
        // and `upper` come from the same search the solver falls back to, so both ways agree.
        let increasing = (0..<n).allSatisfy { table[$0] <= table[$0 + 1] }
        let buckets: [UInt8] = (0...Self.bucketCount).map { j in
            let start = Swift.max(0, (Double(j) - 0.5) / Double(Self.bucketCount))
            let end = Swift.min((Double(j) + 0.5) / Double(Self.bucketCount), (1.0).nextDown)
            let lower = Self.searchInterval(containing: start) { table[$0] }
            let upper = Self.searchInterval(containing: end) { table[$0] }
            // Int: an index into the table, below tableIntervals + 1 ≤ 65.
            return UInt8(lower) | (increasing && upper - lower <= 1 ? 0 : 0x80)
        }

        let scale = Swift.max(1, abs(y1), abs(y2))
        let u = y1 / scale, v = y2 / scale
        let p = 3 * u - 3 * v + 1 / scale, q = 2 * v - 4 * u, r = u
        // x' and y'/(3·scale) are quadratics: their extremes over an interval are at its ends or
        // at the vertex (scalar code: construction allocates nothing per interval).
        func dy(_ t: Double) -> Double { abs(3 * ((p * t + q) * t + r)) }
        let slopeVertex = a.hi != 0 ? -b.hi / (3 * a.hi) : -1
        let outputVertex = p != 0 ? -q / (2 * p) : -1
        func slopeMin(_ lo: Double, _ hi: Double) -> Double {
            let ends = Swift.min(dx(lo), dx(hi))
            return slopeVertex > lo && slopeVertex < hi ? Swift.min(ends, dx(slopeVertex)) : ends
        }
        var quiet: UInt64 = 0
        for k in 0..<n {
            let t0 = Double(k) / Double(n), t1 = Double(k + 1) / Double(n)
            let ends = Swift.max(dy(t0), dy(t1))
            let dyMax = outputVertex > t0 && outputVertex < t1 ? Swift.max(ends, dy(outputVertex)) : ends
            let terms = ((abs(a.hi) * t1 + abs(b.hi)) * t1 + abs(c.hi)) * t1
            let intervalSlopeMin = slopeMin(t0, t1)
            // Int: k is a loop index below tableIntervals ≤ 64.
            if intervalSlopeMin > 0, dyMax * terms * scale <= 64 * intervalSlopeMin { quiet |= 1 << UInt64(k) }

            // The short path's stop: Halley's error law e' ≈ K·e³ with
            // |K| = |x''²/(4x'²) − x'''/(6x')| ≤ max|x''|²/(4·min x'²) + |a|/min x' over the interval
            // widened by an eighth on each side; the step δ is accepted when 4·K·δ³ ≤ 2⁻⁵⁴·t,
            // i.e. δ³ ≤ (2⁻⁵⁶/K)·t. A bound over the interval, so never laxer than the local test.
            let h = t1 - t0
            let lo = Swift.max(0, t0 - h / 8), hi = Swift.min(1, t1 + h / 8)
            let widenedSlopeMin = slopeMin(lo, hi)
            let curvatureMax = Swift.max(abs(6 * a.hi * lo + 2 * b.hi), abs(6 * a.hi * hi + 2 * b.hi))
            if widenedSlopeMin > 0 {
                let bound =
                    curvatureMax * curvatureMax / (4 * widenedSlopeMin * widenedSlopeMin)
                    + abs(a.hi) / widenedSlopeMin
                table[n + 4 + 4 * k] = 0x1p-56 / bound
            }
        }
        storage = Storage(
            // -0 and +0 are the same control point; normalising keeps == and hashing consistent.
            x1: x1 + 0, y1: y1 + 0, x2: x2 + 0, y2: y2 + 0,
            startGradient: Self.saturate(Self.gradient(x1, y1, x2, y2)),
            // The end rule is the start rule applied to the curve rotated by 180° about (0.5, 0.5).
            endGradient: Self.saturate(Self.gradient(1 - x2, 1 - y2, 1 - x1, 1 - y1)),
            isIdentity: x1 == y1 && x2 == y2,
            ax: a.hi, bx: b.hi, cx: c.hi, axLow: a.lo, bxLow: b.lo, cxLow: c.lo,
            endLinear: 3 * (1 - x2), endQuadratic: 3 * ((x2 - x1) + (x2 - 1)),
            table: table, buckets: buckets, outputSlopeP: p, outputSlopeQ: q, outputSlopeR: r, scale: scale,
            startIsFlat: flat[0], endIsFlat: flat[n - 1], quietIntervals: quiet)
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
    /// The CSS text, numbers in shortest round-trip form without a trailing `.0`:
    /// `cubic-bezier(0.42, 0, 0.58, 1)`.
    public var description: String {
        "cubic-bezier(" + [x1, y1, x2, y2].map(CSSNumber.text).joined(separator: ", ") + ")"
    }

    // MARK: Evaluation

    /// The output progress at input progress `x`.
    ///
    /// For `x ∈ [0, 1]`: `y(t)` where `x(t) = x`, accurate to a few ulps of the output scale.
    /// Below 0: `startGradient·x`; above 1: `1 + endGradient·(x − 1)`; both saturate at
    /// `±Double.greatestFiniteMagnitude`. `value(at: 0) == 0` and `value(at: 1) == 1` exactly.
    @inlinable @inline(__always)
    public func value(at x: Double) -> Double {
        if x > 0, x < 1 {
            if isIdentity { return x }
            return outputAtParameter(interiorParameter(forInput: x))
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
    var outputScale: Double { scale }

    /// `y'(t)/scale`, with `y'(t) = 3[(1−t)(1−3t)·y1 + t(2−3t)·y2 + t²]`.
    @inlinable
    func outputDerivativeScaled(atParameter t: Double, scale: Double) -> Double {
        let s = 1 - t
        return 3 * (s * (1 - 3 * t) * (y1 / scale) + t * (2 - 3 * t) * (y2 / scale) + t * t / scale)
    }
}
