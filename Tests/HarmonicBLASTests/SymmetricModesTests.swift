import Foundation
import Harmonic
import HarmonicBLAS
import Testing

/// Normal modes from LAPACK against closed forms: a chain of equal masses fixed at both ends,
/// and two unequal masses in series.
@Suite struct SymmetricModesTests {
    /// `n` masses `m` joined by `n + 1` springs `k` between two walls: `K` is tridiagonal
    /// (`2k`, `−k`), and `λⱼ = (4k/m)·sin²(jπ / (2(n + 1)))`, `j = 1…n`.
    @Test(arguments: [1, 2, 5, 40])
    func aFixedChainHasItsSineFrequencies(n: Int) throws {
        let k = 250.0, m = 0.5
        var stiffness = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            stiffness[i * n + i] = 2 * k
            if i + 1 < n {
                stiffness[i * n + i + 1] = -k
                stiffness[(i + 1) * n + i] = -k
            }
        }
        let modes = try SymmetricModes(stiffness: stiffness, masses: Array(repeating: m, count: n))
        for j in 1...n {
            let s = sin(Double(j) * .pi / Double(2 * (n + 1)))
            let expected = 4 * k / m * s * s
            #expect(abs(modes.eigenvalues[j - 1] - expected) <= 1e-12 * 4 * k / m, "mode \(j) of \(n)")
        }
        // M-orthonormal shapes that solve K·φ = λ·M·φ.
        for a in 0..<n {
            for b in 0..<n {
                var dot = 0.0
                for i in 0..<n { dot += modes.shapes[a * n + i] * m * modes.shapes[b * n + i] }
                #expect(abs(dot - (a == b ? 1 : 0)) <= 1e-12)
            }
            for i in 0..<n {
                var kPhi = 0.0
                for c in 0..<n { kPhi += stiffness[i * n + c] * modes.shapes[a * n + c] }
                let residual = kPhi - modes.eigenvalues[a] * m * modes.shapes[a * n + i]
                #expect(abs(residual) <= 1e-10 * 4 * k)
            }
        }
    }

    /// Wall — k₁ — m₁ — k₂ — m₂: `m₁m₂λ² − (m₁k₂ + m₂(k₁ + k₂))λ + k₁k₂ = 0`.
    @Test func twoUnequalMassesSolveTheirQuadratic() throws {
        let (k1, k2, m1, m2) = (100.0, 30.0, 2.0, 0.5)
        let modes = try SymmetricModes(stiffness: [k1 + k2, -k2, -k2, k2], masses: [m1, m2])
        let a = m1 * m2, b = -(m1 * k2 + m2 * (k1 + k2)), c = k1 * k2
        let root = (b * b - 4 * a * c).squareRoot()
        let expected = [(-b - root) / (2 * a), (-b + root) / (2 * a)]
        for (got, want) in zip(modes.eigenvalues, expected) { #expect(abs(got - want) <= 1e-13 * want) }
        // A free pair (no walls) has a rigid mode, λ = 0.
        let free = try SymmetricModes(stiffness: [k2, -k2, -k2, k2], masses: [m1, m2])
        #expect(
            abs(free.eigenvalues[0]) <= 1e-13 * k2 && abs(free.eigenvalues[1] - k2 * (1 / m1 + 1 / m2)) <= 1e-12 * k2)
    }

    @Test func badNetworksNameTheirKey() {
        let cases: [([Double], [Double], String)] = [
            ([1], [0], "masses[0]"), ([1], [.nan], "masses[0]"), ([1, 2, 3], [1, 1], "stiffness"),
            ([1, 2, 3, 1], [1, 1], "stiffness[0][1]"), ([.infinity], [1], "stiffness[0][0]"), ([], [], "masses"),
        ]
        for (k, m, name) in cases {
            do {
                _ = try SymmetricModes(stiffness: k, masses: m)
                Issue.record("accepted \(k), \(m)")
            } catch {
                #expect("\(error)".hasPrefix(name), "\(error)")
            }
        }
    }
}
