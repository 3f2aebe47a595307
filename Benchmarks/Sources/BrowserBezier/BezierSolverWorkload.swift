/// The curves and inputs on which Harmonic's cubic-Bézier inverse and the browser algorithm are
/// timed: the ordo-one `CubicBezier solver.*` benchmarks and `bezier-speed` read them from here,
/// so both tools time exactly the same workload.
public enum BezierSolverWorkload {
    /// The named curves users meet most (`ease`, `ease-in`, `ease-out`, `ease-in-out`), a
    /// back-easing, and the flat-end, vertical-inflection and quadratic-`x(t)` cases where the
    /// two solvers differ most.
    public static let controlPoints: [(Double, Double, Double, Double)] = [
        (0.25, 0.1, 0.25, 1.0), (0.42, 0.0, 1.0, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 0.58, 1.0),
        (0.68, -0.55, 0.265, 1.55), (0.0, 0.5, 1.0, 0.5), (1.0, 0.0, 0.0, 1.0), (0.3, 0.0, 0.3 + 1.0 / 3, 1.0),
    ]

    /// 4,096 deterministic inputs in the open interval (0, 1), from a 64-bit linear
    /// congruential generator (Knuth's MMIX constants), the top 53 bits shifted by half an ulp.
    public static let inputs: [Double] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<4096).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) * 0x1p-53
        }
    }()
}
