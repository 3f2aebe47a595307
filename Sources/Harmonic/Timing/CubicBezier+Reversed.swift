extension CubicBezier {
    /// The easing played backwards: the curve `R` with
    ///
    ///     R(u) = 1 − E(1 − u),   u ∈ [0, 1]
    ///
    /// — the same motion seen with time running the other way, from the end value back to the
    /// start. Turning the unit square half a turn about its centre maps the curve onto itself
    /// with its control points swapped and mirrored: `R = cubic-bezier(1 − x2, 1 − y2, 1 − x1,
    /// 1 − y1)`, again an easing (its control inputs stay in `[0, 1]`). The extrapolation
    /// outside `[0, 1]` follows, since ``startGradient`` and ``endGradient`` trade places.
    ///
    /// What a layer with a negative time stretch needs (a Lottie layer whose `sr` is negative
    /// plays its keyframes backwards), and what an autoreversing animation traces on its way
    /// back. Reversing twice gives the curve back exactly when each `1 − x` is exact (inputs in
    /// `[0.5, 1]`, or dyadic); otherwise within an ulp of each control point.
    ///
    /// - Complexity: O(1) to form; building the curve's solver table costs as
    ///   ``init(_:_:_:_:)`` does.
    public var reversed: CubicBezier { CubicBezier(unchecked: 1 - x2, 1 - y2, 1 - x1, 1 - y1) }
}
