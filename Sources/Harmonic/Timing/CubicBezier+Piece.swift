extension CubicBezier {
    /// The easing of the part of this curve between inputs `a` and `b`, as a curve of its own:
    ///
    ///     piece(u) = (E(a + (b − a)·u) − E(a)) / (E(b) − E(a)),   u ∈ [0, 1]
    ///
    /// so that a keyframe segment eased by `E` and cut at inputs `a` and `b` keeps every value
    /// when the part is given its own keyframes (the values at `a` and `b`) and this easing.
    /// That is how ``KeyframeTimeline/splitting(at:)`` inserts a keyframe without changing the
    /// motion; After Effects does the same when a keyframe is added on an eased segment.
    ///
    /// The part of the Bézier between the parameters of `a` and `b`
    /// (``parameter(forInput:)``) is a cubic again (de Casteljau's construction,
    /// ``BezierSegment/part(from:to:)``); scaled to the unit square it is the piece. Its input
    /// still never decreases, but its control inputs `x1`, `x2` can leave `[0, 1]` where the
    /// curve's input speed changes sharply within the part (`(0.8, 0.15, 0.04, −0.26)` over
    /// `[0.34, 0.91]` gives `x2 ≈ −0.10`); such a part is no easing this type can hold, and a
    /// shorter part is (halving the part gives control inputs closer to 1/3 and 2/3). The
    /// outputs `y1`, `y2` may leave `[0, 1]`, as for any easing, and are large when the part
    /// barely moves the output; a part of a curve that turns back may even end at the output it
    /// started from without being constant, which no easing is. Such parts too are held by
    /// shorter ones.
    ///
    /// - Parameters:
    ///   - a: The part's first input, in `[0, 1)`.
    ///   - b: Its last input, in `(a, 1]`.
    /// - Returns: The piece, or `nil` when `0 ≤ a < b ≤ 1` does not hold, the part does not
    ///   change the output (constant: every easing then gives the same value), or no easing
    ///   holds it (``pieceFit(from:to:)`` tells these apart).
    /// - Complexity: O(1).
    public func piece(from a: Double, to b: Double) -> CubicBezier? {
        if case let .curve(curve) = pieceFit(from: a, to: b) { return curve }
        return nil
    }

    /// The largest control output a piece may have: a part that swings far from its ends while
    /// barely moving between them would need larger ones, whose outputs cancel to few digits.
    public static let largestPieceOutput = 1e4

    /// What the part of the curve between inputs `a` and `b` is as an easing (see
    /// ``piece(from:to:)``).
    public enum PieceFit: Sendable, Equatable {
        /// The part as an easing.
        case curve(CubicBezier)
        /// The part does not change the output: any easing gives the same constant.
        case flat
        /// No easing holds the part, a shorter part does: its control inputs leave `[0, 1]` by
        /// more than rounding, or its output swings out and back to where it started (or nearly:
        /// control outputs beyond ``CubicBezier/largestPieceOutput``), as a curve that turns back
        /// does.
        case tooLong
        /// `0 ≤ a < b ≤ 1` does not hold.
        case emptyRange
    }

    /// The part of the curve between inputs `a` and `b` as an easing, or why it is none (see
    /// ``piece(from:to:)``).
    public func pieceFit(from a: Double, to b: Double) -> PieceFit {
        guard a >= 0, a < b, b <= 1 else { return .emptyRange }
        let whole = BezierSegment<SIMD2<Double>>.cubic(SIMD2(0, 0), SIMD2(x1, y1), SIMD2(x2, y2), SIMD2(1, 1))
        let part = whole.part(from: parameter(forInput: a), to: parameter(forInput: b))
        guard case let .cubic(start, c1, c2, end) = part else { return .emptyRange }
        let width = end.x - start.x, rise = end.y - start.y
        guard width > 0 else { return .emptyRange }
        if rise == 0 {
            // The output ends where it starts: constant, or out and back (no easing then).
            return c1.y == start.y && c2.y == start.y ? .flat : .tooLong
        }
        let p1 = (c1 - start) / SIMD2(width, rise), p2 = (c2 - start) / SIMD2(width, rise)
        // Rounding of the de Casteljau steps may put a control input an ulp or so outside.
        let slack = 1e-12
        guard p1.x >= -slack, p1.x <= 1 + slack, p2.x >= -slack, p2.x <= 1 + slack,
            abs(p1.y) <= Self.largestPieceOutput, abs(p2.y) <= Self.largestPieceOutput
        else { return .tooLong }
        return .curve(
            CubicBezier(unchecked: Swift.min(Swift.max(p1.x, 0), 1), p1.y, Swift.min(Swift.max(p2.x, 0), 1), p2.y))
    }
}
