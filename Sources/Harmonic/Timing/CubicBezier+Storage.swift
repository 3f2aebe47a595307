extension CubicBezier {
    /// One curve's data: its control points and gradients, and the inverse's precomputed
    /// coefficients and table. Immutable after construction and shared by every copy of the
    /// ``CubicBezier`` that built it, so that copying a curve (reading it from an array, boxing
    /// it as `any TimingFunction`) costs one retain instead of a copy of the whole table. See
    /// ``CubicBezier/parameter(forInput:)`` for how the solver's fields are used.
    ///
    /// `@unchecked Sendable`: the two owned buffers are written only by the initialiser and
    /// never handed out, so sharing the object between threads is as safe as its `let` fields.
    @usableFromInline
    final class Storage: @unchecked Sendable {
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

        /// The table the solver's first guess comes from, for `n = 64` intervals of the parameter:
        /// the knots `x(k/n)` at index `k` (`k = 0…n`, the last one 1), then for each interval the
        /// coefficients `c1, c2, c3` at `n + 1 + 4k …` of the cubic Hermite interpolant of the
        /// inverse, `t ≈ k/n + u·(c1 + u·(c2 + u·c3))` with `u = x − x(k/n)`, matching `t` and
        /// `dt/dx = 1/x'(t)` at both knots (linear where `x'` nearly vanishes at a knot), and at
        /// `n + 4 + 4k` the short path's convergence constant `2⁻⁵⁶/K` (0 where `x'` may vanish).
        ///
        /// A plain allocation owned by this object (freed by `deinit`), not an `Array`: reading
        /// it costs no reference counting, which keeps the solver free of retains and releases.
        @usableFromInline let table: UnsafeMutablePointer<Double>
        /// For each of the 257 input buckets `[(j − ½)/256, (j + ½)/256]`: the table interval that
        /// holds the bucket's start, with bit 7 set when the bucket holds more than one knot (the
        /// interval is then found by binary search). Owned like ``table``.
        @usableFromInline let buckets: UnsafeMutablePointer<UInt8>
        /// Bit `k` is set when interval `k` takes the solver's short path: its noise bound holds
        /// (``quietIntervals``) and it is not a flat end (``startIsFlat``, ``endIsFlat``).
        @usableFromInline let fastIntervals: UInt64
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
        @usableFromInline let quietIntervals: UInt64

        @usableFromInline
        init(
            x1: Double, y1: Double, x2: Double, y2: Double,
            startGradient: Double, endGradient: Double, isIdentity: Bool,
            ax: Double, bx: Double, cx: Double, axLow: Double, bxLow: Double, cxLow: Double,
            endLinear: Double, endQuadratic: Double, table: [Double], buckets: [UInt8],
            outputSlopeP: Double, outputSlopeQ: Double, outputSlopeR: Double, scale: Double,
            startIsFlat: Bool, endIsFlat: Bool, quietIntervals: UInt64
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
            self.table = UnsafeMutablePointer<Double>.allocate(capacity: table.count)
            self.table.initialize(from: table, count: table.count)
            self.buckets = UnsafeMutablePointer<UInt8>.allocate(capacity: buckets.count)
            self.buckets.initialize(from: buckets, count: buckets.count)
            self.outputSlopeP = outputSlopeP
            self.outputSlopeQ = outputSlopeQ
            self.outputSlopeR = outputSlopeR
            self.scale = scale
            self.startIsFlat = startIsFlat
            self.endIsFlat = endIsFlat
            self.quietIntervals = quietIntervals
            let n = CubicBezier.tableIntervals
            var fast = quietIntervals
            if startIsFlat { fast &= ~1 }
            // Int: n is the constant table size, at most 64.
            if endIsFlat { fast &= ~(1 << UInt64(n - 1)) }
            fastIntervals = fast
            ax3 = 3 * ax
            bx2 = 2 * bx
            ax6 = 6 * ax
            axAbs4 = 4 * abs(ax)
        }

        deinit {
            table.deallocate()
            buckets.deallocate()
        }
    }

    // The solver's fields, read through the shared reference (the table and the buckets are
    // read in place through `storage`).
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
    @inlinable var quietIntervals: UInt64 { storage.quietIntervals }
    @inlinable var fastIntervals: UInt64 { storage.fastIntervals }
}
