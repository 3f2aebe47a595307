import Testing
@testable import Harmonic

@Suite("Gauss–Legendre rules")
struct GaussLegendreTests {
    /// An n-point rule integrates t^k over [0, 1] exactly (1/(k+1)) for k ≤ 2n − 1: checks
    /// every node and weight, not only their sum.
    @Test(arguments: [(GaussLegendre.order8, 8), (GaussLegendre.order16, 16)])
    func monomials(rule: GaussLegendre, n: Int) {
        #expect(rule.count == n)
        for k in 0...(2 * n - 1) {
            let integral = rule.integrate(from: 0, to: 1) { t in pow(t, k) }
            #expect(abs(integral - 1 / Double(k + 1)) <= 4e-16, "degree \(k)")
        }
    }

    /// For t^16 the 8-point rule has the classical error (n!)⁴/((2n + 1)((2n)!)²) ≈ 3.6e-10,
    /// which pins the rule's order (a rule of higher or lower degree would miss it).
    @Test func errorTermOfTheEightPointRule() {
        var factorial8 = 1.0, factorial16 = 1.0
        for k in 1...8 { factorial8 *= Double(k) }
        for k in 1...16 { factorial16 *= Double(k) }
        let expected = pow(factorial8, 4) / (17 * factorial16 * factorial16)
        let error = 1.0 / 17 - GaussLegendre.order8.integrate(from: 0, to: 1) { t in pow(t, 16) }
        #expect(abs(error - expected) <= 1e-15)
    }

    @Test func nodesAreSymmetricAndAscending() {
        for rule in [GaussLegendre.order8, GaussLegendre.order16] {
            for i in 0..<rule.count {
                #expect(rule.nodes[i] + rule.nodes[rule.count - 1 - i] == 1)
                #expect(rule.weights[i] == rule.weights[rule.count - 1 - i])
                if i > 0 { #expect(rule.nodes[i] > rule.nodes[i - 1]) }
            }
        }
    }

    @Test func reversedIntervalNegates() {
        let rule = GaussLegendre.order8
        let forward = rule.integrate(from: 0.25, to: 2) { $0 * $0 }
        let backward = rule.integrate(from: 2, to: 0.25) { $0 * $0 }
        #expect(forward == -backward)
        #expect(abs(forward - (8 - 0.015625) / 3) <= 1e-15)
    }

    private func pow(_ t: Double, _ k: Int) -> Double {
        var r = 1.0
        for _ in 0..<k { r *= t }
        return r
    }
}
