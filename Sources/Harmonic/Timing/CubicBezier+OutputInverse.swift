extension CubicBezier {
    /// Every input in `[0, 1]` at which the output is `y`, in increasing order: the inverse of
    /// the easing, which has up to three answers when the curve overshoots or turns back.
    ///
    /// The output `y(t)` is monotone between the parameters where `y′(t)` vanishes (the roots
    /// of `(3y1 − 3y2 + 1)t² + (2y2 − 4y1)t + y1`, as ``outputRange`` finds them); in each such
    /// piece whose ends bracket `y` the parameter is found by Newton's method kept in the
    /// bracket (to an ulp or two), and the input is `x(t)`. Roots shared by two pieces (where
    /// `y` is an extreme value) are reported once.
    ///
    /// Useful to find when an eased value reaches a level: when a trim's start meets its end,
    /// when a count passes a whole number.
    ///
    /// - Complexity: O(1): at most three bracketed solves.
    public func inputs(forOutput y: Double) -> [Double] {
        guard y.isFinite else { return [] }
        let scale = outputScale
        let u = y1 / scale, v = y2 / scale, w = 1 / scale
        var knots = [0.0]
        knots += Self.quadraticRoots(3 * u - 3 * v + w, 2 * v - 4 * u, u).filter { $0 > 0 && $0 < 1 }.sorted()
        knots.append(1)
        var parameters: [Double] = []
        for (lower, upper) in zip(knots, knots.dropFirst()) {
            let low = outputAtParameter(lower) - y, high = outputAtParameter(upper) - y
            guard (low <= 0 && high >= 0) || (low >= 0 && high <= 0) else { continue }
            let t = BracketedNewton.root(in: lower, upper) { t in
                // y′(t) = 3[(1−t)²·y1 + 2t(1−t)·(y2 − y1) + t²·(1 − y2)]
                let s = 1 - t
                let slope = 3 * (s * s * y1 + 2 * t * s * (y2 - y1) + t * t * (1 - y2))
                return (outputAtParameter(t) - y, slope)
            }
            if let last = parameters.last, abs(t - last) <= 1e-12 { continue }
            parameters.append(t)
        }
        return parameters.map(inputAtParameter)
    }
}
