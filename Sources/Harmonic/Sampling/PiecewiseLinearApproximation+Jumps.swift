extension PiecewiseLinearApproximation {
    /// A discontinuity of a curve: between two adjacent `Double` inputs the output changes by
    /// more than the threshold it was searched with.
    ///
    /// A CSS `linear()` easing represents it exactly with two stops at the same input
    /// (CSS Easing Functions Level 2 allows equal inputs; at that input the later stop's output
    /// applies, so the curve is right-continuous there, as `steps()` is).
    public struct Jump: Sendable, Equatable {
        /// The first input that has the new output: the jump lies between `at.nextDown` and
        /// `at`.
        public var at: Double
        /// The output just before the jump, `f(at.nextDown)`.
        public var left: Double
        /// The output at the jump, `f(at)`.
        public var right: Double

        public init(at: Double, left: Double, right: Double) {
            self.at = at
            self.left = left
            self.right = right
        }
    }

    /// The most jumps ``fit(_:over:_:tolerance:startValue:endValue:rounding:)`` accepts: each
    /// becomes two stops, and a curve with more (`steps(20000)`) is better written as itself.
    public static let maximumJumps = 10_000

    /// The discontinuities of `f` in `(lower, upper]`, in increasing order.
    ///
    /// **Method.** `f` is sampled on `pilot` even intervals; every interval whose ends differ by
    /// more than `threshold` is bisected, always keeping the half with the larger change, down
    /// to two adjacent `Double`s `a < b`. If `|f(b) − f(a)|` still exceeds `threshold` there is
    /// a jump at `b`, and the two remaining parts of the interval are searched the same way (an
    /// interval may hold several jumps). A continuous function changes by about
    /// `|f'|·ulp` between adjacent inputs, far below any useful threshold, so a steep but
    /// continuous stretch is bisected and then dismissed; a change larger than the threshold
    /// between adjacent `Double`s *is* a jump for every practical purpose, whatever its cause.
    ///
    /// Jumps whose effects cancel within one pilot interval (up and back down), or a jump
    /// barely above the threshold against an opposite steep slope, are not seen; callers
    /// verify the final fit, which measures them.
    ///
    /// - Returns: The jumps, or `nil` if there are more than `limit`.
    /// - Complexity: `pilot + 1` evaluations, a few more per steep interval and about 60 per
    ///   jump.
    public static func jumps(
        of f: (Double) -> Double, over lower: Double, _ upper: Double, threshold: Double,
        limit: Int = maximumJumps, pilot: Int = 4096
    ) -> [Jump]? {
        guard upper > lower, pilot >= 1 else { return [] }
        var found: [Jump] = []
        let h = (upper - lower) / Double(pilot)
        var previousX = lower, previousY = f(lower)
        for i in 1...pilot {
            let x = i == pilot ? upper : lower + Double(i) * h
            let y = f(x)
            if abs(y - previousY) > threshold {
                var local: [Jump] = []
                var pending = [(previousX, previousY, x, y)]
                while let (a0, fa0, b0, fb0) = pending.popLast() {
                    var a = a0, fa = fa0, b = b0, fb = fb0
                    // A change at or below the threshold cannot hold a larger jump unless the
                    // curve falls as steeply as it jumps, so the search stops there: a steep
                    // continuous stretch is dismissed after a few halvings.
                    while abs(fb - fa) > threshold {
                        let m = a + (b - a) / 2
                        if m <= a || m >= b { break }
                        let fm = f(m)
                        if abs(fm - fa) >= abs(fb - fm) {
                            b = m
                            fb = fm
                        } else {
                            a = m
                            fa = fm
                        }
                    }
                    guard abs(fb - fa) > threshold else { continue }
                    local.append(Jump(at: b, left: fa, right: fb))
                    if found.count + local.count > limit { return nil }
                    if abs(fa - fa0) > threshold { pending.append((a0, fa0, a, fa)) }
                    if abs(fb0 - fb) > threshold { pending.append((b, fb, b0, fb0)) }
                }
                found += local.sorted { $0.at < $1.at }
            }
            previousX = x
            previousY = y
        }
        return found
    }
}

extension PiecewiseLinearApproximation {
    /// Whether two breakpoints share an abscissa, i.e. the approximation jumps somewhere.
    public var hasJumps: Bool {
        zip(xs, xs.dropFirst()).contains { $0 == $1 }
    }
}
