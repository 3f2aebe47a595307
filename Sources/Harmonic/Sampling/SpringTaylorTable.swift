internal import CHarmonicKernels

/// Piecewise Taylor expansions of one spring motion: the fast path for many samples at
/// arbitrary times.
///
/// A displacement obeys `x'' = −2λ·x' − ω0²·x`, so from the state `(x, v)` at any node `τ`
/// its Taylor coefficients `c_j = x⁽ʲ⁾(τ)/j!` follow from `c0 = x`, `c1 = v` and
///
///     c_{j+2} = −(2λ·(j+1)·c_{j+1} + ω0²·c_j) / ((j+1)(j+2)),
///
/// the same for every damping regime. With nodes every `H = 1/(32ρ)` seconds
/// (`ρ = 2λ + ω0` bounds the modulus of the characteristic roots) a sample is at most `H/2`
/// from its node, so the degree-6 expansion's remainder is below `(ρH/2)⁷/7! ≈ 4e-17` of the
/// motion's scale: one multiply–add chain of six steps per sample instead of an `exp` and a
/// `sin`/`cos`. The node states come from the grid recurrence
/// (``Spring/sample(on:from:to:initialVelocity:values:velocities:threads:)``), accurate to
/// about 1e-14 of the scale, so samples are too.
///
/// The table is built for the span of the batch's positive times and used only when it has
/// at most a quarter as many nodes as there are samples and at most 65,536 nodes (otherwise
/// the SIMD closed form is cheaper or the table too large); each node holds its time and seven
/// coefficients, one 64-byte line.
struct SpringTaylorTable {
    static let degree = 6
    static let stride = 8  // τ, c0 … c6
    /// The largest table built (4 MiB of nodes, an L2/L3-sized working set); longer spans use
    /// the SIMD closed form.
    static let maximumNodes = 1 << 16

    let origin: Double
    let spacing: Double
    let inverseSpacing: Double
    let count: Int

    /// The number of nodes needed to cover `[lower, upper]`, or nil if that is not finite.
    static func nodeCount(_ constants: SpringConstants, lower: Double, upper: Double) -> (count: Int, spacing: Double)?
    {
        let rho = 2 * constants.decayRate + constants.naturalFrequencySquared.squareRoot()
        let spacing = 1 / (32 * rho)
        let intervals = ((upper - lower) / spacing).rounded(.up)
        guard intervals.isFinite, intervals < 1e9, spacing > 0, spacing.isFinite else { return nil }
        // Int: intervals is finite and below 1e9 by the guard above.
        return (Int(intervals) + 1, spacing)
    }

    /// Fills `nodes` (`count × stride` doubles) with the expansions of the displacement
    /// motion from `(x0, v0)` at `lower + k·spacing`.
    init(
        _ constants: SpringConstants, x0: Double, v0: Double, lower: Double, spacing: Double, count: Int,
        nodes: UnsafeMutablePointer<Double>
    ) {
        origin = lower
        self.spacing = spacing
        inverseSpacing = 1 / spacing
        self.count = count
        // Node states by the grid recurrence, written into the c0/c1 columns via scratch.
        let twoLambda = 2 * constants.decayRate
        let w2 = constants.naturalFrequencySquared
        let chunk = 1024
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * chunk) { scratch in
            let xs = scratch.baseAddress!, vs = xs + chunk
            var k = 0
            while k < count {
                let m = min(chunk, count - k)
                let grid = SampleGrid(unchecked: lower + Double(k) * spacing, spacing, m)
                SpringGridKernel(
                    constants: constants, grid: grid, from: x0, to: 0, initialVelocity: v0, values: xs, velocities: vs
                ).fill(0..<m)
                for j in 0..<m {
                    let node = nodes + (k + j) * Self.stride
                    node[0] = grid.time(at: j)
                    var c = (xs[j], vs[j])
                    node[1] = c.0
                    node[2] = c.1
                    for d in 0..<(Self.degree - 1) {
                        let n = Double(d)
                        let next = -(twoLambda * (n + 1) * c.1 + w2 * c.0) / ((n + 1) * (n + 2))
                        node[3 + d] = next
                        c = (c.1, next)
                    }
                }
                k += m
            }
        }
    }

    /// `c0 + c1·r + … + c6·r⁶` for the node at `c` (Horner; consecutive samples are
    /// independent, so the processor overlaps their chains).
    @inline(__always)
    static func polynomial(_ c: UnsafePointer<Double>, _ r: Double) -> Double {
        c[1] + r * (c[2] + r * (c[3] + r * (c[4] + r * (c[5] + r * (c[6] + r * c[7])))))
    }

    /// The derivative `c1 + 2c2·r + … + 6c6·r⁵`.
    @inline(__always)
    static func derivative(_ c: UnsafePointer<Double>, _ r: Double) -> Double {
        c[2] + r * (2 * c[3] + r * (3 * c[4] + r * (4 * c[5] + r * (5 * c[6] + r * (6 * c[7])))))
    }

    /// The displacement at `t` (which must lie in the table's span) and, if asked, the velocity.
    @inline(__always)
    static func evaluate(
        _ nodes: UnsafePointer<Double>, origin: Double, inverseSpacing: Double, last: Int, at t: Double
    ) -> UnsafePointer<Double> {
        // Nearest node, rounded by the 2⁵² shifter (no conversion checks: 0 ≤ u < count).
        let shifted = (t - origin) * inverseSpacing + 0x1p52
        let k = min(Int(truncatingIfNeeded: shifted.bitPattern &- (0x1p52 as Double).bitPattern), last)
        return nodes + k * stride
    }
}

/// Arbitrary-time sampling through a ``SpringTaylorTable``.
struct SpringTableKernel: @unchecked Sendable {
    let table: SpringTaylorTable
    let nodes: UnsafePointer<Double>
    let times: UnsafePointer<Double>
    let from: Double, to: Double, v0: Double
    let values: UnsafeMutablePointer<Double>
    let velocities: UnsafeMutablePointer<Double>?
    /// Whether the loop runs in the AVX2/FMA kernel (`harmonic_spring_table_avx2`, four times
    /// per step; 2.0× this loop on the 1M arbitrary times of `Benchmarks/peers`).
    let usesAVX2FMA: Bool

    func fill(_ range: Range<Int>) {
        let origin = table.origin, inverse = table.inverseSpacing, last = table.count - 1
        if usesAVX2FMA {
            let start = range.lowerBound
            harmonic_spring_table_avx2(
                times + start, range.count, nodes, last, origin, inverse, from, to, v0, values + start,
                velocities.map { $0 + start })
            return
        }
        if let velocities {
            for i in range {
                let t = times[i]
                guard t > 0 else {
                    values[i] = from
                    velocities[i] = v0
                    continue
                }
                let c = SpringTaylorTable.evaluate(nodes, origin: origin, inverseSpacing: inverse, last: last, at: t)
                let r = t - c[0]
                values[i] = to + SpringTaylorTable.polynomial(c, r)
                velocities[i] = SpringTaylorTable.derivative(c, r)
            }
        } else {
            for i in range {
                let t = times[i]
                let c = SpringTaylorTable.evaluate(
                    nodes, origin: origin, inverseSpacing: inverse, last: last, at: t > 0 ? t : origin)
                let r = t - c[0]
                values[i] = t > 0 ? to + SpringTaylorTable.polynomial(c, r) : from
            }
        }
    }
}
