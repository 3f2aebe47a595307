extension CubicBezier {
    /// One curve's data: its control points and gradients, and the inverse's precomputed
    /// coefficients and table. Immutable after construction and shared by every copy of the
    /// ``CubicBezier`` that built it, so that copying a curve (reading it from an array, boxing
    /// it as `any TimingFunction`) costs one retain instead of a copy of the whole table. See
    /// ``CubicBezier/parameter(forInput:)`` for how the solver's fields are used.
    @usableFromInline
    final class Storage: Sendable {
        /// The control points (normalised so that −0 is +0) and the extrapolation slopes; see
        /// the public properties of the same names.
        @usableFromInline let x1: Double, y1: Double, x2: Double, y2: Double
        @usableFromInline let startGradient: Double, endGradient: Double
        /// Whether the curve is the identity `y = x`.
        @usableFromInline let isIdentity: Bool

        /// Power-basis coefficients of `x(t) = ((a·t + b)·t + c)·t`, each as an unevaluated sum
        /// `hi + lo` so that the solver's accurate residual sees the exact polynomial.
        @usableFromInline let ax: Double, bx: Double, cx: Double
        @usableFromInline let axLow: Double, bxLow: Double, cxLow: Double
        /// `3a`, `2b`, `6a` and `4|a|`, hoisted out of the solver's hot path.
        @usableFromInline let ax3: Double, bx2: Double, ax6: Double, axAbs4: Double
        /// The first two Taylor coefficients of `1 − x(1 − s)` in `s`: `3(1 − x2)` and
        /// `3(2x2 − x1 − 1)`, for the solver's first guess near the end.
        @usableFromInline let endLinear: Double, endQuadratic: Double

        /// The table the solver's first guess comes from, for `n = 32` intervals of the parameter:
        /// the knots `x(k/n)` at index `k` (`k = 0…n−1`), then for each interval the coefficients
        /// `c1, c2, c3` at `n + 3k …` of the cubic Hermite interpolant of the inverse,
        /// `t ≈ k/n + u·(c1 + u·(c2 + u·c3))` with `u = x − x(k/n)`, matching `t` and
        /// `dt/dx = 1/x'(t)` at both knots (linear where `x'` nearly vanishes at a knot).
        @usableFromInline let table: [Double]
        /// The coefficients of `y'(t)/(3·scale) = (p·t + q)·t + r` with
        /// `scale = max(1, |y1|, |y2|)`: the solver's acceptance test needs `y'` cheaply.
        @usableFromInline let outputSlopeP: Double, outputSlopeQ: Double, outputSlopeR: Double
        /// `max(1, |y1|, |y2|)`.
        @usableFromInline let scale: Double

        /// Whether the first (last) interval of the table has a vertical inverse at its end knot
        /// (`x'` nearly 0 there), so that the first guess solves the Taylor polynomial instead.
        @usableFromInline let startIsFlat: Bool, endIsFlat: Bool

        /// Bit `k` is set when, for every `t` in table interval `k`, the rounding noise of the plain
        /// residual cannot move the output by more than about 1e-13 (the solver's acceptance test,
        /// with a factor 2 of margin, bounded over the whole interval); the per-call test is then
        /// skipped.
        @usableFromInline let quietIntervals: UInt32

        @usableFromInline
        init(
            x1: Double, y1: Double, x2: Double, y2: Double,
            startGradient: Double, endGradient: Double, isIdentity: Bool,
            ax: Double, bx: Double, cx: Double, axLow: Double, bxLow: Double, cxLow: Double,
            endLinear: Double, endQuadratic: Double, table: [Double],
            outputSlopeP: Double, outputSlopeQ: Double, outputSlopeR: Double, scale: Double,
            startIsFlat: Bool, endIsFlat: Bool, quietIntervals: UInt32
        ) {
            self.x1 = x1
            self.y1 = y1
            self.x2 = x2
            self.y2 = y2
            self.startGradient = startGradient
            self.endGradient = endGradient
            self.isIdentity = isIdentity
            self.ax = ax
            self.bx = bx
            self.cx = cx
            self.axLow = axLow
            self.bxLow = bxLow
            self.cxLow = cxLow
            self.endLinear = endLinear
            self.endQuadratic = endQuadratic
            self.table = table
            self.outputSlopeP = outputSlopeP
            self.outputSlopeQ = outputSlopeQ
            self.outputSlopeR = outputSlopeR
            self.scale = scale
            self.startIsFlat = startIsFlat
            self.endIsFlat = endIsFlat
            self.quietIntervals = quietIntervals
            ax3 = 3 * ax
            bx2 = 2 * bx
            ax6 = 6 * ax
            axAbs4 = 4 * abs(ax)
        }
    }

    // The solver's fields, read through the shared reference (the table is read in place as
    // `storage.table`, so that no copy of the array is retained).
    @inlinable var ax: Double { storage.ax }
    @inlinable var bx: Double { storage.bx }
    @inlinable var cx: Double { storage.cx }
    @inlinable var axLow: Double { storage.axLow }
    @inlinable var bxLow: Double { storage.bxLow }
    @inlinable var cxLow: Double { storage.cxLow }
    @inlinable var ax3: Double { storage.ax3 }
    @inlinable var bx2: Double { storage.bx2 }
    @inlinable var ax6: Double { storage.ax6 }
    @inlinable var axAbs4: Double { storage.axAbs4 }
    @inlinable var endLinear: Double { storage.endLinear }
    @inlinable var endQuadratic: Double { storage.endQuadratic }
    @inlinable var outputSlopeP: Double { storage.outputSlopeP }
    @inlinable var outputSlopeQ: Double { storage.outputSlopeQ }
    @inlinable var outputSlopeR: Double { storage.outputSlopeR }
    @inlinable var scale: Double { storage.scale }
    @inlinable var startIsFlat: Bool { storage.startIsFlat }
    @inlinable var endIsFlat: Bool { storage.endIsFlat }
    @inlinable var quietIntervals: UInt32 { storage.quietIntervals }
}
