/// Gauss–Legendre quadrature with a fixed number of nodes.
///
/// An `n`-point rule integrates polynomials of degree `2n − 1` exactly and converges
/// geometrically for functions analytic near the interval: if the integrand extends
/// analytically into the Bernstein ellipse with foci at the interval's ends and semi-axis sum
/// `ρ` (in units of the half-length), the error is `O(ρ^(−2n))`. The speed `|B′(t)|` of a
/// polynomial curve is analytic except at the complex zeros of `|B′|²`; those are close to the
/// real axis only near a cusp or a sharp speed minimum, which is why ``ArcLength`` splits its
/// intervals there and subdivides adaptively.
///
/// Nodes and weights were computed with mpmath at 40 digits (Newton's method on the Legendre
/// recurrence) and rounded to `Double`; `Tests/HarmonicTests/ArcLength/GaussLegendreTests`
/// checks that every monomial up to degree `2n − 1` is integrated to within a few ulps.
@usableFromInline
struct GaussLegendre: Sendable {
    /// Nodes on `[0, 1]`, ascending.
    @usableFromInline let nodes: [Double]
    /// Weights for `[0, 1]` (they sum to 1).
    @usableFromInline let weights: [Double]

    /// The rule built from the positive half of the symmetric nodes and weights on `[−1, 1]`.
    init(positiveNodes: [Double], weights halfWeights: [Double]) {
        var nodes: [Double] = []
        var weights: [Double] = []
        // Mirror the positive nodes to get the full rule, then map [−1, 1] → [0, 1]. Writing
        // the node as (1 ∓ x)/2 keeps the small nodes accurate to the last bit.
        for (x, w) in zip(positiveNodes, halfWeights) {
            nodes.append((1 - x) / 2)
            weights.append(w / 2)
        }
        for (x, w) in zip(positiveNodes, halfWeights).reversed() {
            nodes.append((1 + x) / 2)
            weights.append(w / 2)
        }
        self.nodes = nodes
        self.weights = weights
    }

    /// The number of nodes `n`.
    @inlinable var count: Int { nodes.count }

    /// `∫_a^b f(t) dt` by the rule mapped onto `[a, b]` (`b < a` gives the negated integral).
    ///
    /// - Complexity: `n` evaluations of `f`.
    @inlinable
    func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let h = b - a
        var sum = 0.0
        nodes.withUnsafeBufferPointer { x in
            weights.withUnsafeBufferPointer { w in
                for i in 0..<x.count { sum += w[i] * f(a + h * x[i]) }
            }
        }
        return sum * h
    }

    /// The 8-point rule (exact for degree ≤ 15).
    static let order8 = GaussLegendre(
        positiveNodes: [
            0.1834346424956498049394761, 0.5255324099163289858177390,
            0.7966664774136267395915539, 0.9602898564975362316835609,
        ].reversed(),
        weights: [
            0.3626837833783619829651504, 0.3137066458778872873379622,
            0.2223810344533744705443560, 0.1012285362903762591525314,
        ].reversed())

    /// The 16-point rule (exact for degree ≤ 31).
    static let order16 = GaussLegendre(
        positiveNodes: [
            0.09501250983763744018531934, 0.2816035507792589132304605,
            0.4580167776572273863424194, 0.6178762444026437484466718,
            0.7554044083550030338951012, 0.8656312023878317438804679,
            0.9445750230732325760779884, 0.9894009349916499325961542,
        ].reversed(),
        weights: [
            0.1894506104550684962853967, 0.1826034150449235888667637,
            0.1691565193950025381893121, 0.1495959888165767320815017,
            0.1246289712555338720524763, 0.09515851168249278480992511,
            0.06225352393864789286284384, 0.02715245941175409485178057,
        ].reversed())
}
