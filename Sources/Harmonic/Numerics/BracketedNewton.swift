/// Root finding by Newton's method kept inside a shrinking bisection bracket.
///
/// Newton's method converges quadratically near a simple root but can leave the region of
/// interest, or stall where the derivative vanishes (a cubic Bézier with a flat end, an arc
/// length where the speed is zero, a spring displacement at an extremum). Bisection always
/// converges but only linearly. This solver keeps a bracket `[a, b]` on which `f` changes
/// sign, takes the Newton step when it lands strictly inside the bracket and shrinks it at
/// least as fast as bisection would over two steps, and bisects otherwise. It stops on the
/// width of the bracket (the *input*), never on the size of `f`, so its answer is accurate in
/// the variable being solved for.
///
/// The technique is the classical "safeguarded Newton" (Numerical Recipes' `rtsafe`).
@usableFromInline
enum BracketedNewton {
    /// Finds `x` in `[lower, upper]` with `f(x) = 0`.
    ///
    /// - Parameters:
    ///   - lower: One end of the bracket.
    ///   - upper: The other end. `f(lower)` and `f(upper)` must have opposite signs or one must
    ///     be zero; if they have the same sign the endpoint with the smaller `|f|` is returned.
    ///   - guess: A starting point inside the bracket; the midpoint when `nil`.
    ///   - tolerance: Stop when the bracket is narrower than this (absolute, in `x`). With the
    ///     default 0 the iteration runs until the bracket cannot shrink further in `Double`,
    ///     i.e. to one or two ulps of the root.
    ///   - stepTolerance: Also stop, returning the new iterate, as soon as an accepted Newton
    ///     step is at most this long (absolute, in `x`). Newton usually approaches a root from
    ///     one side, so the bracket's far end stays put and the bracket test alone keeps
    ///     iterating after convergence; near a simple root the error after a step of length
    ///     `δ` is about `|f″/2f′|·δ²`, so a `stepTolerance` far above an ulp still returns a
    ///     root accurate to the last bits. Default 0: off.
    ///   - function: Returns `f(x)` and `f'(x)`. The derivative is only a hint: a wrong or
    ///     non-finite derivative slows convergence but cannot break the bracket.
    /// - Returns: The root, to within `tolerance` (or a couple of ulps).
    /// - Complexity: At most 400 evaluations of `function`; typically 3–6 near a simple root.
    @inlinable
    static func root(
        in lower: Double, _ upper: Double, guess: Double? = nil, tolerance: Double = 0, stepTolerance: Double = 0,
        _ function: (Double) -> (value: Double, derivative: Double)
    ) -> Double {
        var a = Swift.min(lower, upper)
        var b = Swift.max(lower, upper)
        let fa0 = function(a).value
        let fb0 = function(b).value
        if fa0 == 0 { return a }
        if fb0 == 0 { return b }
        if (fa0 < 0) == (fb0 < 0) { return abs(fa0) <= abs(fb0) ? a : b }
        // Orient so that f(a) < 0 < f(b) in the bookkeeping below.
        let increasing = fa0 < 0
        // A NaN guess (from a caller's degenerate interpolant) starts at the midpoint.
        var x = guess.flatMap { $0.isNaN ? nil : Swift.min(Swift.max($0, a), b) } ?? (a + (b - a) / 2)
        // The step before last: Newton is accepted only while it shrinks the step at least
        // twice as fast as that, otherwise bisection takes over (this bounds the work by
        // roughly twice the bisection count even for a misleading derivative).
        var stepBeforeLast = b - a
        var lastStep = stepBeforeLast
        for _ in 0..<400 {
            let (fx, dfx) = function(x)
            if fx == 0 { return x }
            if (fx < 0) == increasing { a = x } else { b = x }
            if b - a <= tolerance { break }
            let newton = x - fx / dfx
            // Converged: the Newton step is within the step tolerance (this also catches an
            // iterate sitting on the bracket's end, where a step that rounds to 0 would
            // otherwise be refused and bisection would restart).
            if stepTolerance > 0, newton.isFinite, abs(newton - x) <= stepTolerance, newton >= a, newton <= b {
                return newton
            }
            let next: Double
            if newton.isFinite, newton > a, newton < b, abs(newton - x) * 2 < abs(stepBeforeLast) {
                next = newton
            } else {
                next = a + (b - a) / 2
                if next <= a || next >= b { break }  // The bracket is two adjacent doubles.
            }
            stepBeforeLast = lastStep
            lastStep = next - x
            if next == x { break }
            x = next
        }
        return x
    }
}
