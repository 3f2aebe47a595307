/// The speed of a polynomial curve segment of degree ≤ 3, in any dimension, as the square root
/// of a quartic: `|B′(t)| = √q(t)` with `q(t) = |a t² + b t + c|²`.
///
/// Only inner products of the hodograph coefficients enter `q`, so the arc length of a Bézier
/// segment in 1, 2, 3 or `n` dimensions is the same one-dimensional problem, and evaluating
/// the speed costs a Horner step and a square root.
///
/// **Accuracy near slow points.** Expanded about `t = 0`, `q` loses its relative accuracy
/// where the speed is small next to the coefficients (`q` is then a difference of large
/// terms, with an absolute error of about `ε·max|B′|²`): near a cusp or a sharp speed minimum
/// the speed would carry an error of `√ε` relative. So `q` is re-expanded about the slower
/// end `c` of every monotone piece (between consecutive ``splitParameters``):
///
///     B′(c + δ) = a δ² + v δ + w,   v = B″(c) = 2a c + b,   w = B′(c),
///     q = |a|² δ⁴ + 2a·v δ³ + (|v|² + 2a·w) δ² + 2v·w δ + |w|²,
///
/// with `w` and `v` evaluated as vectors. Near `c` the terms no longer cancel, so the speed is
/// accurate to a few ulps *relative* to itself, which is what lets the quadrature and the
/// table converge right up to a cusp.
///
/// ``splitParameters`` are the critical points of `q` in `(0, 1)` — speed minima (including
/// cusps, where `q = 0`) and maxima — found as the real roots of the cubic `q′` by a bracketed
/// Newton iteration on each interval where `q′` is monotone (between the roots of `q″`).
public struct SpeedPolynomial: CurveSpeed, Hashable {
    /// `q(t)` expanded about one point: `q = Σ r_k (t − center)^k`.
    @usableFromInline
    struct Expansion: Hashable, Sendable {
        @usableFromInline var center: Double
        @usableFromInline var r0: Double, r1: Double, r2: Double, r3: Double, r4: Double

        @inlinable
        func value(at t: Double) -> Double {
            let d = t - center
            return (((r4 * d + r3) * d + r2) * d + r1) * d + r0
        }

        func derivative(at t: Double) -> Double {
            let d = t - center
            return ((4 * r4 * d + 3 * r3) * d + 2 * r2) * d + r1
        }

        func secondDerivative(at t: Double) -> Double {
            let d = t - center
            return (12 * r4 * d + 6 * r3) * d + 2 * r2
        }
    }

    /// The critical points of `q` strictly inside `(0, 1)`, ascending.
    public let splitParameters: [Double]

    /// One expansion per monotone piece (`splitParameters.count + 1` of them).
    @usableFromInline let expansions: [Expansion]

    /// The coefficients `q₀ … q₄` of `|B′(t)|²` in increasing powers of `t` (the expansion
    /// about 0, for inspection; evaluation uses the per-piece expansions).
    public let coefficients: [Double]

    /// The speed of `B(t)` whose derivative is `B′(t) = a t² + b t + c`.
    ///
    /// - Parameters:
    ///   - a: The coefficient of `t²` in `B′` (`3(P₃ − 3P₂ + 3P₁ − P₀)` for a cubic Bézier).
    ///   - b: The coefficient of `t` in `B′`.
    ///   - c: The constant term of `B′`, that is `B′(0)`.
    /// - Complexity: O(1) vector operations and inner products, and a few dozen polynomial
    ///   evaluations for the split parameters.
    public init<V: VectorArithmetic>(derivative a: V, _ b: V, _ c: V) {
        func expansion(about t: Double) -> Expansion {
            let w = (a.scaled(by: t) + b).scaled(by: t) + c
            let v = a.scaled(by: 2 * t) + b
            let aw = InnerProduct.dot(a, w)
            return Expansion(
                center: t, r0: InnerProduct.dot(w, w), r1: 2 * InnerProduct.dot(v, w),
                r2: InnerProduct.dot(v, v) + 2 * aw, r3: 2 * InnerProduct.dot(a, v), r4: InnerProduct.dot(a, a))
        }
        let origin = expansion(about: 0)
        coefficients = [origin.r0, origin.r1, origin.r2, origin.r3, origin.r4]
        splitParameters = Self.criticalPoints(origin)
        let ends = [0.0] + splitParameters + [1.0]
        expansions = zip(ends, ends.dropFirst()).map { l, r in
            // Expand about the slower end of the piece, where cancellation would hurt.
            origin.value(at: l) <= origin.value(at: r) ? expansion(about: l) : expansion(about: r)
        }
    }

    /// A speed polynomial from the coefficients of `q = |B′|²` about `t = 0` (increasing powers,
    /// at most five, missing ones 0), without re-expansion. The caller vouches that `q ≥ 0` on
    /// `[0, 1]` up to rounding; negative rounding residue is read as speed 0.
    init(coefficients: [Double]) {
        var q = coefficients
        while q.count < 5 { q.append(0) }
        let origin = Expansion(center: 0, r0: q[0], r1: q[1], r2: q[2], r3: q[3], r4: q[4])
        self.coefficients = q
        self.splitParameters = Self.criticalPoints(origin)
        self.expansions = Array(repeating: origin, count: splitParameters.count + 1)
    }

    /// The expansion that serves parameter `t`.
    @inlinable
    func expansion(at t: Double) -> Expansion {
        var k = 0
        while k < splitParameters.count, t >= splitParameters[k] { k += 1 }
        return expansions[k]
    }

    /// `q(t) = |B′(t)|²`.
    @inlinable
    public func speedSquared(at t: Double) -> Double {
        expansion(at: t).value(at: t)
    }

    /// `|B′(t)| = √max(q(t), 0)`.
    @inlinable
    public func speed(at t: Double) -> Double {
        Swift.max(speedSquared(at: t), 0).squareRoot()
    }

    /// At a zero `t₀` of the speed, `q(t) ≈ ½q″(t₀)(t − t₀)²`, so the speed grows like
    /// `√(q″(t₀)/2)·|t − t₀|` on either side.
    public func speedGrowth(at t: Double, direction: Double) -> Double {
        let probe = Swift.min(Swift.max(t + direction * 1e-9, 0), 1)
        return Swift.max(expansion(at: probe).secondDerivative(at: t) / 2, 0).squareRoot()
    }

    /// Whether the speed is the same at every `t` (a line, or a degenerate point segment).
    public var isConstant: Bool {
        coefficients[1] == 0 && coefficients[2] == 0 && coefficients[3] == 0 && coefficients[4] == 0
    }

    /// The speed of a line (``isConstant``), else `nil`.
    public var constantSpeed: Double? { isConstant ? speed(at: 0) : nil }

    // MARK: Critical points

    /// The real roots of `q′` in `(0, 1)`: `q′` is monotone between consecutive roots of the
    /// quadratic `q″`, so each such interval holds at most one root, found by
    /// ``BracketedNewton`` when `q′` changes sign across it.
    static func criticalPoints(_ q: Expansion) -> [Double] {
        var breaks = [0.0]
        breaks += quadraticRoots(12 * q.r4, 6 * q.r3, 2 * q.r2).filter { $0 > 0 && $0 < 1 }.sorted()
        breaks.append(1)
        var roots: [Double] = []
        for (l, r) in zip(breaks, breaks.dropFirst()) where r > l {
            let fl = q.derivative(at: l), fr = q.derivative(at: r)
            if l > 0, fl == 0 {
                roots.append(l)
                continue
            }
            guard (fl < 0 && fr > 0) || (fl > 0 && fr < 0) else { continue }
            let root = BracketedNewton.root(in: l, r) { t in (q.derivative(at: t), q.secondDerivative(at: t)) }
            if root > 0, root < 1 { roots.append(root) }
        }
        // A root found twice (at a shared interval end) is kept once.
        var unique: [Double] = []
        for t in roots.sorted() where unique.last.map({ t - $0 > 1e-15 }) ?? true { unique.append(t) }
        return unique
    }

    /// The real roots of `a x² + b x + c` (any of the coefficients may be 0), computed without
    /// cancellation (`q = −(b + sign(b)√Δ)/2`, roots `q/a` and `c/q`).
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        if a == 0 {
            return b == 0 ? [] : [-c / b]
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return [] }
        let root = disc.squareRoot()
        let q = -(b + (b < 0 ? -root : root)) / 2
        if q == 0 { return [0] }
        return [q / a, c / q]
    }
}
