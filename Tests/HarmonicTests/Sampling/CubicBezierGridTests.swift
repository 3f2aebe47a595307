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

    /// Grids coarse and fine, inside and beyond [0, 1]: warm-started inversion equals the
    /// single-value path to 1e-12 of the output scale.
    @Test(arguments: curves.indices)
    func gridMatchesValue(curve: Int) throws {
        let (x1, y1, x2, y2) = Self.curves[curve]
        let bezier = try CubicBezier(x1, y1, x2, y2)
        let scale = max(1, abs(y1), abs(y2))
        let grids = [
            try SampleGrid(start: 0, end: 1, count: 61),
            try SampleGrid(start: -0.25, end: 1.25, count: 100_001),
            try SampleGrid(start: 0.49, end: 0.51, count: 4_001),
        ]
        for grid in grids {
            var values = [Double](repeating: .nan, count: grid.count)
            let written = values.withUnsafeMutableBufferPointer { bezier.sample(on: grid, values: $0) }
            #expect(written == grid.count)
            var worst = 0.0
            for i in 0..<grid.count {
                let d = abs(values[i] - bezier.value(at: grid.time(at: i)))
                worst = d.isNaN ? .infinity : max(worst, d)
            }
            #expect(worst <= 1e-12 * scale, "\(bezier) \(grid): \(worst / scale)")
        }
        var arbitrary: [Double] = []
        bezier.sample(at: [0.5, -1, 0.1, 2, 0.9], values: &arbitrary)
        #expect(arbitrary == [0.5, -1, 0.1, 2, 0.9].map(bezier.value(at:)))
    }
}
