import Testing

@testable import Harmonic

@Suite("CubicBezier on a grid")
struct CubicBezierGridTests {
    static let curves: [(Double, Double, Double, Double)] = [
        (0.25, 0.1, 0.25, 1), (0.42, 0, 0.58, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1),
        (1, 0, 0, 1),  // vertical inflection at 0.5
        (0, 1, 1, 0),  // flat inflection
        (0.68, -0.6, 0.32, 1.6),  // back easing: overshoots both ways
        (0.3, 1e6, 0.7, -1e6),  // huge control points
        (0.5, 0.5, 0.5, 0.5),  // a straight line that is not the identity's parametrisation
    ]

    /// Grids coarse and fine, inside and beyond [0, 1]: each sample is the single-value path at
    /// its grid input, exactly, in grid order (the accuracy of that path is checked against
    /// mpmath in CubicBezierInverseTests).
    @Test(arguments: curves.indices)
    func gridMatchesValue(curve: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[curve]
        let bezier = try CubicBezier(x1, y1, x2, y2)
        let grids = [
            try SampleGrid(start: 0, end: 1, count: 61),
            try SampleGrid(start: -0.25, end: 1.25, count: 100_001),
            try SampleGrid(start: 0.49, end: 0.51, count: 4_001),
        ]
        for grid in grids {
            var values = [Double](repeating: .nan, count: grid.count)
            let written = values.withUnsafeMutableBufferPointer { bezier.sample(on: grid, values: $0) }
            #expect(written == grid.count)
            let mismatches = (0..<grid.count).filter { values[$0] != bezier.value(at: grid.time(at: $0)) }
            #expect(mismatches.isEmpty, "\(bezier) \(grid): first mismatch at \(mismatches.first ?? -1)")
        }
        var arbitrary: [Double] = []
        bezier.sample(at: [0.5, -1, 0.1, 2, 0.9], values: &arbitrary)
        #expect(arbitrary == [0.5, -1, 0.1, 2, 0.9].map(bezier.value(at:)))
    }
}
