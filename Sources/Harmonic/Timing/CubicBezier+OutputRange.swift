extension CubicBezier {
    /// The smallest and largest output over inputs in `[0, 1]`.
    ///
    /// The output is 0 at input 0 and 1 at input 1; an overshooting curve (`y1` or `y2` outside
    /// `[0, 1]`) goes beyond at the interior zeros of
    /// `y'(t)/3 = (3y1 − 3y2 + 1)t² + (2y2 − 4y1)t + y1`, solved here with the cancellation-free
    /// form of the quadratic formula on coefficients divided by `max(1, |y1|, |y2|)`, so huge
    /// control points cannot overflow. Useful to size a plot or to check that an easing stays
    /// within a range.
    ///
    /// - Complexity: O(1).
    public var outputRange: ClosedRange<Double> {
        let scale = outputScale
        let u = y1 / scale, v = y2 / scale, w = 1 / scale
        let a = 3 * u - 3 * v + w
        let b = 2 * v - 4 * u
        let c = u
        var lower = 0.0, upper = 1.0
        for t in Self.quadraticRoots(a, b, c) where t > 0 && t < 1 {
            let y = outputAtParameter(t)
            lower = Swift.min(lower, y)
            upper = Swift.max(upper, y)
        }
        return lower...upper
    }

    /// The inputs in `(0, 1)` where the output turns — a local largest or smallest output of an
    /// easing that overshoots or turns back — in increasing order: `x(t)` at the interior roots
    /// `t` of `y'(t)/3 = (3y1 − 3y2 + 1)t² + (2y2 − 4y1)t + y1` where its sign changes (at most
    /// two). Between two of them (and 0 and 1) the output is monotone, so on any interval there
    /// it lies between its values at the interval's ends: what a search that brackets where two
    /// eased values cross needs. Empty for an easing whose output never turns.
    ///
    /// - Complexity: O(1).
    public var turningInputs: [Double] {
        let scale = outputScale
        let u = y1 / scale, v = y2 / scale, w = 1 / scale
        let a = 3 * u - 3 * v + w, b = 2 * v - 4 * u, c = u
        func slope(_ t: Double) -> Double { (a * t + b) * t + c }
        let roots = Self.quadraticRoots(a, b, c).filter { $0 > 0 && $0 < 1 }.sorted()
        let knots = [0.0] + roots + [1]
        var out: [Double] = []
        for k in 1..<(knots.count - 1) {
            // A double root touches 0 without turning: the slope keeps its sign across it.
            let before = slope((knots[k - 1] + knots[k]) / 2), after = slope((knots[k] + knots[k + 1]) / 2)
            if (before < 0) != (after < 0) { out.append(inputAtParameter(knots[k])) }
        }
        return out
    }

    /// Whether the output never decreases as the input grows: `y′(t) ≥ 0` on `[0, 1]`, where
    /// `y′(t)/3 = (3y1 − 3y2 + 1)t² + (2y2 − 4y1)t + y1` (its sign checked at the ends and
    /// between its interior roots). Such an easing reaches each level in `[0, 1]` once, and on
    /// any input interval its outputs lie between those at the interval's ends.
    ///
    /// - Complexity: O(1).
    public var outputIsMonotone: Bool {
        let scale = outputScale
        let u = y1 / scale, v = y2 / scale, w = 1 / scale
        let a = 3 * u - 3 * v + w, b = 2 * v - 4 * u, c = u
        func slope(_ t: Double) -> Double { (a * t + b) * t + c }
        var knots = [0.0] + Self.quadraticRoots(a, b, c).filter { $0 > 0 && $0 < 1 }.sorted() + [1]
        knots = knots.sorted()
        guard y1 >= 0, y2 <= 1 else { return false }
        return zip(knots, knots.dropFirst()).allSatisfy { slope(($0 + $1) / 2) >= 0 }
    }

    /// The real roots of `a·t² + b·t + c` (none, one or two), by `q = −(b + sign(b)·√disc)/2`,
    /// `t = q/a` and `t = c/q`, which avoids subtracting nearly equal numbers.
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let scale = Swift.max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return [] }
        if abs(a) <= scale * 0x1p-60 {
            return b != 0 ? [-c / b] : []
        }
        let disc = DoubleDouble.differenceOfProducts(b, b, 4 * a, c).value
        guard disc >= 0 else { return [] }
        let q = -0.5 * (b + (b < 0 ? -1.0 : 1.0) * disc.squareRoot())
        var roots = [q / a]
        if q != 0 { roots.append(c / q) }
        return roots
    }
}
